import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { bn } from "date-fns/locale/bn";
import { formatBDT } from "../money.js";
import { toBanglaDigits } from "./digits.js";
import type { Locale } from "./locale.js";

/**
 * The one formatter each for money, counts and dates, for server-rendered pages, the browser and
 * messages alike. Written without Intl for the same reason as formatBDT (the first Intl formatter a
 * page creates loads ICU data in the middle of hydration); tests/unit/i18n-format.test.ts checks
 * the Bangla output against Intl's `bn-BD` with Bangla digits, character for character.
 */

/** Whole taka with lakh grouping: `৳1,25,000` in English (formatBDT), `৳১,২৫,০০০` in Bangla. */
export function formatMoney(amount: number | null | undefined, locale: Locale): string {
  const english = formatBDT(amount);
  return locale === "bn" ? toBanglaDigits(english) : english;
}

/** A whole count with lakh grouping (1,25,000 / ১,২৫,০০০): quantities, stock, order counts. */
export function formatNumber(value: number | null | undefined, locale: Locale): string {
  const grouped = formatBDT(value).replace("৳", "");
  return locale === "bn" ? toBanglaDigits(grouped) : grouped;
}

/** Shop time: dates and order times are shown as the clock reads in Dhaka, wherever one is. */
export const SHOP_TIME_ZONE = "Asia/Dhaka";

export type DateStyle = "date" | "dateTime";

// English keeps what en-GB showed before (5 Jan 2026, 16:30); Bangla writes the month in full and
// the time on a 12-hour clock, as Bangladeshi shops and banks do (৫ জানুয়ারি ২০২৬, ৪:৩০ অপরাহ্ন).
const PATTERNS: Record<Locale, Record<DateStyle, string>> = {
  en: { date: "d MMM yyyy", dateTime: "d MMM yyyy, HH:mm" },
  bn: { date: "d MMMM yyyy", dateTime: "d MMMM yyyy, h:mm a" },
};

/** A date (or an ISO string from an API answer) in Dhaka time, in the locale's words and digits. */
export function formatDate(
  date: Date | string | number,
  locale: Locale,
  style: DateStyle = "date",
): string {
  const inDhaka = new TZDate(new Date(date).getTime(), SHOP_TIME_ZONE);
  // NFC: date-fns writes য় as one code point (U+09DF), which Unicode's canonical form splits.
  if (locale === "bn")
    return toBanglaDigits(format(inDhaka, PATTERNS.bn[style], { locale: bn })).normalize("NFC");
  return format(inDhaka, PATTERNS.en[style]);
}
