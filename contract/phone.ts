import { z } from "zod";
import { checkBdMobile, MOBILE_MESSAGES } from "./phone-number.js";

export {
  checkBdMobile,
  MOBILE_MESSAGES,
  normalizeBdMobile,
  toInternationalBdMobile,
  type MobileProblem,
} from "./phone-number.js";

// Room for "+880 1712-345 678" written with spaces; anything longer is not a number.
const MAX_TYPED_LENGTH = 20;

/** The local form of a typed mobile, or a zod issue saying what is wrong with it. */
function mobileOrIssue(value: string, ctx: z.RefinementCtx): string {
  const checked = checkBdMobile(value);
  if (checked.ok) return checked.mobile;
  ctx.addIssue({ code: "custom", message: MOBILE_MESSAGES[checked.problem] });
  return z.NEVER;
}

/** The zod field for every mobile number in the API and its forms: yields 01XXXXXXXXX. */
export const BdMobile = z
  .string()
  .max(MAX_TYPED_LENGTH, MOBILE_MESSAGES.tooLong)
  .transform(mobileOrIssue);

/** An optional mobile (sign-up, shop contact): empty or blank means "none" (""), else as BdMobile. */
export const OptionalBdMobile = z
  .string()
  .max(MAX_TYPED_LENGTH, MOBILE_MESSAGES.tooLong)
  .transform((value, ctx) => (value.trim() === "" ? "" : mobileOrIssue(value, ctx)));
