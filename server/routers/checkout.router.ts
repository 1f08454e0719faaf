import { Router } from "express";
import { getOptionalUser } from "../middleware/auth.js";
import { cartOwner } from "../middleware/cart-owner.js";
import { endpoint } from "../middleware/validate.js";
import { QuoteBody } from "#contract/schemas/orders";
import { QuoteAnswer } from "#contract/answers/cart";
import { quoteCheckout } from "../services/order-placement.js";

export const checkoutRouter = Router();
const PREFIX = "/api/checkout";

endpoint(checkoutRouter, PREFIX, {
  method: "post",
  path: "/quote",
  summary: "Totals of the current cart for an address: subtotal, discounts, delivery, tax, total",
  tags: ["checkout"],
  auth: "optional",
  before: [getOptionalUser, cartOwner({ create: false })],
  body: QuoteBody,
  responses: {
    200: { description: "The quote, with the delivery zone it used", schema: QuoteAnswer },
    400: {
      description:
        "Invalid input, or a district or thana id the lists do not know or that do not match (UNKNOWN_PLACE)",
    },
  },
  handler: ({ body }, req) => quoteCheckout(req.cartOwner, body.shippingAddress),
});
