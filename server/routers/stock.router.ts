import { Router } from "express";
import { actingAdmin } from "../lib/acting-admin.js";
import { endpoint } from "../middleware/validate.js";
import {
  LowStockAnswer,
  LowStockQuery,
  StockAdjustmentAnswer,
  StockAdjustmentBody,
  StockEntriesAnswer,
  StockEntriesQuery,
  StockThresholdAnswer,
  StockThresholdBody,
} from "#contract/schemas/stock";
import {
  adjustStock,
  listLowStock,
  listStockEntries,
  setLowStockThreshold,
} from "../services/stock-room.service.js";

/** The stock room (/api/admin/stock; docs/stock-ledger.md): the ledger, adjustments, low stock. */
export const adminStockRouter = Router();
const PREFIX = "/api/admin/stock";

const admin = { tags: ["admin"], permission: "stock.manage" as const };

endpoint(adminStockRouter, PREFIX, {
  ...admin,
  method: "get",
  path: "/adjustments",
  summary:
    "The stock ledger, newest first: one product's entries (with its variants' stock now) or, without productId, every product's",
  query: StockEntriesQuery,
  responses: { 200: { description: "A page of ledger entries", schema: StockEntriesAnswer } },
  handler: ({ query }) => listStockEntries(query),
});

endpoint(adminStockRouter, PREFIX, {
  ...admin,
  method: "post",
  path: "/adjustments",
  summary:
    "Changes one variant's stock by delta with a reason (received and return add, damaged removes, correction and exchange either way), written to the ledger in the same write; never below 0",
  body: StockAdjustmentBody,
  status: 201,
  responses: {
    201: {
      description: "The ledger entry and the variant's stock after it",
      schema: StockAdjustmentAnswer,
    },
    404: { description: "No such product (NOT_FOUND) or variant (VARIANT_NOT_FOUND)" },
    409: {
      description:
        "The change would take the stock below 0 (STOCK_BELOW_ZERO), or the product kept changing (BUSY_PRODUCT)",
    },
  },
  handler: ({ body }, req) => adjustStock(body, actingAdmin(req)),
});

endpoint(adminStockRouter, PREFIX, {
  ...admin,
  method: "put",
  path: "/threshold",
  summary: "Sets one variant's low-stock threshold (null: the shop's default from the settings)",
  body: StockThresholdBody,
  responses: {
    200: { description: "The variant's stock and thresholds", schema: StockThresholdAnswer },
    404: { description: "No such product (NOT_FOUND) or variant (VARIANT_NOT_FOUND)" },
    409: { description: "The product kept changing (BUSY_PRODUCT)" },
  },
  handler: ({ body }) => setLowStockThreshold(body),
});

endpoint(adminStockRouter, PREFIX, {
  ...admin,
  method: "get",
  path: "/low",
  summary:
    "Variants of products on sale at or below their low-stock threshold (their own, else the shop's default), lowest stock first",
  query: LowStockQuery,
  responses: { 200: { description: "A page of low variants", schema: LowStockAnswer } },
  handler: ({ query }) => listLowStock(query),
});
