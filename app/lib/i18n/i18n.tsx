import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { type ComponentProps, type ReactNode, useCallback, useMemo } from "react";
import { Link, useLocation } from "react-router";
import { type Locale, localeOfPath, localizePath } from "#contract/i18n";

/**
 * The page's language on the storefront. Strings are Lingui messages whose ids are their English
 * text, read with `const { i18n } = useLingui()` then `i18n._(text)`: the form `lingui extract`
 * finds (docs/i18n.md, "How to add a string").
 */

/** The page's language: the URL says it (`/bn/...` is Bangla), so SSR and hydration agree. */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** Turns an English site path into the page's language (`/cart` → `/bn/cart` on Bangla pages). */
export function useLocalizedPath(): (to: string) => string {
  const locale = useLocale();
  return useCallback((to: string) => localizePath(to, locale), [locale]);
}

type LocalLinkProps = Omit<ComponentProps<typeof Link>, "to"> & { to: string };

/** A `<Link>` that stays in the page's language: give it the English path. */
export function LocalLink({ to, ...props }: LocalLinkProps) {
  return <Link to={useLocalizedPath()(to)} {...props} />;
}

/**
 * Compiled catalogues by their URL. A page's HTML names its language's catalogue (root loader data
 * `catalog`, and a preload in <head>) instead of carrying it: the file is fetched in parallel with
 * the scripts, cached for a year (the name changes with the content), and so weighs nothing on the
 * session's later pages (docs/i18n.md, "Weight"). The server registers both languages' when it
 * starts (messages.server.ts); the browser the page's, before hydration (app/entry.client.tsx) and
 * on a language switch (the root clientLoader).
 */
const catalogs = new Map<string, Messages>();

/** No messages (an error page before the root data exists): every text is its English id. */
const NO_MESSAGES: Messages = {};

export function provideCatalog(url: string, messages: Messages): void {
  catalogs.set(url, messages);
}

/** The catalogue at `url` if this side has it; none otherwise (every text is then its id). */
export function catalogAt(url: string | undefined): Messages {
  return (url && catalogs.get(url)) || NO_MESSAGES;
}

const CATALOG_ATTEMPTS = 3;

/** Fetches the catalogue at `url` once (retrying a failed fetch twice); later calls are free. */
export async function loadCatalog(url: string): Promise<void> {
  for (let attempt = 1; !catalogs.has(url); attempt++) {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      catalogs.set(url, (await response.json()) as Messages);
    } catch (error) {
      if (attempt === CATALOG_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

// One Lingui instance per catalog object: the page's components and its meta() share it.
const instances = new WeakMap<Messages, I18n>();

/** Lingui activated in `locale` with that language's compiled messages. */
export function i18nFor(locale: Locale, messages: Messages): I18n {
  let i18n = instances.get(messages);
  if (!i18n || i18n.locale !== locale) {
    // A message the page was not sent is one whose text is its id (English; see messagesFor).
    i18n = setupI18n({ locale, messages: { [locale]: messages }, missing: (_, id) => id });
    instances.set(messages, i18n);
  }
  return i18n;
}

/**
 * Lingui for a route's `meta()` (no hooks there): the root loader's locale and catalogue, found in
 * `matches`. Before the root data exists (an error page) the ids themselves, i.e. English.
 */
export function metaI18n(matches: readonly ({ id: string; data?: unknown } | undefined)[]): {
  i18n: I18n;
  locale: Locale;
} {
  const root = matches.find((match) => match?.id === "root")?.data as
    { locale?: Locale; catalog?: string } | undefined;
  const locale = root?.locale ?? "en";
  return { i18n: i18nFor(locale, catalogAt(root?.catalog)), locale };
}
/** Lingui for one page: the active language's compiled messages, named by the root loader. */
export function LocaleProvider({
  locale,
  catalog,
  children,
}: {
  locale: Locale;
  catalog: string | undefined;
  children: ReactNode;
}) {
  const messages = catalogAt(catalog);
  const i18n = useMemo(() => i18nFor(locale, messages), [locale, messages]);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
