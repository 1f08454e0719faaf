/**
 * Staff's edit of an order's delivery details (name, address, note). The write is conditional on
 * each edited field still holding the value read, so two staff editing one order at once never
 * overwrite each other unseen: edits of different fields both land, and an edit whose field
 * changed meanwhile is applied again on the fresh order (its audit entry's "before" is then the
 * other edit's "after"). Each edit that changed something is one audit entry.
 */
import mongoose from "mongoose";
import { Order } from "../../models/order.model.js";
import { conflict, notFound } from "../lib/http-error.js";
import { recordAudit } from "./audit.service.js";
import { toAdminOrderAnswer, type AdminOrderAnswer } from "./orders.service.js";
import {
  DETAILS_EDITABLE_STATUSES,
  detailsLocked,
  type OrderDetailsBody,
} from "#contract/schemas/order-edits";

const ORDER_NOT_FOUND = "Order not found";
const MAX_ATTEMPTS = 5;
export const ORDER_BUSY =
  "This order is being changed by someone else right now. Please try again.";

/** Where each field of the edit lives in the order. */
const PATHS: Record<keyof OrderDetailsBody, string> = {
  firstName: "shippingAddress.firstName",
  lastName: "shippingAddress.lastName",
  streetAddress: "shippingAddress.streetAddress",
  area: "shippingAddress.area",
  zipCode: "shippingAddress.zipCode",
  note: "note",
};

const valueAt = (order: Record<string, unknown>, path: string): unknown =>
  path.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], order);

export async function editOrderDetails(
  id: string,
  body: OrderDetailsBody,
  by: string,
): Promise<AdminOrderAnswer> {
  if (!mongoose.isValidObjectId(id)) throw notFound(ORDER_NOT_FOUND);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const order = await Order.findById(id).lean();
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (!(DETAILS_EDITABLE_STATUSES as readonly string[]).includes(order.orderStatus))
      throw conflict(detailsLocked(order.orderStatus), "DETAILS_LOCKED");
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(body) as [keyof OrderDetailsBody, string][]) {
      const now = valueAt(order, PATHS[field]) ?? "";
      if (now === value) continue;
      before[PATHS[field]] = now;
      after[PATHS[field]] = value;
    }
    if (Object.keys(after).length === 0) return toAdminOrderAnswer((await Order.findById(id))!);
    const written = await Order.updateOne(
      {
        _id: order._id,
        orderStatus: { $in: DETAILS_EDITABLE_STATUSES },
        // Each edited field as read: a field written meanwhile makes this miss, and it is read again.
        ...Object.fromEntries(
          Object.keys(before).map((path) => [path, valueAt(order, path) ?? null]),
        ),
      },
      { $set: after },
    );
    if (written.modifiedCount === 1) {
      await recordAudit({
        entity: "order",
        entityId: id,
        action: "details",
        by,
        label: order.orderNumber,
        before: nest(before),
        after: nest(after),
      });
      return toAdminOrderAnswer((await Order.findById(id))!);
    }
  }
  throw conflict(ORDER_BUSY, "ORDER_BUSY");
}

/** `{"a.b": 1}` as `{a: {b: 1}}`, so the entry's fields are the dotted paths. */
function nest(flat: Record<string, unknown>): Record<string, unknown> {
  const nested: Record<string, Record<string, unknown> | unknown> = {};
  for (const [path, value] of Object.entries(flat)) {
    const [head, tail] = path.split(".");
    if (tail === undefined) nested[head] = value;
    else nested[head] = { ...(nested[head] as Record<string, unknown>), [tail]: value };
  }
  return nested;
}
