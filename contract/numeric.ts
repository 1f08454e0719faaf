import { z } from "zod";
import { toAsciiDigits } from "./i18n/digits.js";

/**
 * A number field that also takes numeric text (form fields, query strings): "12" -> 12, and the
 * same typed on a Bangla or Arabic-Indic keyboard ("১২", "١٢"). Unlike `z.coerce.number()`, a
 * JSON `true`, `[]`, `null` or `""` is refused instead of silently becoming 1 or 0 (the attack
 * tests found `{"rating": true}` stored as 1 and `{"minOrderAmount": []}` as 0). Usage:
 * `numeric(z.number().int().min(1))`.
 */
export function numeric<T extends z.ZodType>(inner: T) {
  return z.preprocess(
    (value) =>
      typeof value === "string" && value.trim() !== "" ? Number(toAsciiDigits(value)) : value,
    inner,
  );
}

/** A code a shopper types back (a promo code): trimmed, its digits in ASCII, so `EID২৫` is `EID25`. */
export const typedCode = (max: number) =>
  z.string().trim().min(1).max(max).transform(toAsciiDigits);

export const POSTCODE_MESSAGE = "A postcode has 4 digits (for example 1207)";

/** A Bangladeshi postcode, typed in either script; empty means none. */
export const Postcode = z
  .string()
  .trim()
  .transform(toAsciiDigits)
  .refine((code) => code === "" || /^\d{4}$/.test(code), POSTCODE_MESSAGE);
