/**
 * Bangladeshi mobile numbers without zod: what is wrong with one, and its local form. The zod
 * fields for the API and its forms are in phone.ts; pages that only normalise a number (the
 * checkout) read this module and load no schema.
 */
import { toAsciiDigits } from "./i18n/digits.js";

/**
 * What is wrong with a mobile number, said so the shopper can fix it (each has its Bangla in the
 * storefront's catalogues). The codes stay ASCII in both languages: shoppers type them back.
 */
export const MOBILE_MESSAGES = {
  required: "Enter your mobile number",
  notDigits: "A mobile number has only digits (01XXXXXXXXX)",
  foreign: "Enter a Bangladeshi mobile number: numbers from other countries are not accepted",
  notStartingWith01: "A Bangladeshi mobile number starts with 01 (01XXXXXXXXX)",
  unknownOperator: "A Bangladeshi mobile number starts with 013 to 019",
  tooShort: "This mobile number is too short: it needs 11 digits (01XXXXXXXXX)",
  tooLong: "This mobile number is too long: it needs 11 digits (01XXXXXXXXX)",
} as const;
export type MobileProblem = keyof typeof MOBILE_MESSAGES;

/** Typed digits in any script, without the spaces, dashes, brackets and dots people write. */
function plainDigits(input: string): string {
  return toAsciiDigits(input).replace(/[\s\-().]/g, "");
}

/**
 * A Bangladeshi mobile in its local 11-digit form (01XXXXXXXXX), or what is wrong with it.
 * Accepts Bangla and Arabic-Indic digits, `+880`, `880`, `00880` and `88` before the local number
 * (with or without its 0).
 */
export function checkBdMobile(
  input: string,
): { ok: true; mobile: string } | { ok: false; problem: MobileProblem } {
  let digits = plainDigits(input);
  if (digits === "") return { ok: false, problem: "required" };
  const international = digits.startsWith("+") || digits.startsWith("00");
  digits = digits.replace(/^(?:\+|00)/, "");
  if (!/^\d+$/.test(digits)) return { ok: false, problem: "notDigits" };
  if (digits.startsWith("880")) digits = `0${digits.slice(3).replace(/^0/, "")}`;
  else if (digits.startsWith("88")) digits = digits.slice(2);
  else if (international) return { ok: false, problem: "foreign" };
  if (!digits.startsWith("01")) return { ok: false, problem: "notStartingWith01" };
  if (digits.length >= 3 && !/^01[3-9]/.test(digits))
    return { ok: false, problem: "unknownOperator" };
  if (digits.length < 11) return { ok: false, problem: "tooShort" };
  if (digits.length > 11) return { ok: false, problem: "tooLong" };
  return { ok: true, mobile: digits };
}

/** The local 11-digit form of a Bangladeshi mobile (any script, +880 forms), or undefined. */
export function normalizeBdMobile(input: string): string | undefined {
  const checked = checkBdMobile(input);
  return checked.ok ? checked.mobile : undefined;
}

/** 01712345678 -> 8801712345678, the form SMS gateways want. */
export function toInternationalBdMobile(localNumber: string): string {
  return `88${localNumber}`;
}
