/** The back office's stock room (docs/stock-ledger.md): ledger, adjustments, thresholds, low stock. */
import type {
  LowStockAnswer,
  StockAdjustmentAnswer,
  StockAdjustmentBody,
  StockEntriesAnswer,
  StockThresholdBody,
  StockVariantState,
} from "#contract/schemas/stock";
import type { z } from "zod";
import { request, type Query } from "./transport";

export const stock = {
  entries: (query: Query = {}) =>
    request<StockEntriesAnswer>("/api/admin/stock/adjustments", { query }),
  adjust: (body: z.input<typeof StockAdjustmentBody>) =>
    request<StockAdjustmentAnswer>("/api/admin/stock/adjustments", { method: "POST", body }),
  setThreshold: (body: z.input<typeof StockThresholdBody>) =>
    request<{ message: string; variant: StockVariantState }>("/api/admin/stock/threshold", {
      method: "PUT",
      body,
    }),
  low: (query: Query = {}) => request<LowStockAnswer>("/api/admin/stock/low", { query }),
};
