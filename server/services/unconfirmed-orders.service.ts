import { Order } from "../../models/order.model.js";
import { logger } from "../lib/logger.js";
import { orderLogFields } from "../lib/log-fields.js";
import { recordOrderCancelled } from "../lib/metrics.js";
import { notifyOrder } from "./notifications.service.js";
import { getShopSettings } from "./shop-settings.service.js";
import { releaseOrderStock, updateOrderWhere } from "./stock.service.js";
import { recordAudit } from "./audit.service.js";

/**
 * Cash-on-delivery orders nobody confirmed (docs/cod.md, "Unconfirmed orders"): after the shop
 * setting `cod.unconfirmedCancelAfterHours` they are cancelled by the system, their units go back to
 * stock and the customer gets the usual cancelled message, so a fake order cannot hold stock.
 *
 * "Confirmed" means an admin (or the courier) moved the order past PLACED, the customer confirmed
 * the phone with the one-time code (`phoneConfirmed: true`), or paid the delivery charge online in
 * advance (`advanceDeliveryCharge.status: "PAID"`). Those fields are written by the checkout's phone
 * confirmation and advance payment; they are read through the raw filter below, so orders without
 * them (older ones, or before those features) simply count as unconfirmed.
 */

const UNCONFIRMED_CANCELLED_BY = "system";

/** The orders this rule applies to, as a filter (also re-checked by the guarded cancel). */
function unconfirmedFilter(cutoff: Date) {
  return {
    orderStatus: "PLACED",
    paymentMethod: "COD",
    createdAt: { $lt: cutoff },
    phoneConfirmed: { $ne: true },
    "advanceDeliveryCharge.status": { $ne: "PAID" },
  };
}

/** The setting's hours and the creation time before which an unconfirmed order is due; null: off. */
async function unconfirmedLimit(now: Date): Promise<{ hours: number; cutoff: Date } | null> {
  const hours = (await getShopSettings()).cod.unconfirmedCancelAfterHours;
  return hours > 0 ? { hours, cutoff: new Date(now.getTime() - hours * 3_600_000) } : null;
}

/** Ids of the orders past the limit at `now`, oldest first (at most 500 a run). */
export async function findUnconfirmedCodOrders(now = new Date()): Promise<string[]> {
  const limit = await unconfirmedLimit(now);
  if (!limit) return [];
  const candidates = await Order.find(unconfirmedFilter(limit.cutoff), { _id: 1 })
    .sort({ createdAt: 1 })
    .limit(500)
    .lean();
  return candidates.map((candidate) => String(candidate._id));
}

/**
 * Cancels one order if it is still unconfirmed and past the limit: one conditional update, so an
 * admin confirming it meanwhile (or another instance's run) makes this a no-op. The winner gives
 * the units back (once: `releaseOrderStock` claims the order) and tells the customer. Answers
 * whether this call cancelled it.
 */
export async function cancelUnconfirmedOrder(id: string, now = new Date()): Promise<boolean> {
  const limit = await unconfirmedLimit(now);
  if (!limit) return false;
  const { hours, cutoff } = limit;
  const order = await updateOrderWhere(
    { _id: id, ...unconfirmedFilter(cutoff) },
    {
      // The system's doing: it does not count against the number (docs/cod.md).
      $set: { orderStatus: "CANCELLED", cancelledBy: "system" },
      $push: {
        statusHistory: {
          status: "CANCELLED",
          at: now,
          by: UNCONFIRMED_CANCELLED_BY,
          note: `not confirmed within ${hours} hours`,
        },
      },
    },
  );
  if (!order) return false;
  // The filter pinned PLACED, and only a cancellation sets `cancelledBy`: that is what it replaced.
  await recordAudit({
    entity: "order",
    entityId: String(order._id),
    action: "status",
    by: UNCONFIRMED_CANCELLED_BY,
    label: order.orderNumber,
    before: { orderStatus: "PLACED", cancelledBy: null },
    after: { orderStatus: "CANCELLED", cancelledBy: "system" },
  });
  recordOrderCancelled(order.paymentMethod, UNCONFIRMED_CANCELLED_BY);
  logger.info(
    { ...orderLogFields(order), orderStatus: "CANCELLED", hours },
    "unconfirmed cash-on-delivery order cancelled",
  );
  try {
    await releaseOrderStock(order._id, {
      reason: "cancel",
      by: "system",
      note: `Not confirmed within ${hours} hours`,
    });
  } catch (error) {
    logger.error({ err: error, ...orderLogFields(order) }, "unconfirmed order: stock not released");
  }
  void notifyOrder("CANCELLED", order);
  return true;
}

/** The job: every unconfirmed COD order past the limit, cancelled. Answers how many. */
export async function cancelUnconfirmedCodOrders(now = new Date()): Promise<number> {
  let cancelled = 0;
  for (const id of await findUnconfirmedCodOrders(now))
    if (await cancelUnconfirmedOrder(id, now)) cancelled += 1;
  if (cancelled > 0) logger.info({ cancelled }, "unconfirmed cash-on-delivery orders cancelled");
  return cancelled;
}
