/**
 * The order desk's many-at-once changes and the orders list as CSV (docs/order-desk.md). Each
 * order of a many-at-once change goes through the same move as its own Confirm or Cancel button
 * (moveOrder: one guarded update per order), answered on its own: a refusal never stops the rest,
 * and two runs at once never apply a move twice.
 */
import { Order, type OrderFields } from "../../models/order.model.js";
import { HttpError, badRequest } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import { CSV_BOM, csvLine, type CsvValue } from "../lib/csv.js";
import { adminOrderFilter, moveOrder, type AdminOrderAnswer } from "./orders.service.js";
import {
  MAX_BULK_ORDERS,
  MAX_EXPORT_ROWS,
  tooManyInFilter,
  tooManyToExport,
  type BulkAction,
  type BulkOrderResult,
  type BulkOrdersAnswer,
  type BulkOrdersBody,
  type OrderFilter,
} from "#contract/schemas/order-desk";
import type { AdminCancelledBy } from "#contract/order-status";
import { ORDER_STATUS_WORDS, PAYMENT_METHOD_WORDS } from "#contract/status-words";
import { findDistrict, findThana } from "#contract/locations";

const SHOP_UTC_OFFSET_MS = 6 * 60 * 60_000;

interface BulkContext {
  by: string;
  cancelledBy?: AdminCancelledBy;
}

/** Each action is the one-order button's own move: the same rules, the same refusals. */
const BULK_MOVES: Record<
  BulkAction,
  (orderId: string, context: BulkContext) => Promise<AdminOrderAnswer>
> = {
  confirm: (orderId, { by }) => moveOrder(orderId, "CONFIRMED", by),
  cancel: (orderId, { by, cancelledBy }) =>
    moveOrder(orderId, "CANCELLED", by, { cancelledBy: cancelledBy ?? "shop" }),
};

const UNEXPECTED_FAILURE = "Unexpected failure (logged)";

/** The ids of everything in the filter, newest first; more than the bound is refused whole. */
async function idsInFilter(filter: OrderFilter): Promise<string[]> {
  const query = adminOrderFilter(filter);
  const found = await Order.find(query, { _id: 1 })
    .sort({ createdAt: -1 })
    .limit(MAX_BULK_ORDERS + 1)
    .lean();
  if (found.length > MAX_BULK_ORDERS) {
    const message = tooManyInFilter(await Order.countDocuments(query));
    throw badRequest(message, [{ path: "filter", message }]);
  }
  return found.map((order) => String(order._id));
}

/** Confirms or cancels each order on its own, one after the other; the answer lists every one. */
export async function applyBulk(body: BulkOrdersBody, by: string): Promise<BulkOrdersAnswer> {
  const orderIds = body.orderIds ?? (await idsInFilter(body.filter!));
  const move = BULK_MOVES[body.action];
  const results: BulkOrderResult[] = [];
  for (const orderId of orderIds) {
    try {
      const order = await move(orderId, { by, cancelledBy: body.cancelledBy });
      results.push({
        orderId,
        ok: true,
        orderNumber: order.orderNumber,
        orderStatus: order.orderStatus,
      });
    } catch (error) {
      if (error instanceof HttpError)
        results.push({
          orderId,
          ok: false,
          status: error.status,
          message: error.message,
          ...(error.code ? { code: error.code } : {}),
        });
      else {
        logger.error({ err: error, orderId, action: body.action }, "bulk order change failed");
        results.push({ orderId, ok: false, status: 500, message: UNEXPECTED_FAILURE });
      }
    }
  }
  const done = results.filter((result) => result.ok).length;
  logger.info({ action: body.action, done, refused: results.length - done, by }, "bulk orders");
  return { results, done, refused: results.length - done };
}

// ---------------------------------------------------------------------------------------------
// CSV

/** `2026-11-27 14:05`, Bangladesh time (UTC+6 all year): sorts as text, no comma to quote. */
const placedAt = (date: Date) =>
  new Date(date.getTime() + SHOP_UTC_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");

type ExportedOrder = Pick<
  OrderFields,
  | "orderNumber"
  | "orderStatus"
  | "shippingAddress"
  | "totalItem"
  | "totalDiscountedPrice"
  | "paymentMethod"
  | "paymentDetails"
  | "shipment"
  | "courier"
  | "note"
  | "createdAt"
>;

/** The columns, each with how it reads an order. */
const COLUMNS: [string, (order: ExportedOrder) => CsvValue][] = [
  ["Order", (order) => order.orderNumber],
  ["Placed (Dhaka time)", (order) => placedAt(order.createdAt)],
  ["Status", (order) => ORDER_STATUS_WORDS[order.orderStatus]],
  [
    "Name",
    (order) =>
      [order.shippingAddress.firstName, order.shippingAddress.lastName].filter(Boolean).join(" "),
  ],
  ["Mobile", (order) => order.shippingAddress.mobile],
  [
    "District",
    (order) =>
      findDistrict(order.shippingAddress.districtId ?? "")?.name ?? order.shippingAddress.city,
  ],
  [
    "Thana",
    (order) => findThana(order.shippingAddress.thanaId ?? "")?.name ?? order.shippingAddress.zone,
  ],
  ["Address", (order) => order.shippingAddress.streetAddress],
  ["Items", (order) => order.totalItem],
  ["Total (taka)", (order) => order.totalDiscountedPrice],
  ["Payment", (order) => PAYMENT_METHOD_WORDS[order.paymentMethod]],
  ["Payment status", (order) => order.paymentDetails?.status],
  ["Courier", (order) => order.shipment?.courierName ?? order.courier?.name],
  [
    "Tracking",
    (order) =>
      order.shipment?.trackingNumber ?? order.courier?.trackingCode ?? order.courier?.consignmentId,
  ],
  ["Note", (order) => order.note],
];

/**
 * The filtered list as CSV lines, newest first, read one order at a time from a cursor (never the
 * whole list in memory). A filter of more than MAX_EXPORT_ROWS orders is a 400 before any line.
 */
export async function ordersCsv(filter: OrderFilter): Promise<AsyncGenerator<string>> {
  const query = adminOrderFilter(filter);
  const count = await Order.countDocuments(query);
  if (count > MAX_EXPORT_ROWS)
    throw badRequest(tooManyToExport(count), [{ path: "filter", message: tooManyToExport(count) }]);
  return (async function* lines() {
    yield CSV_BOM + csvLine(COLUMNS.map(([header]) => header));
    const cursor = Order.find(query).sort({ createdAt: -1 }).limit(MAX_EXPORT_ROWS).lean().cursor();
    for await (const order of cursor)
      yield csvLine(COLUMNS.map(([, read]) => read(order as unknown as ExportedOrder)));
  })();
}
