import { once } from "node:events";
import { Router } from "express";
import { startCsvDownload } from "../lib/csv.js";
import { endpoint } from "../middleware/validate.js";
import { assertPermission } from "../middleware/auth.js";
import { BULK_ACTION_PERMISSIONS } from "#contract/staff-roles";
import {
  BulkOrdersAnswer,
  BulkOrdersBody,
  MAX_BULK_ORDERS,
  MAX_EXPORT_ROWS,
  OrderExportQuery,
  QueuesAnswer,
} from "#contract/schemas/order-desk";
import {
  MAX_PRINTED_ORDERS,
  OrderDocumentsAnswer,
  OrderDocumentsQuery,
} from "#contract/schemas/order-documents";
import { countQueues } from "../services/order-queues.js";
import { applyBulk, ordersCsv } from "../services/order-desk.service.js";
import { readOrderDocuments } from "../services/order-documents.service.js";

/**
 * The order desk (docs/order-desk.md): the queues' counts, many orders at once, the list as CSV and
 * the printed documents (docs/printing.md). Mounted at /api/admin/orders ahead of the one-order
 * routes, so `queues`, `export.csv` and `documents` are never read as an order's id.
 */
export const adminOrderDeskRouter = Router();
const PREFIX = "/api/admin/orders";
const common = { tags: ["admin", "orders"] };

endpoint(adminOrderDeskRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/queues",
  permission: "orders.read",
  summary:
    "The queues of the day with their counts: to-confirm, to-pack, to-ship, in-transit, returning (filters of the orders list, ?queue=) and incomplete (the incomplete checkouts)",
  responses: { 200: { description: "Every queue with its count", schema: QueuesAnswer } },
  handler: () => countQueues(),
});

endpoint(adminOrderDeskRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/export.csv",
  permission: "orders.read",
  summary: `The orders list with its filters as CSV (UTF-8 with BOM, text/csv), newest first, at most ${MAX_EXPORT_ROWS} orders; formula-looking cells start with '`,
  query: OrderExportQuery,
  responses: {
    200: { description: "The CSV file (text/csv; charset=utf-8), one order a line" },
    400: { description: `The filter matches more than ${MAX_EXPORT_ROWS} orders` },
  },
  handler: async ({ query }, _req, res) => {
    const lines = await ordersCsv(query);
    startCsvDownload(res, "orders.csv");
    // A slow client holds the cursor back rather than filling the server's memory.
    for await (const line of lines) if (!res.write(line)) await once(res, "drain");
    res.end();
  },
});

endpoint(adminOrderDeskRouter, PREFIX, {
  ...common,
  method: "post",
  path: "/bulk",
  permission: Object.values(BULK_ACTION_PERMISSIONS),
  summary: `Confirms or cancels many orders: orderIds (at most ${MAX_BULK_ORDERS}) or everything in a filter; each order answered on its own with the one-order move's rules`,
  body: BulkOrdersBody,
  responses: {
    200: {
      description: "Each order's new status or why it was refused (the others went on)",
      schema: BulkOrdersAnswer,
    },
    400: {
      description: `Neither or both of orderIds and filter, more than ${MAX_BULK_ORDERS} orders, or cancelledBy on a confirm`,
    },
  },
  handler: ({ body }, req) => {
    assertPermission(req, BULK_ACTION_PERMISSIONS[body.action]);
    return applyBulk(body, `admin:${req.user!.email}`);
  },
});

endpoint(adminOrderDeskRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/documents",
  permission: "orders.print",
  summary: `What the invoices, packing slips and courier labels of many orders print: orders=<id>,<id> (at most ${MAX_PRINTED_ORDERS}, in that order) or the list's filter (newest first); the order number's Code 128 and the tracking link's QR code as SVG`,
  query: OrderDocumentsQuery,
  responses: {
    200: { description: "Each order's document, the shop's heading", schema: OrderDocumentsAnswer },
    400: {
      description: `Neither or both of orders and a filter, or more than ${MAX_PRINTED_ORDERS} orders`,
    },
  },
  handler: ({ query }) => readOrderDocuments(query),
});
