import type { Express } from "express";
import request from "supertest";
import { Cart } from "../../models/cart.model";
import { shippingAddress } from "./address";
import { createProduct } from "./product";

export interface CartOverrides {
  /** Exactly one owner: a user's id or a guest's id. */
  user?: unknown;
  guestId?: string;
  cartItems?: { product: unknown; color: string; size: string; quantity: number }[];
  promoCode?: string | null;
}

/** A cart written straight through the model (for merge tests); carts normally fill through `shopper`. */
export function createCart(overrides: CartOverrides) {
  return Cart.create({ cartItems: [], ...overrides });
}

/** A cart client: a supertest agent (keeps the guest cookie) with an optional bearer token. */
export function shopper(app: Express, token?: string) {
  const agent = request.agent(app);
  const auth = (test: request.Test) =>
    token ? test.set("Authorization", `Bearer ${token}`) : test;
  return {
    agent,
    add: (productId: unknown, color: string, size: string, quantity = 1) =>
      auth(agent.put("/api/cart/add")).send({
        productId: String(productId),
        color,
        size,
        quantity,
      }),
    applyPromo: (code: string) => auth(agent.post("/api/cart/apply-promo")).send({ code }),
    quote: (address: Record<string, unknown> = { city: "Dhaka" }) =>
      auth(agent.post("/api/checkout/quote")).send({ shippingAddress: address }),
    order: (body: Record<string, unknown> = {}) =>
      auth(agent.post("/api/orders")).send({
        shippingAddress: shippingAddress(),
        paymentMethod: "COD",
        termsAccepted: true,
        ...body,
      }),
    get: (path: string) => auth(agent.get(path)),
    post: (path: string) => auth(agent.post(path)),
  };
}

/**
 * A fresh product (`createProduct`'s ৳800 tee) and a shopper, a guest or signed in with `token`,
 * with `quantity` of its Black/M in the cart (the add must answer 200).
 */
export async function shopperWithCart(app: Express, quantity = 2, token?: string) {
  const product = await createProduct();
  const buyer = shopper(app, token);
  await buyer.add(product._id, "Black", "M", quantity).expect(200);
  return { product, buyer };
}
