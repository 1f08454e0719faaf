/** Bulk t-shirt orders: the storefront's form and the back office's list and edits. */
import { request, segment, type Query } from "./transport";
import type { DeletedAnswer } from "#contract/answers/common";
import type { TshirtOrder, TshirtOrderPage } from "./types";

export const tshirtOrders = {
  create: (form: FormData) =>
    request<TshirtOrder>("/api/tshirt-orders", { method: "POST", body: form }),
  list: (query: Query = {}) => request<TshirtOrderPage>("/api/tshirt-orders", { query }),
  update: (
    orderId: string,
    body: { status?: string; quotedPrice?: number | null; adminNote?: string },
  ) => request<TshirtOrder>(`/api/tshirt-orders/${segment(orderId)}`, { method: "PUT", body }),
  remove: (orderId: string) =>
    request<DeletedAnswer>(`/api/tshirt-orders/${segment(orderId)}`, { method: "DELETE" }),
};
