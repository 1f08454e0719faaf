import { useLingui } from "@lingui/react";
import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { formatNumber } from "#contract/i18n";
import type { SearchablePlace } from "#contract/locations/search";
import { Field } from "~/components/ui/input";
import { useLocale } from "~/lib/i18n/i18n";
import { createPickerSearch, inReadingOrder, namesPlace, placeName } from "~/lib/places";
import { cn } from "~/lib/utils";

type Place = SearchablePlace & { id: string };

/** The list's search, built when the list is first shown (and again for a new list or language). */
function useLazySearch(places: readonly Place[] | null, locale: "en" | "bn") {
  const built = useRef<{
    places: readonly Place[];
    locale: string;
    search: (typed: string) => Place[];
  }>(null);
  return (typed: string): Place[] => {
    if (!places) return [];
    if (built.current?.places !== places || built.current.locale !== locale)
      built.current = {
        places,
        locale,
        search: createPickerSearch(inReadingOrder(places, locale)),
      };
    return built.current.search(typed);
  };
}

/**
 * A searchable place picker: the WAI-ARIA combobox pattern (an editable input with a listbox popup,
 * the best match highlighted as the shopper types). The input shows the chosen place in the page's
 * language; typing (English or Bangla, old spellings, Bangla digits) filters the list, ArrowDown /
 * ArrowUp move through it (and open it), Enter chooses, Escape closes it and puts the chosen name
 * back, leaving the field chooses what was typed only when it is a place's whole name. The number
 * of matches is announced (a polite live region); the highlighted option is the input's
 * aria-activedescendant, so focus never leaves the input. Built by hand like the header's search
 * box: a Popover and a command-menu library would add JavaScript to the checkout for the same
 * behaviour (docs/locations.md, "The checkout's picker").
 */
export function PlaceCombobox({
  id,
  label,
  places,
  value,
  onChoose,
  placeholder,
  disabled,
  loadingText,
  error,
}: {
  /** The input's id (`addr-city`): the label's, the error's (`<id>-error`) and focusField's. */
  id: string;
  label: string;
  /** The list; null while it loads. */
  places: readonly Place[] | null;
  /** The chosen place's id, "" for none. */
  value: string;
  onChoose: (place: Place) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Said while the list loads. */
  loadingText?: string;
  error?: string;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const listId = useId();
  const search = useLazySearch(places, locale);
  const chosen = places?.find((place) => place.id === value);
  const chosenName = chosen ? placeName(chosen, locale) : "";
  const [text, setText] = useState(chosenName);
  // Whether the text is the shopper's typing (then it filters) or the chosen place's name.
  const [typing, setTyping] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // A place chosen elsewhere (a saved address, a new district clearing the thana) shows here in
  // the same render as the change (adjusted while rendering, not in an effect a frame later).
  const [shownChoice, setShownChoice] = useState(chosenName);
  if (shownChoice !== chosenName) {
    setShownChoice(chosenName);
    setText(chosenName);
    setTyping(false);
  }

  const results = open || typing ? search(typing ? text : "") : [];
  const highlighted = active >= 0 && active < results.length ? active : -1;
  // Open with a list to show; the popup is displayed (aria-expanded) when something matched.
  const listed = open && places !== null;
  const expanded = listed && results.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (expanded && highlighted >= 0)
      document.getElementById(optionId(highlighted))?.scrollIntoView({ block: "nearest" });
    // optionId is derived from listId, stable for the component's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expanded, highlighted]);

  function choose(place: Place) {
    onChoose(place);
    setText(placeName(place, locale));
    setTyping(false);
    setOpen(false);
    setActive(-1);
  }

  function close() {
    setOpen(false);
    setActive(-1);
    setText(chosenName);
    setTyping(false);
  }

  /** Opens the list on the chosen place (or the first), for the arrows and a tap. */
  function openList(step: 1 | -1 | 0) {
    const all = typing ? results : search("");
    const current = typing ? -1 : all.findIndex((place) => place.id === value);
    setOpen(true);
    if (step === 0) setActive(current);
    else setActive(current >= 0 ? current : step > 0 ? 0 : all.length - 1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      if (!expanded || event.altKey) return openList(event.altKey ? 0 : step);
      if (results.length === 0) return;
      setActive((current) => {
        const next = (current < 0 ? (step > 0 ? -1 : 0) : current) + step;
        return (next + results.length) % results.length;
      });
    } else if (event.key === "Enter" && listed) {
      // The list is open: Enter chooses, never submits the checkout.
      event.preventDefault();
      if (highlighted >= 0) choose(results[highlighted]);
    } else if (event.key === "Escape" && (expanded || typing)) {
      event.preventDefault();
      close();
    }
  }

  function onBlur() {
    const exact = typing ? results.find((place) => namesPlace(place, text)) : undefined;
    if (exact) choose(exact);
    else close();
  }

  const status = !listed
    ? ""
    : results.length === 0
      ? i18n._("No match. Try another spelling.")
      : i18n._("Matches: {count}", { count: formatNumber(results.length, locale) });

  return (
    <Field id={id} label={label} error={error}>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-controls={listId}
          aria-expanded={expanded}
          aria-activedescendant={expanded && highlighted >= 0 ? optionId(highlighted) : undefined}
          aria-busy={places === null && !disabled ? true : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={text}
          placeholder={places === null && !disabled ? loadingText : placeholder}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            setTyping(true);
            setOpen(true);
            setActive(0);
          }}
          onClick={() => !open && openList(0)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          className="h-10 w-full rounded-md border border-stone-300 bg-white pr-9 pl-3 text-sm placeholder:text-stone-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-invalid:border-red-500 disabled:opacity-60"
        />
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-stone-500"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-md border border-stone-200 bg-white py-1 shadow-lg"
        >
          {results.map((place, index) => (
            <li
              key={place.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === highlighted}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(place);
              }}
              onMouseMove={() => index !== highlighted && setActive(index)}
              className={cn(
                "cursor-pointer px-3 py-2 text-sm aria-selected:bg-stone-100",
                place.id === value && "font-semibold",
              )}
            >
              {placeName(place, locale)}
            </li>
          ))}
        </ul>
      </div>
      <p role="status" className="sr-only">
        {places === null && open ? (loadingText ?? "") : status}
      </p>
    </Field>
  );
}
