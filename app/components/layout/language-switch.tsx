import { Link, useLocation } from "react-router";
import { LOCALES, type Locale, pathInLocale } from "#contract/i18n";
import { useLocale } from "~/lib/i18n/i18n";
import { localeCookie } from "~/lib/i18n/locale-resolution";

/** Each language's name in itself, as the switch shows it whatever the page's language. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", bn: "বাংলা" };

/**
 * "English / বাংলা": the same page (path and query) in the other language. Choosing one keeps it
 * in the `lang` cookie, so the next visit to an English URL opens in that language.
 */
export function LanguageSwitch() {
  const current = useLocale();
  const { pathname, search, hash } = useLocation();
  return (
    <p className="flex shrink-0 items-center gap-1 text-sm" data-testid="language-switch">
      {LOCALES.map((locale, index) => (
        <span key={locale} className="flex items-center gap-1">
          {index > 0 && <span aria-hidden="true">/</span>}
          {locale === current ? (
            <span lang={locale} aria-current="true" className="font-semibold text-brand-600">
              {LANGUAGE_NAMES[locale]}
            </span>
          ) : (
            <Link
              to={`${pathInLocale(pathname, search, locale)}${hash}`}
              lang={locale}
              hrefLang={locale}
              className="text-stone-600 underline-offset-2 hover:text-brand-600 hover:underline"
              onClick={() => {
                document.cookie = localeCookie(locale);
              }}
            >
              {LANGUAGE_NAMES[locale]}
            </Link>
          )}
        </span>
      ))}
    </p>
  );
}
