/** The back office's refunds of an order (docs/payments.md, "Refunds"). */
import type { AdminRefundAnswer, RefundFiguresAnswer } from "#contract/refunds";
import type { RefundBody, RefundCreatedAnswer } from "#contract/schemas/refunds";
import { request } from "./transport";

const path = (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}/refunds`;

export const refunds = {
  /** GET /api/admin/orders/:id/refunds: the refunds and what may still be refunded. */
  list: (orderId: string) =>
    request<{ refunds: AdminRefundAnswer[]; figures: RefundFiguresAnswer }>(path(orderId)),
  /** POST /api/admin/orders/:id/refunds: one refund (the form's key makes a retry answer the same one). */
  create: (orderId: string, body: RefundBody) =>
    request<RefundCreatedAnswer>(path(orderId), { method: "POST", body, timeoutMs: 45_000 }),
};
