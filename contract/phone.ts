import { z } from "zod";

/**
 * Bangladeshi mobile numbers: strip spaces, dashes and brackets, drop +880/880, restore the
 * leading 0, then `01[3-9]` + 8 digits. Returns the local 11-digit form, or undefined.
 */
export function normalizeBdMobile(input: string): string | undefined {
  let digits = input.replace(/[\s\-().]/g, "");
  if (digits.startsWith("+")) digits = digits.slice(1);
  if (digits.startsWith("880")) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith("88")) digits = digits.slice(2);
  return /^01[3-9]\d{8}$/.test(digits) ? digits : undefined;
}

/** 01712345678 -> 8801712345678, the form SMS gateways want. */
export function toInternationalBdMobile(localNumber: string): string {
  return `88${localNumber}`;
}

export const INVALID_MOBILE_MESSAGE =
  "Enter a valid Bangladeshi mobile number (01XXXXXXXXX or +8801XXXXXXXXX)";

/** The zod field for every mobile number in the API: accepts +880 forms, yields 01XXXXXXXXX. */
export const BdMobile = z
  .string()
  .max(20)
  .transform((value, ctx) => {
    const normalized = normalizeBdMobile(value);
    if (!normalized) {
      ctx.addIssue({ code: "custom", message: INVALID_MOBILE_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  });
