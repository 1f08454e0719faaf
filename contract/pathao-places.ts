import { z } from "zod";

/**
 * Why Pathao cannot price or book a place by its ids (docs/delivery-zones.md, "Pathao's live
 * price"): the address names no district of our lists; Pathao's city list has no city for the
 * district; no thana was chosen; Pathao's zones of that city have none for the thana.
 */
export const PATHAO_PLACE_REASONS = [
  "place-not-on-our-lists",
  "no-pathao-city",
  "no-thana",
  "no-pathao-zone",
] as const;
export type PathaoPlaceReason = (typeof PATHAO_PLACE_REASONS)[number];

const NamedPlace = z.object({ id: z.string(), name: z.string() });

/**
 * `GET /api/admin/couriers/pathao/places`: the shop's districts and thanas against the Pathao
 * store's city and zone lists. What is unmatched is charged at its zone's price and booked without
 * Pathao ids (Pathao then reads the address line).
 */
export const PathaoPlacesAnswer = z.object({
  districts: z.object({ matched: z.number().int(), unmatched: z.array(NamedPlace) }),
  thanas: z.object({
    matched: z.number().int(),
    unmatched: z.array(NamedPlace.extend({ districtId: z.string() })),
  }),
  /** Pathao's cities no district of ours is written as (a test entry, a spelling to add). */
  unusedPathaoCities: z.array(z.object({ cityId: z.number().int(), name: z.string() })),
});
export type PathaoPlacesAnswer = z.infer<typeof PathaoPlacesAnswer>;
