import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { formatNumber } from "#contract/i18n";
import { Button } from "~/components/ui/button";
import { colorName } from "~/lib/i18n/color-names";
import { useLocale, useLocalizedPath } from "~/lib/i18n/i18n";
import { DISCOUNTS, SORTS, type ListingFilters, type SortValue } from "~/lib/product-filters";
import { swatchColor } from "~/lib/swatches";

/** Kept as an export here for existing callers; the table lives in ~/lib/swatches (no form code). */
export { swatchColor };

export interface AvailableFilters {
  colors: string[];
  sizes: string[];
}

/**
 * The listing filters as one GET form: works without JavaScript; with JavaScript the desktop
 * sidebar applies each change at once (`autoSubmit`), the phone sheet on "Show results".
 */
export function FilterForm({
  filters,
  available,
  idPrefix,
  autoSubmit = false,
  onApplied,
}: {
  filters: ListingFilters;
  available: AvailableFilters;
  idPrefix: string;
  autoSubmit?: boolean;
  onApplied?: () => void;
}) {
  const submit = useSubmit();
  const { i18n } = useLingui();
  const locale = useLocale();
  const localizedPath = useLocalizedPath();
  // Keep chosen values visible even when the current result set has none of them.
  const colors = [...new Set([...available.colors, ...filters.colors])];
  const sizes = [...new Set([...available.sizes, ...filters.sizes])];
  return (
    <Form
      method="get"
      action={localizedPath("/products")}
      aria-label={i18n._("Filter products")}
      className="space-y-5"
      onChange={(event) => {
        const target = event.target as unknown as HTMLInputElement;
        // Checkboxes and radios apply at once; typed prices wait for "Show results".
        if (autoSubmit && (target.type === "checkbox" || target.type === "radio"))
          submit(event.currentTarget, { preventScrollReset: true });
      }}
      onSubmit={() => onApplied?.()}
    >
      {filters.category && <input type="hidden" name="category" value={filters.category} />}
      {filters.search && <input type="hidden" name="search" value={filters.search} />}
      {filters.sort && <input type="hidden" name="sort" value={filters.sort} />}

      <ChipGroup
        legend={i18n._("Colour")}
        name="colors"
        values={colors}
        chosen={filters.colors}
        chipClassName="gap-1.5 rounded-full px-2.5 py-1"
      >
        {(color) => (
          <>
            <span
              aria-hidden="true"
              className="h-3.5 w-3.5 rounded-full border border-stone-300"
              style={{ backgroundColor: swatchColor(color) }}
            />
            {colorName(color, i18n)}
          </>
        )}
      </ChipGroup>

      <ChipGroup
        legend={i18n._("Size")}
        name="sizes"
        values={sizes}
        chosen={filters.sizes}
        chipClassName="min-w-11 justify-center rounded-md px-2 py-1.5 has-[:checked]:font-semibold"
      >
        {(size) => size}
      </ChipGroup>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{i18n._("Price (৳)")}</legend>
        <div className="flex items-center gap-2">
          <PriceInput
            id={`${idPrefix}-min`}
            name="minPrice"
            label={i18n._("Minimum price in taka")}
            placeholder={i18n._("Min")}
            defaultValue={filters.minPrice}
          />
          <span aria-hidden="true">–</span>
          <PriceInput
            id={`${idPrefix}-max`}
            name="maxPrice"
            label={i18n._("Maximum price in taka")}
            placeholder={i18n._("Max")}
            defaultValue={filters.maxPrice}
          />
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{i18n._("Discount")}</legend>
        <div className="space-y-1.5 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="minDiscount"
              value=""
              defaultChecked={filters.minDiscount === undefined}
            />
            {i18n._("Any")}
          </label>
          {DISCOUNTS.map((discount) => (
            <label key={discount} className="flex items-center gap-2">
              <input
                type="radio"
                name="minDiscount"
                value={discount}
                defaultChecked={filters.minDiscount === discount}
              />
              {i18n._("{percent}% off or more", { percent: formatNumber(discount, locale) })}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="sr-only">{i18n._("Availability")}</legend>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            name="stock"
            value="in_stock"
            defaultChecked={filters.stock === "in_stock"}
            className="h-4 w-4 accent-brand-500"
          />
          {i18n._("In stock only")}
        </label>
      </fieldset>

      <div className="flex gap-2">
        <Button type="submit" className="flex-1">
          {i18n._("Show results")}
        </Button>
      </div>
    </Form>
  );
}

/** A whole-taka price bound with a label for screen readers only. */
function PriceInput({
  id,
  name,
  label,
  placeholder,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  defaultValue: ListingFilters["minPrice"];
}) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        placeholder={placeholder}
        defaultValue={defaultValue}
        className="h-10 w-full rounded-md border border-stone-300 px-2 text-sm"
      />
    </>
  );
}

/** A multi-choice filter as checkbox chips (hidden boxes, styled labels); nothing when empty. */
function ChipGroup({
  legend,
  name,
  values,
  chosen,
  chipClassName,
  children,
}: {
  legend: string;
  name: string;
  values: string[];
  chosen: string[];
  chipClassName: string;
  children: (value: string) => ReactNode;
}) {
  if (values.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {values.map((value) => (
          <label
            key={value}
            className={`flex cursor-pointer items-center border border-stone-300 bg-white text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${chipClassName}`}
          >
            <input
              type="checkbox"
              name={name}
              value={value}
              defaultChecked={chosen.includes(value)}
              className="sr-only"
            />
            {children(value)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A sort order's label in the page's language. */
function sortLabel(value: SortValue, i18n: I18n): string {
  switch (value) {
    case "newest":
      return i18n._("Newest");
    case "popular":
      return i18n._("Most popular");
    case "price_low":
      return i18n._("Price: low to high");
    case "price_high":
      return i18n._("Price: high to low");
  }
}

export function SortForm({ filters }: { filters: ListingFilters }) {
  const submit = useSubmit();
  const { i18n } = useLingui();
  const localizedPath = useLocalizedPath();
  return (
    <Form
      method="get"
      action={localizedPath("/products")}
      className="flex items-center gap-2"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      {filters.category && <input type="hidden" name="category" value={filters.category} />}
      {filters.search && <input type="hidden" name="search" value={filters.search} />}
      {filters.colors.length > 0 && (
        <input type="hidden" name="colors" value={filters.colors.join(",")} />
      )}
      {filters.sizes.length > 0 && (
        <input type="hidden" name="sizes" value={filters.sizes.join(",")} />
      )}
      {filters.minPrice !== undefined && (
        <input type="hidden" name="minPrice" value={filters.minPrice} />
      )}
      {filters.maxPrice !== undefined && (
        <input type="hidden" name="maxPrice" value={filters.maxPrice} />
      )}
      {filters.minDiscount !== undefined && (
        <input type="hidden" name="minDiscount" value={filters.minDiscount} />
      )}
      {filters.stock && <input type="hidden" name="stock" value={filters.stock} />}
      <label htmlFor="sort" className="text-sm text-stone-600">
        {i18n._("Sort")}
      </label>
      <select
        id="sort"
        name="sort"
        defaultValue={filters.sort ?? "newest"}
        className="h-10 rounded-md border border-stone-300 bg-white px-2 text-sm"
      >
        {SORTS.map((option) => (
          <option key={option.value} value={option.value}>
            {sortLabel(option.value, i18n)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="h-10 rounded-md border border-stone-300 px-3 text-sm">
          {i18n._("Sort")}
        </button>
      </noscript>
    </Form>
  );
}
