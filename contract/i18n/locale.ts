/**
 * The shop's languages. English is the default and the fallback for every text; Bangla is the
 * second. Shared by the server and the storefront (the UI half of issue 20 picks the page's locale
 * from its URL, cookie or Accept-Language and hands it to these helpers).
 */
export const LOCALES = ["en", "bn"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** `value` when it names a supported locale, else English. */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
