/**
 * Which of Pathao's cities and zones a place of the shop's lists is (docs/delivery-zones.md,
 * "Pathao's live price"). The checkout stores a district and a thana of our lists; Pathao prices
 * and books by its own `city_id` and `zone_id`, from lists that spell places its own way (Bogra,
 * Barisal, "Panchlaish ctg", "Kotwali (Chattogram)", "Bakergonj"). The same match serves the
 * checkout's live price and the parcel's booking, so both always name the same place.
 *
 * The rule, strictest first, and never a guess across cities:
 * - a district is Pathao's city whose name is one of the district's names or spellings (folded as
 *   `placeKey` folds them); several such cities, or none, and the district has no Pathao city;
 * - a thana is a zone of that city only: a zone whose name, without the city's name written
 *   beside it and a trailing "thana", is the thana's name or one of its spellings, or a spelling
 *   of the table below; else, when no other thana of the district sounds alike, a zone whose
 *   consonants are the thana's (Bangla names written in Latin letters mostly differ in vowels:
 *   Gauronodi/Gaurnadi, Kotowali/Kotwali, Agailzhara/Agailjhara). Zones Pathao lists twice under
 *   one name: the lowest id.
 * Anything else is unmatched, and the caller charges the zone's own price.
 */
import { createHash } from "node:crypto";
import { getEnv } from "../env.js";
import {
  listCities,
  listZones,
  type PathaoCity,
  type PathaoCredentials,
  type PathaoZone,
} from "../integrations/pathao.js";
import { placeKey } from "#contract/city-names";
import {
  DISTRICT_LIST,
  findDistrict,
  findThana,
  placeWords,
  thanasOf,
  type District,
  type DistrictId,
  type Thana,
} from "#contract/locations";
import type { PathaoPlaceReason } from "#contract/pathao-places";

/**
 * Pathao's spellings that neither our lists' aliases nor the folding find, by thana id (public
 * Pathao zone names). A Dhaka metropolitan thana that Pathao splits into numbered zones maps to
 * the first of them: every zone of a city costs the city's price, and the rider's area comes from
 * the address line.
 */
const PATHAO_ZONE_SPELLINGS: Record<string, readonly string[]> = {
  "dhaka/gulshan": ["Gulshan 1"],
  "dhaka/mirpur": ["Mirpur 1"],
  "chattogram/banshkhali": ["Bashkhali"],
  "bogura/dupchanchia": ["Dupchachia"],
  "cumilla/brahmanpara": ["B.Para"],
  "cumilla/cumilla-sadar-dakshin": ["Sadar Dakkhin"],
};

/** Short names Pathao writes beside a zone for its city ("New Market CTG"). */
const CITY_ABBREVIATIONS: Partial<Record<DistrictId, readonly string[]>> = {
  chattogram: ["ctg"],
};

/** Words that say what kind of place a zone is, not which. */
const KIND_WORDS = new Set(["thana"]);

/** How long Pathao's lists are kept per store, and how long a failed load is not retried. */
const LIST_TTL_MS = 60 * 60 * 1000;
const FAILED_LIST_TTL_MS = 60 * 1000;
/**
 * Lists kept at most (the oldest read goes first): the public address pickers ask for any zone's
 * areas by id, and a list per id asked must not grow without end.
 */
export const MAX_CACHED_LISTS = 2000;
/** How many zone lists the operator's report asks Pathao for at once. */
const REPORT_READS_AT_ONCE = 8;

interface CacheEntry {
  at: number;
  ttl: number;
  value: Promise<unknown>;
}
const listCache = new Map<string, CacheEntry>();

export function resetPathaoPlacesCacheForTests(): void {
  listCache.clear();
}

/**
 * Which account and store the lists were read for: another store or account (sandbox and live
 * differ) never reads this one's ids, and credentials corrected in the back office are tried at
 * once, not after a failed read's minute. A digest, so the cache holds no credential.
 */
function storeKey(credentials: PathaoCredentials): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        getEnv().PATHAO_BASE_URL,
        credentials.clientId,
        credentials.clientSecret,
        credentials.username,
        credentials.password,
        credentials.storeId ?? null,
      ]),
    )
    .digest("hex")
    .slice(0, 32);
}

function keep(key: string, entry: CacheEntry): void {
  listCache.delete(key);
  listCache.set(key, entry);
  if (listCache.size > MAX_CACHED_LISTS) listCache.delete(listCache.keys().next().value!);
}

/**
 * One of Pathao's lists for this store: kept an hour; one load at a time (concurrent checkouts
 * share it); a failed load is remembered a minute so that Pathao down does not slow every quote.
 */
export function pathaoList<T>(
  credentials: PathaoCredentials,
  list: string,
  load: () => Promise<T>,
): Promise<T> {
  const key = `${storeKey(credentials)}:${list}`;
  const hit = listCache.get(key);
  if (hit && Date.now() - hit.at < hit.ttl) return hit.value as Promise<T>;
  const value = load();
  keep(key, { at: Date.now(), ttl: LIST_TTL_MS, value });
  value.catch(() => keep(key, { at: Date.now(), ttl: FAILED_LIST_TTL_MS, value }));
  return value;
}

export const pathaoCities = (credentials: PathaoCredentials) =>
  pathaoList(credentials, "cities", () => listCities(credentials));

export const pathaoZones = (credentials: PathaoCredentials, cityId: number) =>
  pathaoList(credentials, `zones:${cityId}`, () => listZones(credentials, cityId));

/** The district's own names and spellings as single words ("chattogram", "chittagong", "ctg"). */
function cityWords(district: District): Set<string> {
  return new Set([
    ...[district.name, ...district.aliases].map((name) => placeWords(name).join("")),
    ...(CITY_ABBREVIATIONS[district.id] ?? []),
  ]);
}

/**
 * A zone name without its city written beside it ("Kotwali (Chattogram)", "CTG - Lohagara",
 * "Bogra Sadar" stays: "Sadar" alone names nothing) and without a trailing "thana".
 */
function zoneKey(name: string, city: Set<string>): string {
  const words = placeWords(name);
  while (words.length > 1 && city.has(words[0])) words.shift();
  while (words.length > 1 && (city.has(words.at(-1)!) || KIND_WORDS.has(words.at(-1)!)))
    words.pop();
  return words.join("");
}

/**
 * A key's consonants: vowels (and y, w, h, which Latin spellings of Bangla add or drop) gone,
 * z as j, doubled letters once ("kamranggirchar" and "Kamrangirchar" alike).
 */
export function consonantKey(key: string): string {
  return key
    .replace(/z/g, "j")
    .replace(/ph/g, "f")
    .replace(/[aeiouyhw]/g, "")
    .replace(/(.)\1+/g, "$1");
}

/**
 * A name's keys: without its city's name beside it, and whole (a misspelt city name beside a
 * zone, "Brahamanbaria Sadar", is no city word: only the whole name's consonants find it).
 */
const keysOfName = (name: string, city: Set<string>) => [
  zoneKey(name, city),
  placeWords(name).join(""),
];

/** The zones of `zones` under each key `keysOf` gives them, lowest id first. */
function indexZones(zones: readonly PathaoZone[], keysOf: (zone: PathaoZone) => string[]) {
  const index = new Map<string, PathaoZone[]>();
  for (const zone of [...zones].sort((a, b) => a.zone_id - b.zone_id))
    for (const key of new Set(keysOf(zone).filter(Boolean)))
      index.set(key, [...(index.get(key) ?? []), zone]);
  return index;
}

/** The keys a thana is written under (its name and English spellings, and Pathao's above). */
function thanaKeys(thana: Pick<Thana, "id" | "name" | "aliases">, city: Set<string>): string[] {
  return [thana.name, ...thana.aliases, ...(PATHAO_ZONE_SPELLINGS[thana.id] ?? [])]
    .flatMap((name) => keysOfName(name, city))
    .filter(Boolean);
}

/** Pathao's city for a district: the only one written as one of its names, else undefined. */
export function cityOfDistrict(
  cities: readonly PathaoCity[],
  district: District,
): PathaoCity | undefined {
  const found = cities.filter((city) => placeKey(city.city_name) === district.id);
  return found.length === 1 ? found[0] : undefined;
}

/**
 * Pathao's zone for a thana of the district (or for a zone name typed without a thana), in the
 * zones of the district's Pathao city; undefined when none is sure.
 */
export function zoneOfThana(
  zones: readonly PathaoZone[],
  district: District,
  thana: Pick<Thana, "id" | "name" | "aliases">,
): PathaoZone | undefined {
  const city = cityWords(district);
  const keys = thanaKeys(thana, city);
  const byName = indexZones(zones, (zone) => keysOfName(zone.zone_name, city));
  for (const key of keys) {
    const found = byName.get(key);
    if (found) return found[0];
  }
  // Alike in consonants only when no other thana of the district is: Pathao's spelling must
  // point at one of ours, never at a neighbour's.
  const consonants = new Set(keys.map(consonantKey));
  const others = thanasOf(district.id).filter((other) => other.id !== thana.id);
  if (
    others.some((other) => thanaKeys(other, city).some((key) => consonants.has(consonantKey(key))))
  )
    return undefined;
  const byConsonants = indexZones(zones, (zone) =>
    keysOfName(zone.zone_name, city).map(consonantKey),
  );
  for (const key of consonants) {
    const found = byConsonants.get(key);
    if (found) return found[0];
  }
  return undefined;
}

/** Where a parcel goes, as the order stores it (docs/locations.md). */
export interface PlaceToMatch {
  districtId: string | null;
  thanaId: string | null;
  /** The zone as typed, when no thana of the list was chosen (an older page, an API client). */
  zone: string;
}

export type PathaoPlaceMatch =
  | { matched: true; cityId: number; zoneId: number }
  | { matched: false; cityId?: number; reason: PathaoPlaceReason };

const unmatched = (reason: PathaoPlaceReason, cityId?: number): PathaoPlaceMatch => ({
  matched: false,
  reason,
  ...(cityId === undefined ? {} : { cityId }),
});

/**
 * Pathao's city and zone for a place: the match above; a zone typed as Pathao's own id is taken
 * when that city lists it (the older checkout sent ids). Throws when Pathao's lists cannot be read.
 */
export async function matchPathaoPlace(
  credentials: PathaoCredentials,
  place: PlaceToMatch,
): Promise<PathaoPlaceMatch> {
  const district = place.districtId ? findDistrict(place.districtId) : undefined;
  if (!district) return unmatched("place-not-on-our-lists");
  const city = cityOfDistrict(await pathaoCities(credentials), district);
  if (!city) return unmatched("no-pathao-city");
  const thana = place.thanaId ? findThana(place.thanaId) : undefined;
  const typed = place.zone.trim();
  if (!thana && !typed) return unmatched("no-thana", city.city_id);
  const zones = await pathaoZones(credentials, city.city_id);
  const zone = thana
    ? zoneOfThana(zones, district, thana)
    : /^\d+$/.test(typed)
      ? zones.find((entry) => entry.zone_id === Number(typed))
      : zoneOfThana(zones, district, { id: "", name: typed, aliases: [] });
  if (!zone) return unmatched("no-pathao-zone", city.city_id);
  return { matched: true, cityId: city.city_id, zoneId: zone.zone_id };
}

/**
 * Every district and thana against this store's Pathao lists, for the operator: what is not
 * matched (and so charged at the zone's price and booked without ids), and Pathao's cities no
 * district took. Reads each city's zones once (then cached with the lists).
 */
export async function pathaoPlacesReport(credentials: PathaoCredentials) {
  const cities = await pathaoCities(credentials);
  const unmatchedDistricts: { id: string; name: string }[] = [];
  const unmatchedThanas: { id: string; name: string; districtId: string }[] = [];
  const usedCities = new Set<number>();
  let matchedThanas = 0;
  // Each matched city's zones, a few lists at a time (a first report reads about 64).
  const matchedCities = DISTRICT_LIST.map((district) => ({
    district,
    city: cityOfDistrict(cities, district),
  }));
  const zonesByCity = new Map<number, PathaoZone[]>();
  const toRead = matchedCities.flatMap(({ city }) => (city ? [city.city_id] : []));
  for (let start = 0; start < toRead.length; start += REPORT_READS_AT_ONCE)
    await Promise.all(
      toRead
        .slice(start, start + REPORT_READS_AT_ONCE)
        .map(async (cityId) => zonesByCity.set(cityId, await pathaoZones(credentials, cityId))),
    );
  for (const { district, city } of matchedCities) {
    if (!city) {
      unmatchedDistricts.push({ id: district.id, name: district.name });
      continue;
    }
    usedCities.add(city.city_id);
    const zones = zonesByCity.get(city.city_id)!;
    for (const thana of thanasOf(district.id)) {
      if (zoneOfThana(zones, district, thana)) matchedThanas += 1;
      else unmatchedThanas.push({ id: thana.id, name: thana.name, districtId: district.id });
    }
  }
  return {
    districts: {
      matched: DISTRICT_LIST.length - unmatchedDistricts.length,
      unmatched: unmatchedDistricts,
    },
    thanas: { matched: matchedThanas, unmatched: unmatchedThanas },
    unusedPathaoCities: cities
      .filter((city) => !usedCities.has(city.city_id))
      .map((city) => ({ cityId: city.city_id, name: city.city_name.trim() })),
  };
}
