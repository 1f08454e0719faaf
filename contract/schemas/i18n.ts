import { z } from "zod";
import { LOCALES } from "../i18n/locale.js";

/** The shopper's language, optional: absent means English. */
export const LocaleField = z.enum(LOCALES).optional();

/**
 * An optional Bangla text next to an English field (`titleBn` beside `title`): the same length
 * limit, trimmed, stored in Unicode's canonical form (NFC) so search and comparisons see one
 * spelling; "" clears it.
 */
export const BanglaText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((text) => text.normalize("NFC"))
    .optional();
