import type { I18n } from "@lingui/core";
import { shopperMessage } from "./shopper-messages";

/** Why a payment failed, as the payment result page shows it (docs/i18n.md, "Payment failures"). */
export interface PaymentFailureReason {
  /** The reason in the page's language ("" when the address held nothing showable). */
  text: string;
  /** The gateway's own words (a code or free text), kept as a quoted detail on Bangla pages. */
  gatewayWords?: string;
}

/** The gateways' texts are a few words; anything longer in the address is cut. */
const MAX_REASON_LENGTH = 200;

/**
 * The `?reason=` as text the page may show. The address is anyone's to write (a link in a message:
 * `/payment-failed?reason=…`), so the text loses the characters that would let it pose as more
 * than a reason: format characters (a bidi override, U+202E, draws the rest backwards; zero-width
 * ones hide text) and line breaks; and it is cut to 200 characters. The shop's own reasons and the
 * gateways' are plain short text and come through unchanged.
 */
function showableReason(reason: string): string {
  const plain = reason
    .replace(/\p{Cf}/gu, "")
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim();
  const characters = [...plain];
  return characters.length > MAX_REASON_LENGTH
    ? `${characters.slice(0, MAX_REASON_LENGTH - 1).join("")}…`
    : plain;
}

/** The shop's checks that name a gateway's status code: the code is the gateway's, not a word. */
const GATEWAY_STATUS = /^(?:validation status|transaction status|APIConnect) (?<code>.+)$/;

/**
 * The result page's `?reason=` (English, as the server wrote it) in the page's language. English
 * pages show it as it came. On a Bangla page a reason the shop writes itself is a Bangla message
 * (known-messages.ts); a gateway's status code or free text ("Invalid expiration date", from the
 * bank or bKash) cannot be translated, so the shopper reads a Bangla explanation and the gateway's
 * words as a quoted detail, which is what their bank or bKash will recognise if they ask.
 */
export function paymentFailureReason(i18n: I18n, urlReason: string): PaymentFailureReason {
  const reason = showableReason(urlReason);
  if (!reason) return { text: "" };
  const shown = shopperMessage(i18n, reason);
  if (i18n.locale === "en" || shown !== reason) return { text: shown };
  const status = GATEWAY_STATUS.exec(reason)?.groups?.code;
  if (status)
    return {
      text: i18n._("The payment gateway did not confirm the payment."),
      gatewayWords: status,
    };
  return { text: i18n._("The payment gateway did not accept the payment."), gatewayWords: reason };
}
