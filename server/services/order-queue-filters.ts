/**
 * Each order queue as a filter of the orders (docs/order-desk.md): data only, so the orders list
 * and the queues' counters (order-queues.ts, which also counts the call list) share it without
 * the orders service importing the services the counters need.
 */
import type { OrderQueueId } from "#contract/schemas/order-desk";

/** No parcel booked with any courier (and no Pathao record from before shipments existed). */
const NO_PARCEL = { shipment: null, courier: null };

/**
 * Each order queue's rule, from the order's status and its parcel:
 * - to confirm: placed, no parcel booked yet: the confirmation call is due;
 * - to pack: confirmed, not yet packed (scan-to-pack, docs/packing.md);
 * - to ship: confirmed and packed, or placed with a parcel already booked (the courier has not
 *   picked it up);
 * - in transit: shipped, with the courier;
 * - returning: refused, on its way back to the shop.
 */
export const ORDER_QUEUE_FILTERS: Record<OrderQueueId, Record<string, unknown>> = {
  "to-confirm": { orderStatus: "PLACED", ...NO_PARCEL },
  "to-pack": { orderStatus: "CONFIRMED", packedAt: null },
  "to-ship": {
    $or: [
      { orderStatus: "CONFIRMED", packedAt: { $ne: null } },
      { orderStatus: "PLACED", $or: [{ shipment: { $ne: null } }, { courier: { $ne: null } }] },
    ],
  },
  "in-transit": { orderStatus: "SHIPPED" },
  returning: { orderStatus: "RETURNING" },
};
