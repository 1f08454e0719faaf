import type { Locale } from "./locale.js";

/**
 * Catalogue text in a locale. Bangla text sits next to the English in a field of the same name
 * with `Bn` appended (`title` / `titleBn`, `name` / `nameBn`); it is optional, and where it is
 * missing or blank the English is shown.
 */
export const BANGLA_SUFFIX = "Bn";

export function localized<T extends object>(
  doc: T,
  field: keyof T & string,
  locale: Locale,
): string {
  const record = doc as Record<string, unknown>;
  if (locale === "bn") {
    const bangla = record[`${field}${BANGLA_SUFFIX}`];
    if (typeof bangla === "string" && bangla.trim()) return bangla.trim();
  }
  const english = record[field];
  return typeof english === "string" ? english : "";
}

/**
 * The Bangla fields of `doc` that hold text, for an API answer: `{titleBn: "…"}`, or nothing for a
 * field never written or cleared. Answers carry a Bangla field only when there is Bangla to show.
 */
export function banglaFieldsOf<F extends string>(
  doc: object,
  fields: readonly F[],
): Partial<Record<`${F}Bn`, string>> {
  const record = doc as Record<string, unknown>;
  const found: Partial<Record<`${F}Bn`, string>> = {};
  for (const field of fields) {
    const value = record[`${field}${BANGLA_SUFFIX}`];
    if (typeof value === "string" && value.trim()) found[`${field}Bn`] = value;
  }
  return found;
}
