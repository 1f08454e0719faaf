import { Router } from "express";
import { z } from "zod";
import { endpoint } from "../middleware/validate.js";
import { IdParams } from "#contract/schemas/orders";
import { AdminRefundAnswer, RefundFiguresAnswer } from "#contract/refunds";
import { RefundBody, RefundCreatedAnswer } from "#contract/schemas/refunds";
import { createRefund, orderRefunds } from "../payments/refunds.js";

/**
 * Refunds of an order (docs/payments.md, "Refunds"): through the gateway that took the money, or
 * recorded by hand. Mounted at the admin orders' prefix.
 */
export const adminRefundsRouter = Router();
const PREFIX = "/api/admin/orders";
const common = { tags: ["admin", "orders"] };

endpoint(adminRefundsRouter, PREFIX, {
  ...common,
  permission: ["orders.read", "payments.read"],
  method: "get",
  path: "/:id/refunds",
  summary:
    "An order's refunds and what may still be refunded (through its gateway, or by hand); 404 Order not found",
  params: IdParams,
  responses: {
    200: {
      description: "The refunds, oldest first, and the order's figures",
      schema: z.object({ refunds: z.array(AdminRefundAnswer), figures: RefundFiguresAnswer }),
    },
  },
  handler: ({ params }) => orderRefunds(params.id),
});

endpoint(adminRefundsRouter, PREFIX, {
  ...common,
  permission: "payments.refund",
  method: "post",
  path: "/:id/refunds",
  summary:
    "Refunds part or all of what was paid: through the gateway that took the money (method gateway: pending until the gateway settles it, failed gives the amount back), or recorded as done by hand with its reference (method manual). Never more than was paid, however many requests at once. Idempotent: the same `idempotencyKey` and body again answers the refund it made",
  params: IdParams,
  body: RefundBody,
  status: 201,
  responses: {
    201: {
      description: "The refund as it stands (completed, pending or failed) and the order",
      schema: RefundCreatedAnswer,
    },
    400: { description: "Invalid input (a manual refund without its reference)" },
    404: { description: "Order not found" },
    409: {
      description:
        "More than is left to refund (REFUND_EXCEEDS_PAID), or nothing was paid through a gateway (NO_GATEWAY_PAYMENT)",
    },
    422: {
      description:
        "The idempotency key already made a refund from another body (IDEMPOTENCY_KEY_REUSED)",
    },
  },
  handler: ({ params, body }, req) => createRefund(params.id, body, `admin:${req.user!.email}`),
});
