import request from "supertest";
import { describe, expect, it } from "vitest";
import { Cart } from "../../models/cart.model";
import { createApp } from "../../server/app";
import { mergeGuestCart } from "../../server/services/cart.service";
import { tooManyLinesMessage, tooManyUnitsMessage } from "#contract/order-caps";
import { createCart, shopper } from "../factories/cart";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { createPromo } from "../factories/promo-code";
import { changeShopSettings } from "../factories/shop-settings";
import { createUser } from "../factories/user";
import { useSeededCatalog } from "../setup/catalog";

const app = createApp();
const seeded = useSeededCatalog();

const id = (doc: { _id: unknown }) => String(doc._id);

function guestCookie(answer: request.Response): string {
  const cookies = ([] as string[]).concat(answer.headers["set-cookie"] ?? []);
  const cookie = cookies.find((line) => line.startsWith("tweest_guest="));
  expect(cookie).toBeDefined();
  return cookie!.split(";")[0];
}

describe("GET /api/cart", () => {
  it("gives a guest an empty cart and a signed httpOnly cookie", async () => {
    const answer = await request(app).get("/api/cart");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      _id: null,
      cartItems: [],
      totalPrice: 0,
      totalItem: 0,
      totalDiscountedPrice: 0,
      discounte: 0,
      discount: 0,
      promoCodeDiscount: 0,
      promoDetails: null,
      promoError: null,
    });
    const line = ([] as string[])
      .concat(answer.headers["set-cookie"] ?? [])
      .find((cookie) => cookie.startsWith("tweest_guest="))!;
    expect(line).toMatch(/^tweest_guest=s%3A[0-9a-f-]{36}\./);
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Max-Age=2592000/);
  });
});

describe("PUT /api/cart/add", () => {
  it("totals a cart of mixed discounted items from catalogue prices", async () => {
    const { token } = await createUser();
    const auth = { Authorization: `Bearer ${token}` };
    const first = await request(app)
      .put("/api/cart/add")
      .set(auth)
      .send({ productId: id(seeded.products.classic), color: "Black", size: "M", quantity: 2 });
    expect(first.status).toBe(200);
    const answer = await request(app)
      .put("/api/cart/add")
      // A price sent by the client is ignored.
      .set(auth)
      .send({
        productId: id(seeded.products.graphic),
        color: "Navy",
        size: "M",
        quantity: 1,
        price: 1,
      });
    expect(answer.status).toBe(200);
    // Classic: 2 x 1000, discounted 2 x 800. Graphic: 1 x 600, not discounted.
    expect(answer.body).toMatchObject({
      totalPrice: 2600,
      discount: 400,
      discounte: 400,
      promoCodeDiscount: 0,
      totalDiscountedPrice: 2200,
      totalItem: 2,
      promoDetails: null,
    });
    expect(answer.body.cartItems).toEqual([
      expect.objectContaining({
        productId: id(seeded.products.classic),
        title: "Classic Cotton Tee",
        price: 1000,
        discountedPrice: 800,
        quantity: 2,
        color: "Black",
        size: "M",
        product: expect.objectContaining({ _id: id(seeded.products.classic) }),
      }),
      expect.objectContaining({
        productId: id(seeded.products.graphic),
        price: 600,
        discountedPrice: 600,
        quantity: 1,
        color: "Navy",
        size: "M",
      }),
    ]);
    const stored = await Cart.findOne({ user: (await Cart.findOne())!.user }).lean();
    expect(stored!.cartItems.map((item) => [String(item.product), item.quantity])).toEqual([
      [id(seeded.products.classic), 2],
      [id(seeded.products.graphic), 1],
    ]);
  });

  it("adds to an existing line and refuses more than the variant's stock with 409", async () => {
    const { token } = await createUser();
    const auth = { Authorization: `Bearer ${token}` };
    const line = { productId: id(seeded.products.classic), color: "Black", size: "L" };
    const tooMany = await request(app)
      .put("/api/cart/add")
      .set(auth)
      .send({ ...line, quantity: 4 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toEqual({ message: "Only 3 left in Black / L", code: "OUT_OF_STOCK" });

    const two = await request(app)
      .put("/api/cart/add")
      .set(auth)
      .send({ ...line, quantity: 2 });
    expect(two.status).toBe(200);
    const again = await request(app)
      .put("/api/cart/add")
      .set(auth)
      .send({ ...line, quantity: 2 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Only 3 left in Black / L (2 already in your cart)");
    const one = await request(app)
      .put("/api/cart/add")
      .set(auth)
      .send({ ...line, quantity: 1 });
    expect(one.status).toBe(200);
    expect(one.body.cartItems).toHaveLength(1);
    expect(one.body.cartItems[0].quantity).toBe(3);

    const soldOut = await request(app)
      .put("/api/cart/add")
      .set(auth)
      .send({ productId: id(seeded.products.classic), color: "White", size: "M", quantity: 1 });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.message).toBe("White / M is out of stock");
    const stored = await Cart.findOne().lean();
    expect(stored!.cartItems.map((item) => item.quantity)).toEqual([3]);
  });

  it("serialises simultaneous adds of one line (no duplicate lines, stock respected)", async () => {
    const first = await request(app).get("/api/cart");
    const cookie = guestCookie(first);
    const line = { productId: id(seeded.products.classic), color: "Black", size: "M", quantity: 1 };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        request(app).put("/api/cart/add").set("Cookie", cookie).send(line),
      ),
    );
    // Black/M has 5 in stock: five adds succeed, the sixth is refused.
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 409]);
    const stored = await Cart.findOne({ guestId: { $exists: true } }).lean();
    expect(stored!.cartItems.map((item) => item.quantity)).toEqual([5]);
  });

  it("caps one line at 10", async () => {
    const { Product } = await import("../../models/product.model");
    const silk = await Product.findById(seeded.products.silk._id);
    silk!.variants[1].stock = 50;
    await silk!.save();
    const line = { productId: id(seeded.products.silk), color: "Red", size: "L" };
    const first = await request(app)
      .put("/api/cart/add")
      .send({ ...line, quantity: 8 });
    expect(first.status).toBe(200);
    const more = await request(app)
      .put("/api/cart/add")
      .set("Cookie", guestCookie(first))
      .send({ ...line, quantity: 3 });
    expect(more.status).toBe(422);
    expect(more.body).toEqual({
      message: "At most 10 of one item per order (8 already in your cart)",
      code: "TOO_MANY_OF_ONE_ITEM",
    });
    expect((await Cart.findOne().lean())!.cartItems[0].quantity).toBe(8);
  });

  it("refuses unknown variants, inactive products and bad quantities", async () => {
    const unknownVariant = await request(app)
      .put("/api/cart/add")
      .send({ productId: id(seeded.products.classic), color: "Pink", size: "M", quantity: 1 });
    expect(unknownVariant.status).toBe(400);
    expect(unknownVariant.body.message).toBe("Pink / M is not available for this product");
    const inactive = await request(app)
      .put("/api/cart/add")
      .send({ productId: id(seeded.products.hidden), color: "Black", size: "M", quantity: 1 });
    expect(inactive.status).toBe(404);
    expect(inactive.body.message).toBe("Product not found");
    for (const quantity of [0, 11, 1.5]) {
      const bad = await request(app)
        .put("/api/cart/add")
        .send({ productId: id(seeded.products.silk), color: "Red", size: "L", quantity });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe("VALIDATION_ERROR");
    }
    const malformed = await request(app)
      .put("/api/cart/add")
      .send({ productId: "nope", color: "Red", size: "L", quantity: 1 });
    expect(malformed.status).toBe(400);
    expect(await Cart.countDocuments({ "cartItems.0": { $exists: true } })).toBe(0);
  });
});

describe("PUT /api/cart/update/{cartItemId} and DELETE /api/cart/remove/{cartItemId}", () => {
  it("sets quantities within stock, 0 removes, unknown lines are 404", async () => {
    const { token } = await createUser();
    const auth = { Authorization: `Bearer ${token}` };
    const added = await request(app)
      .put("/api/cart/add")
      .set(auth)
      .send({ productId: id(seeded.products.silk), color: "Red", size: "L", quantity: 1 });
    const itemId = added.body.cartItems[0]._id as string;

    const over = await request(app)
      .put(`/api/cart/update/${itemId}`)
      .set(auth)
      .send({ quantity: 8 });
    expect(over.status).toBe(409);
    expect(over.body).toEqual({ message: "Only 7 left in Red / L", code: "OUT_OF_STOCK" });

    const seven = await request(app)
      .put(`/api/cart/update/${itemId}`)
      .set(auth)
      .send({ quantity: 7 });
    expect(seven.status).toBe(200);
    // 7 x 3000 = 21000; discounted 7 x 1500 = 10500.
    expect(seven.body).toMatchObject({
      totalPrice: 21000,
      discount: 10500,
      totalDiscountedPrice: 10500,
      totalItem: 1,
    });
    expect((await Cart.findOne().lean())!.cartItems[0].quantity).toBe(7);

    const zero = await request(app)
      .put(`/api/cart/update/${itemId}`)
      .set(auth)
      .send({ quantity: 0 });
    expect(zero.status).toBe(200);
    expect(zero.body.cartItems).toEqual([]);
    expect(zero.body.totalPrice).toBe(0);
    expect((await Cart.findOne().lean())!.cartItems).toEqual([]);

    const gone = await request(app)
      .put(`/api/cart/update/${itemId}`)
      .set(auth)
      .send({ quantity: 1 });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: "Cart item not found", code: "NOT_FOUND" });
    const removeGone = await request(app).delete(`/api/cart/remove/${itemId}`).set(auth);
    expect(removeGone.status).toBe(404);
  });

  it("removes a line", async () => {
    const { token } = await createUser();
    const auth = { Authorization: `Bearer ${token}` };
    await request(app)
      .put("/api/cart/add")
      .set(auth)
      .send({ productId: id(seeded.products.silk), color: "Red", size: "L", quantity: 1 });
    const added = await request(app)
      .put("/api/cart/add")
      .set(auth)
      .send({ productId: id(seeded.products.graphic), color: "Navy", size: "S", quantity: 2 });
    const silkLine = added.body.cartItems[0]._id as string;
    const removed = await request(app).delete(`/api/cart/remove/${silkLine}`).set(auth);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({
      totalPrice: 1200,
      totalDiscountedPrice: 1200,
      totalItem: 1,
    });
    const stored = await Cart.findOne().lean();
    expect(stored!.cartItems.map((item) => String(item.product))).toEqual([
      id(seeded.products.graphic),
    ]);
  });

  it("never lets one user touch another's cart item", async () => {
    const owner = await createUser();
    const other = await createUser();
    const added = await request(app)
      .put("/api/cart/add")
      .set({ Authorization: `Bearer ${owner.token}` })
      .send({ productId: id(seeded.products.silk), color: "Red", size: "L", quantity: 2 });
    const itemId = added.body.cartItems[0]._id as string;
    // The other user has a cart of their own.
    await request(app)
      .put("/api/cart/add")
      .set({ Authorization: `Bearer ${other.token}` })
      .send({ productId: id(seeded.products.graphic), color: "Navy", size: "S", quantity: 1 });

    const update = await request(app)
      .put(`/api/cart/update/${itemId}`)
      .set({ Authorization: `Bearer ${other.token}` })
      .send({ quantity: 1 });
    expect(update.status).toBe(404);
    expect(update.body.message).toBe("Cart item not found");
    const remove = await request(app)
      .delete(`/api/cart/remove/${itemId}`)
      .set({ Authorization: `Bearer ${other.token}` });
    expect(remove.status).toBe(404);
    const guest = await request(app).delete(`/api/cart/remove/${itemId}`);
    expect(guest.status).toBe(404);

    const stored = await Cart.findOne({ user: owner.user._id }).lean();
    expect(stored!.cartItems.map((item) => item.quantity)).toEqual([2]);
  });
});

describe("guest carts", () => {
  it("keeps a guest cart across requests by its cookie; a forged cookie gets a new cart", async () => {
    const first = await request(app)
      .put("/api/cart/add")
      .send({ productId: id(seeded.products.graphic), color: "Navy", size: "S", quantity: 2 });
    expect(first.status).toBe(200);
    const cookie = guestCookie(first);
    const again = await request(app).get("/api/cart").set("Cookie", cookie);
    expect(again.status).toBe(200);
    expect(again.body._id).toBe(first.body._id);
    expect(again.body.cartItems.map((item: { quantity: number }) => item.quantity)).toEqual([2]);
    expect(again.body.totalPrice).toBe(1200);

    const stored = await Cart.findById(first.body._id).lean();
    expect(stored!.guestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored!.user).toBeUndefined();

    const forged = await request(app)
      .get("/api/cart")
      .set("Cookie", `tweest_guest=${stored!.guestId}`);
    expect(forged.body.cartItems).toEqual([]);
    const noCookie = await request(app).get("/api/cart");
    expect(noCookie.body.cartItems).toEqual([]);
  });

  it("merges the guest cart into the user's at sign-in (POST /auth/signin)", async () => {
    const { user, token, password } = await createUser({ email: "merge@example.com" });
    await request(app)
      .put("/api/cart/add")
      .set({ Authorization: `Bearer ${token}` })
      .send({ productId: id(seeded.products.classic), color: "Black", size: "M", quantity: 2 });
    const guestAdd = await request(app)
      .put("/api/cart/add")
      .send({ productId: id(seeded.products.classic), color: "Black", size: "M", quantity: 4 });
    const cookie = guestCookie(guestAdd);
    await request(app)
      .put("/api/cart/add")
      .set("Cookie", cookie)
      .send({ productId: id(seeded.products.graphic), color: "Navy", size: "S", quantity: 1 });

    const signin = await request(app)
      .post("/auth/signin")
      .set("Cookie", cookie)
      .send({ email: "merge@example.com", password });
    expect(signin.status).toBe(200);
    const cleared = ([] as string[])
      .concat(signin.headers["set-cookie"] ?? [])
      .find((line) => line.startsWith("tweest_guest="));
    expect(cleared).toMatch(/^tweest_guest=;/);

    const cart = await request(app)
      .get("/api/cart")
      .set({ Authorization: `Bearer ${token}` });
    // Black/M: 2 + 4 = 6, capped by its stock of 5. Navy/S: 1.
    expect(
      cart.body.cartItems.map((item: { color: string; size: string; quantity: number }) => [
        item.color,
        item.size,
        item.quantity,
      ]),
    ).toEqual([
      ["Black", "M", 5],
      ["Navy", "S", 1],
    ]);
    expect(await Cart.countDocuments({ guestId: { $exists: true } })).toBe(0);
    expect(await Cart.countDocuments({ user: user._id })).toBe(1);
  });

  it("merges a guest cart into a user without a cart and caps lines at 10", async () => {
    const { user } = await createUser();
    const { Product } = await import("../../models/product.model");
    const silk = await Product.findById(seeded.products.silk._id);
    silk!.variants[1].stock = 20;
    await silk!.save();
    await createCart({
      guestId: "0b6f3c1e-1111-4222-8333-944445555666",
      cartItems: [
        { product: seeded.products.silk._id, color: "Red", size: "L", quantity: 10 },
        { product: seeded.products.cotton._id, color: "Red", size: "M", quantity: 1 },
      ],
      promoCode: "SAVE10",
    });
    await createCart({
      user: user._id,
      cartItems: [{ product: seeded.products.silk._id, color: "Red", size: "L", quantity: 3 }],
    });
    await mergeGuestCart("0b6f3c1e-1111-4222-8333-944445555666", String(user._id));
    const stored = await Cart.findOne({ user: user._id }).lean();
    // Silk Red/L 3 + 10 capped at 10; the sold-out Cotton Kurti line is dropped.
    expect(stored!.cartItems.map((item) => [String(item.product), item.quantity])).toEqual([
      [id(seeded.products.silk), 10],
    ]);
    expect(stored!.promoCode).toBe("SAVE10");
    expect(await Cart.countDocuments({ guestId: "0b6f3c1e-1111-4222-8333-944445555666" })).toBe(0);
  });
});

describe("POST /api/cart/apply-promo", () => {
  async function cartOf2200() {
    const { token, user } = await createUser();
    const auth = { Authorization: `Bearer ${token}` };
    await request(app)
      .put("/api/cart/add")
      .set(auth)
      .send({ productId: id(seeded.products.classic), color: "Black", size: "M", quantity: 2 });
    await request(app)
      .put("/api/cart/add")
      .set(auth)
      .send({ productId: id(seeded.products.graphic), color: "Navy", size: "M", quantity: 1 });
    return { auth, user };
  }

  it("applies a percentage code capped by maxDiscount", async () => {
    await createPromo({ code: "TENCAP", type: "PERCENTAGE", value: 10, maxDiscount: 150 });
    const { auth } = await cartOf2200();
    const answer = await request(app)
      .post("/api/cart/apply-promo")
      .set(auth)
      .send({ code: "tencap" });
    expect(answer.status).toBe(200);
    // Subtotal after item discounts 2200; 10% = 220, capped at 150.
    expect(answer.body).toMatchObject({
      totalPrice: 2600,
      discount: 400,
      discounte: 400,
      promoCodeDiscount: 150,
      totalDiscountedPrice: 2050,
      promoDetails: { code: "TENCAP", type: "PERCENTAGE", value: 10, discount: 150 },
    });
    expect((await Cart.findOne().lean())!.promoCode).toBe("TENCAP");
  });

  it("applies an uncapped percentage and a fixed code", async () => {
    await createPromo({ code: "TEN", type: "PERCENTAGE", value: 10 });
    await createPromo({ code: "FLAT300", type: "FIXED", value: 300, minOrderAmount: 2200 });
    const { auth } = await cartOf2200();
    const percent = await request(app)
      .post("/api/cart/apply-promo")
      .set(auth)
      .send({ code: "TEN" });
    expect(percent.body).toMatchObject({ promoCodeDiscount: 220, totalDiscountedPrice: 1980 });
    const fixed = await request(app)
      .post("/api/cart/apply-promo")
      .set(auth)
      .send({ code: "FLAT300" });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({
      totalPrice: 2600,
      discount: 400,
      promoCodeDiscount: 300,
      totalDiscountedPrice: 1900,
      promoDetails: { code: "FLAT300", type: "FIXED", value: 300, discount: 300 },
    });
    const removed = await request(app).delete("/api/cart/remove-promo").set(auth);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({
      promoCodeDiscount: 0,
      totalDiscountedPrice: 2200,
      promoDetails: null,
    });
    expect((await Cart.findOne().lean())!.promoCode).toBeNull();
  });

  it("answers each promo error with the contract's text", async () => {
    const now = Date.now();
    const { auth, user } = await cartOf2200();
    await createPromo({ code: "BIG", type: "FIXED", value: 500, minOrderAmount: 5000 });
    await createPromo({ code: "LAKH", type: "FIXED", value: 500, minOrderAmount: 150000 });
    await createPromo({ code: "OFF", type: "FIXED", value: 100, isActive: false });
    await createPromo({ code: "SOON", type: "FIXED", value: 100, startsAt: new Date(now + 3.6e6) });
    await createPromo({ code: "OLD", type: "FIXED", value: 100, expiresAt: new Date(now - 1000) });
    await createPromo({ code: "USED", type: "FIXED", value: 100, usageLimit: 5, usedCount: 5 });
    await createPromo({ code: "ONCE", type: "FIXED", value: 100, perUserLimit: 1 });
    await createOrder({
      orderNumber: "TW-PROMO-1",
      user: user._id,
      lines: [{ product: seeded.products.graphic, color: "Navy", size: "S" }],
      promoCode: "ONCE",
      promoCodeDiscount: 100,
    });

    const expected: [string, string][] = [
      ["BIG", "Minimum order amount of ৳5,000 required"],
      ["LAKH", "Minimum order amount of ৳1,50,000 required"],
      ["NOPE", "Invalid or expired promo code"],
      ["OFF", "Invalid or expired promo code"],
      ["SOON", "Invalid or expired promo code"],
      ["OLD", "Invalid or expired promo code"],
      ["USED", "Invalid or expired promo code"],
      ["ONCE", "Invalid or expired promo code"],
    ];
    for (const [code, message] of expected) {
      const answer = await request(app).post("/api/cart/apply-promo").set(auth).send({ code });
      expect(answer.status, code).toBe(400);
      expect(answer.body, code).toEqual({ message, code: "BAD_REQUEST" });
    }
    expect((await Cart.findOne().lean())!.promoCode ?? null).toBeNull();
  });

  it("reports a stored code that stopped applying without failing the cart", async () => {
    await createPromo({ code: "MIN2000", type: "FIXED", value: 200, minOrderAmount: 2000 });
    const { auth } = await cartOf2200();
    const applied = await request(app)
      .post("/api/cart/apply-promo")
      .set(auth)
      .send({ code: "MIN2000" });
    expect(applied.body.totalDiscountedPrice).toBe(2000);
    const graphicLine = applied.body.cartItems[1]._id as string;
    const smaller = await request(app).delete(`/api/cart/remove/${graphicLine}`).set(auth);
    expect(smaller.status).toBe(200);
    // 1600 is below the minimum: no promo discount, the reason is given.
    expect(smaller.body).toMatchObject({
      totalPrice: 2000,
      discount: 400,
      promoCodeDiscount: 0,
      totalDiscountedPrice: 1600,
      promoDetails: null,
      promoError: "Minimum order amount of ৳2,000 required",
    });
  });
});

describe("DELETE /api/cart/clear", () => {
  it("empties the lines and the promo code", async () => {
    await createPromo({ code: "TEN", type: "PERCENTAGE", value: 10 });
    const { token } = await createUser();
    const auth = { Authorization: `Bearer ${token}` };
    await request(app)
      .put("/api/cart/add")
      .set(auth)
      .send({ productId: id(seeded.products.silk), color: "Red", size: "L", quantity: 1 });
    await request(app).post("/api/cart/apply-promo").set(auth).send({ code: "TEN" });
    const cleared = await request(app).delete("/api/cart/clear").set(auth);
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      cartItems: [],
      totalPrice: 0,
      totalItem: 0,
      promoDetails: null,
    });
    const stored = await Cart.findOne().lean();
    expect(stored!.cartItems).toEqual([]);
    expect(stored!.promoCode).toBeNull();
  });
});

describe("order caps (shop settings orderCaps)", () => {
  const setCaps = (maxLines: number, maxUnits: number) =>
    changeShopSettings((settings) => {
      settings.orderCaps.maxLines = maxLines;
      settings.orderCaps.maxUnits = maxUnits;
    });

  it("refuses a line past maxLines and pieces past maxUnits, on add and on update", async () => {
    await setCaps(2, 5);
    const tee = await createProduct();
    const guest = shopper(app);
    await guest.add(tee._id, "Black", "M", 2).expect(200);
    await guest.add(tee._id, "Black", "L", 2).expect(200);

    const thirdLine = await guest.add(tee._id, "White", "M", 1);
    expect(thirdLine.status).toBe(422);
    expect(thirdLine.body).toEqual({
      message:
        "An order can hold at most 2 different items. Remove some from your cart, or use our bulk t-shirt order page for larger orders.",
      code: "TOO_MANY_LINES",
    });
    const sixth = await guest.add(tee._id, "Black", "M", 2);
    expect(sixth.status).toBe(422);
    expect(sixth.body).toEqual({
      message:
        "An order can hold at most 5 pieces in all. Remove some from your cart, or use our bulk t-shirt order page for larger orders.",
      code: "TOO_MANY_UNITS",
    });
    const fifth = await guest.add(tee._id, "Black", "M", 1);
    expect(fifth.status).toBe(200);
    const lineL = (fifth.body.cartItems as { _id: string; size: string }[]).find(
      (line) => line.size === "L",
    )!;
    const grown = await guest.agent.put(`/api/cart/update/${lineL._id}`).send({ quantity: 3 });
    expect(grown.status).toBe(422);
    expect(grown.body.code).toBe("TOO_MANY_UNITS");
    const stored = await Cart.findOne().lean();
    expect(stored!.cartItems.map((line) => line.quantity)).toEqual([3, 2]);
  });

  it("lets a cart filled before the caps were lowered shrink, never grow", async () => {
    const tee = await createProduct();
    const guest = shopper(app);
    await guest.add(tee._id, "Black", "M", 3).expect(200);
    const filled = await guest.add(tee._id, "Black", "L", 3).expect(200);
    await setCaps(1, 2);
    const [lineM, lineL] = filled.body.cartItems as { _id: string }[];
    expect((await guest.add(tee._id, "White", "M", 1)).body.message).toBe(tooManyLinesMessage(1));
    expect((await guest.add(tee._id, "Black", "M", 1)).body.message).toBe(tooManyUnitsMessage(2));
    const smaller = await guest.agent.put(`/api/cart/update/${lineM._id}`).send({ quantity: 1 });
    expect(smaller.status).toBe(200);
    const removed = await guest.agent.delete(`/api/cart/remove/${lineL._id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.cartItems).toHaveLength(1);
  });

  it("merges a guest cart at sign-in only as far as the caps allow", async () => {
    await setCaps(2, 6);
    const { user } = await createUser();
    const tee = await createProduct();
    const guestId = "0b6f3c1e-1111-4222-8333-944445555777";
    await createCart({
      guestId,
      cartItems: [
        { product: tee._id, color: "Black", size: "M", quantity: 4 },
        { product: tee._id, color: "Black", size: "L", quantity: 4 },
        { product: tee._id, color: "White", size: "M", quantity: 1 },
      ],
    });
    await createCart({
      user: user._id,
      cartItems: [{ product: tee._id, color: "Black", size: "M", quantity: 1 }],
    });
    await mergeGuestCart(guestId, String(user._id));
    const stored = await Cart.findOne({ user: user._id }).lean();
    // Black/M 1 + 4; Black/L gets the one piece left; White/M would be a third line.
    expect(stored!.cartItems.map((line) => [line.size, line.color, line.quantity])).toEqual([
      ["M", "Black", 5],
      ["L", "Black", 1],
    ]);
  });
});
