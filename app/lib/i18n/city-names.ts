import type { Locale } from "#contract/i18n";
import { banglaCityName } from "#contract/city-names";

/**
 * A delivery city as the shopper reads it: in Bangla the district's Bangla name when the table
 * (contract/city-names.ts) knows it, else (and always in English) the name as the courier or the
 * shopper wrote it.
 */
export function cityName(name: string, locale: Locale): string {
  if (locale === "en") return name;
  return banglaCityName(name) ?? name;
}
