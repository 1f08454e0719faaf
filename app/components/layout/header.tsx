import { Search, ShoppingBag, User } from "lucide-react";
import { useLingui } from "@lingui/react";
import { Form } from "react-router";
import { formatNumber, localized } from "#contract/i18n";
import type { CategoryRef as CategoryNode } from "~/lib/api-client";
import { LocalLink, useLocale, useLocalizedPath } from "~/lib/i18n/i18n";
import { LanguageSwitch } from "./language-switch";
import { SearchCombobox } from "./search-combobox";

export function Header({
  categories,
  cartCount = 0,
}: {
  categories: CategoryNode[];
  cartCount?: number;
}) {
  const topLevel = categories.filter((category) => category.parentCategory === null);
  const { i18n } = useLingui();
  const locale = useLocale();
  const localizedPath = useLocalizedPath();
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      {/* Tighter on phones so the search field's placeholder fits at 375 px. */}
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-3 sm:gap-3">
        <LocalLink
          to="/"
          className="text-xl font-extrabold tracking-tight text-brand-600"
          aria-label={i18n._("Tweest home")}
        >
          Tweest
        </LocalLink>
        <Form
          method="get"
          action={localizedPath("/products")}
          role="search"
          className="ml-auto flex flex-1 items-center sm:max-w-sm"
        >
          <label htmlFor="site-search" className="sr-only">
            {i18n._("Search products")}
          </label>
          <SearchCombobox
            placeholder={i18n._("Search products")}
            className="h-10 w-full min-w-0 rounded-l-md border border-stone-300 px-2 text-sm sm:px-3 focus:border-brand-500 focus:outline-none"
          />
          <button
            type="submit"
            className="flex h-10 items-center rounded-r-md bg-stone-900 px-2.5 text-white sm:px-3"
            aria-label={i18n._("Search")}
          >
            <Search className="h-4 w-4" aria-hidden="true" />
          </button>
        </Form>
        <LocalLink
          to="/account"
          className="rounded-md p-1.5 hover:bg-stone-100 sm:p-2"
          aria-label={i18n._("Account")}
        >
          <User className="h-5 w-5" aria-hidden="true" />
        </LocalLink>
        <LocalLink
          to="/cart"
          className="relative rounded-md p-1.5 hover:bg-stone-100 sm:p-2"
          aria-label={
            cartCount === 1
              ? i18n._("Cart, {number} item", { number: formatNumber(1, locale) })
              : i18n._("Cart, {number} items", { number: formatNumber(cartCount, locale) })
          }
        >
          <ShoppingBag className="h-5 w-5" aria-hidden="true" />
          <span
            data-testid="cart-badge"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brand-600 px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {formatNumber(cartCount, locale)}
          </span>
        </LocalLink>
      </div>
      <div className="border-t border-stone-100">
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-4">
          <nav aria-label={i18n._("Categories")} className="min-w-0 flex-1">
            <ul className="flex gap-5 overflow-x-auto py-2 text-sm font-medium">
              {topLevel.map((category) => (
                <li key={category._id} className="shrink-0">
                  <LocalLink
                    to={`/products?category=${category.slug}`}
                    className="hover:text-brand-600"
                  >
                    {localized(category, "name", locale)}
                  </LocalLink>
                </li>
              ))}
              <li className="shrink-0">
                <LocalLink to="/bulk-order" className="hover:text-brand-600">
                  {i18n._("Bulk T-Shirts")}
                </LocalLink>
              </li>
            </ul>
          </nav>
          {/* Outside the scrolling list, so a guest finds it at 375 px without scrolling. */}
          <LocalLink
            to="/order/track"
            className="shrink-0 py-2 text-sm font-medium whitespace-nowrap hover:text-brand-600"
            data-testid="header-track-order"
          >
            {i18n._("Track order")}
          </LocalLink>
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
