import { placeKey } from "#contract/city-names";
import { DISTRICT_LIST, findDistrict, findThana, placeSearchKey } from "#contract/locations";
import { getEnv } from "../env.js";
import {
  cancelRedxParcel,
  createRedxParcel,
  redxAreasOfDistrict,
  redxParcelStatus,
  RedxError,
  type RedxArea,
  type RedxCredentials,
} from "../integrations/redx.js";
import { courierValues } from "../services/courier-settings.service.js";
import {
  bookOneByOne,
  CourierRefusal,
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
 * RedX behind the courier interface. RedX addresses parcels by its own area ids: the area is
 * looked up by the order's district (`/areas?district_name=`) and its thana's names (else its
 * zone, else the district); an address whose area RedX does not list is refused naming
 * `delivery_area`, never booked to a guessed area. Webhooks carry the merchant's secret in
 * `?token=`; parcels are cancelled with `PATCH /parcels` (RedX refuses once on their way).
 */
export const REDX_NOT_CONFIGURED = "RedX is not configured (enter its API token under Couriers)";

/** What an item weighs when the owner has not said (kg). */
const DEFAULT_ITEM_WEIGHT_KG = 0.3;

/** The dashboard's API token, the pickup store, and what one item weighs. */
export const redxSettings = defineCourierSettings(
  "redx",
  {
    apiToken: secretField("API token", "REDX_API_TOKEN"),
    pickupStoreId: idField(
      "Pickup store id",
      "REDX_PICKUP_STORE_ID",
      "From RedX's pickup stores; unset: the account's default store",
    ),
    itemWeightKg: boundedNumberField(
      "Weight of one item (kg)",
      { min: 0.05, max: 10 },
      `Unset: ${DEFAULT_ITEM_WEIGHT_KG} kg. A parcel weighs this times its items (0.5-10 kg).`,
    ),
  },
  (values) => Boolean(values.apiToken),
);

async function credentials(): Promise<RedxCredentials> {
  const { apiToken } = await courierValues(redxSettings);
  if (apiToken) return { apiToken };
  throw notConfiguredRefusal("redx", REDX_NOT_CONFIGURED);
}

export const redxTrackingUrl = (trackingId: string) =>
  `https://redx.com.bd/track-parcel/?trackingId=${encodeURIComponent(trackingId)}`;

/**
 * Webhook and parcel-info statuses: ready for delivery / out for delivery is SHIPPED, delivered
 * DELIVERED, the agent bringing it back RETURNING, returned RETURNED; a hold or an area change
 * moves nothing.
 */
const orderMove = statusMapper({
  "ready-for-delivery": "SHIPPED",
  "delivery-in-progress": "SHIPPED",
  delivered: "DELIVERED",
  "agent-returning": "RETURNING",
  returned: "RETURNED",
});

/** Before a RedX agent has the parcel. */
const NOT_PICKED_UP = new Set(["pickup-pending"]);

/** RedX's error as the courier interface's refusal. */
const asRefusal = refusalFrom("redx", RedxError);

/**
 * The district's name as the shop's district list writes it (docs/locations.md), however the
 * address wrote it (Bangla, an old spelling: চট্টগ্রাম, Chittagong -> Chattogram); else as typed.
 */
function districtName(city: string): string {
  const key = placeSearchKey(city);
  const district = DISTRICT_LIST.find((entry) =>
    [entry.name, entry.nameBn, ...entry.aliases].some((name) => placeSearchKey(name) === key),
  );
  return district?.name ?? city;
}

/** The RedX area named like one of `names` (compared by the shop's place key). */
function areaNamed(areas: RedxArea[], names: readonly string[]): RedxArea | undefined {
  const wanted = new Set(names.map(placeKey));
  return areas.find((entry) => wanted.has(placeKey(entry.name)));
}

/**
 * The RedX area of the address: the district from its id (else from the city as typed), then the
 * area named like its thana (English, Bangla or another spelling), else like its zone, else like
 * the district (the district's own town).
 */
async function deliveryArea(credentials: RedxCredentials, parcel: ParcelRequest) {
  const district =
    (parcel.districtId && findDistrict(parcel.districtId)?.name) || districtName(parcel.city);
  const areas = await redxAreasOfDistrict(credentials, district);
  const thana = parcel.thanaId ? findThana(parcel.thanaId) : undefined;
  const area =
    (thana && areaNamed(areas, [thana.name, thana.nameBn, ...thana.aliases])) ||
    areaNamed(areas, [parcel.zone ?? parcel.city]);
  if (!area) {
    const place = thana?.name ?? parcel.zone ?? parcel.city;
    const message = `RedX lists no area "${place}" in ${parcel.city}`;
    throw new CourierRefusal("redx", message, 422, [{ path: "delivery_area", message }]);
  }
  return area;
}

export const redxCourier: Courier<"redx"> = {
  id: "redx",
  settings: redxSettings,
  notConfiguredMessage: REDX_NOT_CONFIGURED,
  bookableFrom: ["PLACED", "CONFIRMED"],
  async book(parcel) {
    try {
      const account = await credentials();
      const { pickupStoreId, itemWeightKg = DEFAULT_ITEM_WEIGHT_KG } =
        await courierValues(redxSettings);
      const area = await deliveryArea(account, parcel);
      const grams = Math.round(parcel.itemQuantity * itemWeightKg * 1000);
      const trackingId = await createRedxParcel(account, {
        customer_name: parcel.recipientName.slice(0, 100),
        customer_phone: parcel.recipientPhone,
        delivery_area: area.name,
        delivery_area_id: area.id,
        customer_address: parcel.recipientAddress.slice(0, 250),
        cash_collection_amount: String(Math.round(parcel.cashToCollect)),
        parcel_weight: Math.min(10_000, Math.max(500, grams)),
        value: Math.round(parcel.cashToCollect),
        merchant_invoice_id: parcel.orderNumber,
        instruction: parcel.note?.slice(0, 250),
        ...(pickupStoreId ? { pickup_store_id: pickupStoreId } : {}),
      });
      return {
        consignmentId: trackingId,
        trackingNumber: trackingId,
        trackingUrl: redxTrackingUrl(trackingId),
        status: "pickup-pending",
      };
    } catch (error) {
      throw asRefusal(error);
    }
  },
  bookMany: (parcels) => bookOneByOne(redxCourier, parcels),
  readStatus: (trackingId) =>
    refusing(asRefusal, async () => redxParcelStatus(await credentials(), trackingId)),
  orderMove,
  // Cancelled (by the shop or by RedX) before an agent had it: the booking is released.
  givenUp: (status) => statusKey(status) === "cancelled",
  cancel: (trackingId) =>
    refusing(asRefusal, async () =>
      cancelRedxParcel(await credentials(), trackingId, "Cancelled by the shop"),
    ),
  notPickedUp: (status) => NOT_PICKED_UP.has(statusKey(status)),
  webhook: {
    /** `?token=` must equal REDX_WEBHOOK_SECRET (unset: every webhook is refused), in constant time. */
    verify(request) {
      const secret = getEnv().REDX_WEBHOOK_SECRET;
      const token = request.query.token;
      return Boolean(secret && typeof token === "string" && token && sameSecret(token, secret));
    },
    /** `{tracking_number, status, message_en, message_bn, invoice_number, timestamp}`. */
    read(body) {
      const tracking = body.tracking_number;
      const status = body.status;
      if (
        typeof status !== "string" ||
        (typeof tracking !== "string" && typeof tracking !== "number")
      )
        return undefined;
      return { consignmentId: String(tracking), status };
    },
  },
};
