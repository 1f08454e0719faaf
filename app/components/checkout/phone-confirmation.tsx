import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useEffect, useRef, useState } from "react";
import { ShieldCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { api, errorMessage } from "~/lib/api-client";
import { formatNumber } from "#contract/i18n";
import { useLocale } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";

/** Every shopper-facing text of the phone confirmation, in the page's language. */
const texts = (i18n: I18n) => ({
  heading: i18n._("Confirm your phone number"),
  explain: (phone: string) =>
    i18n._(
      "To place a cash-on-delivery order we need to confirm {phone}. We will send a 6-digit code by SMS.",
      { phone },
    ),
  send: i18n._("Send code"),
  sending: i18n._("Sending…"),
  resend: i18n._("Send a new code"),
  resendIn: (seconds: string) => i18n._("Send a new code in {seconds} s", { seconds }),
  sent: (phone: string) =>
    i18n._("We sent a code to {phone}. It is valid for 5 minutes.", { phone }),
  codeLabel: i18n._("Code from the SMS"),
  confirm: i18n._("Confirm and place order"),
  placing: i18n._("Placing your order…"),
});

/** The shop's OTP rule: one code per number a minute (the server refuses sooner sends with a 429). */
const RESEND_SECONDS = 60;

/**
 * Shown inline when a cash-on-delivery order needs its phone confirmed (the server answered
 * PHONE_CONFIRMATION_REQUIRED): sends the one-time code to the delivery phone, takes it, and the
 * form's submit places the order again with it. The cart and the form stay as they are.
 */
export function PhoneConfirmation({
  phone,
  code,
  onCodeChange,
  placing,
  error,
}: {
  /** The delivery phone (01XXXXXXXXX) the code goes to. */
  phone: string;
  code: string;
  onCodeChange: (code: string) => void;
  placing: boolean;
  /** Why the last attempt with a code was refused (wrong, expired or used code). */
  error?: string;
}) {
  const { i18n } = useLingui();
  // The language the code's SMS is written in: the page's.
  const locale = useLocale();
  const TEXT = texts(i18n);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [wait, setWait] = useState(0);
  const section = useRef<HTMLElement>(null);

  // Brought into view when it appears: on a phone the form is long.
  useEffect(() => {
    section.current?.scrollIntoView({ block: "center" });
    section.current?.querySelector<HTMLButtonElement>("[data-testid=send-code]")?.focus();
  }, []);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  async function sendCode() {
    setSending(true);
    setSendError(null);
    try {
      await api.auth.sendOtp(phone, locale);
      setSentTo(phone);
      setWait(RESEND_SECONDS);
      section.current?.querySelector<HTMLInputElement>("#phone-code")?.focus();
    } catch (failure) {
      setSendError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  }

  const sent = sentTo === phone;
  return (
    <section
      ref={section}
      aria-labelledby="phone-confirmation-heading"
      data-testid="phone-confirmation"
      className="rounded-lg border-2 border-brand-500 bg-brand-50 p-4"
    >
      <h2
        id="phone-confirmation-heading"
        className="mb-2 flex items-center gap-2 text-lg font-bold"
      >
        <ShieldCheck className="h-5 w-5 text-brand-700" aria-hidden="true" />
        {TEXT.heading}
      </h2>
      <p className="text-sm text-stone-700">{TEXT.explain(phone)}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant={sent ? "outline" : "default"}
          onClick={() => void sendCode()}
          disabled={sending || wait > 0 || placing}
          data-testid="send-code"
        >
          {sending
            ? TEXT.sending
            : wait > 0
              ? TEXT.resendIn(formatNumber(wait, locale))
              : sent
                ? TEXT.resend
                : TEXT.send}
        </Button>
        {sent && (
          <p role="status" className="text-sm text-stone-700">
            {TEXT.sent(phone)}
          </p>
        )}
      </div>
      {sendError && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-600">
          {shopperMessage(i18n, sendError)}
        </p>
      )}
      {sent && (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="space-y-1">
            <label htmlFor="phone-code" className="block text-sm font-medium text-stone-800">
              {TEXT.codeLabel}
            </label>
            <Input
              id="phone-code"
              data-testid="phone-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => onCodeChange(event.target.value.trim())}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "phone-code-error" : undefined}
              className="w-40 text-lg tracking-widest"
            />
          </div>
          <Button type="submit" disabled={placing || code.length < 6} data-testid="confirm-order">
            {placing ? TEXT.placing : TEXT.confirm}
          </Button>
        </div>
      )}
      {error && (
        // Not an alert of its own: the same message is announced under the order button.
        <p id="phone-code-error" className="mt-2 text-sm font-medium text-red-600">
          {shopperMessage(i18n, error)}
        </p>
      )}
    </section>
  );
}
