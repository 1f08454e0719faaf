import { toAsciiDigits } from "../i18n/digits.js";

/** What a place is found by: its two names and the other spellings it is known under. */
export interface SearchablePlace {
  name: string;
  nameBn: string;
  aliases: readonly string[];
}

/**
 * Spellings shoppers use for the same Bangla sound: long and short ি/ী and ু/ূ, ণ for ন, and the
 * chandrabindu often left out (কেরাণীগঞ্জ/কেরানীগঞ্জ, মুন্সিগঞ্জ/মুন্সীগঞ্জ, তেতুলিয়া/তেঁতুলিয়া).
 */
const BANGLA_SPELLINGS: Record<string, string> = {
  "\u09c0": "\u09bf",
  "\u09c2": "\u09c1",
  "\u09a3": "\u09a8",
  "\u0981": "",
};
const BANGLA_SPELLING = new RegExp(Object.keys(BANGLA_SPELLINGS).join("|"), "g");

/**
 * The words of a name or of what a shopper typed, folded for comparison: Bangla digits as ASCII,
 * one Unicode form (NFD, so a vowel sign typed in two keystrokes, ে + া, is the ো of the name),
 * no invisible format characters (ZWJ/ZWNJ, BOM), no Latin accents, lower case, the Bangla
 * spellings above as one, "-gonj" as "-ganj", apostrophes dropped (Cox's → coxs). Words are
 * what is left between spaces and punctuation.
 */
export function placeWords(text: string): string[] {
  return toAsciiDigits(text)
    .normalize("NFD")
    .replace(/\p{Cf}/gu, "")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(BANGLA_SPELLING, (char) => BANGLA_SPELLINGS[char])
    .replace(/gonj/g, "ganj")
    .replace(/['’ʼ`]/g, "")
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
}

/** A name (or a query) as one key: its folded words run together ("Cox's Bazar" → "coxsbazar"). */
export function placeSearchKey(text: string): string {
  return placeWords(text).join("");
}

/** How well a key matched, best first: the order of the results. */
const RANK = { wholeName: 0, nameStart: 1, aliasStart: 2, laterWord: 3 } as const;
type Rank = (typeof RANK)[keyof typeof RANK];

interface Key {
  text: string;
  /** Whether it starts at the first word of the name (else at a later word). */
  fromStart: boolean;
  alias: boolean;
}

function keysOf(place: SearchablePlace): Key[] {
  const spellings = [
    ...[place.name, place.nameBn].map((text) => ({ text, alias: false })),
    ...place.aliases.map((text) => ({ text, alias: true })),
  ];
  return spellings.flatMap(({ text, alias }) => {
    const words = placeWords(text);
    return words.map((_, index) => ({
      text: words.slice(index).join(""),
      fromStart: index === 0,
      alias,
    }));
  });
}

function rankOf(keys: readonly Key[], typed: string): Rank | undefined {
  let best: Rank | undefined;
  for (const key of keys) {
    if (!key.text.startsWith(typed)) continue;
    const rank = !key.fromStart
      ? RANK.laterWord
      : key.text === typed
        ? RANK.wholeName
        : key.alias
          ? RANK.aliasStart
          : RANK.nameStart;
    if (best === undefined || rank < best) best = rank;
  }
  return best;
}

/**
 * A search over `places` for a searchable picker: what was typed (English in any case, old or new
 * spelling, Bangla in either Unicode form, spaces around it) finds the places whose name, Bangla
 * name or other spelling, or one of their later words, starts with it ("chit" → Chattogram via
 * Chittagong, "চট্ট" → চট্টগ্রাম, "bazar" → Cox's Bazar). Best matches first (the whole name, then
 * a name's start, an alias's start, a later word), in the list's order within each. Nothing typed
 * (or only spaces and punctuation) answers the whole list. The keys are computed once, here.
 */
export function createPlaceSearch<Place extends SearchablePlace>(
  places: readonly Place[],
): (typed: string) => Place[] {
  const indexed = places.map((place) => ({ place, keys: keysOf(place) }));
  return (typed) => {
    const query = placeSearchKey(typed);
    if (!query) return [...places];
    const found: { place: Place; rank: Rank }[] = [];
    for (const { place, keys } of indexed) {
      const rank = rankOf(keys, query);
      if (rank !== undefined) found.push({ place, rank });
    }
    return found.sort((a, b) => a.rank - b.rank).map(({ place }) => place);
  };
}
