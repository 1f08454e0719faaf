import {
  createSteadfastOrder,
  createSteadfastOrders,
  SteadfastError,
  steadfastFraudCheck,
  steadfastStatus,
  type SteadfastCredentials,
  type SteadfastOrderInput,
} from "../integrations/steadfast.js";
import { courierValues } from "../services/courier-settings.service.js";
import {
  CourierRefusal,
  notConfiguredRefusal,
  refusalFrom,
  refusing,
  statusKey,
  statusMapper,
  type BookedParcel,
  type BookingOutcome,
  type Courier,
  type ParcelRequest,
} from "./courier.js";
import { defineCourierSettings, secretField } from "./settings.js";

/**
 * Steadfast behind the courier interface: free-text addresses (no area ids), our order number as
 * its `invoice` (unique per merchant, so Steadfast itself refuses a second parcel for one order),
 * its bulk call for many parcels, and status polling (its webhooks are not documented).
 */
export const STEADFAST_NOT_CONFIGURED =
  "Steadfast is not configured (enter its API key and secret key under Couriers)";

/** The merchant panel's two keys (Settings > API in Steadfast's panel). */
export const steadfastSettings = defineCourierSettings(
  "steadfast",
  {
    apiKey: secretField("API key", "STEADFAST_API_KEY"),
    secretKey: secretField("Secret key", "STEADFAST_SECRET_KEY"),
  },
  (values) => Boolean(values.apiKey && values.secretKey),
);

async function credentials(): Promise<SteadfastCredentials> {
  const { apiKey, secretKey } = await courierValues(steadfastSettings);
  if (apiKey && secretKey) return { apiKey, secretKey };
  throw notConfiguredRefusal("steadfast", STEADFAST_NOT_CONFIGURED);
}

/** Steadfast's public tracking page for a tracking code. */
export const steadfastTrackingUrl = (trackingCode: string) =>
  `https://steadfast.com.bd/t/${encodeURIComponent(trackingCode)}`;

/**
 * `delivery_status` into the order's states. `pending` is Steadfast's "with us, on its way" (after
 * its review): SHIPPED. `delivered` DELIVERED; `partial_delivered` is DELIVERED too (the shopper
 * kept and paid for part; the shipment's status says partial, and the units that come back are
 * restocked by the owner: docs/couriers.md). `cancelled` means the rider brings the parcel back:
 * RETURNING (the owner marks it RETURNED, which restocks, once it is in hand); before it left,
 * Steadfast has given it up and the booking is released (`givenUp`). `in_review`, `hold`,
 * `unknown` and every `*_approval_pending` (Steadfast has not confirmed yet) move nothing.
 */
const orderMove = statusMapper({
  pending: "SHIPPED",
  delivered: "DELIVERED",
  "partial-delivered": "DELIVERED",
  cancelled: "RETURNING",
});

/** Before Steadfast has the parcel: every new consignment is in review until it is accepted. */
const NOT_PICKED_UP = new Set(["in-review"]);

function orderFields(parcel: ParcelRequest): SteadfastOrderInput {
  return {
    invoice: parcel.orderNumber,
    recipient_name: parcel.recipientName.slice(0, 100),
    recipient_phone: parcel.recipientPhone,
    recipient_address: parcel.recipientAddress.slice(0, 250),
    cod_amount: Math.round(parcel.cashToCollect),
    note: parcel.note?.slice(0, 250),
    item_description: parcel.itemDescription.slice(0, 250),
    total_lot: parcel.itemQuantity,
    delivery_type: 0,
  };
}

/** Steadfast's error as the courier interface's refusal. */
const asRefusal = refusalFrom("steadfast", SteadfastError);

function bookedParcel(consignment: {
  consignment_id?: number | string | null;
  tracking_code?: string | null;
  status?: string;
}): BookedParcel {
  const trackingCode = String(consignment.tracking_code ?? consignment.consignment_id);
  return {
    consignmentId: String(consignment.consignment_id),
    trackingNumber: trackingCode,
    trackingUrl: steadfastTrackingUrl(trackingCode),
    // Every new consignment is in review first.
    status: "in_review",
  };
}

export const steadfastCourier: Courier<"steadfast"> = {
  id: "steadfast",
  settings: steadfastSettings,
  notConfiguredMessage: STEADFAST_NOT_CONFIGURED,
  bookableFrom: ["PLACED", "CONFIRMED"],
  book: (parcel) =>
    refusing(asRefusal, async () =>
      bookedParcel(await createSteadfastOrder(await credentials(), orderFields(parcel))),
    ),
  /** One bulk call; each order's own answer (success with its consignment, or its error). */
  async bookMany(parcels) {
    let items;
    try {
      items = await createSteadfastOrders(await credentials(), parcels.map(orderFields));
    } catch (error) {
      // The whole call refused (a wrong key, Steadfast down): every order gets that answer.
      const refused = asRefusal(error);
      return parcels.map((parcel): BookingOutcome => ({
        orderNumber: parcel.orderNumber,
        ok: false,
        error: refused,
      }));
    }
    return parcels.map((parcel): BookingOutcome => {
      const item = items.find((entry) => entry.invoice === parcel.orderNumber);
      if (item?.status === "success" && item.consignment_id)
        return { orderNumber: parcel.orderNumber, ok: true, parcel: bookedParcel(item) };
      const reason = item?.error ?? item?.message ?? "no answer for this invoice";
      return {
        orderNumber: parcel.orderNumber,
        ok: false,
        error: new CourierRefusal(
          "steadfast",
          `Steadfast /create_order/bulk-order: ${reason}`,
          422,
        ),
      };
    });
  },
  readStatus: (consignmentId) =>
    refusing(asRefusal, async () => steadfastStatus(await credentials(), consignmentId)),
  orderMove,
  givenUp: (status) => statusKey(status) === "cancelled",
  // No cancellation call in its API: a parcel still in review (not picked up) may be let go here,
  // and the owner cancels it in Steadfast's panel.
  notPickedUp: (status) => NOT_PICKED_UP.has(statusKey(status)),
  /** Its fraud check: the number's delivered and cancelled parcels across every merchant. */
  deliveryRecord: async (phone, timeoutMs) =>
    steadfastFraudCheck(await credentials(), phone, timeoutMs),
};
