/**
 * The listing's URL <-> API query mapping. Every filter, the sort and the page live in the URL so a
 * listing can be shared, bookmarked, and used without JavaScript (plain GET forms).
 * URL `page` is 1-based for people; the API's `pageNumber` is 0-based.
 */
import type { ListingFilters, SortValue } from "#contract/listing-query";

// The URL's side is shared with the server's page cache.
export {
  listingHref,
  parseListingParams,
  type ListingFilters,
  type SortValue,
} from "#contract/listing-query";

export const SORTS: readonly { value: SortValue; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "popular", label: "Most popular" },
  { value: "price_low", label: "Price: low to high" },
  { value: "price_high", label: "Price: high to low" },
];

export const DISCOUNTS = [10, 20, 30, 50] as const;
export const PAGE_SIZE = 12;

/** The listing query for GET /api/products (and the products service). */
export function toApiQuery(filters: ListingFilters) {
  return {
    category: filters.category,
    search: filters.search,
    colors: filters.colors.length ? filters.colors : undefined,
    sizes: filters.sizes.length ? filters.sizes : undefined,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    minDiscount: filters.minDiscount,
    stock: filters.stock,
    sort: filters.sort,
    pageNumber: filters.page - 1,
    pageSize: PAGE_SIZE,
  };
}

export function activeFilterCount(filters: ListingFilters): number {
  return (
    filters.colors.length +
    filters.sizes.length +
    (filters.minPrice !== undefined ? 1 : 0) +
    (filters.maxPrice !== undefined ? 1 : 0) +
    (filters.minDiscount !== undefined ? 1 : 0) +
    (filters.stock ? 1 : 0)
  );
}
