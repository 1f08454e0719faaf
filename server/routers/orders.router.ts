import { Router, type Request, type RequestHandler } from "express";
import { z } from "zod";
import { getOptionalUser, requireUser } from "../middleware/auth.js";
import { cartOwner, readGuestId } from "../middleware/cart-owner.js";
import { guestTrackingLimits, placeOrderLimits } from "../middleware/rate-limit.js";
import { endpoint } from "../middleware/validate.js";
import { HttpError } from "../lib/http-error.js";
import {
  IdParams,
  PlaceOrderBody,
  ReadOrderQuery,
  TERMS_NOT_ACCEPTED_CODE,
  TERMS_NOT_ACCEPTED_MESSAGE,
  TrackQuery,
} from "#contract/schemas/orders";
import { OrderAnswer, OrderTrackingAnswer } from "#contract/answers/orders";
import { placeOrder } from "../services/order-placement.js";
import {
  listUserOrders,
  readOrder,
  trackOrder,
  type OrderReader,
} from "../services/orders.service.js";

export const ordersRouter = Router();
const PREFIX = "/api/orders";

/** Who is asking: the signed-in user, an admin, the guest cookie, or a tracking token. */
export function orderReader(req: Request, token?: string): OrderReader {
  const header = req.get("x-tracking-token");
  return {
    userId: req.user?._id.toString(),
    isAdmin: req.user?.role === "ADMIN",
    guestId: readGuestId(req),
    trackingToken: token || header || undefined,
  };
}

/**
 * An order without the terms ticked is refused with its own message and code (not the generic
 * "Invalid input" of the schema's check, which says the same for any field). After the rate
 * limits: a refused attempt counts like any other.
 */
const requireTermsAccepted: RequestHandler = (req, _res, next) => {
  if ((req.body as { termsAccepted?: unknown } | undefined)?.termsAccepted !== true)
    throw new HttpError(400, TERMS_NOT_ACCEPTED_MESSAGE, TERMS_NOT_ACCEPTED_CODE, [
      { path: "termsAccepted", message: TERMS_NOT_ACCEPTED_MESSAGE },
    ]);
  next();
};

endpoint(ordersRouter, PREFIX, {
  method: "post",
  path: "/",
  summary:
    "Places an order from the current cart (signed in or guest cookie); COD -> PLACED, online -> PENDING",
  tags: ["orders"],
  auth: "optional",
  before: [
    getOptionalUser,
    ...placeOrderLimits,
    requireTermsAccepted,
    cartOwner({ create: false }),
  ],
  body: PlaceOrderBody,
  status: 201,
  responses: {
    201: { description: "The order (+ trackingToken for guests)", schema: OrderAnswer },
    400: {
      description:
        "Refused input; `termsAccepted` missing or not true: TERMS_NOT_ACCEPTED (the terms must be accepted)",
    },
    403: { description: "Cash on delivery refused: the delivery phone is blocked (PHONE_BLOCKED)" },
    409: { description: "Not enough stock for a line" },
    422: {
      description:
        "The cart is past the shop's order caps (TOO_MANY_OF_ONE_ITEM, TOO_MANY_LINES, TOO_MANY_UNITS)",
    },
    428: {
      description:
        "Cash on delivery needs the delivery phone confirmed: send `phoneCode` (PHONE_CONFIRMATION_REQUIRED)",
    },
    503: { description: "The checkout could not finish in time; try again" },
    429: { description: "Too many order attempts from this network, phone or guest cart" },
  },
  handler: ({ body }, req) => placeOrder({ ...body, owner: req.cartOwner }),
});

endpoint(ordersRouter, PREFIX, {
  method: "get",
  path: "/user",
  summary: "The signed-in user's orders, newest first",
  tags: ["orders"],
  auth: "user",
  before: [requireUser],
  responses: { 200: { description: "Orders", schema: z.array(OrderAnswer) } },
  handler: (_input, req) => listUserOrders(req.user!._id.toString()),
});

endpoint(ordersRouter, PREFIX, {
  method: "get",
  path: "/guest/track/:id",
  summary: "Guest tracking by order id or number with ?phone or ?token (no street address)",
  tags: ["orders"],
  auth: "none",
  before: guestTrackingLimits,
  params: IdParams,
  query: TrackQuery,
  responses: {
    200: { description: "The order's status (no street address)", schema: OrderTrackingAnswer },
    429: { description: "Too many failed lookups" },
  },
  handler: ({ params, query }) => trackOrder(params.id, query),
});

endpoint(ordersRouter, PREFIX, {
  method: "get",
  path: "/:id",
  summary:
    "One order: its owner, an admin, or the guest who placed it (guest cookie, ?token or X-Tracking-Token); 404 for anyone else",
  tags: ["orders"],
  auth: "optional",
  before: [getOptionalUser],
  params: IdParams,
  query: ReadOrderQuery,
  responses: { 200: { description: "The order", schema: OrderAnswer } },
  handler: ({ params, query }, req) => readOrder(params.id, orderReader(req, query.token)),
});
