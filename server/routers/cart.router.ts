import { Router } from "express";
import { getOptionalUser } from "../middleware/auth.js";
import { cartOwner } from "../middleware/cart-owner.js";
import { endpoint } from "../middleware/validate.js";
import {
  AddToCartBody,
  ApplyPromoBody,
  CartItemParams,
  UpdateCartItemBody,
} from "#contract/schemas/cart";
import { CartAnswer } from "#contract/answers/cart";
import {
  addToCart,
  applyPromo,
  clearCart,
  emptyCartAnswer,
  getPricedCart,
  removeCartItem,
  removePromo,
  updateCartItem,
} from "../services/cart.service.js";
import { notFound } from "../lib/http-error.js";

export const cartRouter = Router();
const PREFIX = "/api/cart";
const responses = { 200: { description: "The cart", schema: CartAnswer } };
const common = { tags: ["cart"], auth: "optional" as const, responses };
const CAPS_REFUSAL =
  "The cart would pass the shop's order caps (TOO_MANY_OF_ONE_ITEM, TOO_MANY_LINES, TOO_MANY_UNITS)";
/** A guest without a cart gets one (and its cookie) here... */
const ownerOrNew = [getOptionalUser, cartOwner({ create: true })];
/** ...but not where there is nothing to change. */
const ownerIfAny = [getOptionalUser, cartOwner({ create: false })];

endpoint(cartRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/",
  summary: "The cart of the signed-in user or of the guest cookie (set on the first call)",
  before: ownerOrNew,
  handler: (_input, req) => getPricedCart(req.cartOwner!),
});

endpoint(cartRouter, PREFIX, {
  ...common,
  method: "put",
  path: "/add",
  summary: "Adds a product variant; 409 naming what is left when the stock is short",
  body: AddToCartBody,
  responses: {
    ...responses,
    404: { description: "Product not found (or not for sale)" },
    409: { description: "Not enough stock (the message says what is left)" },
    422: { description: CAPS_REFUSAL },
  },
  before: ownerOrNew,
  handler: ({ body }, req) => addToCart(req.cartOwner!, body),
});

endpoint(cartRouter, PREFIX, {
  ...common,
  method: "put",
  path: "/update/:cartItemId",
  summary: "Sets a line's quantity (0 removes it)",
  params: CartItemParams,
  body: UpdateCartItemBody,
  responses: {
    ...responses,
    409: { description: "Not enough stock (the message says what is left)" },
    422: { description: CAPS_REFUSAL },
  },
  before: ownerIfAny,
  handler: ({ params, body }, req) => {
    if (!req.cartOwner) throw notFound("Cart item not found");
    return updateCartItem(req.cartOwner, params.cartItemId, body.quantity);
  },
});

endpoint(cartRouter, PREFIX, {
  ...common,
  method: "delete",
  path: "/remove/:cartItemId",
  summary: "Removes a line",
  params: CartItemParams,
  before: ownerIfAny,
  handler: ({ params }, req) => {
    if (!req.cartOwner) throw notFound("Cart item not found");
    return removeCartItem(req.cartOwner, params.cartItemId);
  },
});

endpoint(cartRouter, PREFIX, {
  ...common,
  method: "post",
  path: "/apply-promo",
  summary: "Applies a promo code to the cart",
  body: ApplyPromoBody,
  before: ownerOrNew,
  handler: ({ body }, req) => applyPromo(req.cartOwner!, body.code),
});

endpoint(cartRouter, PREFIX, {
  ...common,
  method: "delete",
  path: "/remove-promo",
  summary: "Removes the promo code",
  before: ownerIfAny,
  handler: (_input, req) => (req.cartOwner ? removePromo(req.cartOwner) : emptyCartAnswer(null)),
});

endpoint(cartRouter, PREFIX, {
  ...common,
  method: "delete",
  path: "/clear",
  summary: "Empties the cart",
  before: ownerIfAny,
  handler: async (_input, req) => {
    if (!req.cartOwner) return emptyCartAnswer(null);
    await clearCart(req.cartOwner);
    return getPricedCart(req.cartOwner);
  },
});
