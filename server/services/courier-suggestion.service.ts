/**
 * The courier to book an order with (docs/couriers.md, "The suggested courier"), from this shop's
 * own parcels: per courier and district, how many of the last year's parcels were delivered and
 * how many came back (RETURNING or RETURNED). The rule:
 *
 * 1. Only couriers that can book now and whose parcels are one company's (`suggestableCouriers`).
 * 2. In the order's district, the courier with the highest share delivered among those with at
 *    least the settings' `courierSuggestion.minParcels` finished parcels there (over their
 *    `days`); a tie goes to the one with more parcels, then to the registry's order.
 * 3. No courier has that many in the district: the same over every district of the shop.
 * 4. None has that many anywhere: no suggestion.
 *
 * The district is the address's `districtId`, or for older orders the district its city names
 * (`placeKey`). The figures are one grouped aggregate over the period's finished orders, kept five
 * minutes per instance (they move slowly; viewing orders must not count every parcel each time)
 * and counted again at once when the period in the settings changes.
 */
import { placeKey } from "#contract/city-names";
import { COURIER_IDS, COURIER_NAMES, type CourierId } from "#contract/couriers";
import type { CourierRate, CourierSuggestion } from "#contract/courier-insights";
import { findDistrict } from "#contract/locations";
import type { OrderStatus } from "#contract/order-status";
import type { CourierSuggestionSettings } from "#contract/schemas/shop-settings";
import { Order } from "../../models/order.model.js";
import { getCourier } from "../couriers/index.js";
import { courierState } from "./courier-settings.service.js";
import { getShopSettings } from "./shop-settings.service.js";

const KEEP_FIGURES_MS = 5 * 60_000;

const FINISHED: Partial<Record<OrderStatus, "delivered" | "returned">> = {
  DELIVERED: "delivered",
  RETURNING: "returned",
  RETURNED: "returned",
};

/**
 * Whether a courier may be suggested: it can book now, and it is one company booked through its
 * API (manual shipments are many couriers under one id, so their share says nothing of any one).
 * Switched on and configured, read from the couriers' settings.
 */
export async function suggestableCouriers(): Promise<CourierId[]> {
  const able = await Promise.all(
    COURIER_IDS.map(async (id) => {
      const courier = getCourier(id);
      if (courier.readStatus === undefined) return false;
      const state = await courierState(courier.settings);
      return state.enabled && state.configured;
    }),
  );
  return COURIER_IDS.filter((_, index) => able[index]);
}

type Tally = { delivered: number; returned: number };
/** Finished parcels by district id ("" for the whole shop), then by courier. */
type Figures = Map<string, Map<CourierId, Tally>>;
const WHOLE_SHOP = "";

/** The district an address is in: its id, or the district its city names (older orders). */
export function districtOf(address: { districtId?: string | null; city?: string | null }) {
  return findDistrict(address.districtId ?? "") ?? findDistrict(placeKey(address.city ?? ""));
}

interface Group {
  _id: { courier?: CourierId; status: OrderStatus; districtId?: string | null; city?: string };
  n: number;
}

async function countFinishedParcels(now: Date, days: number): Promise<Figures> {
  const finished = {
    orderStatus: { $in: Object.keys(FINISHED) },
    createdAt: { $gte: new Date(now.getTime() - days * 24 * 60 * 60_000) },
  };
  const byPlace = { districtId: "$shippingAddress.districtId", city: "$shippingAddress.city" };
  const [booked, olderPathao] = await Promise.all([
    Order.aggregate<Group>([
      { $match: { ...finished, "shipment.courier": { $in: COURIER_IDS } } },
      {
        $group: {
          _id: { courier: "$shipment.courier", status: "$orderStatus", ...byPlace },
          n: { $sum: 1 },
        },
      },
    ]),
    // Pathao parcels booked before `shipment` existed carry only the older `courier` record.
    Order.aggregate<Group>([
      { $match: { ...finished, shipment: null, "courier.consignmentId": { $ne: null } } },
      { $group: { _id: { status: "$orderStatus", ...byPlace }, n: { $sum: 1 } } },
    ]),
  ]);
  const figures: Figures = new Map();
  const add = (place: string, courier: CourierId, outcome: keyof Tally, n: number) => {
    const couriers = figures.get(place) ?? new Map<CourierId, Tally>();
    const tally = couriers.get(courier) ?? { delivered: 0, returned: 0 };
    tally[outcome] += n;
    couriers.set(courier, tally);
    figures.set(place, couriers);
  };
  for (const { _id: group, n } of [
    ...booked,
    ...olderPathao.map((group) => ({
      ...group,
      _id: { ...group._id, courier: "pathao" as const },
    })),
  ]) {
    const outcome = FINISHED[group.status];
    if (!outcome || !group.courier) continue;
    add(WHOLE_SHOP, group.courier, outcome, n);
    const district = districtOf(group);
    if (district) add(district.id, group.courier, outcome, n);
  }
  return figures;
}

let kept: { at: number; days: number; figures: Promise<Figures> } | undefined;

function finishedParcels(now: Date, days: number): Promise<Figures> {
  if (!kept || kept.days !== days || now.getTime() - kept.at > KEEP_FIGURES_MS) {
    const figures = countFinishedParcels(now, days);
    kept = { at: now.getTime(), days, figures };
    // A failed count is not kept: the next view counts again.
    figures.catch(() => (kept = undefined));
  }
  return kept.figures;
}

/** Forgets the counted figures (tests, after writing orders). */
export function forgetCourierRates(): void {
  kept = undefined;
}

/** Best first: the higher share delivered, then more parcels, then the registry's order. */
function better(a: CourierRate, b: CourierRate): number {
  return (
    b.delivered * a.parcels - a.delivered * b.parcels ||
    b.parcels - a.parcels ||
    COURIER_IDS.indexOf(a.courier) - COURIER_IDS.indexOf(b.courier)
  );
}

/** The suggestable couriers' figures in one place, qualified ones first, each group best first. */
function ratesIn(
  couriers: Map<CourierId, Tally> | undefined,
  suggestable: readonly CourierId[],
  minParcels: number,
): CourierRate[] {
  const rates = suggestable.flatMap((courier): CourierRate[] => {
    const tally = couriers?.get(courier);
    const parcels = tally ? tally.delivered + tally.returned : 0;
    if (!tally || parcels === 0) return [];
    const rate = Math.round((tally.delivered * 100) / parcels);
    return [{ courier, name: COURIER_NAMES[courier], ...tally, parcels, rate }];
  });
  const qualifies = (rate: CourierRate) => rate.parcels >= minParcels;
  return [
    ...rates.filter(qualifies).sort(better),
    ...rates.filter((r) => !qualifies(r)).sort(better),
  ];
}

function suggestionFor(
  order: { _id: unknown; shippingAddress?: { districtId?: string | null; city?: string | null } },
  figures: Figures,
  suggestable: readonly CourierId[],
  { minParcels, days }: CourierSuggestionSettings,
): CourierSuggestion {
  const district = order.shippingAddress ? districtOf(order.shippingAddress) : undefined;
  const common = {
    orderId: String(order._id),
    district: district ? { id: district.id, name: district.name } : null,
    minParcels,
    days,
  };
  const pick = (rates: CourierRate[]) =>
    rates[0] && rates[0].parcels >= minParcels ? rates[0].courier : null;
  const local = district ? ratesIn(figures.get(district.id), suggestable, minParcels) : [];
  if (pick(local)) return { ...common, scope: "district", courier: pick(local), rates: local };
  const everywhere = ratesIn(figures.get(WHOLE_SHOP), suggestable, minParcels);
  return { ...common, scope: "shop", courier: pick(everywhere), rates: everywhere };
}

/** The suggestion for each of these orders (ids of orders that do not exist are left out). */
export async function suggestCouriers(
  orderIds: readonly string[],
  now = new Date(),
): Promise<CourierSuggestion[]> {
  const rule = (await getShopSettings()).courierSuggestion;
  const [orders, figures, suggestable] = await Promise.all([
    Order.find({ _id: { $in: orderIds } })
      .select("shippingAddress.districtId shippingAddress.city")
      .lean(),
    finishedParcels(now, rule.days),
    suggestableCouriers(),
  ]);
  const byId = new Map(orders.map((order) => [String(order._id), order]));
  return orderIds.flatMap((id) => {
    const order = byId.get(id);
    return order ? [suggestionFor(order, figures, suggestable, rule)] : [];
  });
}
