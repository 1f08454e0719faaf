import type mongoose from "mongoose";
import { Order, type OrderFields } from "../../models/order.model.js";
import { COURIER_IDS, COURIER_NAMES, type CourierId } from "#contract/couriers";
import { paymentSplit } from "#contract/advance-delivery-charge";
import { badRequest, conflict, HttpError, notFound, type FieldError } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import {
  CourierRefusal,
  getCourier,
  type BookedParcel,
  type BookingOutcome,
  type Courier,
  type CourierMove,
  type ManualDetails,
  type ParcelRequest,
} from "../couriers/index.js";
import { courierState } from "./courier-settings.service.js";
import { courierAmount, recordCourierCollection } from "./courier-cash.service.js";
import { partialDeliveryNote, tellOwnerOfPartialDelivery } from "./partial-delivery.js";
import { moveOrder } from "./orders.service.js";
import { recordAudit } from "./audit.service.js";
import { updateOrderWhere } from "./stock.service.js";
import { shipmentOf } from "./shipment-answer.js";

/**
 * Booking parcels with any courier and applying what couriers report (docs/couriers.md). The
 * courier is picked from the registry by id; nothing here knows one courier from another.
 */

type OrderDoc = mongoose.HydratedDocument<OrderFields>;

export const ALREADY_BOOKED = "This order is already booked with the courier";

/** What any courier needs from the order: recipient, address, contents and the cash to collect. */
export function parcelRequestOf(order: OrderDoc): ParcelRequest {
  const address = order.shippingAddress;
  return {
    orderNumber: order.orderNumber,
    recipientName: `${address.firstName} ${address.lastName ?? ""}`.trim(),
    recipientPhone: address.mobile,
    recipientAddress: [address.streetAddress, address.area, address.zone, address.city]
      .filter(Boolean)
      .join(", "),
    city: address.city,
    zone: address.zone || undefined,
    districtId: address.districtId || undefined,
    thanaId: address.thanaId || undefined,
    itemQuantity: order.orderItems.reduce((sum, item) => sum + item.quantity, 0),
    itemDescription: order.orderItems
      .map((item) => `${item.title} ${item.size}/${item.color} x${item.quantity}`)
      .join("; "),
    note: order.note || undefined,
    // The cash part only: a delivery charge paid in advance is not collected again.
    cashToCollect: paymentSplit(order).collectOnDelivery,
  };
}

/**
 * The one courier whose parcels also live in the order's older `courier` record: Pathao's bookings
 * keep writing it (screens and tests of that time read it), and its parcels booked before
 * shipments existed are found by it.
 */
const LEGACY_RECORD_COURIER: CourierId = "pathao";

function legacyCourierRecord(courier: Courier, value: Record<string, unknown> | null) {
  return courier.id === LEGACY_RECORD_COURIER ? { courier: value } : {};
}

export interface BookingRefusalStyle {
  /** The status a courier's refusal is answered with (the old Pathao endpoint answers 502). */
  refusedStatus: number;
}

function refusalError(courier: Courier, error: CourierRefusal, style: BookingRefusalStyle) {
  const name = COURIER_NAMES[courier.id];
  const status = error.refusedByCourier ? style.refusedStatus : 502;
  // A 401/403 is about the shop's keys, not the parcel: say so where the form shows the courier.
  const credentialsRefused = error.status === 401 || error.status === 403;
  return new HttpError(
    status,
    `${name} refused the parcel: ${error.message}`,
    error.refusedByCourier && status !== 502 ? "COURIER_REFUSED" : "COURIER_ERROR",
    error.fields ??
      (credentialsRefused
        ? [{ path: "courier", message: `${name} refused the shop's credentials; check them` }]
        : undefined),
  );
}

/** What a booking with a courier the owner switched off gets (its `errors` name `courier`). */
export const courierDisabledMessage = (name: string) =>
  `${name} is switched off: switch it on under Couriers to book with it`;

/** Refuses a courier that is switched off or not configured, naming `courier`. */
async function assertBookable(courier: Courier) {
  const state = await courierState(courier.settings);
  const refusal = !state.enabled
    ? courierDisabledMessage(COURIER_NAMES[courier.id])
    : !state.configured
      ? courier.notConfiguredMessage
      : undefined;
  if (refusal) throw badRequest(refusal, [{ path: "courier", message: refusal }]);
}

/**
 * Claims the order for a booking with one guarded update (no shipment and no Pathao record yet),
 * so two clicks, two admins or two bulk runs never book two parcels for it.
 */
async function claimForBooking(orderId: string, courier: Courier): Promise<OrderDoc> {
  const order = await Order.findById(orderId);
  if (!order) throw notFound("Order not found");
  if (!courier.bookableFrom.includes(order.orderStatus))
    throw conflict(
      `A ${order.orderStatus} order cannot be booked with the courier`,
      "INVALID_STATUS",
    );
  const booking = {
    courier: courier.id,
    courierName: COURIER_NAMES[courier.id],
    status: "BOOKING",
  };
  const claimed = await updateOrderWhere(
    { _id: order._id, courier: null, shipment: null },
    {
      $set: {
        shipment: booking,
        ...legacyCourierRecord(courier, { name: COURIER_NAMES[courier.id], status: "BOOKING" }),
      },
    },
  );
  if (!claimed) throw conflict(ALREADY_BOOKED, "ALREADY_BOOKED");
  return order;
}

/** A parcel as the audit trail keeps it: the courier and the numbers to find it by. */
const parcelSummary = (
  courierName: string,
  parcel: { consignmentId?: string | null; trackingNumber?: string | null },
) => ({
  courier: courierName,
  consignmentId: parcel.consignmentId ?? null,
  trackingNumber: parcel.trackingNumber ?? null,
});

/** A refused booking changes nothing: the claim is given back. */
async function releaseClaim(order: OrderDoc, courier: Courier) {
  await Order.updateOne(
    { _id: order._id },
    { $set: { shipment: null, ...legacyCourierRecord(courier, null) } },
  );
}

/** Stores the parcel the courier accepted, and moves the order if its booking status says so. */
async function recordParcel(order: OrderDoc, courier: Courier, parcel: BookedParcel, by: string) {
  await Order.updateOne(
    { _id: order._id },
    {
      $set: {
        shipment: {
          courier: courier.id,
          courierName: parcel.courierName ?? COURIER_NAMES[courier.id],
          consignmentId: parcel.consignmentId,
          trackingNumber: parcel.trackingNumber,
          trackingUrl: parcel.trackingUrl,
          status: parcel.status,
          bookedAt: new Date(),
          bookedBy: by,
        },
        ...legacyCourierRecord(courier, {
          name: COURIER_NAMES[courier.id],
          consignmentId: parcel.consignmentId,
          trackingCode: parcel.trackingNumber,
          status: parcel.status,
        }),
      },
    },
  );
  await recordAudit({
    entity: "order",
    entityId: String(order._id),
    action: "shipment",
    by,
    label: order.orderNumber,
    before: { shipment: null },
    after: { shipment: parcelSummary(parcel.courierName ?? COURIER_NAMES[courier.id], parcel) },
  });
  await applyMove(order.id as string, order.orderStatus, courier.orderMove(parcel.status), by);
  return (await Order.findById(order._id))!;
}

/**
 * Books the order's parcel with one courier and stores its shipment. A refusal (the courier's, or
 * missing credentials) gives the claim back and changes nothing. A courier whose booking status
 * already moves the order (a manual hand-over) moves it.
 */
export async function bookShipment(
  orderId: string,
  courierId: CourierId,
  options: { manual?: ManualDetails; by: string } & BookingRefusalStyle,
) {
  const courier = getCourier(courierId);
  await assertBookable(courier);
  const order = await claimForBooking(orderId, courier);
  let parcel;
  try {
    parcel = await courier.book(parcelRequestOf(order), options.manual ?? {});
  } catch (error) {
    await releaseClaim(order, courier);
    if (error instanceof CourierRefusal) throw refusalError(courier, error, options);
    throw error;
  }
  return recordParcel(order, courier, parcel, options.by);
}

/** One order of a many-at-once booking, answered on its own. */
export type ShipmentResult =
  | { orderId: string; ok: true; order: OrderDoc }
  | {
      orderId: string;
      ok: false;
      status: number;
      message: string;
      code?: string;
      errors?: FieldError[];
    };

/**
 * Books many orders' parcels (by id, each once) with one courier (its bulk call where it has one),
 * each order answered on its own: one already booked, in the wrong state or refused by the courier
 * does not stop the others, and changes nothing of its own.
 */
export async function bookShipments(orderIds: string[], courierId: CourierId, by: string) {
  const courier = getCourier(courierId);
  await assertBookable(courier);
  const results = new Map<string, ShipmentResult>();
  const refused = (orderId: string, error: HttpError): ShipmentResult => ({
    orderId,
    ok: false,
    status: error.status,
    message: error.message,
    code: error.code,
    errors: error.errors,
  });
  const claimed: OrderDoc[] = [];
  for (const orderId of orderIds) {
    try {
      claimed.push(await claimForBooking(orderId, courier));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results.set(orderId, refused(orderId, error));
    }
  }
  let outcomes: BookingOutcome[] = [];
  try {
    outcomes = claimed.length > 0 ? await courier.bookMany(claimed.map(parcelRequestOf)) : [];
  } finally {
    // Whatever happens, no claim outlives the call without a parcel behind it.
    for (const order of claimed) {
      const outcome = outcomes.find((entry) => entry.orderNumber === order.orderNumber);
      const orderId = String(order._id);
      if (outcome?.ok) {
        const booked = await recordParcel(order, courier, outcome.parcel, by);
        results.set(orderId, { orderId, ok: true, order: booked });
        continue;
      }
      await releaseClaim(order, courier);
      const error = outcome
        ? refusalError(courier, outcome.error, { refusedStatus: 422 })
        : new HttpError(
            502,
            `${COURIER_NAMES[courier.id]} gave no answer for this order`,
            "COURIER_ERROR",
          );
      results.set(orderId, refused(orderId, error));
    }
  }
  return orderIds.map((orderId) => results.get(orderId)!);
}

/**
 * Moves the order where a courier's status says, through the state machine: an order the courier
 * has not been seen taking yet (PLACED or CONFIRMED; a status read every 15 minutes can miss its
 * pickup) is confirmed and shipped first on its way. A move the order has already made or cannot
 * make (409) is not an error: couriers resend events and report states the order has passed.
 * Answers whether this call made the move (so what follows a move happens once); `note` goes into
 * its history entry.
 */
async function applyMove(
  orderId: string,
  current: string,
  to: CourierMove,
  by: string,
  note?: string,
): Promise<boolean> {
  if (!to) return false;
  const attempt = async (status: NonNullable<CourierMove> | "CONFIRMED", withNote?: string) => {
    try {
      await moveOrder(orderId, status, by, { note: withNote });
      return true;
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 409) throw error;
      return false;
    }
  };
  if (current === "PLACED") await attempt("CONFIRMED");
  if (to !== "SHIPPED" && NOT_LEFT_YET.includes(current)) await attempt("SHIPPED");
  return attempt(to, note);
}

/**
 * Applies a status a courier reported (webhook or a status read) to the order of that parcel: the
 * status is stored on the shipment, the order moves where the courier's mapping says, and a
 * delivered COD parcel records the cash the courier says it collected. An unknown parcel is
 * acknowledged and ignored.
 */
export async function applyCourierStatus(
  courierId: CourierId,
  consignmentId: string,
  status: string,
  options: { collectedAmount?: unknown; storedStatus?: string } = {},
): Promise<{ applied: boolean }> {
  const courier = getCourier(courierId);
  // Pathao's parcels booked before shipments existed are found by their `courier` record.
  const order =
    (await Order.findOne({
      "shipment.courier": courierId,
      "shipment.consignmentId": consignmentId,
    })) ??
    (courierId === LEGACY_RECORD_COURIER
      ? await Order.findOne({ "courier.consignmentId": consignmentId })
      : null);
  if (!order) return { applied: false };
  const stored = options.storedStatus ?? status;
  await Order.updateOne(
    { _id: order._id },
    {
      $set: {
        ...(order.shipment ? { "shipment.status": stored } : {}),
        ...(order.courier ? { "courier.status": stored } : {}),
      },
    },
  );
  // Cancelled before it left the shop: nothing is on its way, so the order may be booked again.
  if (courier.givenUp?.(status) && NOT_LEFT_YET.includes(order.orderStatus)) {
    await Order.updateOne(
      { _id: order._id },
      { $set: { shipment: null, ...legacyCourierRecord(courier, null) } },
    );
    logger.info(
      { orderId: String(order._id), courier: courierId, status },
      "parcel given up; booking released",
    );
    return { applied: true };
  }
  const move = courier.orderMove(status);
  const id = order.id as string;
  const by = `courier:${COURIER_NAMES[courierId]}`;
  const partly = move === "DELIVERED" && Boolean(courier.partlyDelivered?.(status));
  const reported = courierAmount(options.collectedAmount);
  const moved = await applyMove(
    id,
    order.orderStatus,
    move,
    by,
    partly ? partialDeliveryNote(stored, reported) : undefined,
  );
  // The cash it collected (docs/cod.md, "Courier cash"); kept only on a delivered COD parcel. A
  // partial delivery's cash is only ever the courier's word, never the COD amount.
  if (move === "DELIVERED") await recordCourierCollection(id, options.collectedAmount, by);
  if (partly && moved) await tellOwnerOfPartialDelivery(id, stored, reported);
  return { applied: true };
}

/** Reads the parcel's status from its courier and applies it (couriers without webhooks are polled). */
export async function refreshShipment(orderId: string) {
  const order = await Order.findById(orderId);
  if (!order) throw notFound("Order not found");
  const shipment = shipmentOf(order);
  const consignmentId = order.shipment?.consignmentId ?? order.courier?.consignmentId;
  if (!shipment || !consignmentId)
    throw conflict("This order has no parcel booked with a courier", "NOT_BOOKED");
  const courier = getCourier(shipment.courier);
  let status: string | undefined;
  try {
    status = await courier.readStatus?.(consignmentId);
  } catch (error) {
    if (error instanceof CourierRefusal) throw refusalError(courier, error, { refusedStatus: 422 });
    throw error;
  }
  if (status !== undefined) await applyCourierStatus(courier.id, consignmentId, status);
  return (await Order.findById(order._id))!;
}

/** The order states in which a booked parcel has not left the shop yet. */
const NOT_LEFT_YET: readonly string[] = ["PLACED", "CONFIRMED"];

/** The order states in which a booked parcel is still moving (read again until it settles). */
const OPEN_PARCEL_STATES = ["PLACED", "CONFIRMED", "SHIPPED", "RETURNING"];

/**
 * One round of reading open parcels again, for couriers that send no webhooks (Steadfast): at most
 * `limit` parcels, those read longest ago first (`shipment.checkedAt`), so a long list is walked
 * through over the rounds. A parcel the courier cannot answer for is logged and left for the next
 * round; it never stops the others. Answers how many were read.
 */
export async function pollOpenShipments(limit = 50): Promise<number> {
  const polled: CourierId[] = [];
  // A courier switched off still has its parcels followed; one without credentials cannot be asked.
  for (const id of COURIER_IDS) {
    const courier = getCourier(id);
    if (!courier.webhook && courier.readStatus && (await courierState(courier.settings)).configured)
      polled.push(id);
  }
  if (polled.length === 0) return 0;
  const orders = await Order.find({
    "shipment.courier": { $in: polled },
    "shipment.consignmentId": { $ne: null },
    orderStatus: { $in: OPEN_PARCEL_STATES },
  })
    .sort({ "shipment.checkedAt": 1, _id: 1 })
    .limit(limit)
    .select({ _id: 1, shipment: 1 });
  let read = 0;
  for (const order of orders) {
    const { courier: courierId, consignmentId } = order.shipment!;
    await Order.updateOne({ _id: order._id }, { $set: { "shipment.checkedAt": new Date() } });
    try {
      const status = await getCourier(courierId as CourierId).readStatus!(consignmentId!);
      read += 1;
      await applyCourierStatus(courierId as CourierId, consignmentId!, status);
    } catch (error) {
      if (!(error instanceof CourierRefusal)) throw error;
      logger.warn(
        { orderId: String(order._id), courier: courierId, err: error },
        "parcel status not read",
      );
    }
  }
  return read;
}

export const NOT_BOOKED = "This order has no parcel booked with a courier";

/**
 * Cancels the order's shipment and releases the booking, so the order may be booked again (with
 * the same courier or another). A manual shipment is let go at once; a courier with a
 * cancellation call (RedX) is asked to cancel, and its refusal (the parcel is on its way) is a
 * 409; a courier without one (Pathao, Steadfast) is asked for the parcel's status, and only a
 * parcel it has not picked up is let go, the owner cancelling it in the courier's panel. Once the
 * parcel has left the shop (SHIPPED or later, manual: DELIVERED or later), nothing is asked: 409.
 * The order's history records who cancelled which parcel.
 */
export async function cancelShipment(orderId: string, by: string) {
  const order = await Order.findById(orderId);
  if (!order) throw notFound("Order not found");
  const shipment = shipmentOf(order);
  const consignmentId = order.shipment?.consignmentId ?? order.courier?.consignmentId;
  if (!shipment || !consignmentId) throw conflict(NOT_BOOKED, "NOT_BOOKED");
  const courier = getCourier(shipment.courier);
  const name = shipment.courierName;
  const refused = (message: string) => new HttpError(409, message, "CANCEL_REFUSED");
  if (!courier.bookableFrom.includes(order.orderStatus))
    throw refused(
      `The parcel has left the shop with ${name} (the order is ${order.orderStatus}); it can no longer be cancelled`,
    );
  let note = `shipment with ${name} cancelled (tracking ${shipment.trackingNumber})`;
  try {
    if (courier.cancel) {
      await courier.cancel(consignmentId);
    } else if (courier.readStatus && courier.notPickedUp) {
      const status = await courier.readStatus(consignmentId);
      if (!courier.notPickedUp(status))
        throw refused(
          `${name} has the parcel already (status "${status}"); it can no longer be cancelled`,
        );
      note = `booking with ${name} released (tracking ${shipment.trackingNumber}, not picked up); cancel the parcel in ${name}'s panel too`;
    } else {
      throw refused(`${name} offers no way to cancel a parcel; cancel it with ${name}`);
    }
  } catch (error) {
    if (!(error instanceof CourierRefusal)) throw error;
    if (!error.refusedByCourier) throw refusalError(courier, error, { refusedStatus: 422 });
    throw refused(`${COURIER_NAMES[courier.id]} refused to cancel the parcel: ${error.message}`);
  }
  const released = await updateOrderWhere(
    {
      _id: order._id,
      ...(order.shipment
        ? { "shipment.consignmentId": consignmentId }
        : { "courier.consignmentId": consignmentId }),
    },
    {
      $set: { shipment: null, ...legacyCourierRecord(courier, null) },
      $push: { statusHistory: { status: order.orderStatus, at: new Date(), by, note } },
    },
  );
  if (!released) throw conflict(NOT_BOOKED, "NOT_BOOKED");
  await recordAudit({
    entity: "order",
    entityId: String(order._id),
    action: "shipment",
    by,
    label: order.orderNumber,
    before: {
      shipment: parcelSummary(name, { consignmentId, trackingNumber: shipment.trackingNumber }),
    },
    after: { shipment: null },
  });
  logger.info({ orderId, courier: courier.id, consignmentId }, "shipment cancelled");
  return (await Order.findById(order._id))!;
}
