/**
 * Free delivery (docs/delivery-zones.md): an order whose goods (after product discounts and the
 * promo code, without delivery) reach its zone's threshold travels free. Free of zod and mongoose:
 * the cart page shows how far a cart is from it.
 */

/** A zone's own threshold (a number; 0: never free there), else the shop-wide one (null). */
export function zoneFreeDeliveryThreshold(
  zone: { freeDeliveryThreshold: number | null },
  shopThreshold: number,
): number {
  return zone.freeDeliveryThreshold ?? shopThreshold;
}

/** Zones that share a threshold, and how much more the goods need for it (0: reached). */
export interface FreeDeliveryOffer<Zone> {
  zones: Zone[];
  threshold: number;
  missing: number;
}

/**
 * What the cart tells before the address is known: the zones grouped by their threshold, lowest
 * first, those never free (0) last; none when no zone offers free delivery.
 */
export function freeDeliveryOffers<Zone extends { freeDeliveryThreshold: number | null }>(
  delivery: { zones: Zone[]; freeDeliveryThreshold: number },
  goods: number,
): FreeDeliveryOffer<Zone>[] {
  const byThreshold = new Map<number, Zone[]>();
  for (const zone of delivery.zones) {
    const threshold = zoneFreeDeliveryThreshold(zone, delivery.freeDeliveryThreshold);
    byThreshold.set(threshold, [...(byThreshold.get(threshold) ?? []), zone]);
  }
  if (![...byThreshold.keys()].some((threshold) => threshold > 0)) return [];
  return [...byThreshold]
    .map(([threshold, zones]) => ({ zones, threshold, missing: Math.max(0, threshold - goods) }))
    .sort((a, b) => (a.threshold || Infinity) - (b.threshold || Infinity));
}
