/**
 * Where a parcel goes: Bangladesh's 64 districts and their thanas (upazilas, and the metropolitan
 * thanas of Dhaka and Chattogram), English and Bangla, with stable ids and a search for the
 * address pickers. Server and browser read the same data (docs/locations.md).
 */
import { DISTRICTS, DIVISIONS, type DistrictId, type DivisionId } from "./locations/districts.js";
import { createPlaceSearch, type SearchablePlace } from "./locations/search.js";
import { THANAS, type PlaceRow } from "./locations/thanas.js";

export type { DistrictId, DivisionId };
export { createPlaceSearch, placeSearchKey, placeWords } from "./locations/search.js";
export type { SearchablePlace } from "./locations/search.js";

type DivisionRow = (typeof DIVISIONS)[number];

export interface Division extends SearchablePlace {
  id: DivisionId;
  name: DivisionRow["name"];
  nameBn: DivisionRow["nameBn"];
}

export interface District extends SearchablePlace {
  id: DistrictId;
  division: Division;
}

/** An upazila, or a thana of a metropolitan police (Dhaka's Dhanmondi, Chattogram's Panchlaish). */
export type ThanaKind = "upazila" | "metropolitan";

export interface Thana extends SearchablePlace {
  /** `district/slug`, e.g. `dhaka/dhanmondi`. */
  id: string;
  district: DistrictId;
  kind: ThanaKind;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en");

const divisionsById = new Map<string, Division>(
  DIVISIONS.map((division) => [
    division.id,
    { ...division, aliases: "aliases" in division ? division.aliases : [] },
  ]),
);

/** The 64 districts, sorted by English name. */
export const DISTRICT_LIST: readonly District[] = DISTRICTS.map((district): District => ({
  id: district.id,
  name: district.name,
  nameBn: district.nameBn,
  aliases: "aliases" in district ? district.aliases : [],
  division: divisionsById.get(district.division)!,
})).sort(byName);

const districtsById = new Map<string, District>(
  DISTRICT_LIST.map((district) => [district.id, district]),
);

/** The district with this id; undefined for any other text. */
export function findDistrict(id: string): District | undefined {
  return districtsById.get(id);
}

function thanaOf(district: DistrictId, kind: ThanaKind) {
  return ([slug, name, nameBn, ...aliases]: PlaceRow): Thana => ({
    id: `${district}/${slug}`,
    name,
    nameBn,
    aliases,
    district,
    kind,
  });
}

// Built on first use, per district: a page that never opens the thana picker pays nothing.
const thanaLists = new Map<DistrictId, readonly Thana[]>();

/** The district's thanas (upazilas and metropolitan thanas together), sorted by English name. */
export function thanasOf(district: DistrictId): readonly Thana[] {
  let thanas = thanaLists.get(district);
  if (!thanas) {
    const { upazilas, metropolitan = [] } = THANAS[district];
    thanas = [
      ...upazilas.map(thanaOf(district, "upazila")),
      ...metropolitan.map(thanaOf(district, "metropolitan")),
    ].sort(byName);
    thanaLists.set(district, thanas);
  }
  return thanas;
}

/** The thana with this id (`district/slug`); undefined for any other text. */
export function findThana(id: string): Thana | undefined {
  const slash = id.indexOf("/");
  const district = slash > 0 ? findDistrict(id.slice(0, slash)) : undefined;
  return district && thanasOf(district.id).find((thana) => thana.id === id);
}

/** The districts whose name, Bangla name or other spelling starts with what was typed. */
export const searchDistricts = createPlaceSearch(DISTRICT_LIST);

const thanaSearches = new Map<DistrictId, (typed: string) => Thana[]>();

/** The district's thanas whose name, Bangla name or other spelling starts with what was typed. */
export function searchThanas(district: DistrictId, typed: string): Thana[] {
  let search = thanaSearches.get(district);
  if (!search) {
    search = createPlaceSearch(thanasOf(district));
    thanaSearches.set(district, search);
  }
  return search(typed);
}
