import { toAsciiDigits } from "#contract/i18n/digits";

/**
 * Search terms in one spelling for both scripts: Bangla words are romanised the way shoppers in
 * Bangladesh type them ("Banglish": পাঞ্জাবি → panjabi, শাড়ি → shari, টি-শার্ট → ti shart), so
 * `panjabi`, `পাঞ্জাবি`, `পাঞ্জাবী` and the typo `panjbi` all meet on one indexed term. Used for the
 * catalogue index and for queries alike (docs/i18n.md). A phonetic table rather than a
 * transliteration package: the npm ones (any-ascii, sanscript) aim at scholarly or ASCII-safe
 * output (শ → s, ড় → d', ā), which is further from what shoppers type than this table.
 */

// Independent vowels and vowel signs. Long and short i/u are one sound to a shopper.
const VOWELS: Record<string, string> = {
  অ: "o",
  আ: "a",
  ই: "i",
  ঈ: "i",
  উ: "u",
  ঊ: "u",
  ঋ: "ri",
  এ: "e",
  ঐ: "oi",
  ও: "o",
  ঔ: "ou",
};
const VOWEL_SIGNS: Record<string, string> = {
  "\u09be": "a",
  "\u09bf": "i",
  "\u09c0": "i",
  "\u09c1": "u",
  "\u09c2": "u",
  "\u09c3": "ri",
  "\u09c7": "e",
  "\u09c8": "oi",
  "\u09cb": "o",
  "\u09cc": "ou",
};
// Aspirates as shoppers write them (ফ → f rather than ph); ড়/ঢ় (flap r) and য় (y) as read.
const CONSONANTS: Record<string, string> = {
  ক: "k",
  খ: "kh",
  গ: "g",
  ঘ: "gh",
  ঙ: "ng",
  চ: "ch",
  ছ: "chh",
  জ: "j",
  ঝ: "jh",
  ঞ: "n",
  ট: "t",
  ঠ: "th",
  ড: "d",
  ঢ: "dh",
  ণ: "n",
  ত: "t",
  থ: "th",
  দ: "d",
  ধ: "dh",
  ন: "n",
  প: "p",
  ফ: "f",
  ব: "b",
  ভ: "bh",
  ম: "m",
  য: "j",
  র: "r",
  ল: "l",
  শ: "sh",
  ষ: "sh",
  স: "s",
  হ: "h",
  "\u09dc": "r",
  "\u09dd": "rh",
  "\u09df": "y",
  ৎ: "t",
};
// Signs after a letter: anusvara, visarga; chandrabindu (nasal) and the length mark add nothing.
const MODIFIERS: Record<string, string> = {
  "\u0982": "ng",
  "\u0983": "h",
  "\u0981": "",
  "\u09d7": "",
};
const HASANTA = "\u09cd";
const NUKTA = "\u09bc";
/** NFC splits ড়, ঢ় and য় into letter + nukta; the table reads them as single letters. */
const WITH_NUKTA: Record<string, string> = { ড: "\u09dc", ঢ: "\u09dd", য: "\u09df" };

const BENGALI = /[\u0980-\u09ff]/;

/** Romanises a Bangla word; other characters pass through unchanged. */
export function romaniseBangla(word: string): string {
  const chars = [...word.normalize("NFC")];
  let out = "";
  for (let index = 0; index < chars.length; index += 1) {
    let char = chars[index];
    if (chars[index + 1] === NUKTA && WITH_NUKTA[char]) {
      char = WITH_NUKTA[char];
      index += 1;
    }
    const consonant = CONSONANTS[char];
    if (consonant === undefined) {
      out += VOWELS[char] ?? VOWEL_SIGNS[char] ?? MODIFIERS[char] ?? (char === NUKTA ? "" : char);
      continue;
    }
    const next = chars[index + 1];
    // য-ফলা and ব-ফলা (্য, ্ব after a letter) are silent or only lengthen it: ব্যাগ → bag.
    if (out && chars[index - 1] === HASANTA && (char === "য" || char === "ব")) {
      continue;
    }
    // ঙ before a joined letter is the n of "ng" (লুঙ্গি → lungi, not lunggi).
    out += char === "ঙ" && next === HASANTA ? "n" : consonant;
    if (next === HASANTA) {
      index += 1;
      continue;
    }
    const atWordEnd = next === undefined || !BENGALI.test(next);
    // The inherent vowel: sounded as "o" inside a word, silent at its end (কলম → kolom).
    // Also before ং and ঃ: রং → rong.
    if (!atWordEnd && VOWEL_SIGNS[next] === undefined) out += "o";
  }
  return out;
}

/**
 * One search term as the index stores it and a query looks it up: lower case, Unicode NFC, Bangla
 * digits as ASCII digits, Bangla letters romanised, without invisible format characters (zero-width
 * space, ZWJ/ZWNJ, BOM, bidi marks): Bangla keyboards put ZWJ into some conjuncts (র‍্য), pasted text
 * carries the others, and a catalogue title written with one was found by no search typed without it.
 */
export function searchTerm(term: string): string {
  const plain = toAsciiDigits(
    term
      .replace(/\p{Cf}/gu, "")
      .normalize("NFC")
      .toLowerCase(),
  );
  return BENGALI.test(plain) ? romaniseBangla(plain) : plain;
}
