import { localized, type Locale } from "#contract/i18n";
import type { ProductCard } from "~/lib/api-client";

/**
 * A product card in the page's language, for a loader: the title and category name to show, and
 * no Bangla fields left over (an English page sends no Bangla text, a Bangla page no duplicates).
 */
export function localizeCard(card: ProductCard, locale: Locale): ProductCard {
  const { titleBn: _titleBn, categoryNameBn: _categoryNameBn, ...rest } = card;
  if (locale === "en") return rest;
  return {
    ...rest,
    title: localized(card, "title", locale),
    categoryName: localized(card, "categoryName", locale),
  };
}
