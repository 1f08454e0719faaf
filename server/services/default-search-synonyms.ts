import type { SynonymGroup } from "#contract/schemas/search-synonyms";

/**
 * The search synonyms a new shop starts with (and a shop saved before synonyms existed reads):
 * the words Bangladeshi shoppers type for clothes, in English, Banglish and Bangla. A Bangla word
 * that romanises to its English spelling (পাঞ্জাবি → panjabi, প্যান্ট → pant, লুঙ্গি → lungi)
 * needs no group of its own (docs/i18n.md); it is listed where it reads more clearly so.
 * The owner edits the list on the settings screen (docs/catalog.md, "Synonyms").
 */
export const DEFAULT_SEARCH_SYNONYMS: SynonymGroup[] = [
  { words: ["t-shirt", "tee", "tshirt", "টি-শার্ট", "টিশার্ট"], alsoFinds: [] },
  // Genji is what most shoppers call a t-shirt, and also the sleeveless vest worn under a shirt.
  { words: ["genji", "ganji", "গেঞ্জি"], alsoFinds: ["t-shirt", "tee", "টি-শার্ট", "vest"] },
  { words: ["vest", "sando", "স্যান্ডো"], alsoFinds: [] },
  {
    words: ["pant", "pants", "trouser", "trousers", "প্যান্ট"],
    alsoFinds: ["jeans", "jean", "chino", "joggers"],
  },
  { words: ["jeans", "jean", "denim", "জিন্স"], alsoFinds: [] },
  { words: ["half pant", "shorts", "হাফ প্যান্ট"], alsoFinds: [] },
  { words: ["panjabi", "punjabi", "kurta", "পাঞ্জাবি"], alsoFinds: [] },
  { words: ["kurti", "kurtee", "tunic", "কুর্তি"], alsoFinds: [] },
  {
    words: [
      "three piece",
      "3 piece",
      "থ্রি পিস",
      "থ্রিপিস",
      "salwar kameez",
      "shalwar kameez",
      "সালোয়ার কামিজ",
    ],
    alsoFinds: [],
  },
  { words: ["polo", "polo shirt", "polo t-shirt", "collar t-shirt", "পোলো শার্ট"], alsoFinds: [] },
  { words: ["hoodie", "hoody", "hoodies", "হুডি"], alsoFinds: [] },
  { words: ["shirt", "শার্ট"], alsoFinds: [] },
  { words: ["saree", "sari", "শাড়ি"], alsoFinds: [] },
  { words: ["sweater", "jumper", "pullover", "সোয়েটার"], alsoFinds: [] },
  { words: ["jacket", "জ্যাকেট"], alsoFinds: [] },
  { words: ["blazer", "ব্লেজার"], alsoFinds: [] },
  { words: ["frock", "ফ্রক"], alsoFinds: [] },
  { words: ["orna", "dupatta", "ওড়না"], alsoFinds: [] },
  { words: ["borka", "burqa", "burka", "abaya", "বোরকা"], alsoFinds: [] },
];
