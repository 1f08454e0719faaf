import { getEnv } from "../env.js";
import {
  createPathaoOrder,
  getPathaoOrderInfo,
  isPathaoConfigured,
  PathaoError,
} from "../integrations/pathao.js";
import { resolvePathaoLocation } from "../services/delivery.service.js";
import {
  bookOneByOne,
  refusalFrom,
  refusing,
  sameSecret,
  statusKey,
  statusMapper,
  type Courier,
  type ParcelRequest,
} from "./courier.js";

/**
 * Pathao behind the courier interface. server/integrations/pathao.ts stays its API client; this
 * file turns an order's parcel into Pathao's order fields and Pathao's statuses into order moves.
 * Pathao's bulk call answers 202 with no consignment ids, so many parcels are booked one by one.
 */
export const PATHAO_NOT_CONFIGURED = "Pathao is not configured (set the PATHAO_* variables)";

/** The fixed reply header value the official Pathao plugin sends (Pathao's merchant API). */
export const PATHAO_WEBHOOK_REPLY_SECRET = "f3992ecc-59da-4cbe-a049-a13da2018d51";

/**
 * Webhook events (`order.` dropped) and order-info statuses: picked / at the sorting hub / in
 * transit is SHIPPED, delivered DELIVERED, a failed delivery heads back (RETURNING), a return back
 * at the shop RETURNED (docs/cod.md). Everything else (pending, assigned, on hold...) moves nothing.
 */
const orderMove = statusMapper({
  picked: "SHIPPED",
  "in-transit": "SHIPPED",
  "at-the-sorting-hub": "SHIPPED",
  delivered: "DELIVERED",
  // The shopper kept part and paid for it; the rest comes back (docs/couriers.md).
  "partial-delivery": "DELIVERED",
  "delivery-failed": "RETURNING",
  returned: "RETURNED",
  "paid-return": "RETURNED",
  // Order info names a return "Return" where the webhook says order.returned.
  return: "RETURNED",
});

/** Pathao's error as the courier interface's refusal. */
const asRefusal = refusalFrom("pathao", PathaoError);

async function book(parcel: ParcelRequest) {
  const location = await resolvePathaoLocation(parcel.city, parcel.zone || undefined).catch(
    () => undefined,
  );
  try {
    const answer = await createPathaoOrder({
      merchantOrderId: parcel.orderNumber,
      recipientName: parcel.recipientName.padEnd(3, ".").slice(0, 100),
      recipientPhone: parcel.recipientPhone,
      recipientAddress: parcel.recipientAddress.slice(0, 220).padEnd(10, "."),
      recipientCity: location?.cityId,
      recipientZone: location?.zoneId,
      itemQuantity: parcel.itemQuantity,
      itemWeightKg: Math.min(10, Math.max(0.5, parcel.itemQuantity * 0.3)),
      itemDescription: parcel.itemDescription,
      specialInstruction: parcel.note,
      amountToCollect: parcel.cashToCollect,
    });
    const consignment = String(answer.consignment_id);
    return {
      consignmentId: consignment,
      trackingNumber: consignment,
      // Pathao's public tracking page is not documented for merchants' shoppers.
      trackingUrl: null,
      status: answer.order_status ?? "Pending",
    };
  } catch (error) {
    throw asRefusal(error);
  }
}

export const pathaoCourier: Courier<"pathao"> = {
  id: "pathao",
  configured: () => isPathaoConfigured() && Boolean(getEnv().PATHAO_STORE_ID),
  notConfiguredMessage: PATHAO_NOT_CONFIGURED,
  bookableFrom: ["PLACED", "CONFIRMED"],
  book,
  bookMany: (parcels) => bookOneByOne(pathaoCourier, parcels),
  readStatus: (consignmentId) =>
    refusing(asRefusal, async () => (await getPathaoOrderInfo(consignmentId)).order_status),
  orderMove,
  partlyDelivered: (status) => statusKey(status) === "partial-delivery",
  webhook: {
    /**
     * X-PATHAO-Signature carries PATHAO_WEBHOOK_SECRET (plain equality, not an HMAC); unset, every
     * webhook is refused (the API client secret is never reused). Compared in constant time.
     */
    verify(request) {
      const secret = getEnv().PATHAO_WEBHOOK_SECRET;
      const signature = request.header("x-pathao-signature");
      return Boolean(secret && signature && sameSecret(signature, secret));
    },
    /** `{event: "order.<status>", consignment_id, collected_amount?}`; the status is stored without `order.`. */
    read(body) {
      const event = typeof body.event === "string" ? body.event : undefined;
      const consignment = body.consignment_id;
      if (!event || consignment === undefined || consignment === null || consignment === "")
        return undefined;
      return {
        consignmentId: String(consignment),
        status: event,
        storedStatus: event.replace(/^order\./, ""),
        collectedAmount: body.collected_amount,
      };
    },
  },
};
