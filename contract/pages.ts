/**
 * The shop's own pages that every shop has, and their limits (docs/pages.md). Free of zod, so a
 * storefront page can name them without loading it; the API's schemas are in schemas/pages.ts.
 */

/** The pages every shop has (created from the shop settings when missing); they cannot be deleted. */
export const STANDARD_PAGE_SLUGS = [
  "about",
  "terms",
  "privacy",
  "returns",
  "delivery",
  "how-to-order",
  "faq",
] as const;
export type StandardPageSlug = (typeof STANDARD_PAGE_SLUGS)[number];

/** The page the checkout's "I accept the terms" box links and every order records the version of. */
export const TERMS_PAGE_SLUG = "terms" satisfies StandardPageSlug;

/** At most this many pages (the list is read whole, for the footer and the sitemap). */
export const MAX_PAGES = 40;
