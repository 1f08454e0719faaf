import {
  DEFAULT_LOCALE,
  type Locale,
  isStorefrontPath,
  localeOfPath,
  pathInLocale,
} from "#contract/i18n";
import { LOCALE_COOKIE, preferredLocale } from "#contract/i18n/locale-preference";
import { pageCookie } from "../cookies";

export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

// The preference itself is read by the server's page cache too (its key).
export {
  LOCALE_COOKIE,
  localeFromAcceptLanguage,
  localeFromCookie,
  preferredLocale,
} from "#contract/i18n/locale-preference";

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
