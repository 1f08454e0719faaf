/**
 * Which delivery zone a place falls in (docs/delivery-zones.md), for the server's charge and the
 * back office's table alike: a zone listing the thana wins, then a zone listing its district,
 * else the fallback zone.
 */
import { z } from "zod";
import type { AnyDeliveryZone, DeliveryZone, FallbackZone } from "./schemas/delivery-zones.js";

export interface ZoneTable {
  zones: readonly DeliveryZone[];
  fallbackZone: FallbackZone;
}

/** Where a parcel goes, as ids of contract/locations (null: not known). */
export interface PlaceIds {
  districtId: string | null;
  thanaId: string | null;
}

export function zoneOf(table: ZoneTable, place: PlaceIds): AnyDeliveryZone {
  const { thanaId, districtId } = place;
  return (
    (thanaId ? table.zones.find((zone) => zone.thanas.includes(thanaId)) : undefined) ??
    (districtId ? table.zones.find((zone) => zone.districts.includes(districtId)) : undefined) ??
    table.fallbackZone
  );
}

/**
 * The zone Dhaka city is charged in: the zone of the district Dhaka (an address that names no
 * thana, as older pages send "Dhaka"), or none when that is the fallback zone. The advance rule
 * "outside Dhaka" asks for an advance everywhere else (docs/delivery-zones.md).
 */
export function dhakaCityZone(table: ZoneTable): DeliveryZone | undefined {
  const zone = zoneOf(table, { districtId: "dhaka", thanaId: null });
  return zone === table.fallbackZone ? undefined : (zone as DeliveryZone);
}

/** A zone as answers name it (the quote's `zone`). */
export const ZoneSummary = z.object({ id: z.string(), name: z.string(), nameBn: z.string() });
export type ZoneSummary = z.infer<typeof ZoneSummary>;

export const zoneSummary = ({ id, name, nameBn }: AnyDeliveryZone): ZoneSummary => ({
  id,
  name,
  nameBn,
});
