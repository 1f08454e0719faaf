/**
 * The catalogue search's synonyms, edited with the other shop settings (docs/catalog.md,
 * "Synonyms"): groups of words shoppers type for the same garment (`tee`, `t-shirt`, `টি-শার্ট`),
 * each optionally finding more (`genji` also finds t-shirts and vests, not the other way round).
 * Only zod, so the back office checks a list with the rules the server applies.
 *
 * Every size is bounded: a search expands each word it recognises once (never a synonym's own
 * synonyms), so these limits also bound what one query can grow into.
 */
import { z } from "zod";

export const MAX_SYNONYM_GROUPS = 100;
/** Words in a group's `words`, and again in its `alsoFinds`. */
export const MAX_WORDS_PER_GROUP = 12;
export const MAX_SYNONYM_LENGTH = 40;
/** Words in one term: `three piece`, `salwar kameez`, `polo t-shirt`. */
export const MAX_WORDS_PER_TERM = 4;

/** The search splits words at spaces and punctuation (a hyphen too: `t-shirt` is `t shirt`). */
const termWords = (term: string) => term.split(/[\s\p{P}]+/u).filter(Boolean);

/**
 * Letters of any script with their marks, digits, spaces, hyphens, apostrophes and dots. Invisible
 * format characters (the ZWJ/ZWNJ of Bangla keyboards) are let through: the search drops them.
 */
const TERM_CHARACTERS = /^[\p{L}\p{M}\p{N} '’.-]*$/u;

/** What is wrong with a term, the first problem only; undefined: nothing. */
function termProblem(term: string): string | undefined {
  if (!/[\p{L}\p{N}]/u.test(term)) return "Enter a word";
  if (!TERM_CHARACTERS.test(term.replace(/\p{Cf}/gu, "")))
    return "Letters, digits, spaces, hyphens and apostrophes only";
  if (termWords(term).length > MAX_WORDS_PER_TERM)
    return `At most ${MAX_WORDS_PER_TERM} words in one term`;
  return undefined;
}

const SynonymTerm = z
  .string()
  .trim()
  .max(MAX_SYNONYM_LENGTH, `At most ${MAX_SYNONYM_LENGTH} characters`)
  .superRefine((term, context) => {
    const problem = termProblem(term);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

const TermList = z
  .array(SynonymTerm)
  .max(MAX_WORDS_PER_GROUP, `At most ${MAX_WORDS_PER_GROUP} words`);

export const SynonymGroup = z
  .strictObject({
    /** Words that mean the same: a search for any of them also finds the others. */
    words: TermList.min(1, "Enter at least one word"),
    /** What a search for any of `words` also finds (not the other way round). */
    alsoFinds: TermList,
  })
  .refine((group) => group.words.length + group.alsoFinds.length >= 2, {
    message: "A group needs a second word, or something its word also finds",
    path: ["words"],
  });
export type SynonymGroup = z.output<typeof SynonymGroup>;

export const SearchSettings = z.strictObject({
  synonyms: z
    .array(SynonymGroup)
    .max(MAX_SYNONYM_GROUPS, `At most ${MAX_SYNONYM_GROUPS} synonym groups`),
});
export type SearchSettings = z.output<typeof SearchSettings>;
