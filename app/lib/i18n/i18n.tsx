import { type Messages, setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { type ComponentProps, type ReactNode, useCallback, useMemo } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { Locale } from "#contract/i18n";
import { localeOfPath, localizePath } from "./locale-path";

/**
 * The page's language on the storefront. Strings are Lingui messages whose ids are their English
 * text, read with `const { i18n } = useLingui()` then `i18n._(text)`, or with `<Trans id=… />`:
 * the forms `lingui extract` finds (docs/i18n.md, "How to add a string").
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

type LocalNavLinkProps = Omit<ComponentProps<typeof NavLink>, "to"> & { to: string };

/** A `<NavLink>` that stays in the page's language. */
export function LocalNavLink({ to, ...props }: LocalNavLinkProps) {
  return <NavLink to={useLocalizedPath()(to)} {...props} />;
}

/** Lingui for one page: the active language's compiled messages, handed over by the root loader. */
export function LocaleProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}) {
  const i18n = useMemo(
    () => setupI18n({ locale, messages: { [locale]: messages } }),
    [locale, messages],
  );
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
