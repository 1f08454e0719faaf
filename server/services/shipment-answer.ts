import type { OrderFields } from "../../models/order.model.js";
import { COURIER_NAMES, type CourierId, type ShipmentAnswer } from "#contract/couriers";

/**
 * The shipment as every order answer carries it: the stored one, or for a parcel booked with
 * Pathao before shipments existed, the one its `courier` record describes. Null until booked (and
 * while the courier has not answered yet).
 */
export function shipmentOf(
  order: Pick<OrderFields, "shipment" | "courier">,
): ShipmentAnswer | null {
  const stored = order.shipment;
  if (stored?.courier && stored.trackingNumber)
    return {
      courier: stored.courier as CourierId,
      courierName: stored.courierName ?? COURIER_NAMES[stored.courier as CourierId],
      trackingNumber: stored.trackingNumber,
      trackingUrl: stored.trackingUrl ?? null,
      status: stored.status ?? "",
    };
  const legacy = order.courier;
  const number = legacy?.trackingCode ?? legacy?.consignmentId;
  if (!stored && number)
    return {
      courier: "pathao",
      courierName: legacy?.name ?? COURIER_NAMES.pathao,
      trackingNumber: number,
      trackingUrl: null,
      status: legacy?.status ?? "",
    };
  return null;
}
