/**
 * The shop's own pages (about, terms, privacy, returns, delivery, how to order, FAQ, and any the
 * owner adds): each in English and Bangla, its text written in Markdown in the back office and
 * rendered to sanitised HTML on the server (docs/pages.md). Only zod.
 */
import { z } from "zod";

export {
  MAX_PAGES,
  STANDARD_PAGE_SLUGS,
  TERMS_PAGE_SLUG,
  type StandardPageSlug,
} from "../pages.js";

export const PageSlug = z
  .string()
  .trim()
  .toLowerCase()
  .max(60)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Lower-case letters, digits and single dashes only");

export const PageSlugParams = z.object({ slug: PageSlug });

/** One text in both languages, trimmed, stored in Unicode's canonical form (NFC). */
const BothLanguages = (max: number, required: boolean) => {
  const text = z
    .string()
    .trim()
    .overwrite((value) => value.normalize("NFC"))
    .max(max);
  const field = required ? text.min(1, "Required") : text;
  return z.strictObject({ en: field, bn: field });
};

export const PageFields = {
  title: BothLanguages(120, true),
  /** The search engines' summary (meta description); empty: the start of the text. */
  description: BothLanguages(300, false),
  /** Markdown; raw HTML in it is sanitised like the rest (no script, handlers or javascript: links). */
  body: BothLanguages(30_000, true),
  published: z.boolean(),
};

export const PageCreateBody = z.strictObject({ slug: PageSlug, ...PageFields });
export type PageCreateBody = z.output<typeof PageCreateBody>;

/** An edit sends what changed; the version goes up when a title, description or text does. */
export const PageUpdateBody = z.strictObject(PageFields).partial();
export type PageUpdateBody = z.output<typeof PageUpdateBody>;
