import { createHash, timingSafeEqual } from "node:crypto";
import mongoose from "mongoose";
import {
  ORDER_TRANSITIONS,
  Order,
  type CancelledBy,
  type OrderFields,
  type OrderStatus,
} from "../../models/order.model.js";
import { getEnv } from "../env.js";
import { conflict, notFound } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import { orderLogFields } from "../lib/log-fields.js";
import { recordOrderCancelled } from "../lib/metrics.js";
import { normalizeBdMobile } from "#contract/phone";
import { orderLookupKey } from "#contract/order-number";
import { isShopperAdvanceRule, paymentSplit } from "#contract/advance-delivery-charge";
import { notifyOrder } from "./notifications.service.js";
import { recordAudit } from "./audit.service.js";
import { forgetReservation } from "./reservations.service.js";
import { releaseOrderStock, updateOrderWhere } from "./stock.service.js";
import { shipmentOf } from "./shipment-answer.js";
import { pageSummary, pageWindow } from "../lib/paging.js";
import { orderRiskLevels } from "./order-risk.js";
import { ORDER_QUEUE_FILTERS } from "./order-queue-filters.js";
import type { OrderFilter } from "#contract/schemas/order-desk";
import { containsText } from "../lib/search-pattern.js";
import { refundByOf, toAdminRefund } from "./refund-answers.js";
import type {
  AdminOrderAnswer,
  AdminOrderPageAnswer,
  OrderActor,
  OrderAnswer,
  OrderTrackingAnswer,
} from "#contract/answers/orders";

export type { AdminOrderAnswer, OrderAnswer };

/**
 * Orders once placed: reading, tracking, the admin's list and moves, expiry of unpaid ones.
 * Placing an order is order-placement.ts.
 */

export const ORDER_NOT_FOUND = "Order not found";
/**
 * Guest tracking's one refusal, for an unknown order number and for a known one with another
 * mobile alike: it never tells which (docs/security.md, order tracking).
 */
export const NO_ORDER_FOR_NUMBER_AND_MOBILE =
  "No order matches this order number and mobile number. Check both and try again.";

export function hashTrackingToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

type OrderDoc = mongoose.HydratedDocument<OrderFields>;

type StoredOrder = OrderDoc | (OrderFields & { _id: unknown });

/** The order as the back office reads it: everything but the internal bookkeeping. */
export function toAdminOrderAnswer(order: StoredOrder): AdminOrderAnswer {
  const plain = (
    "toObject" in order && typeof order.toObject === "function"
      ? order.toObject({ versionKey: false })
      : { ...order }
  ) as Record<string, unknown>;
  delete plain.trackingTokenHash;
  // Internal bookkeeping of the checkout's stock reservation (reservations.service.ts).
  delete plain.reservationId;
  delete plain.checkoutOf;
  delete plain.submission;
  delete plain.paymentLock;
  delete plain.refundTotals;
  delete plain.__v;
  const stored = order as Partial<Pick<OrderFields, "refunds">>;
  plain.refunds = (stored.refunds ?? []).map(toAdminRefund);
  plain.refundBy = refundByOf(order as OrderFields);
  // Who is bringing the parcel, whichever courier (and for parcels booked before shipments, Pathao's record).
  plain.shipment = shipmentOf(plain as Pick<OrderFields, "shipment" | "courier">);
  if (plain.guest && typeof plain.guest === "object") {
    const guest = { ...(plain.guest as Record<string, unknown>) };
    delete guest.guestId;
    plain.guest = guest;
  }
  return JSON.parse(JSON.stringify(plain)) as AdminOrderAnswer;
}

/**
 * Who moved an order (`customer`, `guest`, `admin:<email>`, `system`, `courier:Pathao`,
 * `payment:BKASH`), as its customer reads it: staff and the shop's jobs are "shop".
 */
function actorForCustomer(by: string): OrderActor {
  if (by === "customer" || by === "guest") return by;
  const kind = by.split(":")[0];
  return kind === "courier" || kind === "payment" ? kind : "shop";
}

/**
 * The order as its owner or the guest who placed it reads it (every customer-facing answer,
 * tracking included): no staff email or id anywhere, none of the courier's cash bookkeeping, and
 * nothing of the number's history: not who cancelled, no risky-number reason for an advance
 * (docs/cod.md, "What a number reveals").
 */
export function toOrderAnswer(order: StoredOrder): OrderAnswer {
  const {
    user,
    statusHistory,
    cashCollected: _recordedBy,
    cashSettlement: _settlement,
    cancelledBy: _cancelledBy,
    createdBy: _staff,
    packedAt: _packedAt,
    packedBy: _packer,
    advanceDeliveryCharge: advance,
    refunds,
    ...rest
  } = toAdminOrderAnswer(order);
  return {
    ...rest,
    user: user !== null && typeof user === "object" ? user._id : user,
    // The amount, where it stands and when; who gave it back and why stay the shop's.
    refunds: refunds?.map(({ id, amount, status, at, completedAt }) => ({
      id,
      amount,
      status,
      at,
      completedAt,
    })),
    // A history note is the staff's (a partial delivery's cash and what to restock).
    statusHistory: statusHistory.map(({ by, note: _staffNote, ...change }) =>
      by === undefined ? change : { ...change, by: actorForCustomer(by) },
    ),
    ...(advance === undefined
      ? {}
      : {
          advanceDeliveryCharge: advance && {
            ...advance,
            reasons: advance.reasons.filter(isShopperAdvanceRule),
          },
        }),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function listUserOrders(userId: string): Promise<OrderAnswer[]> {
  const orders = await Order.find({ user: userId }).sort({ createdAt: -1 }).limit(200);
  return orders.map((order) => toOrderAnswer(order));
}

function findByIdOrNumber(id: string) {
  const filter = orderLookupKey(id);
  return Order.findOne(filter).select("+trackingTokenHash");
}

export function tokenMatches(hash: string | null | undefined, token: string | undefined): boolean {
  if (!hash || !token) return false;
  const given = Buffer.from(hashTrackingToken(token), "hex");
  const stored = Buffer.from(hash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export interface OrderReader {
  userId?: string;
  isAdmin?: boolean;
  guestId?: string;
  trackingToken?: string;
}

/** Whether a reader may see an order: its owner, an admin, or the guest who placed it. */
export function canRead(order: OrderDoc, reader: OrderReader): boolean {
  if (reader.isAdmin) return true;
  if (order.user) return reader.userId !== undefined && order.user.toString() === reader.userId;
  if (reader.guestId && order.guest?.guestId && order.guest.guestId === reader.guestId) return true;
  return tokenMatches(order.trackingTokenHash, reader.trackingToken);
}

/** The order for a reader who may see it; 404 for anyone else (never reveals that it exists). */
export async function getOrderFor(id: string, reader: OrderReader): Promise<OrderDoc> {
  const order = await findByIdOrNumber(id);
  if (!order || !canRead(order, reader)) throw notFound(ORDER_NOT_FOUND);
  return order;
}

export async function readOrder(id: string, reader: OrderReader): Promise<OrderAnswer> {
  return toOrderAnswer(await getOrderFor(id, reader));
}

/** Guest tracking by phone or token: status, history, items and totals; no street address. */
export async function trackOrder(
  id: string,
  credentials: { phone?: string; token?: string },
): Promise<OrderTrackingAnswer> {
  const order = await findByIdOrNumber(id);
  if (!order) throw notFound(NO_ORDER_FOR_NUMBER_AND_MOBILE);
  const phone = credentials.phone ? normalizeBdMobile(credentials.phone) : undefined;
  const phoneOk =
    phone !== undefined &&
    (order.shippingAddress.mobile === phone || order.guest?.mobile === phone);
  if (!phoneOk && !tokenMatches(order.trackingTokenHash, credentials.token))
    throw notFound(NO_ORDER_FOR_NUMBER_AND_MOBILE);
  const full = toOrderAnswer(order);
  return {
    _id: full._id,
    orderNumber: full.orderNumber,
    orderStatus: full.orderStatus,
    statusHistory: full.statusHistory,
    orderItems: full.orderItems,
    totalPrice: full.totalPrice,
    discount: full.discount,
    promoCode: full.promoCode,
    promoCodeDiscount: full.promoCodeDiscount,
    deliveryCharge: full.deliveryCharge,
    tax: full.tax,
    totalDiscountedPrice: full.totalDiscountedPrice,
    totalItem: full.totalItem,
    paymentMethod: full.paymentMethod,
    // A delivery charge paid in advance: the page shows what is left to pay on delivery.
    ...(full.advanceDeliveryCharge ? { advanceDeliveryCharge: full.advanceDeliveryCharge } : {}),
    paymentDetails: { status: order.paymentDetails?.status ?? "PENDING" },
    courier: full.courier ?? null,
    shipment: full.shipment,
    shippingAddress: {
      firstName: order.shippingAddress.firstName,
      city: order.shippingAddress.city,
    },
    refunds: full.refunds,
    refundBy: full.refundBy,
    createdAt: full.createdAt,
  };
}

// ---------------------------------------------------------------------------------------------
// Admin

export interface AdminOrderQuery extends OrderFilter {
  page: number;
  limit: number;
}

/**
 * The orders list's filter as a query: a queue (docs/order-desk.md), a status, the days placed and
 * a search text. The list, its CSV and a many-at-once change to "everything in the filter" share it.
 */
export function adminOrderFilter(query: OrderFilter): Record<string, unknown> {
  const all: Record<string, unknown>[] = [];
  if (query.queue) all.push(ORDER_QUEUE_FILTERS[query.queue]);
  if (query.status) all.push({ orderStatus: query.status });
  if (query.from || query.to)
    all.push({
      createdAt: {
        ...(query.from ? { $gte: query.from } : {}),
        ...(query.to ? { $lte: query.to } : {}),
      },
    });
  const search = query.search?.trim();
  if (search) {
    const pattern = containsText(search);
    const or: Record<string, unknown>[] = [
      { orderNumber: pattern },
      { "shippingAddress.firstName": pattern },
      { "shippingAddress.lastName": pattern },
      { "shippingAddress.mobile": pattern },
      { "shippingAddress.email": pattern },
      { "guest.email": pattern },
      { "paymentDetails.transactionId": pattern },
    ];
    if (mongoose.isValidObjectId(search)) or.push({ _id: search });
    all.push({ $or: or });
  }
  return all.length === 0 ? {} : all.length === 1 ? all[0] : { $and: all };
}

export async function listAdminOrders(query: AdminOrderQuery): Promise<AdminOrderPageAnswer> {
  const filter = adminOrderFilter(query);
  const [orders, total] = await Promise.all([
    Order.find(filter)
      .sort({ createdAt: -1 })
      .skip(pageWindow(query).skip)
      .limit(query.limit)
      .populate("user", "firstName lastName email mobile"),
    Order.countDocuments(filter),
  ]);
  const risks = await orderRiskLevels(orders);
  return {
    orders: orders.map((order, index) => ({
      ...toAdminOrderAnswer(order),
      riskLevel: risks[index],
    })),
    ...pageSummary(total, query),
  };
}

/** Reads of the status a move makes before it is refused as contended (each miss is another move). */
const MOVE_ATTEMPTS = 3;

/**
 * Moves an order along the state machine with one conditional update (the current status must be
 * one the target may follow), so two admins or an admin and the expiry job cannot both move it.
 * A cancellation records who caused it (`cancelledBy`, the shop unless told otherwise): only the
 * customer's count against the number.
 */
export async function moveOrder(
  id: string,
  to: OrderStatus,
  by: string,
  options: { cancelledBy?: CancelledBy; note?: string } = {},
): Promise<AdminOrderAnswer> {
  if (!mongoose.isValidObjectId(id)) throw notFound(ORDER_NOT_FOUND);
  const allowedFrom = (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((from) =>
    ORDER_TRANSITIONS[from].includes(to),
  );
  const set: Record<string, unknown> = { orderStatus: to };
  if (to === "CANCELLED") set.cancelledBy = options.cancelledBy ?? "shop";
  // The status it moves from is read, then pinned in the write's filter (FerretDB's findAndModify
  // takes no projection, so the write cannot answer it): the audit entry's "before" is exactly
  // what the write replaced. A move landing in between makes it miss, and it is read again.
  let replaced: Pick<OrderFields, "orderStatus" | "cancelledBy"> | null = null;
  let moved: Awaited<ReturnType<typeof updateOrderWhere>> = null;
  for (let attempt = 1; attempt <= MOVE_ATTEMPTS && !moved; attempt += 1) {
    replaced = await Order.findById(id, { orderStatus: 1, cancelledBy: 1 }).lean();
    if (!replaced || !allowedFrom.includes(replaced.orderStatus)) break;
    moved = await updateOrderWhere(
      { _id: id, orderStatus: replaced.orderStatus },
      {
        $set: set,
        $push: {
          statusHistory: {
            status: to,
            at: new Date(),
            by,
            ...(options.note ? { note: options.note } : {}),
          },
        },
      },
    );
  }
  if (!replaced || !moved) {
    const current = await Order.findById(id, { orderStatus: 1 });
    if (!current) throw notFound(ORDER_NOT_FOUND);
    throw conflict(
      `Cannot change order status from ${current.orderStatus} to ${to}`,
      "INVALID_STATUS",
    );
  }
  await recordAudit({
    entity: "order",
    entityId: id,
    action: "status",
    by,
    label: moved.orderNumber,
    before: { orderStatus: replaced.orderStatus, cancelledBy: replaced.cancelledBy ?? null },
    after: { orderStatus: to, cancelledBy: moved.cancelledBy ?? null },
  });
  if (to === "CANCELLED") await releaseOrderStock(moved._id, { reason: "cancel", by });
  if (to === "CANCELLED") recordOrderCancelled(moved.paymentMethod, by);
  if (to === "RETURNED") await recordReturn(moved, by);
  logger.info({ ...orderLogFields(moved), orderStatus: to, by }, "order status changed");
  if (to === "DELIVERED" && moved.paymentMethod === "COD")
    await Order.updateOne({ _id: moved._id }, { $set: { "paymentDetails.status": "COMPLETED" } });
  if (to === "CONFIRMED" || to === "SHIPPED" || to === "DELIVERED" || to === "CANCELLED")
    void notifyOrder(to, moved);
  return toAdminOrderAnswer((await Order.findById(moved._id)) ?? moved);
}

/**
 * A parcel back at the shop: its units go back to stock (once, however many times the return is
 * applied: releaseOrderStock claims the order first), and the delivery charge it was sent with is
 * recorded as lost (the courier is paid, the customer paid nothing) — unless the customer paid it
 * in advance (docs/cod.md, "Advance delivery charge"): then nothing is lost.
 */
async function recordReturn(order: OrderDoc, by: string) {
  await releaseOrderStock(order._id, { reason: "return", by });
  // Only a COD order's advance counts here (an online order's refund is decided apart).
  const paidInAdvance = order.paymentMethod === "COD" ? paymentSplit(order).paidOnline : 0;
  await Order.updateOne(
    { _id: order._id },
    { $set: { deliveryCostLost: Math.max(0, (order.deliveryCharge ?? 0) - paidInAdvance) } },
  );
}

/** Deletes an order; an order whose goods never left returns its stock first. */
export async function deleteOrder(
  id: string,
  by = "admin",
): Promise<{ message: string; _id: string }> {
  if (!mongoose.isValidObjectId(id)) throw notFound(ORDER_NOT_FOUND);
  const order = await Order.findById(id);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  // A parcel with the courier or the customer: its units are not on the shelf (RETURNED gave them back).
  if (!["SHIPPED", "DELIVERED", "RETURNING"].includes(order.orderStatus))
    await releaseOrderStock(order._id, { reason: "cancel", by, note: "Order deleted" });
  // Its checkout's journal entry is settled now: once the order is gone, the reconciliation job
  // would otherwise take it for an abandoned checkout.
  if (order.reservationId) await forgetReservation(order.reservationId);
  await Order.deleteOne({ _id: order._id });
  await recordAudit({
    entity: "order",
    entityId: id,
    action: "delete",
    by,
    label: order.orderNumber,
    before: { orderStatus: order.orderStatus, totalDiscountedPrice: order.totalDiscountedPrice },
  });
  return { message: "Order deleted", _id: order._id.toString() };
}

// ---------------------------------------------------------------------------------------------
// Expiry of unpaid online orders

/**
 * Cancels PENDING orders older than PENDING_ORDER_TTL_MINUTES and releases their stock. Each order
 * is claimed by a conditional update on `orderStatus: PENDING`, so several instances
 * running this at once never cancel or release one order twice. Returns how many were cancelled.
 */
export async function expirePendingOrders(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - getEnv().PENDING_ORDER_TTL_MINUTES * 60_000);
  let cancelled = 0;
  const candidates = await Order.find(
    { orderStatus: "PENDING", createdAt: { $lt: cutoff } },
    { _id: 1 },
  )
    .sort({ createdAt: 1 })
    .limit(500)
    .lean();
  for (const candidate of candidates) {
    // Claimed with a conditional update: another instance, a payment callback or an admin that
    // got there first makes this a no-op.
    const order = await updateOrderWhere(
      { _id: candidate._id, orderStatus: "PENDING", createdAt: { $lt: cutoff } },
      {
        $set: {
          orderStatus: "CANCELLED",
          cancelledBy: "system",
          "paymentDetails.status": "EXPIRED",
        },
        $push: {
          statusHistory: {
            status: "CANCELLED",
            at: now,
            by: "system",
            note: "payment not received in time",
          },
        },
      },
    );
    if (!order) continue;
    cancelled += 1;
    await recordAudit({
      entity: "order",
      entityId: String(order._id),
      action: "status",
      by: "system",
      label: order.orderNumber,
      before: { orderStatus: "PENDING", cancelledBy: null },
      after: { orderStatus: "CANCELLED", cancelledBy: "system" },
    });
    recordOrderCancelled(order.paymentMethod, "system");
    logger.info({ ...orderLogFields(order), orderStatus: "CANCELLED" }, "unpaid order expired");
    try {
      await releaseOrderStock(order._id, {
        reason: "cancel",
        by: "system",
        note: "Payment not received in time",
      });
    } catch (error) {
      logger.error({ err: error, ...orderLogFields(order) }, "expired order: stock not released");
    }
  }
  if (cancelled > 0) logger.info({ cancelled }, "expired unpaid orders cancelled");
  return cancelled;
}
