import cookieParser from "cookie-parser";
import { Router } from "express";
import { z } from "zod";
import { getEnv } from "../env.js";
import { actingAdmin } from "../lib/acting-admin.js";
import { getOptionalUser } from "../middleware/auth.js";
import { cartOwner } from "../middleware/cart-owner.js";
import { incompleteCheckoutLimits } from "../middleware/rate-limit.js";
import { endpoint } from "../middleware/validate.js";
import { IdParams } from "#contract/schemas/common";
import { localizePath } from "#contract/i18n/locale-path";
import {
  CallBody,
  ConvertCheckoutBody,
  IncompleteCheckoutAnswer,
  IncompleteCheckoutBody,
  IncompleteCheckoutPage,
  IncompleteCheckoutsQuery,
  RecoveredSummaryAnswer,
  RecoveredSummaryQuery,
  RecoverySmsAnswer,
} from "#contract/schemas/incomplete-checkouts";
import { RESTORE_LINK_FAILED, RESTORE_QUERY } from "#contract/cart-restore";
import {
  convertToOrder,
  listIncompleteCheckouts,
  recordCall,
  recoveredSummary,
  restoreCart,
  saveIncompleteCheckout,
  sendRecoverySms,
} from "../services/incomplete-checkouts.service.js";

/** The checkout's background save (docs/call-list.md): write-only, answers 204 whatever it did. */
export const incompleteCheckoutRouter = Router();

endpoint(incompleteCheckoutRouter, "/api/checkout/incomplete", {
  method: "put",
  path: "/",
  summary:
    "Saves the checkout typed so far (a valid mobile, with the current cart) for the shop's call list; reads nothing back",
  tags: ["checkout"],
  auth: "optional",
  before: [getOptionalUser, ...incompleteCheckoutLimits, cartOwner({ create: false })],
  body: IncompleteCheckoutBody,
  status: 204,
  responses: {
    204: { description: "Received (saved when there is a cart; nothing is answered either way)" },
    400: { description: "Invalid input (the mobile is not a Bangladeshi mobile)" },
    429: { description: "Too many saves from this network or guest cart" },
  },
  handler: async ({ body }, req, res) => {
    await saveIncompleteCheckout(req.cartOwner, body);
    res.status(204).end();
  },
});

/**
 * The recovery SMS's link (`/cart/restore?t=…`, outside /api so the SMS stays short and reads as
 * the shop's): the saved lines go into the visitor's own cart, then the cart page in the shopper's
 * language. A link that is tampered, expired or superseded restores nothing and says so in the URL.
 */
export const cartRestoreRouter = Router();
/** Far above a real token's length (id, expiry, nonce and MAC in base64url). */
const MAX_RESTORE_TOKEN = 200;

endpoint(cartRestoreRouter, "/cart/restore", {
  method: "get",
  path: "/",
  summary: "A recovery SMS's signed link: puts the saved checkout's lines into this visitor's cart",
  tags: ["checkout"],
  auth: "optional",
  before: [cookieParser(getEnv().COOKIE_SECRET), cartOwner({ create: true })],
  // Any length: a link an SMS app mangled (cut or lengthened) is a failed link that lands on the
  // cart page like an expired one; only a `t` that is not one text at all is a 400.
  query: z.object({ t: z.string() }),
  responses: {
    303: {
      description: `To the cart page; \`?${RESTORE_QUERY}=${RESTORE_LINK_FAILED}\` when the link was tampered, expired or superseded`,
    },
    400: { description: "No `t`, or `t` given more than once or as an object" },
  },
  handler: async ({ query }, req, res) => {
    const token = query.t.length <= MAX_RESTORE_TOKEN ? query.t : "";
    const locale = token ? await restoreCart(token, req.cartOwner!) : undefined;
    const target = locale
      ? localizePath("/cart", locale)
      : `/cart?${RESTORE_QUERY}=${RESTORE_LINK_FAILED}`;
    res.set("Cache-Control", "no-store").redirect(303, target);
  },
});

/** The call list (/api/admin/incomplete-checkouts): staff only. */
export const adminIncompleteCheckoutsRouter = Router();
const PREFIX = "/api/admin/incomplete-checkouts";
const admin = { tags: ["admin"], permission: "orders.callList" as const };
const GONE = { description: "The saved checkout was ordered or expired" };

endpoint(adminIncompleteCheckoutsRouter, PREFIX, {
  ...admin,
  method: "get",
  path: "/",
  summary: "Saved checkouts, newest first, with their cart lines and total at today's prices",
  query: IncompleteCheckoutsQuery,
  responses: { 200: { description: "One page of the call list", schema: IncompleteCheckoutPage } },
  handler: ({ query }) => listIncompleteCheckouts(query),
});

endpoint(adminIncompleteCheckoutsRouter, PREFIX, {
  ...admin,
  method: "get",
  path: "/recovered",
  summary: "Orders and revenue recovered from the call list in the last `days` days",
  query: RecoveredSummaryQuery,
  responses: { 200: { description: "The figures", schema: RecoveredSummaryAnswer } },
  handler: ({ query }) => recoveredSummary(query.days),
});

endpoint(adminIncompleteCheckoutsRouter, PREFIX, {
  ...admin,
  method: "post",
  path: "/:id/calls",
  summary: "Records a call's outcome and note",
  params: IdParams,
  body: CallBody,
  status: 201,
  responses: {
    201: { description: "The saved checkout with the call", schema: IncompleteCheckoutAnswer },
    404: GONE,
  },
  handler: ({ params, body }, req) => recordCall(params.id, body, actingAdmin(req)),
});

endpoint(adminIncompleteCheckoutsRouter, PREFIX, {
  ...admin,
  method: "post",
  path: "/:id/order",
  summary:
    "Turns the saved checkout into a cash-on-delivery order placed as a staff order (source phone, entered by this staff member, the phone confirmed by their call; stock reserved now); converting it twice makes one order",
  params: IdParams,
  body: ConvertCheckoutBody,
  status: 201,
  responses: {
    201: {
      description: "The order",
      schema: z.object({ orderId: z.string(), orderNumber: z.string(), total: z.number() }),
    },
    400: {
      description:
        "Invalid address, the cart is empty, or the rules ask this number for the delivery charge in advance (ADVANCE_REQUIRED)",
    },
    403: { description: "The number is blocked for cash on delivery" },
    404: GONE,
    409: { description: "Not enough stock for a line" },
    422: { description: "Past the shop's order caps" },
    428: {
      description:
        "The rules ask for a confirmed phone and the order goes to another number than the one saved, which the call confirmed (PHONE_CONFIRMATION_REQUIRED)",
    },
  },
  handler: ({ params, body }, req) =>
    convertToOrder(params.id, body, `admin:${actingAdmin(req).email}`),
});

endpoint(adminIncompleteCheckoutsRouter, PREFIX, {
  ...admin,
  method: "post",
  path: "/:id/sms",
  summary:
    "Sends the recovery SMS in the shopper's language with a signed link that restores the cart",
  params: IdParams,
  status: 201,
  responses: {
    201: { description: "Sent", schema: RecoverySmsAnswer },
    404: GONE,
    409: { description: "The checkout has had its recovery SMS (SMS_USED_UP)" },
    429: { description: "One went less than an hour ago (SMS_TOO_SOON)" },
  },
  handler: ({ params }) => sendRecoverySms(params.id),
});
