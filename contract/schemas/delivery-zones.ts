/**
 * The shop's delivery zones (docs/delivery-zones.md): each zone a charge for the districts and
 * thanas it lists, by their ids in contract/locations, plus one fallback zone for every place no
 * zone lists. Only zod and the location data, so the back office checks a table with the same
 * rules the server does.
 */
import { z } from "zod";
import { findDistrict, findThana } from "../locations.js";
import { Taka } from "./common.js";

/** Where a courier's own price may replace the zone's charge ("none": always the table). */
export const LIVE_PRICE_SOURCES = ["none", "pathao"] as const;
export type LivePriceSource = (typeof LIVE_PRICE_SOURCES)[number];

const ZoneName = (what: string) =>
  z.string().trim().min(1, `Enter the zone's ${what}`).max(60, "At most 60 characters");

/**
 * A zone's stable id: what orders and the change log name it by, kept when the zone is renamed.
 * Lower-case letters and digits in words joined by dashes (`inside-dhaka`).
 */
export const ZoneId = z
  .string()
  .max(40, "At most 40 characters")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Lower-case letters, digits and dashes only");

const ZoneFields = {
  id: ZoneId,
  name: ZoneName("name"),
  nameBn: ZoneName("Bangla name"),
  charge: Taka(10_000),
  /**
   * Goods amount (after discounts) from which delivery to this zone is free; null: the shop-wide
   * threshold applies; 0: never free in this zone.
   */
  freeDeliveryThreshold: Taka(10_000_000).nullable().default(null),
};

/** The zone of every place no zone lists (by default "Outside Dhaka"). */
export const FallbackZone = z.strictObject(ZoneFields);

export const DeliveryZone = z.strictObject({
  ...ZoneFields,
  /** District ids (`gazipur`): every thana of the district, unless a zone lists the thana. */
  districts: z.array(z.string().max(64)).max(64),
  /** Thana ids (`dhaka/savar`): a thana listed here wins over its district's zone. */
  thanas: z.array(z.string().max(128)).max(1000),
});
export type DeliveryZone = z.output<typeof DeliveryZone>;
export type FallbackZone = z.output<typeof FallbackZone>;
export type AnyDeliveryZone = FallbackZone | DeliveryZone;

export const MAX_DELIVERY_ZONES = 30;

/** How a place reads in a message: `Savar (Dhaka)`, `Gazipur`. */
function placeLabel(kind: "districts" | "thanas", id: string): string {
  if (kind === "districts") return findDistrict(id)?.name ?? id;
  const thana = findThana(id)!;
  return `${thana.name} (${findDistrict(thana.district)!.name})`;
}

/** At most this many of the table's issues are reported: enough to fix, bounded to check. */
const MAX_TABLE_ISSUES = 50;

/**
 * The table's own rules, as issues on the field at fault: zone ids are unique, every district and
 * thana id exists, and a place is listed once in the whole table (two zones for one place would
 * leave its charge to the order of the list).
 */
export function checkZoneTable(
  delivery: { zones: readonly DeliveryZone[]; fallbackZone: FallbackZone },
  ctx: z.RefinementCtx,
): void {
  let reported = 0;
  const report = (path: (string | number)[], message: string) => {
    ctx.addIssue({ code: "custom", path, message });
    reported += 1;
  };
  const zoneIds = new Set<string>([delivery.fallbackZone.id]);
  const listedIn = new Map<string, DeliveryZone>();
  for (const [index, zone] of delivery.zones.entries()) {
    if (zoneIds.has(zone.id))
      report(["zones", index, "id"], `Another zone has the id “${zone.id}”`);
    zoneIds.add(zone.id);
    for (const kind of ["districts", "thanas"] as const)
      for (const [position, id] of zone[kind].entries()) {
        if (reported >= MAX_TABLE_ISSUES) return;
        const path = ["zones", index, kind, position];
        const known = kind === "districts" ? findDistrict(id) : findThana(id);
        if (!known) {
          report(path, `No ${kind === "districts" ? "district" : "thana"} has the id “${id}”`);
          continue;
        }
        const key = `${kind}:${id}`;
        const earlier = listedIn.get(key);
        if (!earlier) {
          listedIn.set(key, zone);
          continue;
        }
        const place = placeLabel(kind, id);
        report(
          path,
          earlier === zone
            ? `${place} is listed twice in “${zone.name}”`
            : `${place} is in two zones: “${earlier.name}” and “${zone.name}”`,
        );
      }
  }
}
