/**
 * Cart changes as the cart route's clientAction runs them, against a local HTTP server playing the
 * cart API: the optimistic cart a pending change shows, the confirmed cart a success publishes, and a
 * refusal that leaves the cart as it was with the same message the line showed before.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartSubmission } from "~/components/cart/cart-actions";
import { performCartAction } from "~/components/cart/perform-cart-action";
import { cartSnapshot, publishCart, resetCartForTests } from "~/components/cart/cart-context";
import { applyPendingCartChanges } from "~/components/cart/optimistic-cart";
import { configureApiClient, resetApiClient, type Cart } from "~/lib/api-client";

const line = (id: string, quantity: number): Cart["cartItems"][number] => ({
  _id: id,
  productId: `product-${id}`,
  title: `Shirt ${id}`,
  price: 500,
  discountedPrice: 500,
  quantity,
  color: "Red",
  size: "M",
  imageUrl: "",
  stock: 10,
  product: {
    _id: `product-${id}`,
    title: `Shirt ${id}`,
    slug: `shirt-${id}`,
    brand: "Tweest",
    price: 500,
    discountedPrice: 500,
    discountPercent: 0,
    imageUrl: "",
    category: null,
    categoryName: "",
  },
});
const cartWith = (...items: ReturnType<typeof line>[]): Cart => ({
  _id: "cart-1",
  promoError: null,
  cartItems: items,
  totalPrice: items.reduce((sum, item) => sum + item.price * item.quantity, 0),
  totalItem: items.length,
  discount: 0,
  discounte: 0,
  promoDetails: null,
  promoCodeDiscount: 0,
  totalDiscountedPrice: items.reduce((sum, item) => sum + item.price * item.quantity, 0),
});

let server: Server;
let answer: (res: ServerResponse, method: string, url: string) => void;
const seen: string[] = [];

function json(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json");
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      seen.push(`${req.method} ${req.url}`);
      answer(res, req.method ?? "", req.url ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen.length = 0;
  const storage = new Map<string, string>([["jwt", "token-of-a-shopper"]]);
  configureApiClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
    location: () => ({ pathname: "/cart", search: "" }),
  });
  resetCartForTests();
});

afterEach(() => resetApiClient());

const confirmedCart = () => cartSnapshot().cart;
const storeLineErrors = () => cartSnapshot().lineErrors;

describe("the optimistic cart", () => {
  it("shows a pending quantity, a pending removal and a pending add at once", () => {
    const cart = cartWith(line("a", 1), line("b", 2));
    const view = applyPendingCartChanges(cart, [
      { formData: cartSubmission("update", { lineId: "a", quantity: 3 }) },
      { formData: cartSubmission("remove", { lineId: "b" }) },
      { formData: cartSubmission("add", { productId: "p", color: "Red", size: "L", quantity: 2 }) },
    ]);
    expect(view.cart?.cartItems.map((item) => [item._id, item.quantity])).toEqual([["a", 3]]);
    expect(view.count).toBe(3 + 2);
    // The confirmed cart itself is untouched: a refusal simply shows it again.
    expect(cart.cartItems.map((item) => item.quantity)).toEqual([1, 2]);
  });

  it("is the confirmed cart itself when nothing is under way", () => {
    const cart = cartWith(line("a", 2));
    expect(applyPendingCartChanges(cart, [{}])).toEqual({ cart, count: 2 });
  });
});

describe("cart changes (clientAction)", () => {
  it("a quantity change publishes the server's cart", async () => {
    const before = cartWith(line("a", 1));
    publishCart(before);
    answer = (res) => json(res, 200, cartWith(line("a", 2)));
    const result = await performCartAction(cartSubmission("update", { lineId: "a", quantity: 2 }));
    expect(result).toEqual({ ok: true, intent: "update" });
    expect(seen).toEqual(["PUT /api/cart/update/a"]);
    expect(confirmedCart()?.cartItems[0].quantity).toBe(2);
  });

  it("a refused change keeps the cart and gives the line the same message as before", async () => {
    const before = cartWith(line("a", 1), line("b", 1));
    publishCart(before);
    answer = (res) => json(res, 400, { message: "Only 1 left in stock" });
    const update = await performCartAction(cartSubmission("update", { lineId: "a", quantity: 2 }));
    expect(update).toEqual({ ok: false, intent: "update", error: "Only 1 left in stock" });
    expect(confirmedCart()).toBe(before);
    expect(storeLineErrors()).toEqual({ a: "Only 1 left in stock" });

    answer = (res) => json(res, 404, { message: "Cart item not found" });
    const removal = await performCartAction(cartSubmission("remove", { lineId: "b" }));
    expect(removal).toEqual({
      ok: false,
      intent: "remove",
      error: "Cart not found. Please try refreshing the page.",
    });
    expect(confirmedCart()).toBe(before);
    expect(storeLineErrors()).toEqual({
      a: "Only 1 left in stock",
      b: "Cart not found. Please try refreshing the page.",
    });

    // The next try on the line clears its message first.
    answer = (res) => json(res, 200, cartWith(line("a", 2), line("b", 1)));
    await performCartAction(cartSubmission("update", { lineId: "a", quantity: 2 }));
    expect(storeLineErrors()).toEqual({ b: "Cart not found. Please try refreshing the page." });
  });

  it("promo codes answer with the texts the cart showed before", async () => {
    publishCart(cartWith(line("a", 1)));
    answer = (res) => json(res, 400, { message: "Invalid or expired promo code" });
    expect(await performCartAction(cartSubmission("apply-promo", { code: "NOPE" }))).toEqual({
      ok: false,
      intent: "apply-promo",
      error: "Invalid or expired promo code",
    });
    answer = (res) =>
      json(res, 200, { ...cartWith(line("a", 1)), promoDetails: { code: "EID10" } });
    expect(await performCartAction(cartSubmission("apply-promo", { code: "EID10" }))).toEqual({
      ok: true,
      intent: "apply-promo",
      message: "Promo code EID10 applied.",
    });
    answer = (res) => json(res, 200, cartWith(line("a", 1)));
    expect(await performCartAction(cartSubmission("remove-promo"))).toEqual({
      ok: true,
      intent: "remove-promo",
      message: "Promo code removed.",
    });
    expect(seen).toEqual([
      "POST /api/cart/apply-promo",
      "POST /api/cart/apply-promo",
      "DELETE /api/cart/remove-promo",
    ]);
  });
});
