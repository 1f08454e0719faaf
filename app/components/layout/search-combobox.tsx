import { useLingui } from "@lingui/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { formatMoney, localized, unlocalizedPath } from "#contract/i18n";
import { useLocale, useLocalizedPath } from "~/lib/i18n/i18n";
import { imageUrl } from "~/lib/image-url";
import type { ProductSuggestion } from "~/lib/api-client";

/** What GET /api/products/suggest answers per product (the server's own type). */
type Suggestion = ProductSuggestion;

const DEBOUNCE_MS = 200;
const MIN_CHARS = 2;

/**
 * The header's search box with suggestions while typing (WAI-ARIA combobox with a listbox popup):
 * ArrowDown/ArrowUp move through the suggestions, Enter opens the highlighted product (or searches
 * the text when none is), Escape closes the list (a second Escape clears the box). Without
 * JavaScript it is a plain input in the header's GET form to /products.
 */
export function SearchCombobox({
  id = "site-search",
  placeholder,
  className,
}: {
  id?: string;
  placeholder?: string;
  className?: string;
}) {
  const listId = useId();
  const { i18n } = useLingui();
  const locale = useLocale();
  const localizedPath = useLocalizedPath();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // The results page's search: the box shows it there (server-rendered too), empty elsewhere.
  const searched =
    unlocalizedPath(pathname) === "/products"
      ? (new URLSearchParams(search).get("search") ?? "")
      : "";
  // What the shopper typed, on the page where they typed it; only typed text asks for suggestions.
  const [typed, setTyped] = useState<{ text: string; on: string } | null>(null);
  const typedText = typed?.on === searched ? typed.text : null;
  const query = typedText ?? searched;
  const setQuery = (text: string) => setTyped({ text, on: searched });
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const latest = useRef(0);

  useEffect(() => {
    const text = (typedText ?? "").trim();
    if (text.length < MIN_CHARS) {
      setSuggestions([]);
      setActive(-1);
      return;
    }
    const controller = new AbortController();
    const request = ++latest.current;
    const timer = setTimeout(() => {
      fetch(`/api/products/suggest?${new URLSearchParams({ q: text })}`, {
        signal: controller.signal,
      })
        .then((response) => (response.ok ? response.json() : { products: [] }))
        .then((body: { products?: Suggestion[] }) => {
          // An older answer arriving after a newer one never replaces it.
          if (request !== latest.current) return;
          setSuggestions(body.products ?? []);
          setActive(-1);
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typedText]);

  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    setQuery("");
    void navigate(localizedPath(`/product/${suggestion.slug}`));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => {
        if (!expanded) return step > 0 ? 0 : suggestions.length - 1;
        const next = current + step;
        return next < 0 ? suggestions.length - 1 : next >= suggestions.length ? 0 : next;
      });
    } else if (event.key === "Enter" && expanded && active >= 0) {
      // Otherwise Enter submits the form: a search for the text.
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (query) {
        event.preventDefault();
        setQuery("");
      }
    }
  };

  return (
    <div className="relative w-full">
      <input
        id={id}
        name="search"
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={expanded}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder={placeholder ?? i18n._("Search products")}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={className}
      />
      {/* Phones: the box is narrow, so the list spans the screen under the header. */}
      <ul
        id={listId}
        role="listbox"
        aria-label={i18n._("Suggested products")}
        hidden={!expanded}
        className="fixed inset-x-2 top-16 z-40 max-h-[70vh] overflow-y-auto rounded-md border border-stone-200 bg-white py-1 shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:left-0 sm:mt-1 sm:w-[26rem]"
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion._id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(suggestion);
            }}
            onMouseEnter={() => setActive(index)}
            className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm aria-selected:bg-stone-100"
          >
            {suggestion.imageUrl ? (
              <img
                src={imageUrl(suggestion.imageUrl)}
                alt=""
                width={36}
                height={36}
                className="h-9 w-9 shrink-0 rounded object-cover"
              />
            ) : (
              <span className="h-9 w-9 shrink-0 rounded bg-stone-100" aria-hidden="true" />
            )}
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-stone-900">
                {localized(suggestion, "title", locale)}
              </span>
              <span className="block truncate text-xs text-stone-500">
                {localized(suggestion, "categoryName", locale)}
              </span>
            </span>
            <span className="shrink-0 text-xs font-semibold text-stone-700">
              {formatMoney(suggestion.discountedPrice, locale)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
