/**
 * Where an address goes, as ids of the district and thana lists (contract/locations;
 * docs/delivery-zones.md). The checkout's picker sends the ids: they are checked. An older page or
 * an API client sends names only: the district is found from the city (any spelling the district
 * list knows, in either script; a town such as Savar or Tongi is found as the thana it is in) and
 * the thana from the zone. A name found nowhere leaves the place unknown, and the order is still
 * placed (the fallback zone charges it).
 */
import { HttpError } from "../lib/http-error.js";
import { placeKey } from "#contract/city-names";
import type { PlaceIds } from "#contract/delivery-zones";
import {
  DISTRICT_LIST,
  findDistrict,
  findThana,
  placeSearchKey,
  thanasOf,
  type District,
  type DistrictId,
  type SearchablePlace,
  type Thana,
} from "#contract/locations";

export const UNKNOWN_DISTRICT_MESSAGE =
  "This district is not on our list. Choose your district from the list.";
export const THANA_NOT_IN_DISTRICT_MESSAGE =
  "This thana is not in the chosen district. Choose your thana from the list.";
export const UNKNOWN_PLACE_CODE = "UNKNOWN_PLACE";

export interface AddressPlace {
  city: string;
  zone?: string;
  districtId?: string;
  thanaId?: string;
}

/**
 * The place's ids, and the city and zone names the order stores and the courier is sent: the
 * lists' English names when ids were sent (so the text can never say another place than the ids
 * the charge was taken for), else the names as typed.
 */
export interface ResolvedPlace extends PlaceIds {
  city: string;
  zone: string;
}

const refused = (field: "districtId" | "thanaId", message: string) =>
  new HttpError(400, message, UNKNOWN_PLACE_CODE, [{ path: `shippingAddress.${field}`, message }]);

/** Every key a place is written under (its names and aliases, folded as the search folds them). */
const keysOf = (place: SearchablePlace) =>
  [place.name, place.nameBn, ...place.aliases].map(placeSearchKey);

/** Places by each of their keys; built once per list, on first use. */
function indexByName<Place extends SearchablePlace>(places: readonly Place[]) {
  const index = new Map<string, Place[]>();
  for (const place of places)
    for (const key of new Set(keysOf(place))) index.set(key, [...(index.get(key) ?? []), place]);
  return index;
}

let districtIndex: Map<string, District[]> | undefined;
let thanaIndex: Map<string, Thana[]> | undefined;
const thanaIndexes = new Map<DistrictId, Map<string, Thana[]>>();

/** The one place written so; undefined when none or several are. */
const onlyOne = <T>(found: T[] | undefined): T | undefined =>
  found?.length === 1 ? found[0] : undefined;

/** The district a name (any spelling the lists know, either script) is written for. */
export function districtNamed(city: string) {
  const byAlias = findDistrict(placeKey(city));
  if (byAlias) return byAlias;
  districtIndex ??= indexByName(DISTRICT_LIST);
  return onlyOne(districtIndex.get(placeSearchKey(city)));
}

export function thanaNamed(districtId: DistrictId, zone: string | undefined): Thana | undefined {
  if (!zone?.trim()) return undefined;
  let index = thanaIndexes.get(districtId);
  if (!index) thanaIndexes.set(districtId, (index = indexByName(thanasOf(districtId))));
  return onlyOne(index.get(placeSearchKey(zone)));
}

/** A town written as the city (Savar, Tongi): the thana of that name, when only one district has one. */
export function thanaNamedAnywhere(city: string): Thana | undefined {
  thanaIndex ??= indexByName(DISTRICT_LIST.flatMap((district) => thanasOf(district.id)));
  return onlyOne(thanaIndex.get(placeSearchKey(city)));
}

/**
 * The address's district and thana ids. Ids sent are checked (400 `UNKNOWN_PLACE` naming
 * `shippingAddress.districtId` or `.thanaId`); names are looked up when no id came.
 */
export function resolvePlace(address: AddressPlace): ResolvedPlace {
  const districtId = address.districtId?.trim() || undefined;
  const thanaId = address.thanaId?.trim() || undefined;
  const typed = { city: address.city, zone: address.zone ?? "" };
  if (districtId || thanaId) {
    const district = districtId ? findDistrict(districtId) : undefined;
    if (districtId && !district) throw refused("districtId", UNKNOWN_DISTRICT_MESSAGE);
    const thana = thanaId ? findThana(thanaId) : undefined;
    if (thanaId && (!thana || (district && thana.district !== district.id)))
      throw refused("thanaId", THANA_NOT_IN_DISTRICT_MESSAGE);
    const placeDistrict = district ?? findDistrict(thana!.district)!;
    const placeThana = thana ?? thanaNamed(placeDistrict.id, address.zone);
    return {
      districtId: placeDistrict.id,
      thanaId: placeThana?.id ?? null,
      city: placeDistrict.name,
      zone: placeThana?.name ?? typed.zone,
    };
  }
  const district = districtNamed(address.city);
  if (district)
    return {
      districtId: district.id,
      thanaId: thanaNamed(district.id, address.zone)?.id ?? null,
      ...typed,
    };
  const town = thanaNamedAnywhere(address.city);
  if (town) return { districtId: town.district, thanaId: town.id, ...typed };
  return { districtId: null, thanaId: null, ...typed };
}
