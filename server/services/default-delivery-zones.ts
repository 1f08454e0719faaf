import type { DeliverySettings } from "#contract/schemas/shop-settings";
import type { z } from "zod";

/**
 * The delivery zones a shop starts with (docs/delivery-zones.md), from its two charges of before
 * zones: Dhaka city at the inside charge (the district Dhaka, so an address naming no thana is
 * charged as before, minus its five upazilas), the suburbs between the two, everywhere else at the
 * outside charge.
 */
export function defaultDeliverySettings(charges: {
  insideDhaka: number;
  outsideDhaka: number;
  freeDeliveryThreshold: number;
}): z.output<typeof DeliverySettings> {
  const { insideDhaka, outsideDhaka } = charges;
  return {
    zones: [
      {
        id: "inside-dhaka",
        name: "Inside Dhaka",
        nameBn: "ঢাকার ভেতরে",
        charge: insideDhaka,
        freeDeliveryThreshold: null,
        districts: ["dhaka"],
        thanas: [],
      },
      {
        id: "dhaka-suburbs",
        name: "Dhaka suburbs",
        nameBn: "ঢাকার আশপাশ",
        charge: suburbsCharge(insideDhaka, outsideDhaka),
        freeDeliveryThreshold: null,
        districts: ["gazipur", "narayanganj"],
        thanas: [
          "dhaka/savar",
          "dhaka/keraniganj",
          "dhaka/dhamrai",
          "dhaka/dohar",
          "dhaka/nawabganj",
        ],
      },
    ],
    fallbackZone: {
      id: "outside-dhaka",
      name: "Outside Dhaka",
      nameBn: "ঢাকার বাইরে",
      charge: outsideDhaka,
      freeDeliveryThreshold: null,
    },
    freeDeliveryThreshold: charges.freeDeliveryThreshold,
    // Today's behaviour: Pathao's price plan wherever Pathao is configured and can price the address.
    livePrice: "pathao",
  };
}

/** Half-way between the two charges, to the nearest 10 taka (৳60 and ৳120: ৳90). */
function suburbsCharge(insideDhaka: number, outsideDhaka: number): number {
  const middle = Math.round((insideDhaka + outsideDhaka) / 20) * 10;
  return Math.min(
    Math.max(middle, Math.min(insideDhaka, outsideDhaka)),
    Math.max(insideDhaka, outsideDhaka),
  );
}

/**
 * A settings document saved before zones held `delivery.insideDhaka` and `.outsideDhaka`: read as
 * the default zones at those charges (the old fields are then dropped, and the next save stores
 * the zones). Anything else is returned as it was.
 */
export function withDeliveryZones(stored: unknown): unknown {
  const values = stored as { delivery?: Record<string, unknown> } | null | undefined;
  const delivery = values?.delivery;
  if (!delivery || typeof delivery !== "object" || "zones" in delivery) return stored;
  const { insideDhaka, outsideDhaka, freeDeliveryThreshold } = delivery;
  if (typeof insideDhaka !== "number" || typeof outsideDhaka !== "number") return stored;
  const upgraded = defaultDeliverySettings({ insideDhaka, outsideDhaka, freeDeliveryThreshold: 0 });
  // A threshold that is not there is filled in from the defaults, as any missing field.
  return { ...values, delivery: { ...upgraded, freeDeliveryThreshold } };
}
