import { type Locale, localizePath } from "#contract/i18n";

/** A page's title and description, with their Open Graph copies (for `meta` exports). */
export function pageMeta(title: string, description: string) {
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
  ];
}

/**
 * A page's canonical address (its `rel="canonical"` link, `og:url`, structured data): the shop's
 * public URL (with or without a trailing slash) and the English path in the page's language.
 */
export function canonicalUrl(publicUrl: string, path: string, locale: Locale): string {
  return `${publicUrl.replace(/\/$/, "")}${localizePath(path, locale)}`;
}
