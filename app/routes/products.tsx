import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import { formatMoney, formatNumber, localized, type Locale, localeOfPath } from "#contract/i18n";
import { FilterForm, SortForm } from "~/components/catalog/filter-form";
import { ProductGrid } from "~/components/product/product-card";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import {
  activeFilterCount,
  listingHref,
  parseListingParams,
  toApiQuery,
  type ListingFilters,
} from "~/lib/product-filters";
import { colorName } from "~/lib/i18n/color-names";
import { LocalLink, metaI18n, useLocale } from "~/lib/i18n/i18n";
import { localizeCard } from "~/lib/i18n/localize-card";
import { canonicalUrl, pageMeta } from "~/lib/seo";
import { Breadcrumb } from "~/components/layout/breadcrumb";
import { ReachTheShop } from "~/components/layout/reach-the-shop";
import { type CategoryStep, categoryTrail, toSteps } from "~/lib/category-trail";
import type { Route } from "./+types/products";

function names(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((item) =>
      typeof item === "string" ? item : ((item as { name?: string } | null)?.name ?? ""),
    )
    .filter(Boolean);
}

/** The listing's heading: the search, the category (with its parent), or all products. */
function listingHeading(
  { search, category, parent }: { search?: string; category?: Named; parent?: Named },
  i18n: I18n,
  locale: Locale,
): string {
  if (search) return i18n._("Results for “{search}”", { search });
  if (!category) return i18n._("All products");
  const name = localized(category, "name", locale);
  return parent
    ? i18n._("{parent}'s {category}", { parent: localized(parent, "name", locale), category: name })
    : name;
}
type Named = { name: string; nameBn?: string };

export function meta({ data, matches }: Route.MetaArgs) {
  const { i18n, locale } = metaI18n(matches);
  if (!data) return [{ title: i18n._("Products — Tweest") }];
  const heading = listingHeading(data, i18n, locale);
  const title = i18n._("{heading} — Tweest", { heading });
  const description = i18n._(
    "{count} {heading} at Tweest. Prices in BDT, cash on delivery across Bangladesh.",
    { count: formatNumber(data.totalProducts, locale), heading: heading.toLowerCase() },
  );
  return [
    ...pageMeta(title, description),
    { property: "og:type", content: "website" },
    {
      tagName: "link",
      rel: "canonical",
      href: canonicalUrl(data.publicUrl, data.canonicalPath, locale),
    },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  const filters = parseListingParams(url.searchParams);
  const [result, categories] = await Promise.all([
    context.services.products.listProductCards(toApiQuery(filters)),
    context.services.catalog.listCategories(),
  ]);
  const category = filters.category
    ? categories.find((item) => item.slug === filters.category || item._id === filters.category)
    : undefined;
  const trail = categoryTrail(categories, category?._id);
  const parent = trail.at(-2);
  // Canonical: the category (or plain listing) and page; filters are variations of it.
  const canonicalParams = new URLSearchParams();
  if (filters.category) canonicalParams.set("category", filters.category);
  if (filters.page > 1) canonicalParams.set("page", String(filters.page));
  const canonicalQuery = canonicalParams.toString();
  return {
    filters,
    search: filters.search,
    category: category && { name: category.name, nameBn: category.nameBn },
    parent: parent && { name: parent.name, nameBn: parent.nameBn },
    products: result.content.map((card) => localizeCard(card, locale)),
    totalPages: Math.max(1, result.totalPages ?? 1),
    currentPage: result.currentPage ?? 0,
    totalProducts: result.totalProducts ?? result.content.length,
    available: {
      colors: names(result.availableFilters?.colors),
      sizes: names(result.availableFilters?.sizes),
    },
    subcategories: category
      ? categories.filter((item) => item.parentCategory === category._id)
      : categories.filter((item) => item.parentCategory === null),
    // The category's ancestors (Men), for the breadcrumb.
    trail: toSteps(trail.slice(0, -1)),
    // Where a search or an empty category sends the shopper on: the shop's departments.
    departments: toSteps(
      categories.filter((item) => item.parentCategory === null && item !== category),
    ),
    publicUrl: context.config.publicUrl,
    canonicalPath: `/products${canonicalQuery ? `?${canonicalQuery}` : ""}`,
  };
}

function Pagination({ filters, totalPages }: { filters: ListingFilters; totalPages: number }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  if (totalPages <= 1) return null;
  const current = Math.min(filters.page, totalPages);
  const pages = [...new Set([1, current - 1, current, current + 1, totalPages])].filter(
    (page) => page >= 1 && page <= totalPages,
  );
  return (
    <nav
      aria-label={i18n._("Pages")}
      className="mt-8 flex flex-wrap items-center justify-center gap-1.5"
    >
      {current > 1 && (
        <LocalLink
          to={listingHref(filters, { page: current - 1 })}
          className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
          rel="prev"
        >
          {i18n._("Previous")}
        </LocalLink>
      )}
      {pages.map((page) => (
        <LocalLink
          key={page}
          to={listingHref(filters, { page })}
          aria-current={page === current ? "page" : undefined}
          aria-label={i18n._("Page {page}", { page: formatNumber(page, locale) })}
          className="min-w-10 rounded-md border border-stone-300 bg-white px-3 py-2 text-center text-sm aria-[current=page]:border-brand-500 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
        >
          {formatNumber(page, locale)}
        </LocalLink>
      ))}
      {current < totalPages && (
        <LocalLink
          to={listingHref(filters, { page: current + 1 })}
          className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
          rel="next"
        >
          {i18n._("Next")}
        </LocalLink>
      )}
    </nav>
  );
}

/** Filters only: what "Clear filters" keeps is the category and the search. */
const NO_FILTERS = {
  colors: [],
  sizes: [],
  minPrice: undefined,
  maxPrice: undefined,
  minDiscount: undefined,
  stock: undefined,
} satisfies Partial<ListingFilters>;

function ActiveFilters({ filters }: { filters: ListingFilters }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const chips: { label: string; href: string }[] = [
    ...filters.colors.map((color) => ({
      label: colorName(color, i18n),
      href: listingHref(filters, { colors: filters.colors.filter((item) => item !== color) }),
    })),
    ...filters.sizes.map((size) => ({
      label: i18n._("Size {size}", { size }),
      href: listingHref(filters, { sizes: filters.sizes.filter((item) => item !== size) }),
    })),
  ];
  if (filters.minPrice !== undefined)
    chips.push({
      label: i18n._("From {price}", { price: formatMoney(filters.minPrice, locale) }),
      href: listingHref(filters, { minPrice: undefined }),
    });
  if (filters.maxPrice !== undefined)
    chips.push({
      label: i18n._("Up to {price}", { price: formatMoney(filters.maxPrice, locale) }),
      href: listingHref(filters, { maxPrice: undefined }),
    });
  if (filters.minDiscount !== undefined)
    chips.push({
      label: i18n._("{percent}%+ off", { percent: formatNumber(filters.minDiscount, locale) }),
      href: listingHref(filters, { minDiscount: undefined }),
    });
  if (filters.stock)
    chips.push({
      label: filters.stock === "in_stock" ? i18n._("In stock") : i18n._("Out of stock"),
      href: listingHref(filters, { stock: undefined }),
    });
  if (chips.length === 0) return null;
  return (
    <ul className="mb-4 flex flex-wrap gap-2" aria-label={i18n._("Active filters")}>
      {chips.map((chip) => (
        <li key={chip.label}>
          <LocalLink
            to={chip.href}
            preventScrollReset
            className="inline-flex items-center gap-1 rounded-full bg-stone-900 px-3 py-1 text-xs font-medium text-white"
            aria-label={i18n._("Remove filter {filter}", { filter: chip.label })}
          >
            {chip.label} <span aria-hidden="true">×</span>
          </LocalLink>
        </li>
      ))}
      <li>
        <LocalLink
          to={listingHref(filters, NO_FILTERS)}
          className="inline-block px-2 py-1 text-xs font-medium text-brand-700 underline"
        >
          {i18n._("Clear all")}
        </LocalLink>
      </li>
    </ul>
  );
}

/**
 * Nothing to show, and why: the filters (offer to clear them), the search (check the word, or
 * browse a department), or a category with nothing in it yet. Always all products and the shop's
 * contacts, so the page is never a dead end.
 */
function NoResults({
  filters,
  inCategory,
  departments,
}: {
  filters: ListingFilters;
  inCategory: boolean;
  departments: CategoryStep[];
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const filtered = activeFilterCount(filters) > 0;
  const link = "inline-flex min-h-11 items-center text-brand-700 underline";
  return (
    <div
      className="rounded-lg border border-dashed border-stone-300 bg-white p-6 text-center sm:p-10"
      data-testid="no-results"
    >
      <p className="font-semibold" data-testid="no-results-title">
        {filtered
          ? i18n._("No products match these filters.")
          : filters.search
            ? i18n._("No products match “{search}”.", { search: filters.search })
            : inCategory
              ? i18n._("No products in this category yet.")
              : i18n._("No products yet.")}
      </p>
      {!filtered && filters.search && (
        <p className="mt-1 text-sm text-stone-600">
          {i18n._("Check the spelling, or try a more general word.")}
        </p>
      )}
      {!filtered && departments.length > 0 && (
        <nav aria-label={i18n._("Shop by category")} className="mt-4">
          <ul className="flex flex-wrap justify-center gap-2">
            {departments.map((department) => (
              <li key={department.slug}>
                <LocalLink
                  to={`/products?category=${department.slug}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-stone-300 px-4 text-sm font-medium hover:border-brand-500"
                >
                  {localized(department, "name", locale)}
                </LocalLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="mt-3 flex flex-wrap justify-center gap-x-6">
        {filtered && (
          <LocalLink to={listingHref(filters, NO_FILTERS)} className={link}>
            {i18n._("Clear filters")}
          </LocalLink>
        )}
        <LocalLink to="/products" className={link}>
          {i18n._("See all products")}
        </LocalLink>
      </div>
      <ReachTheShop className="mt-6" />
    </div>
  );
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { filters, products, totalPages, totalProducts, available, subcategories } = loaderData;
  const [sheetOpen, setSheetOpen] = useState(false);
  const { i18n } = useLingui();
  const locale = useLocale();
  const heading = listingHeading(loaderData, i18n, locale);
  const count = activeFilterCount(filters);
  return (
    <div className="mx-auto max-w-6xl px-4 py-5">
      {loaderData.category && (
        <Breadcrumb
          trail={loaderData.trail}
          current={localized(loaderData.category, "name", locale)}
        />
      )}
      <div className="mb-4">
        <h1 className="text-2xl font-extrabold sm:text-3xl">{heading}</h1>
        <p className="mt-1 text-sm text-stone-600" aria-live="polite">
          {totalProducts === 1
            ? i18n._("{number} product", { number: formatNumber(1, locale) })
            : i18n._("{number} products", { number: formatNumber(totalProducts, locale) })}
        </p>
      </div>

      {subcategories.length > 0 && (
        <nav aria-label={i18n._("Sub-categories")} className="-mx-4 mb-4 overflow-x-auto px-4">
          <ul className="flex gap-2">
            {subcategories.map((category) => (
              <li key={category._id} className="shrink-0">
                <LocalLink
                  to={listingHref(filters, { category: category.slug })}
                  className="inline-block rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm hover:border-brand-500"
                >
                  {localized(category, "name", locale)}
                </LocalLink>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <div className="lg:grid lg:grid-cols-[240px_1fr] lg:gap-8">
        <aside className="hidden lg:block" aria-label={i18n._("Filters")}>
          <h2 className="mb-3 text-lg font-bold">{i18n._("Filters")}</h2>
          <FilterForm filters={filters} available={available} idPrefix="side" autoSubmit />
        </aside>

        <section aria-labelledby="products-heading">
          {/* Cards are h3: on a phone the filters' h2 is hidden, so the grid needs its own h2. */}
          <h2 id="products-heading" className="sr-only">
            {i18n._("Products")}
          </h2>
          <div className="mb-4 flex items-center justify-between gap-2">
            <Dialog open={sheetOpen} onOpenChange={setSheetOpen}>
              <DialogTrigger asChild>
                <Button variant="outline" className="lg:hidden" data-testid="open-filters">
                  <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
                  {i18n._("Filters")}
                  {count > 0 ? ` (${formatNumber(count, locale)})` : ""}
                </Button>
              </DialogTrigger>
              <DialogContent side="left" aria-describedby={undefined}>
                <DialogTitle className="mb-4">{i18n._("Filters")}</DialogTitle>
                <FilterForm
                  filters={filters}
                  available={available}
                  idPrefix="sheet"
                  onApplied={() => setSheetOpen(false)}
                />
              </DialogContent>
            </Dialog>
            <div className="ml-auto">
              <SortForm filters={filters} />
            </div>
          </div>
          <ActiveFilters filters={filters} />
          {products.length === 0 ? (
            <NoResults
              filters={filters}
              inCategory={Boolean(loaderData.category)}
              departments={loaderData.departments}
            />
          ) : (
            <ProductGrid products={products} eagerCount={4} />
          )}
          <Pagination filters={filters} totalPages={totalPages} />
        </section>
      </div>
      <noscript>
        <section aria-label={i18n._("Filters")} className="mt-8 lg:hidden">
          <h2 className="mb-3 text-lg font-bold">{i18n._("Filters")}</h2>
          <FilterForm filters={filters} available={available} idPrefix="noscript" />
        </section>
      </noscript>
    </div>
  );
}
