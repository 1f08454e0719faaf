import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  isStorefrontPath,
  localeOfPath,
  pathInLocale,
} from "#contract/i18n";
import { pageCookie, readCookie } from "../cookies";

/** The cookie that keeps the shopper's language across visits (set by the language switch). */
export const LOCALE_COOKIE = "lang";
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

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
export function preferredLocale(headers: Headers): Locale {
  return (
    localeFromCookie(headers.get("cookie")) ??
    localeFromAcceptLanguage(headers.get("accept-language"))
  );
}

/** Whether a page's answer depends on the language the shopper prefers (an English storefront URL). */
function answersByPreference(pathname: string): boolean {
  return isStorefrontPath(pathname) && localeOfPath(pathname) === DEFAULT_LOCALE;
}

/** What an answer that depends on the shopper's language preference varies by. */
export const PREFERENCE_VARY = "Accept-Language, Cookie";

/**
 * The language headers of a page's answer (the document, its redirect, its `.data`): the URL's
 * language in `Content-Language`, and on an English storefront URL, which redirects a shopper who
 * prefers Bangla, `Vary: Accept-Language, Cookie`, so a shared cache (a CDN, a proxy) keeps one
 * answer per preference and never serves the Bangla redirect to an English shopper.
 */
export function setLanguageHeaders(request: Request, headers: Headers): void {
  // A client navigation's data request names its page with `.data` (the home page: `/_root.data`).
  const { pathname } = new URL(request.url);
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  headers.set("Content-Language", localeOfPath(page));
  if (!answersByPreference(page)) return;
  const vary = (headers.get("Vary") ?? "").split(",").map((name) => name.trim().toLowerCase());
  for (const name of PREFERENCE_VARY.split(", "))
    if (!vary.includes(name.toLowerCase())) headers.append("Vary", name);
}

/**
 * Where an English storefront URL should send a shopper who prefers Bangla (cookie first, else
 * `Accept-Language`): the same page under `/bn`, query kept. `undefined` when the page is to be
 * served as it is (a Bangla URL, an English preference, the back office).
 */
export function localeRedirect(request: Request): string | undefined {
  const url = new URL(request.url);
  if (!answersByPreference(url.pathname)) return;
  const locale = preferredLocale(request.headers);
  if (locale === DEFAULT_LOCALE) return;
  return pathInLocale(url.pathname, url.search, locale);
}

/** The language cookie as the language switch writes it (Secure on an https page). */
export function localeCookie(locale: Locale, secure?: boolean): string {
  return pageCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE, secure);
}
