import { placeKey } from "#contract/city-names";
import { DISTRICT_LIST, placeSearchKey } from "#contract/locations";
import { getEnv } from "../env.js";
import {
  createRedxParcel,
  isRedxConfigured,
  redxAreasOfDistrict,
  redxParcelStatus,
  RedxError,
} from "../integrations/redx.js";
import {
  bookOneByOne,
  CourierRefusal,
  refusalFrom,
  refusing,
  sameSecret,
  statusMapper,
  type Courier,
  type ParcelRequest,
} from "./courier.js";

/**
 * RedX behind the courier interface. RedX addresses parcels by its own area ids: the area is
 * looked up by the order's district (`/areas?district_name=`) and its zone's name; an address whose
 * area RedX does not list is refused naming `delivery_area`, never booked to a guessed area.
 * Webhooks carry the merchant's secret in `?token=`.
 */
export const REDX_NOT_CONFIGURED = "RedX is not configured (set REDX_API_TOKEN)";

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

async function deliveryArea(parcel: ParcelRequest) {
  const areas = await redxAreasOfDistrict(districtName(parcel.city));
  const wanted = placeKey(parcel.zone ?? parcel.city);
  const area = areas.find((entry) => placeKey(entry.name) === wanted);
  if (!area) {
    const message = `RedX lists no area "${parcel.zone ?? parcel.city}" in ${parcel.city}`;
    throw new CourierRefusal("redx", message, 422, [{ path: "delivery_area", message }]);
  }
  return area;
}

export const redxCourier: Courier<"redx"> = {
  id: "redx",
  configured: isRedxConfigured,
  notConfiguredMessage: REDX_NOT_CONFIGURED,
  bookableFrom: ["PLACED", "CONFIRMED"],
  async book(parcel) {
    try {
      const area = await deliveryArea(parcel);
      const trackingId = await createRedxParcel({
        customer_name: parcel.recipientName.slice(0, 100),
        customer_phone: parcel.recipientPhone,
        delivery_area: area.name,
        delivery_area_id: area.id,
        customer_address: parcel.recipientAddress.slice(0, 250),
        cash_collection_amount: String(Math.round(parcel.cashToCollect)),
        parcel_weight: Math.min(10_000, Math.max(500, parcel.itemQuantity * 300)),
        value: Math.round(parcel.cashToCollect),
        merchant_invoice_id: parcel.orderNumber,
        instruction: parcel.note?.slice(0, 250),
        ...(getEnv().REDX_PICKUP_STORE_ID
          ? { pickup_store_id: getEnv().REDX_PICKUP_STORE_ID }
          : {}),
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
  readStatus: (trackingId) => refusing(asRefusal, () => redxParcelStatus(trackingId)),
  orderMove,
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
