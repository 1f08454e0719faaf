/**
 * The back office's order desk: the queues' counts, many orders at once, the list as CSV, the
 * printed documents.
 */
import type { OrderDocumentsAnswer } from "#contract/schemas/order-documents";
import type {
  BulkOrdersAnswer,
  BulkOrdersBody,
  OrderFilter,
  QueuesAnswer,
} from "#contract/schemas/order-desk";
import { request, type Query } from "./transport";

/** The filter as the list's URL carries it (dates as text). */
export type OrderFilterQuery = Partial<Record<keyof OrderFilter, string>>;

export const orderDesk = {
  /** GET /api/admin/orders/queues: every queue with its count. */
  queues: () => request<QueuesAnswer>("/api/admin/orders/queues"),
  /** POST /api/admin/orders/bulk: each order answered on its own. */
  bulk: (body: Omit<BulkOrdersBody, "filter"> & { filter?: OrderFilterQuery }) =>
    request<BulkOrdersAnswer>("/api/admin/orders/bulk", { method: "POST", body }),
  /** GET /api/admin/orders/export.csv: the filtered list's CSV text (the browser drops the BOM). */
  exportCsv: (filter: OrderFilterQuery) =>
    request<string>("/api/admin/orders/export.csv", { query: filter as Query, timeoutMs: 60_000 }),
  /** GET /api/admin/orders/documents: `orders` (ids joined by commas) or the list's filter. */
  documents: (target: OrderFilterQuery & { orders?: string }) =>
    request<OrderDocumentsAnswer>("/api/admin/orders/documents", {
      query: target as Query,
      timeoutMs: 60_000,
    }),
};
