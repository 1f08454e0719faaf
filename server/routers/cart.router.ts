import { Router, type Request, type Response } from "express";
import { getOptionalUser } from "../middleware/auth.js";
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
  resolveCartOwner,
  updateCartItem,
  type CartOwner,
} from "../services/cart.service.js";
import { notFound } from "../lib/http-error.js";

export const cartRouter = Router();
const PREFIX = "/api/cart";
const responses = { 200: { description: "The cart", schema: CartAnswer } };
const common = { tags: ["cart"], auth: "optional" as const, before: [getOptionalUser], responses };

function owner(req: Request, res: Response, create: boolean): CartOwner | undefined {
  return resolveCartOwner(req, res, { create });
}

endpoint(cartRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/",
  summary: "The cart of the signed-in user or of the guest cookie (set on the first call)",
  handler: (_input, req, res) => getPricedCart(owner(req, res, true)!),
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
  },
  handler: ({ body }, req, res) => addToCart(owner(req, res, true)!, body),
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
  },
  handler: ({ params, body }, req, res) => {
    const cartOwner = owner(req, res, false);
    if (!cartOwner) throw notFound("Cart item not found");
    return updateCartItem(cartOwner, params.cartItemId, body.quantity);
  },
});

endpoint(cartRouter, PREFIX, {
  ...common,
  method: "delete",
  path: "/remove/:cartItemId",
  summary: "Removes a line",
  params: CartItemParams,
  handler: ({ params }, req, res) => {
    const cartOwner = owner(req, res, false);
    if (!cartOwner) throw notFound("Cart item not found");
    return removeCartItem(cartOwner, params.cartItemId);
  },
});

endpoint(cartRouter, PREFIX, {
  ...common,
  method: "post",
  path: "/apply-promo",
  summary: "Applies a promo code to the cart",
  body: ApplyPromoBody,
  handler: ({ body }, req, res) => applyPromo(owner(req, res, true)!, body.code),
});

endpoint(cartRouter, PREFIX, {
  ...common,
  method: "delete",
  path: "/remove-promo",
  summary: "Removes the promo code",
  handler: async (_input, req, res) => {
    const cartOwner = owner(req, res, false);
    return cartOwner ? removePromo(cartOwner) : emptyCartAnswer(null);
  },
});

endpoint(cartRouter, PREFIX, {
  ...common,
  method: "delete",
  path: "/clear",
  summary: "Empties the cart",
  handler: async (_input, req, res) => {
    const cartOwner = owner(req, res, false);
    if (!cartOwner) return emptyCartAnswer(null);
    await clearCart(cartOwner);
    return getPricedCart(cartOwner);
  },
});
