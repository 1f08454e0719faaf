import type { Query } from "minisearch";
import { describe, expect, it } from "vitest";
import {
  MAX_SYNONYM_GROUPS,
  MAX_WORDS_PER_GROUP,
  SearchSettings,
  type SynonymGroup,
} from "#contract/schemas/search-synonyms";
import {
  expandQuery,
  MAX_ALTERNATIVES_PER_PHRASE,
  MAX_ALTERNATIVES_PER_QUERY,
  synonymTable,
} from "../../server/lib/search-synonyms";
import { DEFAULT_SEARCH_SYNONYMS } from "../../server/services/default-search-synonyms";

/** The synonym phrases a query searches besides what was typed. */
function synonymsSearched(query: Query): string[] {
  if (typeof query === "string" || typeof query === "symbol") return [];
  if (query.fuzzy === false)
    return query.queries.flatMap((phrase) =>
      typeof phrase === "object" ? (phrase.queries as string[]) : [],
    );
  return query.queries.flatMap(synonymsSearched);
}

describe("expandQuery", () => {
  const defaults = synonymTable(DEFAULT_SEARCH_SYNONYMS);

  it("widens a known word, in either script, to its synonyms", () => {
    expect(synonymsSearched(expandQuery("গেঞ্জি", defaults))).toEqual([
      "ganji",
      "t shirt",
      "tee",
      "ti shart",
      "vest",
    ]);
    expect(synonymsSearched(expandQuery("Genji", defaults))).toEqual(
      synonymsSearched(expandQuery("গেঞ্জি", defaults)),
    );
  });

  it("reads the longest known phrase first", () => {
    expect(synonymsSearched(expandQuery("half pant", defaults))).toEqual(["shorts", "haf pant"]);
    expect(synonymsSearched(expandQuery("black pant", defaults))).toContain("trousers");
  });

  it("leaves a query without a known word exactly as it came", () => {
    expect(expandQuery("maroon (.*", defaults)).toBe("maroon (.*");
  });

  it("treats regular-expression characters as the separators they are", () => {
    expect(expandQuery("tee (.*", defaults)).toEqual(expandQuery("tee", defaults));
  });

  it("is built once per saved list", () => {
    expect(synonymTable(DEFAULT_SEARCH_SYNONYMS)).toBe(defaults);
  });

  it("stays bounded for the largest list the settings accept and a long query", () => {
    // Every group the settings allow, each full, all on the same word: the worst case.
    const groups: SynonymGroup[] = Array.from({ length: MAX_SYNONYM_GROUPS }, (_, group) => ({
      words: [
        "tee",
        ...Array.from({ length: MAX_WORDS_PER_GROUP - 1 }, (_, i) => `w${group}x${i}`),
      ],
      alsoFinds: Array.from({ length: MAX_WORDS_PER_GROUP }, (_, i) => `a${group}x${i}`),
    }));
    expect(SearchSettings.safeParse({ synonyms: groups }).success).toBe(true);
    const table = synonymTable(groups);
    expect(synonymsSearched(expandQuery("tee", table))).toHaveLength(MAX_ALTERNATIVES_PER_PHRASE);
    const fifty = Array(50).fill("tee").join(" ");
    expect(synonymsSearched(expandQuery(fifty, table))).toHaveLength(MAX_ALTERNATIVES_PER_QUERY);
    // Measured about 0.1 ms once warm (the first call compiles the tokenizer's expressions).
    const started = performance.now();
    expandQuery(fifty, table);
    expect(performance.now() - started).toBeLessThan(20);
  });
});
