/** What `npm run bench` and `npm run bench:compare` share: flag checks and the measured listing. */

/** A flag's value as a positive whole number; anything else ends the script with a clear line. */
export function positiveFlag(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    console.error(`✗ --${name} must be a positive whole number (got ${value})`);
    process.exit(1);
  }
  return number;
}

/** The filtered listing measured (category with its sub-categories + colours + sort). */
export const LISTING_QUERY = "category=men&colors=Black,Navy&sort=price_low&pageSize=24";

/**
 * The same listing's page as the storefront's own links write it (`listingHref`): the page shows
 * its own page size, and a query it does not know (pageSize) is never kept by the page cache.
 */
export const LISTING_PAGE_QUERY = "category=men&colors=Black%2CNavy&sort=price_low";
