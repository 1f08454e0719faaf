/**
 * The storefront listing's URL query (`/products?...`): every filter, the sort and the page live in
 * the URL so a listing can be shared, bookmarked, and used without JavaScript (plain GET forms).
 * URL `page` is 1-based for people. Shared by the listing page and the server's page cache, which
 * keeps only listings whose query is written as `listingHref` writes it (docs/performance.md).
 */
/** Every parameter `parseListingParams` reads; any other changes nothing on the page. */
export const LISTING_PARAMETERS: readonly string[] = [
  "category",
  "search",
  "colors",
  "sizes",
  "minPrice",
  "maxPrice",
  "minDiscount",
  "stock",
  "sort",
  "page",
];

export const SORT_VALUES = ["newest", "popular", "price_low", "price_high"] as const;

export type SortValue = (typeof SORT_VALUES)[number];

export interface ListingFilters {
  category?: string;
  search?: string;
  colors: string[];
  sizes: string[];
  minPrice?: number;
  maxPrice?: number;
  minDiscount?: number;
  stock?: "in_stock" | "out_of_stock";
  sort?: SortValue;
  /** 1-based */
  page: number;
}

/** Several checkboxes of one name, or one comma list: both are accepted. */
function list(params: URLSearchParams, name: string): string[] {
  return [
    ...new Set(
      params
        .getAll(name)
        .flatMap((value) => value.split(","))
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ].slice(0, 30);
}

function positiveInt(value: string | null, max = 10_000_000): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) return undefined;
  return Math.min(Math.floor(number), max);
}

export function parseListingParams(params: URLSearchParams): ListingFilters {
  const sort = params.get("sort");
  const stock = params.get("stock");
  return {
    category: params.get("category")?.trim().slice(0, 100) || undefined,
    search: params.get("search")?.trim().slice(0, 100) || undefined,
    colors: list(params, "colors"),
    sizes: list(params, "sizes"),
    minPrice: positiveInt(params.get("minPrice")),
    maxPrice: positiveInt(params.get("maxPrice")),
    minDiscount: positiveInt(params.get("minDiscount"), 100),
    stock: stock === "in_stock" || stock === "out_of_stock" ? stock : undefined,
    sort: (SORT_VALUES as readonly (string | null)[]).includes(sort)
      ? (sort as SortValue)
      : undefined,
    page: Math.max(1, positiveInt(params.get("page"), 10_000) ?? 1),
  };
}

/** The listing URL for a set of filters; `changes` override, page resets unless given. */
export function listingHref(filters: ListingFilters, changes: Partial<ListingFilters> = {}) {
  const next = { ...filters, page: 1, ...changes };
  const params = new URLSearchParams();
  if (next.category) params.set("category", next.category);
  if (next.search) params.set("search", next.search);
  if (next.colors.length) params.set("colors", next.colors.join(","));
  if (next.sizes.length) params.set("sizes", next.sizes.join(","));
  if (next.minPrice !== undefined) params.set("minPrice", String(next.minPrice));
  if (next.maxPrice !== undefined) params.set("maxPrice", String(next.maxPrice));
  if (next.minDiscount !== undefined) params.set("minDiscount", String(next.minDiscount));
  if (next.stock) params.set("stock", next.stock);
  if (next.sort) params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  const query = params.toString();
  return query ? `/products?${query}` : "/products";
}
