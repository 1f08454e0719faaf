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
/** Bangladesh keeps UTC+6 all year (no daylight saving since 2009), as contract/dates.ts assumes. */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

export type DateStyle = "date" | "dateTime";

const MONTHS: Record<Locale, readonly string[]> = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  bn: [
    "জানুয়ারি",
    "ফেব্রুয়ারি",
    "মার্চ",
    "এপ্রিল",
    "মে",
    "জুন",
    "জুলাই",
    "আগস্ট",
    "সেপ্টেম্বর",
    "অক্টোবর",
    "নভেম্বর",
    "ডিসেম্বর",
  ],
};

const twoDigits = (value: number) => String(value).padStart(2, "0");

/**
 * A date (or an ISO string from an API answer) in Dhaka time, in the locale's words and digits.
 * English keeps what en-GB showed before (5 Jan 2026, 16:30); Bangla writes the month in full and
 * the time on a 12-hour clock, as Bangladeshi shops and banks do (৫ জানুয়ারি ২০২৬, ৪:৩০ অপরাহ্ন).
 *
 * Written out (a fixed offset and two month tables) rather than with date-fns + @date-fns/tz: those
 * weigh ~9 KB gzipped in the browser, and every storefront page stays under its JavaScript budget.
 * tests/unit/i18n-format.test.ts checks the output against date-fns (with the `bn` locale) and
 * Intl's en-GB over a year of instants; Bangla month names are in Unicode NFC.
 */
export function formatDate(
  date: Date | string | number,
  locale: Locale,
  style: DateStyle = "date",
): string {
  const dhaka = new Date(new Date(date).getTime() + DHAKA_OFFSET_MS);
  const day = `${dhaka.getUTCDate()} ${MONTHS[locale][dhaka.getUTCMonth()]} ${dhaka.getUTCFullYear()}`;
  const hours = dhaka.getUTCHours();
  const minutes = twoDigits(dhaka.getUTCMinutes());
  if (locale === "bn") {
    const time = `${hours % 12 || 12}:${minutes} ${hours < 12 ? "পূর্বাহ্ন" : "অপরাহ্ন"}`;
    return toBanglaDigits(style === "dateTime" ? `${day}, ${time}` : day);
  }
  return style === "dateTime" ? `${day}, ${twoDigits(hours)}:${minutes}` : day;
}
