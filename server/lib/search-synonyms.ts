import MiniSearch, { type Query } from "minisearch";
import { MAX_WORDS_PER_TERM, type SynonymGroup } from "#contract/schemas/search-synonyms";
import { searchTerm } from "./bangla-search.js";

/**
 * The shop's search synonyms applied to a query (docs/catalog.md, "Synonyms"). Words are compared
 * as the index stores them (`searchTerm`: lower case, NFC, Bangla romanised), so `গেঞ্জি` and
 * `genji` are one key. Nothing here builds a regular expression: a query's words are looked up in
 * a Map, and what they expand to is searched as plain terms.
 *
 * Bounded: a word expands once (a synonym's own synonyms are not followed), each recognised
 * phrase to at most MAX_ALTERNATIVES_PER_PHRASE others and a whole query to at most
 * MAX_ALTERNATIVES_PER_QUERY, whatever the settings hold.
 */

export const MAX_ALTERNATIVES_PER_PHRASE = 16;
export const MAX_ALTERNATIVES_PER_QUERY = 32;

/** Phrase (its search terms joined by a space) → the phrases a search for it also looks for. */
export interface SynonymTable {
  alternatives: Map<string, string[]>;
  /** The longest phrase, in words: how far ahead a query is read for one. */
  longest: number;
}

const tokenize = MiniSearch.getDefault("tokenize") as (text: string) => string[];

/** A text's search terms, as the index and MiniSearch's query see them. */
export function searchWords(text: string): string[] {
  return tokenize(text)
    .map(searchTerm)
    .filter((word) => word.length > 0);
}

export const NO_SYNONYMS: SynonymTable = { alternatives: new Map(), longest: 0 };

const compiled = new WeakMap<readonly SynonymGroup[], SynonymTable>();

/**
 * The groups as a lookup table, built once per settings version (the settings copy hands out the
 * same array until an admin saves).
 */
export function synonymTable(groups: readonly SynonymGroup[]): SynonymTable {
  let table = compiled.get(groups);
  if (!table) {
    table = buildTable(groups);
    compiled.set(groups, table);
  }
  return table;
}

function buildTable(groups: readonly SynonymGroup[]): SynonymTable {
  const alternatives = new Map<string, Set<string>>();
  let longest = 0;
  const phraseOf = (term: string) => {
    const words = searchWords(term).slice(0, MAX_WORDS_PER_TERM);
    return words.length > 0 ? words.join(" ") : undefined;
  };
  for (const group of groups) {
    const words = [...new Set(group.words.map(phraseOf).filter((word) => word !== undefined))];
    const alsoFinds = group.alsoFinds.map(phraseOf).filter((word) => word !== undefined);
    for (const word of words) {
      longest = Math.max(longest, word.split(" ").length);
      const found = alternatives.get(word) ?? new Set<string>();
      for (const other of [...words, ...alsoFinds]) {
        if (other !== word && found.size < MAX_ALTERNATIVES_PER_PHRASE) found.add(other);
      }
      if (found.size > 0) alternatives.set(word, found);
    }
  }
  return {
    alternatives: new Map([...alternatives].map(([word, found]) => [word, [...found]])),
    longest,
  };
}

/**
 * A recognised word (typed or a synonym) also finds longer words it starts (`shirt`: `shirts`)
 * from 4 letters; shorter ones only themselves: the `t` of `t shirt` must not find every word
 * starting with t (the polo shirt's Bangla description has `toiri`).
 */
const wholeWordOrLonger = (term: string) => term.length >= 4;

/**
 * The query with each recognised word or phrase widened to "as typed, or any of its synonyms".
 * The typed words keep the search's typo rules; synonyms match without typos. A query without a
 * recognised word is returned as it came, so it searches exactly as before.
 */
export function expandQuery(query: string, table: SynonymTable): Query {
  if (table.longest === 0) return query;
  const words = searchWords(query);
  const parts: Query[] = [];
  let budget = MAX_ALTERNATIVES_PER_QUERY;
  let expanded = false;
  let start = 0;
  while (start < words.length) {
    // The longest phrase starting here that the table knows (`half pant` before `half`).
    let length = Math.min(table.longest, words.length - start);
    let found = table.alternatives.get(words.slice(start, start + length).join(" "));
    while (!found && length > 1) {
      length -= 1;
      found = table.alternatives.get(words.slice(start, start + length).join(" "));
    }
    const typed = words.slice(start, start + length).join(" ");
    const wanted = found?.slice(0, budget) ?? [];
    if (wanted.length === 0) parts.push(typed);
    else {
      budget -= wanted.length;
      expanded = true;
      parts.push({
        combineWith: "OR",
        queries: [
          { prefix: wholeWordOrLonger, combineWith: "AND", queries: [typed] },
          {
            prefix: wholeWordOrLonger,
            fuzzy: false,
            combineWith: "OR",
            queries: wanted.map((phrase) => ({ combineWith: "AND", queries: [phrase] })),
          },
        ],
      });
    }
    start += length;
  }
  return expanded ? { combineWith: "AND", queries: parts } : query;
}
