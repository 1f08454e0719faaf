import { createHash, timingSafeEqual } from "node:crypto";
import { Order } from "../../models/order.model.js";
import { getEnv } from "../env.js";
import { badRequest, conflict, HttpError, notFound } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import {
  createPathaoOrder,
  isPathaoConfigured,
  PathaoError,
  listAreas,
  listCities,
  listZones,
  pricePlan,
  type PathaoArea,
  type PathaoCity,
  type PathaoZone,
} from "../integrations/pathao.js";
import { recordCourierCollection } from "./courier-cash.service.js";
import { getShopSettings } from "./shop-settings.service.js";
import { paymentSplit } from "#contract/advance-delivery-charge";
import { isInsideDhaka, placeKey } from "#contract/city-names";
import { updateOrderWhere } from "./stock.service.js";

/**
 * Delivery charge and the checkout's address pickers. Without Pathao credentials: the built-in
 * table (the shop settings' charges inside and outside Dhaka, free from their threshold) and a built-in city
 * list (no zones or areas). With them: Pathao's lists and price plan, falling back to the table
 * whenever Pathao cannot price the address (no zone chosen, unknown city, Pathao down).
 */
export type DeliverySource = "pathao" | "builtin";

/** Our own ids (Dhaka = 1 as in Pathao); district towns where shoppers commonly order from. */
export const BUILTIN_CITIES: PathaoCity[] = [
  "Dhaka",
  "Chattogram",
  "Gazipur",
  "Narayanganj",
  "Sylhet",
  "Rajshahi",
  "Khulna",
  "Barishal",
  "Rangpur",
  "Mymensingh",
  "Cumilla",
  "Bogura",
  "Jashore",
  "Cox's Bazar",
  "Dinajpur",
  "Feni",
  "Noakhali",
  "Pabna",
  "Tangail",
  "Kushtia",
  "Brahmanbaria",
  "Faridpur",
  "Savar",
  "Tongi",
].map((name, index) => ({ city_id: index + 1, city_name: name }));

// Every comparison of city names goes through the one key (contract/city-names.ts); the advance
// rule "outside Dhaka" reads isInsideDhaka from here too.
export { isInsideDhaka };

/** The built-in table (shop settings), on the goods amount after discounts. */
export async function tableDeliveryCharge(city: string, goodsTotal: number): Promise<number> {
  const { delivery } = await getShopSettings();
  if (await isFreeDelivery(goodsTotal)) return 0;
  return isInsideDhaka(city) ? delivery.insideDhaka : delivery.outsideDhaka;
}

/** A free-delivery threshold of 0 switches free delivery off. */
export async function isFreeDelivery(goodsTotal: number): Promise<boolean> {
  const threshold = (await getShopSettings()).delivery.freeDeliveryThreshold;
  return threshold > 0 && goodsTotal >= threshold;
}

const LIST_TTL_MS = 60 * 60 * 1000;
const listCache = new Map<string, { at: number; value: unknown }>();

async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = listCache.get(key);
  if (hit && Date.now() - hit.at < LIST_TTL_MS) return hit.value as T;
  const value = await load();
  listCache.set(key, { at: Date.now(), value });
  return value;
}

export function resetDeliveryCacheForTests(): void {
  listCache.clear();
}

export async function deliveryCities(): Promise<{ source: DeliverySource; cities: PathaoCity[] }> {
  if (!isPathaoConfigured()) return { source: "builtin", cities: BUILTIN_CITIES };
  return { source: "pathao", cities: await cached("cities", listCities) };
}

export async function deliveryZones(
  cityId: number,
): Promise<{ source: DeliverySource; zones: PathaoZone[] }> {
  if (!isPathaoConfigured()) return { source: "builtin", zones: [] };
  return { source: "pathao", zones: await cached(`zones:${cityId}`, () => listZones(cityId)) };
}

export async function deliveryAreas(
  zoneId: number,
): Promise<{ source: DeliverySource; areas: PathaoArea[] }> {
  if (!isPathaoConfigured()) return { source: "builtin", areas: [] };
  return { source: "pathao", areas: await cached(`areas:${zoneId}`, () => listAreas(zoneId)) };
}

function matchByName<T>(items: T[], name: string, field: (item: T) => string): T | undefined {
  const wanted = placeKey(name);
  return items.find((item) => placeKey(field(item)) === wanted);
}

/** Pathao ids for a city and zone given by id or by name; undefined when they cannot be found. */
export async function resolvePathaoLocation(
  city: string,
  zone?: string,
): Promise<{ cityId: number; zoneId?: number } | undefined> {
  const cities = await cached("cities", listCities);
  const foundCity = /^\d+$/.test(city.trim())
    ? cities.find((entry) => entry.city_id === Number(city))
    : matchByName(cities, city, (entry) => entry.city_name);
  if (!foundCity) return undefined;
  if (!zone?.trim()) return { cityId: foundCity.city_id };
  const zones = await cached(`zones:${foundCity.city_id}`, () => listZones(foundCity.city_id));
  const foundZone = /^\d+$/.test(zone.trim())
    ? zones.find((entry) => entry.zone_id === Number(zone))
    : matchByName(zones, zone, (entry) => entry.zone_name);
  return { cityId: foundCity.city_id, zoneId: foundZone?.zone_id };
}

export interface DeliveryQuote {
  deliveryCharge: number;
  source: DeliverySource;
}

/** The delivery charge for an address and the goods amount (after discounts). */
export async function quoteDelivery(
  address: { city: string; zone?: string },
  goodsTotal: number,
): Promise<DeliveryQuote> {
  if (await isFreeDelivery(goodsTotal)) return { deliveryCharge: 0, source: "builtin" };
  if (isPathaoConfigured() && getEnv().PATHAO_STORE_ID) {
    try {
      const location = await resolvePathaoLocation(address.city, address.zone);
      if (location?.zoneId) {
        const plan = await pricePlan({
          recipientCity: location.cityId,
          recipientZone: location.zoneId,
        });
        return { deliveryCharge: Math.round(Number(plan.final_price)), source: "pathao" };
      }
    } catch (error) {
      logger.warn({ err: error }, "Pathao price plan failed; using the built-in table");
    }
  }
  return {
    deliveryCharge: await tableDeliveryCharge(address.city, goodsTotal),
    source: "builtin",
  };
}

/** Tax on the goods amount; prices include VAT in Bangladesh, so 0 unless a rate is configured. */
export function computeTax(goodsTotal: number): number {
  const rate = getEnv().TAX_RATE_PERCENT;
  return rate > 0 ? Math.round((goodsTotal * rate) / 100) : 0;
}

// ---------------------------------------------------------------------------------------------
// Booking a parcel (admin)

export const PATHAO_NOT_CONFIGURED = "Pathao is not configured (set the PATHAO_* variables)";

/**
 * Books the order's parcel with Pathao and stores `courier {name, consignmentId, trackingCode}`.
 * The order is claimed first (courier still empty), so two clicks never book two parcels.
 */
export async function bookParcel(orderId: string) {
  if (!isPathaoConfigured() || !getEnv().PATHAO_STORE_ID) throw badRequest(PATHAO_NOT_CONFIGURED);
  const order = await Order.findById(orderId);
  if (!order) throw notFound("Order not found");
  if (!["PLACED", "CONFIRMED"].includes(order.orderStatus))
    throw conflict(
      `A ${order.orderStatus} order cannot be booked with the courier`,
      "INVALID_STATUS",
    );
  const claimed = await updateOrderWhere(
    { _id: order._id, courier: null },
    { $set: { courier: { name: "Pathao", status: "BOOKING" } } },
  );
  if (!claimed) throw conflict("This order is already booked with the courier", "ALREADY_BOOKED");
  const address = order.shippingAddress;
  try {
    const location = await resolvePathaoLocation(address.city, address.zone || undefined).catch(
      () => undefined,
    );
    const quantity = order.orderItems.reduce((sum, item) => sum + item.quantity, 0);
    const recipientAddress = [address.streetAddress, address.area, address.zone, address.city]
      .filter(Boolean)
      .join(", ")
      .slice(0, 220)
      .padEnd(10, ".");
    const answer = await createPathaoOrder({
      merchantOrderId: order.orderNumber,
      recipientName: `${address.firstName} ${address.lastName ?? ""}`
        .trim()
        .padEnd(3, ".")
        .slice(0, 100),
      recipientPhone: address.mobile,
      recipientAddress,
      recipientCity: location?.cityId,
      recipientZone: location?.zoneId,
      itemQuantity: quantity,
      itemWeightKg: Math.min(10, Math.max(0.5, quantity * 0.3)),
      itemDescription: order.orderItems
        .map((item) => `${item.title} ${item.size}/${item.color} x${item.quantity}`)
        .join("; "),
      specialInstruction: order.note || undefined,
      // The cash part only: a delivery charge paid in advance is not collected again.
      amountToCollect: paymentSplit(order).collectOnDelivery,
    });
    await Order.updateOne(
      { _id: order._id },
      {
        $set: {
          courier: {
            name: "Pathao",
            consignmentId: String(answer.consignment_id),
            trackingCode: String(answer.consignment_id),
            status: answer.order_status ?? "Pending",
          },
        },
      },
    );
    return (await Order.findById(order._id))!;
  } catch (error) {
    await Order.updateOne({ _id: order._id }, { $set: { courier: null } });
    if (error instanceof PathaoError) {
      const details = error.errors
        ? Object.entries(error.errors).map(([path, messages]) => ({
            path,
            message: messages.join(", "),
          }))
        : undefined;
      throw new HttpError(
        502,
        `Pathao refused the parcel: ${error.message}`,
        "COURIER_ERROR",
        details,
      );
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Pathao webhook

/** The fixed reply header value the official Pathao plugin sends (Pathao's merchant API). */
export const PATHAO_WEBHOOK_REPLY_SECRET = "f3992ecc-59da-4cbe-a049-a13da2018d51";

const SHIPPED_EVENTS = new Set(["order.picked", "order.in-transit", "order.at-the-sorting-hub"]);
/** The parcel failed delivery and heads back; back at the shop (docs/cod.md). */
const RETURNING_EVENTS = new Set(["order.delivery-failed"]);
const RETURNED_EVENTS = new Set(["order.returned", "order.paid-return"]);

/**
 * Whether a webhook carries our secret: PATHAO_WEBHOOK_SECRET only (unset: every webhook is
 * refused; the API client secret is never reused), compared in constant time.
 */
export function pathaoWebhookAuthorised(signature: string | undefined): boolean {
  const secret = getEnv().PATHAO_WEBHOOK_SECRET;
  if (!secret || !signature) return false;
  // Equal-length digests, so timingSafeEqual never throws and the length does not leak either.
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(signature), digest(secret));
}

/**
 * Applies a Pathao status event to the order booked with that consignment: the courier status is
 * stored; picked / in transit moves a CONFIRMED (or PLACED) order to SHIPPED, delivered moves a
 * SHIPPED one to DELIVERED (and records the cash collected), a failed delivery a SHIPPED one to RETURNING, a return back at the shop a
 * SHIPPED or RETURNING one to RETURNED. Unknown consignments and other events are acknowledged and
 * ignored.
 */
type CourierMove = "CONFIRMED" | "SHIPPED" | "DELIVERED" | "RETURNING" | "RETURNED";

export async function applyPathaoEvent(
  event: { event?: string; consignment_id?: string; collected_amount?: unknown },
  move: (orderId: string, to: CourierMove) => Promise<unknown>,
): Promise<{ applied: boolean }> {
  if (!event.consignment_id || !event.event) return { applied: false };
  const order = await Order.findOne({ "courier.consignmentId": String(event.consignment_id) });
  if (!order) return { applied: false };
  await Order.updateOne(
    { _id: order._id },
    { $set: { "courier.status": event.event.replace(/^order\./, "") } },
  );
  const id = order._id.toString();
  const attempt = async (to: CourierMove) => {
    try {
      await move(id, to);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 409) throw error;
    }
  };
  if (SHIPPED_EVENTS.has(event.event)) {
    if (order.orderStatus === "PLACED") await attempt("CONFIRMED");
    await attempt("SHIPPED");
  } else if (event.event === "order.delivered") {
    await attempt("DELIVERED");
    // The cash it collected (docs/cod.md, "Courier cash"); kept only on a delivered COD parcel.
    await recordCourierCollection(id, event.collected_amount);
  } else if (RETURNING_EVENTS.has(event.event)) {
    await attempt("RETURNING");
  } else if (RETURNED_EVENTS.has(event.event)) {
    await attempt("RETURNED");
  }
  return { applied: true };
}
