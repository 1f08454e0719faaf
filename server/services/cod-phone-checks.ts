/**
 * The cash-on-delivery checks on the delivery phone, as checkout steps (docs/cod.md, "Blocked
 * numbers" and "Phone confirmation"): a blocked number cannot place a COD order; the shop setting
 * `cod.phoneConfirmation`, and `orderCaps.codPhoneConfirmationAbove` for large orders, decide when a
 * COD order must carry the one-time code sent to the delivery phone. The code is the sign-in OTP
 * (otp.service.ts): same length, expiry, attempts, resend and hourly limits, same SMS texts. It is
 * checked before anything is reserved and spent only when the order is written. Online payments
 * pass through every check untouched. A poor delivery record in the couriers' networks may ask for
 * the code too (`cod.courierRecord`, courier-records.service.ts).
 */
import type { PhoneConfirmationRule } from "#contract/schemas/shop-settings";
import {
  PHONE_BLOCKED_CODE,
  PHONE_BLOCKED_MESSAGE,
  type PhoneRisk,
} from "#contract/schemas/phone-history";
import {
  PHONE_CONFIRMATION_REQUIRED_CODE,
  PHONE_CONFIRMATION_REQUIRED_MESSAGE,
} from "#contract/schemas/orders";
import { normalizeBdMobile } from "#contract/phone";
import { User } from "../../models/user.model.js";
import { HttpError } from "../lib/http-error.js";
import type { Step } from "../lib/steps.js";
import { checkOtpCode, consumeOtpCode, type CheckedOtp } from "./otp.service.js";
import { isPhoneBlocked, phoneRiskOf } from "./phone-history.service.js";
import { courierRecordAction } from "./courier-records.service.js";
import { getShopSettings } from "./shop-settings.service.js";

/** What the steps read from and leave on the placement. */
export interface CodPhoneContext {
  input: {
    paymentMethod: string;
    shippingAddress: { mobile: string };
    phoneCode?: string;
    /** An order staff entered: whether they confirmed the phone by speaking with the customer on it. */
    staff?: { createdBy: string; phoneConfirmedByCall: boolean };
  };
  userId?: string;
  /** The cart being ordered: its goods value decides the large-order rule. */
  cart?: { totalDiscountedPrice: number };
  /** The delivery phone's history and risk (COD orders, read when the rule is "risky"). */
  phoneRisk?: PhoneRisk;
  /**
   * What a poor record in the couriers' networks asks of this COD order (`cod.courierRecord`):
   * the code (`phoneCode`), the delivery charge in advance (`advance`), or nothing.
   */
  courierRecordAction?: "phoneCode" | "advance";
  /** Whether this COD order must carry a confirmed code. */
  phoneConfirmationNeeded?: boolean;
  /** The code, checked right and not spent yet (spent when the order is written). */
  checkedPhoneCode?: CheckedOtp;
  /** When the code was spent on this order; the order is marked `phoneConfirmed`. */
  phoneConfirmedAt?: Date;
  /** Staff confirmed the phone by a call instead of the code: who (`admin:<email>`). */
  phoneConfirmedBy?: string;
}

/**
 * Whether the signed-in account has proven this number with a code: the phone saved by
 * update-phone (the only way an account's `phone` is set) on an account marked verified.
 */
async function accountHasProven(userId: string | undefined, phone: string): Promise<boolean> {
  if (!userId) return false;
  const user = await User.findById(userId).select("phone isOTPVerified").lean();
  return Boolean(
    user?.isOTPVerified && user.phone && normalizeBdMobile(user.phone) === normalizeBdMobile(phone),
  );
}

/**
 * Whether the rule asks a COD order for a code. "guests" means whoever has not proven this
 * delivery phone: a guest, and a signed-in account whose verified phone is another number (or
 * none), so a free account is no way around it.
 */
async function ruleAsksForCode(
  rule: PhoneConfirmationRule,
  context: CodPhoneContext,
): Promise<boolean> {
  switch (rule) {
    case "never":
      return false;
    case "guests":
      return !(await accountHasProven(context.userId, context.input.shippingAddress.mobile));
    case "risky":
      return context.phoneRisk?.level === "risky";
    case "always":
      return true;
  }
}

/**
 * Before anything is taken: a blocked number is refused (403), and a COD order that needs a
 * confirmed phone and carries no code is answered 428 with the code the checkout looks for. A
 * large order (goods after discounts above `orderCaps.codPhoneConfirmationAbove`) needs the code
 * from everyone, each time.
 */
export const checkCodPhone: Step<CodPhoneContext> = {
  name: "check the delivery phone for cash on delivery",
  async run(context) {
    if (context.input.paymentMethod !== "COD") return;
    const phone = context.input.shippingAddress.mobile;
    const { cod, orderCaps } = await getShopSettings();
    const rule = cod.phoneConfirmation;
    // The whole history only when the rule reads the risk level; otherwise the block alone.
    if (rule === "risky") context.phoneRisk = await phoneRiskOf(phone);
    const blocked = context.phoneRisk
      ? context.phoneRisk.level === "blocked"
      : await isPhoneBlocked(phone);
    if (blocked) throw new HttpError(403, PHONE_BLOCKED_MESSAGE, PHONE_BLOCKED_CODE);
    const threshold = orderCaps.codPhoneConfirmationAbove;
    const large = threshold > 0 && (context.cart?.totalDiscountedPrice ?? 0) > threshold;
    // Bounded by the courier lookup's timeout; a record that cannot be read asks nothing.
    context.courierRecordAction = await courierRecordAction(phone, cod.courierRecord);
    context.phoneConfirmationNeeded =
      large ||
      context.courierRecordAction === "phoneCode" ||
      (await ruleAsksForCode(rule, context));
    // Staff who spoke with the customer on this very number have confirmed it, as the code would;
    // they answer for it by name (docs/order-desk.md). The block and the advance still apply.
    const staff = context.input.staff;
    if (staff?.phoneConfirmedByCall) {
      context.phoneConfirmationNeeded = false;
      context.phoneConfirmedBy = staff.createdBy;
      context.phoneConfirmedAt = new Date();
    }
    if (context.phoneConfirmationNeeded && !context.input.phoneCode)
      throw new HttpError(
        428,
        PHONE_CONFIRMATION_REQUIRED_MESSAGE,
        PHONE_CONFIRMATION_REQUIRED_CODE,
      );
  },
};

/**
 * Still before anything is reserved: the code is checked (a wrong one counts as one of its tries
 * and is the OTP's own 400), but not spent, so a refusal for stock later leaves it usable.
 */
export const checkPhoneCode: Step<CodPhoneContext> = {
  name: "check the delivery phone's code",
  async run(context) {
    if (!context.phoneConfirmationNeeded) return;
    context.checkedPhoneCode = await checkOtpCode(
      context.input.shippingAddress.mobile,
      context.input.phoneCode!,
    );
  },
};

/**
 * Just before the order is written: the checked code is spent with one conditional write, so it
 * confirms one order only (of two sent at once with it, the other is refused and gives back what
 * it reserved).
 */
export const consumePhoneCode: Step<CodPhoneContext> = {
  name: "spend the delivery phone's code",
  async run(context) {
    if (!context.checkedPhoneCode) return;
    await consumeOtpCode(context.checkedPhoneCode, context.userId);
    context.phoneConfirmedAt = new Date();
  },
  failedWith: () => "nothing",
};
