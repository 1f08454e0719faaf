/** Bulk t-shirt orders: the storefront's form and the back office's list and edits. */
import { request, segment, type Query } from "./transport";
import type { Json } from "./types";

export const tshirtOrders = {
  create: (form: FormData) => request<Json>("/api/tshirt-orders", { method: "POST", body: form }),
  list: (query: Query = {}) => request<unknown>("/api/tshirt-orders", { query }),
  update: (
    orderId: string,
    body: { status?: string; quotedPrice?: number | null; adminNote?: string },
  ) => request<Json>(`/api/tshirt-orders/${segment(orderId)}`, { method: "PUT", body }),
  remove: (orderId: string) =>
    request<{ message: string }>(`/api/tshirt-orders/${segment(orderId)}`, { method: "DELETE" }),
};
