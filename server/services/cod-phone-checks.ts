/**
 * The cash-on-delivery checks on the delivery phone, as two checkout steps (docs/cod.md, "Blocked
 * numbers" and "Phone confirmation"): a blocked number cannot place a COD order; the shop setting
 * `cod.phoneConfirmation` decides when a COD order must carry the one-time code sent to the
 * delivery phone. The code is the sign-in OTP (otp.service.ts): same length, expiry, attempts,
 * resend and hourly limits, same SMS texts. Online payments pass through both checks untouched.
 */
import type { PhoneConfirmationRule } from "#contract/schemas/shop-settings";
import { PHONE_BLOCKED_MESSAGE, type PhoneRisk } from "#contract/schemas/phone-history";
import {
  PHONE_CONFIRMATION_REQUIRED_CODE,
  PHONE_CONFIRMATION_REQUIRED_MESSAGE,
} from "#contract/schemas/orders";
import { HttpError } from "../lib/http-error.js";
import type { Step } from "../lib/steps.js";
import { verifyOtp } from "./otp.service.js";
import { isPhoneBlocked, phoneRiskOf } from "./phone-history.service.js";
import { getShopSettings } from "./shop-settings.service.js";

const PHONE_BLOCKED_CODE = "PHONE_BLOCKED";

/** What the two steps read from and leave on the placement. */
export interface CodPhoneContext {
  input: {
    paymentMethod: string;
    shippingAddress: { mobile: string };
    phoneCode?: string;
  };
  userId?: string;
  /** The delivery phone's history and risk (COD orders, read when the rule is "risky"). */
  phoneRisk?: PhoneRisk;
  /** Whether this COD order must carry a confirmed code. */
  phoneConfirmationNeeded?: boolean;
  /** When the code was confirmed; the order is marked `phoneConfirmed`. */
  phoneConfirmedAt?: Date;
}

/** Whether the rule asks a COD order of this shopper (guest or not) and number for a code. */
function needsPhoneConfirmation(
  rule: PhoneConfirmationRule,
  shopper: { signedIn: boolean; level: PhoneRisk["level"] },
): boolean {
  switch (rule) {
    case "never":
      return false;
    case "guests":
      return !shopper.signedIn;
    case "risky":
      return shopper.level === "risky";
    case "always":
      return true;
  }
}

/**
 * Before anything is taken: a blocked number is refused (403), and a COD order that needs a
 * confirmed phone and carries no code is answered 428 with the code the checkout looks for.
 */
export const checkCodPhone: Step<CodPhoneContext> = {
  name: "check the delivery phone for cash on delivery",
  async run(context) {
    if (context.input.paymentMethod !== "COD") return;
    const phone = context.input.shippingAddress.mobile;
    const rule = (await getShopSettings()).cod.phoneConfirmation;
    // The whole history only when the rule reads the risk level; otherwise the block alone.
    if (rule === "risky") context.phoneRisk = await phoneRiskOf(phone);
    const blocked = context.phoneRisk
      ? context.phoneRisk.level === "blocked"
      : await isPhoneBlocked(phone);
    if (blocked) throw new HttpError(403, PHONE_BLOCKED_MESSAGE, PHONE_BLOCKED_CODE);
    context.phoneConfirmationNeeded = needsPhoneConfirmation(rule, {
      signedIn: Boolean(context.userId),
      level: context.phoneRisk?.level ?? "new",
    });
    if (context.phoneConfirmationNeeded && !context.input.phoneCode)
      throw new HttpError(
        428,
        PHONE_CONFIRMATION_REQUIRED_MESSAGE,
        PHONE_CONFIRMATION_REQUIRED_CODE,
      );
  },
};

/**
 * Just before the order is written (so a sold-out line does not use up the code): the code is
 * checked and used, once. A wrong, expired or used code is the OTP's own 400 and the steps before
 * give back what they took.
 */
export const confirmPhoneCode: Step<CodPhoneContext> = {
  name: "confirm the delivery phone's code",
  async run(context) {
    if (!context.phoneConfirmationNeeded) return;
    await verifyOtp(context.input.shippingAddress.mobile, context.input.phoneCode!, context.userId);
    context.phoneConfirmedAt = new Date();
  },
  failedWith: () => "nothing",
};
