import { z } from "zod";
import { LOCALES } from "../i18n/locale.js";

/** The shopper's language, optional: absent means English. */
export const LocaleField = z.enum(LOCALES).optional();

/**
 * An optional Bangla text next to an English field (`titleBn` beside `title`): the same length
 * limit, trimmed, stored in Unicode's canonical form (NFC) so search and comparisons see one
 * spelling; "" clears it. The limit is checked on the stored form: NFC writes ড়, ঢ় and য় as two
 * code points, so a text typed with the one-code-point letters grows (41 ড় are 82), and the
 * database, whose limit is the same, would refuse it with its own message.
 */
export const BanglaText = (max: number) =>
  z
    .string()
    .trim()
    .overwrite((text) => text.normalize("NFC"))
    .max(max)
    .optional();
