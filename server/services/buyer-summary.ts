/**
 * Keeps each buyer's figures (models/buyer.model.ts, docs/buyers.md): computed from the orders of
 * one delivery phone, which is one indexed match, whenever an order of that phone is placed or
 * changes, and for every phone by rebuildBuyers (the migration, `npm run buyers:rebuild`).
 */
import { Buyer } from "../../models/buyer.model.js";
import { Order } from "../../models/order.model.js";
import type { CancelledBy, OrderStatus } from "#contract/order-status";
import { countedAs } from "./phone-history.service.js";

interface CountedOrder {
  orderNumber: string;
  orderStatus: OrderStatus;
  paymentMethod: string;
  cancelledBy?: CancelledBy | null;
  totalDiscountedPrice: number;
  deliveryCharge?: number | null;
  createdAt: Date;
  user?: unknown;
  shippingAddress?: { firstName?: string; lastName?: string };
}

const COUNTED_FIELDS = {
  orderNumber: 1,
  orderStatus: 1,
  paymentMethod: 1,
  cancelledBy: 1,
  totalDiscountedPrice: 1,
  deliveryCharge: 1,
  createdAt: 1,
  user: 1,
  "shippingAddress.firstName": 1,
  "shippingAddress.lastName": 1,
};

/** What one number's orders (newest first) come to; the rules are written in docs/buyers.md. */
export function buyerFigures(orders: CountedOrder[]) {
  const figures = {
    name: "",
    registered: false,
    userId: null as unknown,
    orders: 0,
    delivered: 0,
    returned: 0,
    cancelled: 0,
    cancelledByCustomer: 0,
    open: 0,
    spend: 0,
    lastOrderAt: null as Date | null,
    lastOrderNumber: null as string | null,
  };
  for (const order of orders) {
    if (order.user) {
      figures.registered = true;
      figures.userId ??= order.user;
    }
    // An online order still awaiting payment is no order yet.
    if (order.orderStatus === "PENDING") continue;
    if (figures.lastOrderAt === null) {
      figures.lastOrderAt = order.createdAt;
      figures.lastOrderNumber = order.orderNumber;
      const { firstName = "", lastName = "" } = order.shippingAddress ?? {};
      figures.name = `${firstName} ${lastName}`.trim();
    }
    figures.orders += 1;
    if (order.orderStatus === "CANCELLED") figures.cancelled += 1;
    const counted = countedAs({
      status: order.orderStatus,
      method: order.paymentMethod,
      cancelledBy: order.cancelledBy,
    });
    if (counted === "cancelled") figures.cancelledByCustomer += 1;
    else if (counted) figures[counted] += 1;
    if (order.orderStatus === "DELIVERED")
      figures.spend += Math.max(0, order.totalDiscountedPrice - (order.deliveryCharge ?? 0));
  }
  return figures;
}

/** Moves the buyer's version (creating the buyer); answers the version this refresh holds. */
async function takeTurn(phone: string): Promise<{ version: number; notes: number }> {
  const bump = () =>
    Buyer.findOneAndUpdate(
      { _id: phone },
      { $inc: { statsVersion: 1 } },
      // The whole buyer comes back: the embedded database's findAndModify takes no projection.
      { upsert: true, new: true },
    ).lean();
  // Two first refreshes of one number at once: one inserts, the other meets the _id and repeats.
  const buyer = await bump().catch((error: unknown) => {
    if ((error as { code?: unknown }).code === 11000) return bump();
    throw error;
  });
  return { version: buyer!.statsVersion, notes: buyer!.notes?.length ?? 0 };
}

/**
 * Recomputes one number's figures from its orders. Written only while no later refresh of the
 * number has started, so whatever lands was computed after the latest order write. A number left
 * with no orders and no notes is removed.
 */
export async function refreshBuyer(phone: string): Promise<void> {
  const { version, notes } = await takeTurn(phone);
  const orders = await Order.find({ deliveryPhone: phone }, COUNTED_FIELDS)
    .sort({ createdAt: -1 })
    .lean<CountedOrder[]>();
  if (orders.length === 0 && notes === 0) {
    await Buyer.deleteOne({ _id: phone, statsVersion: version });
    return;
  }
  await Buyer.updateOne({ _id: phone, statsVersion: version }, { $set: buyerFigures(orders) });
}

export async function refreshBuyers(phones: string[]): Promise<void> {
  for (const phone of phones) await refreshBuyer(phone);
}

/**
 * Recomputes every buyer: each phone that has orders, and each buyer kept (one whose orders are
 * gone is removed unless it has notes). Idempotent and safe beside live traffic (each phone is
 * one refresh). Answers how many numbers it went through.
 */
export async function rebuildBuyers(): Promise<number> {
  const [ordered, kept] = await Promise.all([
    Order.distinct<string>("deliveryPhone"),
    Buyer.distinct<string>("_id"),
  ]);
  const phones = [...new Set([...ordered, ...kept].map(String))].filter(Boolean);
  await refreshBuyers(phones);
  return phones.length;
}
