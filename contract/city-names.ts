/**
 * Delivery city names: one key for every way a shopper or the courier writes a city (English
 * spellings old and new, Bangla in either Unicode form, spaces and punctuation), and the Bangla
 * name of each district. Every comparison of city names (the district of an address sent without
 * ids, the courier's city and zone ids) and the Bangla screens go through `placeKey`, so they never
 * disagree.
 *
 * The Bangla names are Bangladesh's 64 districts (plus the towns the built-in list adds) in the
 * spelling the districts use themselves. The English name stays the value that is stored and sent
 * to the courier; only what the shopper reads changes (docs/i18n.md, "Delivery places").
 */
import { DISTRICTS } from "./locations/districts.js";

/**
 * Places the built-in delivery list names beside the 64 districts (contract/locations), by the key
 * `placeKey` gives them.
 */
const TOWNS_BN: Record<string, string> = { savar: "সাভার", tongi: "টঙ্গী" };

/** Every district's Bangla name (one list: contract/locations) and the towns', by key. */
const BANGLA_CITY_NAMES: Record<string, string> = {
  ...Object.fromEntries(DISTRICTS.map((district) => [district.id, district.nameBn])),
  ...TOWNS_BN,
};

/**
 * Spellings the courier's city list uses that are not among the districts' aliases (those come from
 * contract/locations with the districts).
 */
const COURIER_SPELLINGS: Record<string, string> = {
  dhakacity: "dhaka",
  lakshmipor: "lakshmipur",
  chapainababganj: "chapainawabganj",
  joypurhaat: "joypurhat",
};

/** Other Bangla ways of writing a place above ("Dhaka City" as the courier lists it). */
const OTHER_BANGLA_SPELLINGS: Record<string, string> = {
  "ঢাকা সিটি": "dhaka",
  "ঢাকা শহর": "dhaka",
};

/**
 * A name folded for comparison: one Unicode form (NFD, so a Bangla name typed precomposed or
 * decomposed folds alike), Latin accents dropped, lower case, and only letters, their combining
 * marks and digits kept. The marks must stay: Bangla vowel signs, hasanta and nukta are combining
 * marks too, and "ঢাকা" without them is "ঢক". Spaces, apostrophes and invisible joiners go.
 */
function foldName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]/gu, "")
    .replace(/gonj$/, "ganj");
}

/** Folded spelling → the key of the place it names (English spellings and Bangla names alike). */
const KNOWN_SPELLINGS = new Map<string, string>([
  ...DISTRICTS.flatMap((district) =>
    ("aliases" in district ? district.aliases : []).map(
      (alias) => [foldName(alias), district.id] as const,
    ),
  ),
  ...Object.entries(COURIER_SPELLINGS).map(([spelling, key]) => [foldName(spelling), key] as const),
  ...Object.entries(BANGLA_CITY_NAMES).map(([key, bangla]) => [foldName(bangla), key] as const),
  ...Object.entries(OTHER_BANGLA_SPELLINGS).map(
    ([spelling, key]) => [foldName(spelling), key] as const,
  ),
]);

/**
 * One key for a city's (or a zone's) every spelling: "Cox's Bazar" → "coxsbazar", "Chittagong" →
 * "chattogram", "ঢাকা " → "dhaka". A name the tables do not know keeps its folded form.
 */
export function placeKey(name: string): string {
  const folded = foldName(name);
  return KNOWN_SPELLINGS.get(folded) ?? folded;
}

/** The district's Bangla name, or undefined for a place the table does not know. */
export function banglaCityName(name: string): string | undefined {
  return BANGLA_CITY_NAMES[placeKey(name)];
}
