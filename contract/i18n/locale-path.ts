import { DEFAULT_LOCALE, type Locale } from "./locale.js";

/**
 * Language in the URL: English pages keep their paths (`/products`), Bangla pages add a `/bn`
 * prefix (`/bn/products`). Pure helpers shared by the server (redirects, links in messages) and the
 * browser (links, the language switch).
 */
const BANGLA_PREFIX = "/bn";

/** The language a path is written in: `/bn` and `/bn/...` are Bangla, everything else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === BANGLA_PREFIX || pathname.startsWith(`${BANGLA_PREFIX}/`)
    ? "bn"
    : DEFAULT_LOCALE;
}

/** The English path of a page (`/bn/products` → `/products`, `/bn` → `/`). */
export function unlocalizedPath(pathname: string): string {
  if (localeOfPath(pathname) === DEFAULT_LOCALE) return pathname;
  return pathname.slice(BANGLA_PREFIX.length) || "/";
}

/**
 * `to` (an English, site-absolute path with optional query and hash) in `locale`:
 * `localizePath("/products?category=men", "bn")` → `/bn/products?category=men`. Relative paths,
 * external URLs and paths already in Bangla are returned as they are.
 */
export function localizePath(to: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !to.startsWith("/") || to.startsWith("//")) return to;
  const end = to.search(/[?#]/);
  const pathname = end === -1 ? to : to.slice(0, end);
  if (localeOfPath(pathname) === "bn") return to;
  const rest = end === -1 ? "" : to.slice(end);
  return `${BANGLA_PREFIX}${pathname === "/" ? "" : pathname}${rest}`;
}

/**
 * The same page (path and query) in `locale`: what the language switch and the first-visit
 * redirect link to. `pathname` is always a page of this site, yet one that starts with several
 * slashes (`https://shop//evil.example/`, or `/\evil.example/`, which URL parsing turns into `//`)
 * would read as another host once it stands alone in a `Location` or a link: the run of slashes
 * becomes one (`/bn/evil.example/`), a path of this site.
 */
export function pathInLocale(pathname: string, search: string, locale: Locale): string {
  const path = unlocalizedPath(pathname).replace(/^[/\\]+/, "/");
  return localizePath(`${path}${search}`, locale);
}

/** Back office and diagnostics screens are English only: no language redirect, switch or hreflang. */
export function isStorefrontPath(pathname: string): boolean {
  const path = unlocalizedPath(pathname);
  return !/^\/(admin|TGBHSIAN)(\/|$)/.test(path);
}
