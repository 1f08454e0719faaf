/**
 * The checkout's district and thana pickers, without React: the 64 districts (bundled: a few KB
 * the page already loads for the Bangla city names), a search over any list of places that also
 * takes a typed house or section number ("মিরপুর ১০"), and the mapping of an address written
 * before the pickers (only a city name, perhaps a zone) to a district and a thana. A district's
 * thanas are fetched from GET /api/locations/districts/{id}/thanas, never bundled
 * (docs/locations.md, "The checkout's picker").
 */
import type { ThanaAnswer } from "#contract/answers/locations";
import { placeKey } from "#contract/city-names";
import type { Locale } from "#contract/i18n";
import { toAsciiDigits } from "#contract/i18n/digits";
import { DISTRICTS, type DistrictId } from "#contract/locations/districts";
import {
  createPlaceSearch,
  placeSearchKey,
  type SearchablePlace,
} from "#contract/locations/search";

export interface DistrictOption extends SearchablePlace {
  id: DistrictId;
}

export type ThanaOption = ThanaAnswer;

/** The 64 districts, by English name (as the API lists them). */
export const DISTRICT_OPTIONS: readonly DistrictOption[] = DISTRICTS.map(
  (district): DistrictOption => ({
    id: district.id,
    name: district.name,
    nameBn: district.nameBn,
    aliases: "aliases" in district ? district.aliases : [],
  }),
).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

const districtsById = new Map<string, DistrictOption>(
  DISTRICT_OPTIONS.map((district) => [district.id, district]),
);

export function findDistrictOption(id: string): DistrictOption | undefined {
  return districtsById.get(id);
}

/** A place's name as the page's language writes it. */
export function placeName(place: Pick<SearchablePlace, "name" | "nameBn">, locale: Locale): string {
  return locale === "bn" ? place.nameBn : place.name;
}

/**
 * The places in the order a shopper of this language reads a list: by English name, or by Bangla
 * name on a Bangla page (Bangla collation: called when a list is first shown, not at start-up).
 */
export function inReadingOrder<Place extends SearchablePlace>(
  places: readonly Place[],
  locale: Locale,
): Place[] {
  if (locale === "en") return [...places];
  const collator = new Intl.Collator("bn");
  return [...places].sort((a, b) => collator.compare(a.nameBn, b.nameBn));
}

/**
 * A picker's search (createPlaceSearch: names, Bangla names and other spellings, Bangla digits
 * read as digits), which also takes a house, road or section number typed after the name: no place
 * has a number in its name, so when nothing matches, the words before the first number are
 * searched ("Mirpur 10", "মিরপুর ১০" → Mirpur).
 */
export function createPickerSearch<Place extends SearchablePlace>(
  places: readonly Place[],
): (typed: string) => Place[] {
  const search = createPlaceSearch(places);
  return (typed) => {
    const found = search(typed);
    if (found.length > 0) return found;
    const beforeNumber = toAsciiDigits(typed).split(/[0-9]/)[0];
    return placeSearchKey(beforeNumber) && beforeNumber.length < typed.length
      ? search(beforeNumber)
      : [];
  };
}

/** Whether what was typed is one of the place's names or other spellings, whole. */
export function namesPlace(place: SearchablePlace, typed: string): boolean {
  const key = placeSearchKey(typed);
  return (
    key !== "" &&
    [place.name, place.nameBn, ...place.aliases].some((name) => placeSearchKey(name) === key)
  );
}

/**
 * The thana of this list that a zone name written before the pickers names, if exactly one does
 * ("Uttara" is the other name of Uttara East and of Uttara West: the shopper chooses).
 */
export function thanaNamed(thanas: readonly ThanaOption[], zone: string): ThanaOption | undefined {
  const named = thanas.filter((thana) => namesPlace(thana, zone));
  return named.length === 1 ? named[0] : undefined;
}

/**
 * Towns the checkout's old built-in city list named that are not districts: the district they are
 * in; the town itself is (or is an alias of) one of its thanas.
 */
const TOWN_DISTRICTS: Record<string, DistrictId> = { savar: "dhaka", tongi: "gazipur" };

export interface PlaceFields {
  city: string;
  zone: string;
  districtId: string;
  thanaId: string;
}

/**
 * An address's place as the pickers hold it. One that has a district id keeps it; one written
 * before the pickers (only a city, any spelling the delivery charge knows: Chittagong, ঢাকা, Dhaka
 * City, or a town of the old list: Savar, Tongi) gets its district, the city becomes the district's
 * English name, and the zone stays for the thana picker to match once it has the district's list
 * (`thanaNamed`). A city that names no district leaves the place empty: the shopper picks again.
 */
export function withPlaceIds(place: PlaceFields): PlaceFields {
  const known = findDistrictOption(place.districtId);
  if (known) return { ...place, city: known.name };
  const key = placeKey(place.city);
  const town = TOWN_DISTRICTS[key];
  const district = findDistrictOption(town ?? key);
  if (!district) return { city: "", zone: "", districtId: "", thanaId: "" };
  return {
    city: district.name,
    districtId: district.id,
    zone: place.zone || (town ? place.city : ""),
    thanaId: "",
  };
}
