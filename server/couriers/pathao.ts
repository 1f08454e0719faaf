import { getEnv } from "../env.js";
import {
  createPathaoOrder,
  getPathaoOrderInfo,
  PathaoError,
  type PathaoCredentials,
} from "../integrations/pathao.js";
import { courierState, courierValues } from "../services/courier-settings.service.js";
import { matchPathaoPlace, type PlaceToMatch } from "../services/delivery-pathao-places.js";
import { resolvePlace } from "../services/delivery-place.js";
import { logger } from "../lib/logger.js";
import {
  bookOneByOne,
  notConfiguredRefusal,
  refusalFrom,
  refusing,
  sameSecret,
  statusKey,
  statusMapper,
  type Courier,
  type ParcelRequest,
} from "./courier.js";
import { boundedNumberField, defineCourierSettings, idField, secretField } from "./settings.js";

/**
 * Pathao behind the courier interface. server/integrations/pathao.ts stays its API client; this
 * file turns an order's parcel into Pathao's order fields and Pathao's statuses into order moves.
 * Pathao's bulk call answers 202 with no consignment ids, so many parcels are booked one by one.
 */
export const PATHAO_NOT_CONFIGURED =
  "Pathao is not configured (enter its credentials and store id under Couriers)";

/** What an item weighs when the owner has not said (kg); a parcel is 0.5-10 kg for Pathao. */
const DEFAULT_ITEM_WEIGHT_KG = 0.3;

/**
 * The merchant API's client id and secret, the merchant login (Pathao's password grant), the
 * pickup store, and what one item weighs. Its checkout prices need the store too.
 */
export const pathaoSettings = defineCourierSettings(
  "pathao",
  {
    clientId: secretField("Client ID", "PATHAO_CLIENT_ID"),
    clientSecret: secretField("Client secret", "PATHAO_CLIENT_SECRET"),
    username: secretField("Merchant login email", "PATHAO_USERNAME"),
    password: secretField("Merchant password", "PATHAO_PASSWORD"),
    storeId: idField("Store id", "PATHAO_STORE_ID", "The pickup store's id in Pathao's panel"),
    itemWeightKg: boundedNumberField(
      "Weight of one item (kg)",
      { min: 0.05, max: 10 },
      `Unset: ${DEFAULT_ITEM_WEIGHT_KG} kg. A parcel weighs this times its items (0.5-10 kg).`,
    ),
  },
  (values) =>
    Boolean(
      values.clientId &&
      values.clientSecret &&
      values.username &&
      values.password &&
      values.storeId,
    ),
);

/**
 * Pathao's credentials while the owner has it switched on (the checkout's city lists and prices
 * read it too); undefined otherwise. `storeId` may be missing: the lists do not need it.
 */
export async function pathaoCredentials(): Promise<PathaoCredentials | undefined> {
  const { clientId, clientSecret, username, password, storeId } =
    await courierValues(pathaoSettings);
  if (!clientId || !clientSecret || !username || !password) return undefined;
  return { clientId, clientSecret, username, password, storeId };
}

/** The credentials for the checkout's prices and lists: only while Pathao is switched on. */
export async function pathaoForCheckout(): Promise<PathaoCredentials | undefined> {
  return (await courierState(pathaoSettings)).enabled ? pathaoCredentials() : undefined;
}

async function bookingCredentials(): Promise<PathaoCredentials> {
  const credentials = await pathaoCredentials();
  if (credentials?.storeId) return credentials;
  throw notConfiguredRefusal("pathao", PATHAO_NOT_CONFIGURED);
}

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

/** Statuses before a rider has the parcel (its order info and webhook events, `order.` dropped). */
const NOT_PICKED_UP = new Set([
  "pending",
  "created",
  "order-created",
  "updated",
  "order-updated",
  "pickup-requested",
  "assigned-for-pickup",
  "pickup-failed",
  "pickup-cancelled",
]);

/** Pathao's error as the courier interface's refusal. */
const asRefusal = refusalFrom("pathao", PathaoError);

/**
 * The parcel's district and thana ids (an order placed before the district picker has names only:
 * found as the checkout finds them); none when its ids are no longer on our lists.
 */
function placeOfParcel(parcel: ParcelRequest): PlaceToMatch {
  try {
    const { districtId, thanaId, zone } = resolvePlace(parcel);
    return { districtId, thanaId, zone };
  } catch {
    return { districtId: null, thanaId: null, zone: "" };
  }
}

/**
 * The recipient's Pathao city and zone, found as the checkout's live price finds them
 * (server/services/delivery-pathao-places.ts). Unmatched, or Pathao's lists unreadable, the
 * parcel goes without them (Pathao reads the address line) or with the city alone: never with
 * another city's ids.
 */
async function recipientPlace(
  credentials: PathaoCredentials,
  parcel: ParcelRequest,
): Promise<{ cityId?: number; zoneId?: number }> {
  const where = { orderNumber: parcel.orderNumber, ...placeOfParcel(parcel) };
  try {
    const match = await matchPathaoPlace(credentials, where);
    if (match.matched) return { cityId: match.cityId, zoneId: match.zoneId };
    logger.info({ ...where, reason: match.reason }, "Pathao parcel booked without its zone");
    return { cityId: match.cityId };
  } catch (error) {
    logger.warn({ err: error, ...where }, "Pathao's lists unreadable; parcel booked without ids");
    return {};
  }
}

async function book(parcel: ParcelRequest) {
  const credentials = await bookingCredentials();
  const itemWeightKg = (await courierValues(pathaoSettings)).itemWeightKg ?? DEFAULT_ITEM_WEIGHT_KG;
  const location = await recipientPlace(credentials, parcel);
  try {
    const answer = await createPathaoOrder(credentials, {
      merchantOrderId: parcel.orderNumber,
      recipientName: parcel.recipientName.padEnd(3, ".").slice(0, 100),
      recipientPhone: parcel.recipientPhone,
      recipientAddress: parcel.recipientAddress.slice(0, 220).padEnd(10, "."),
      recipientCity: location.cityId,
      recipientZone: location.zoneId,
      itemQuantity: parcel.itemQuantity,
      itemWeightKg: Math.min(10, Math.max(0.5, parcel.itemQuantity * itemWeightKg)),
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
  settings: pathaoSettings,
  notConfiguredMessage: PATHAO_NOT_CONFIGURED,
  bookableFrom: ["PLACED", "CONFIRMED"],
  book,
  bookMany: (parcels) => bookOneByOne(pathaoCourier, parcels),
  readStatus: (consignmentId) =>
    refusing(
      asRefusal,
      async () =>
        (await getPathaoOrderInfo(await bookingCredentials(), consignmentId)).order_status,
    ),
  orderMove,
  // No cancellation call in its merchant API: before pickup the shop may let the booking go, and
  // the owner cancels the parcel in Pathao's panel.
  notPickedUp: (status) => NOT_PICKED_UP.has(statusKey(status)),
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
