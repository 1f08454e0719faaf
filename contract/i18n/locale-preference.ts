import { readCookie } from "../cookies.js";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locale.js";

/**
 * What a storefront page's answer depends on besides its URL and the shop's data: the language the
 * shopper prefers (an English URL redirects one who prefers Bangla) and whether the Bangla web font
 * is in the browser's cache. The pages read them here, and so does the server's page cache, which
 * keeps one copy of a page per value (docs/performance.md, "Rendered-page cache").
 */

/** The cookie that keeps the shopper's language across visits (set by the language switch). */
export const LOCALE_COOKIE = "lang";

/** Set by the browser once the Bangla font file is in its cache; the server then preloads it. */
export const BANGLA_FONT_COOKIE = "bn_font";

/** The cookie's value in a `Cookie` header when it names a supported locale. */
export function localeFromCookie(cookieHeader: string | null | undefined): Locale | undefined {
  const value = readCookie(cookieHeader, LOCALE_COOKIE);
  return isLocale(value) ? value : undefined;
}

/**
 * The supported locale an `Accept-Language` header prefers (RFC 9110 §12.5.4): the highest
 * quality wins, ties go to the range listed first; `bn-BD` counts as `bn`, `*` as English, `q=0`
 * refuses. No header, or nothing supported: English (crawlers send none).
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  let best: { locale: Locale; quality: number } | undefined;
  for (const part of (header ?? "").split(",")) {
    const [range, ...params] = part.trim().split(";");
    const tag = range?.trim().toLowerCase();
    if (!tag) continue;
    const qParam = params.map((param) => param.trim()).find((param) => /^q=/i.test(param));
    const quality = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(quality) || quality <= 0 || quality > 1) continue;
    const primary = tag === "*" ? DEFAULT_LOCALE : tag.split("-")[0];
    if (!isLocale(primary)) continue;
    if (!best || quality > best.quality) best = { locale: primary, quality };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}

/** The language a shopper asks for when opening a page without one in its URL. */
export function preferredLocale(headers: { get(name: string): string | null | undefined }): Locale {
  return (
    localeFromCookie(headers.get("cookie")) ??
    localeFromAcceptLanguage(headers.get("accept-language"))
  );
}

/** Whether the `Cookie` header says the Bangla font file is in the browser's cache. */
export function banglaFontCached(cookieHeader: string | null | undefined): boolean {
  return readCookie(cookieHeader, BANGLA_FONT_COOKIE) === "1";
}
