import { Router } from "express";
import { z } from "zod";
import { PaymentPageAnswer, PaymentStartedAnswer } from "#contract/answers/orders";
import { getOptionalUser } from "../middleware/auth.js";
import { endpoint } from "../middleware/validate.js";
import { OrderIdParams, PaymentListQuery, ReadOrderQuery } from "#contract/schemas/orders";
import {
  BkashCallbackQuery,
  NagadCallbackQuery,
  SslCallbackBody,
} from "#contract/schemas/payment-callbacks";
import { listPayments } from "../services/payments.service.js";
import { paymentResultUrl, startPayment } from "../payments/index.js";
import { bkashGateway } from "../payments/bkash.js";
import { nagadGateway } from "../payments/nagad.js";
import { sslCommerzGateway as sslCommerz } from "../payments/sslcommerz.js";
import { orderReader } from "./orders.router.js";

/** /api/payment: starting payments and the gateways' callbacks. */
export const paymentRouter = Router();
/** /api/payments: the admin list. */
export const paymentsRouter = Router();
const PREFIX = "/api/payment";
const tags = ["payments"];
const redirect = {
  302: { description: "To /payment-success, /payment-failed or /payment-cancelled" },
};

endpoint(paymentRouter, PREFIX, {
  method: "post",
  path: "/sslcommerz/success",
  summary: "SSLCommerz success form post: validated with the validation API, then 302",
  tags,
  auth: "none",
  body: SslCallbackBody,
  responses: redirect,
  handler: async ({ body }, _req, res) =>
    res.redirect(302, paymentResultUrl(await sslCommerz.handleReturn(body, "success"))),
});

endpoint(paymentRouter, PREFIX, {
  method: "post",
  path: "/sslcommerz/fail",
  summary: "SSLCommerz fail form post; 302 to /payment-failed",
  tags,
  auth: "none",
  body: SslCallbackBody,
  responses: redirect,
  handler: async ({ body }, _req, res) =>
    res.redirect(302, paymentResultUrl(await sslCommerz.handleReturn(body, "failed"))),
});

endpoint(paymentRouter, PREFIX, {
  method: "post",
  path: "/sslcommerz/cancel",
  summary: "SSLCommerz cancel form post; 302 to /payment-cancelled",
  tags,
  auth: "none",
  body: SslCallbackBody,
  responses: redirect,
  handler: async ({ body }, _req, res) =>
    res.redirect(302, paymentResultUrl(await sslCommerz.handleReturn(body, "cancelled"))),
});

endpoint(paymentRouter, PREFIX, {
  method: "post",
  path: "/sslcommerz/ipn",
  summary: "SSLCommerz IPN: same validation as success, idempotent; always 200",
  tags,
  auth: "none",
  body: SslCallbackBody,
  responses: {
    200: {
      description: "Received",
      schema: z.object({ received: z.boolean(), result: z.string() }),
    },
  },
  handler: async ({ body }) => {
    const outcome = await sslCommerz.handleNotification(body);
    return { received: true, result: outcome.result };
  },
});

endpoint(paymentRouter, PREFIX, {
  method: "get",
  path: "/bkash/callback",
  summary: "bKash callback ?paymentID&status: execute on success (query if in doubt), then 302",
  tags,
  auth: "none",
  query: BkashCallbackQuery,
  responses: redirect,
  handler: async ({ query }, _req, res) =>
    res.redirect(302, paymentResultUrl(await bkashGateway.handleReturn(query))),
});

endpoint(paymentRouter, PREFIX, {
  method: "get",
  path: "/nagad/callback",
  summary:
    "Nagad callback ?payment_ref_id&status: settled on Nagad's verify answer alone, then 302",
  tags,
  auth: "none",
  query: NagadCallbackQuery,
  responses: redirect,
  handler: async ({ query }, _req, res) =>
    res.redirect(302, paymentResultUrl(await nagadGateway.handleReturn(query))),
});

endpoint(paymentRouter, PREFIX, {
  method: "post",
  path: "/:orderId",
  summary: "Starts the online payment of a PENDING order (its owner or guest only): {gatewayUrl}",
  tags,
  auth: "optional",
  before: [getOptionalUser],
  params: OrderIdParams,
  query: ReadOrderQuery,
  responses: {
    200: {
      description: "Where to send the shopper",
      schema: PaymentStartedAnswer,
    },
    409: { description: "The order is not awaiting payment" },
    502: { description: "The payment gateway refused" },
  },
  handler: ({ params, query }, req) =>
    startPayment(params.orderId, { ...orderReader(req, query.token), isAdmin: false }),
});

endpoint(paymentsRouter, "/api/payments", {
  method: "get",
  path: "/",
  summary:
    "Admin: payments newest first, one page (page, limit 1-100 default 20); filters status, method, search (transaction id, payment id, order number)",
  tags,
  permission: "payments.read",
  query: PaymentListQuery,
  responses: {
    200: {
      description: "A page of payments",
      schema: PaymentPageAnswer,
    },
  },
  handler: ({ query }) => listPayments(query),
});
