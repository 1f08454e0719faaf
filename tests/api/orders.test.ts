import { createHash } from "node:crypto";
import request from "supertest";
import { ApiError } from "../../app/lib/api-client";
import { serverFieldErrors } from "../../app/lib/form-validation";
import { beforeEach, describe, expect, it } from "vitest";
import { Cart } from "../../models/cart.model";
import { Order } from "../../models/order.model";
import { Product } from "../../models/product.model";
import { PromoCode } from "../../models/promo-code.model";
import type { createApp } from "../../server/app";
import { NO_ORDER_FOR_NUMBER_AND_MOBILE } from "../../server/services/orders.service";
import { clearDatabase } from "../setup/db";
import { placedSmsLink, useSmsGateway } from "../setup/sms";
import type { SmsGatewayStub } from "../stubs/sms-gateway";
import { createAdmin, createUser } from "../factories/user";
import { shippingAddress } from "../factories/address";
import { shopper, shopperWithCart } from "../factories/cart";
import { createProduct, variantStock } from "../factories/product";
import { createPromo } from "../factories/promo-code";

let sms: SmsGatewayStub;
let app: ReturnType<typeof createApp>;

useSmsGateway((gateway) => ({ sms, app } = gateway));

beforeEach(async () => {
  await clearDatabase();
});

describe("POST /api/checkout/quote", () => {
  it("prices the guest cart for inside and outside Dhaka", async () => {
    const { buyer: guest } = await shopperWithCart(app, 2);
    const inside = await guest.quote({ city: "Dhaka" });
    expect(inside.status).toBe(200);
    expect(inside.body).toEqual({
      subtotal: 2000,
      discount: 400,
      promoCodeDiscount: 0,
      deliveryCharge: 60,
      tax: 0,
      total: 1660,
      promoCode: null,
      deliverySource: "builtin",
      zone: { id: "inside-dhaka", name: "Inside Dhaka", nameBn: "ঢাকার ভেতরে" },
    });
    const outside = await guest.quote({ city: "Chittagong" });
    expect(outside.body).toMatchObject({
      deliveryCharge: 120,
      total: 1720,
      zone: { id: "outside-dhaka" },
    });
  });

  it("applies the promo code and free delivery from the threshold", async () => {
    const product = await createProduct();
    const promo = await createPromo({ type: "PERCENTAGE", value: 10 });
    const guest = shopper(app);
    await guest.add(product._id, "Black", "M", 2);
    expect((await guest.applyPromo(promo.code)).status).toBe(200);
    const quote = await guest.quote({ city: "Dhaka" });
    expect(quote.body).toMatchObject({
      subtotal: 2000,
      discount: 400,
      promoCodeDiscount: 160,
      deliveryCharge: 60,
      total: 1500,
      promoCode: promo.code,
    });
    // 4 x 800 = 3200 goods, 10% off = 2880 < 3000: still charged; 5 x 800 = 4000 - 400 = 3600: free.
    await guest.add(product._id, "Black", "M", 2);
    expect((await guest.quote({ city: "Sylhet" })).body).toMatchObject({
      promoCodeDiscount: 320,
      deliveryCharge: 120,
      total: 3000,
    });
    await guest.add(product._id, "Black", "M", 1);
    expect((await guest.quote({ city: "Sylhet" })).body).toMatchObject({
      subtotal: 5000,
      discount: 1000,
      promoCodeDiscount: 400,
      deliveryCharge: 0,
      total: 3600,
    });
  });

  it("answers zeros (no delivery either) for a visitor without a cart", async () => {
    const answer = await request(app)
      .post("/api/checkout/quote")
      .send({ shippingAddress: { city: "Dhaka" } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ subtotal: 0, deliveryCharge: 0, total: 0 });
  });

  it("refuses a missing city", async () => {
    const answer = await request(app).post("/api/checkout/quote").send({ shippingAddress: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].path).toBe("shippingAddress.city");
  });
});

describe("POST /api/orders (guest, cash on delivery)", () => {
  it("creates the order from the cart, reserves stock, clears the cart, returns a tracking token once", async () => {
    const { product, buyer: guest } = await shopperWithCart(app, 2);
    await guest.add(product._id, "White", "M", 1);
    const answer = await guest.order({ note: "Call before delivery" });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      orderStatus: "PLACED",
      paymentMethod: "COD",
      totalPrice: 3000,
      discount: 600,
      promoCodeDiscount: 0,
      deliveryCharge: 60,
      tax: 0,
      totalDiscountedPrice: 2460,
      totalItem: 2,
      user: null,
      guest: { email: "nusrat@example.com", mobile: "01712345678" },
      note: "Call before delivery",
      shippingAddress: { city: "Dhaka", country: "Bangladesh", mobile: "01712345678" },
    });
    expect(answer.body.orderNumber).toMatch(/^TW-\d{6}-[2-9A-Z]{4}$/);
    expect(answer.body.statusHistory).toEqual([
      { status: "PLACED", at: expect.any(String), by: "guest" },
    ]);
    expect(answer.body.orderItems[0]).toMatchObject({
      title: "Classic Tee",
      price: 1000,
      discountedPrice: 800,
      quantity: 2,
      color: "Black",
      size: "M",
      product: { title: "Classic Tee", discountedPrice: 800, category: { name: "T-Shirts" } },
    });
    expect(answer.body.trackingToken).toMatch(/^[\w-]{32}$/);
    expect(answer.body.trackingTokenHash).toBeUndefined();
    expect(answer.body.reservationId).toBeUndefined();
    expect(answer.body.guest.guestId).toBeUndefined();

    const stored = await Order.findById(answer.body._id).select("+trackingTokenHash").lean();
    expect(stored!.trackingTokenHash).toBe(
      createHash("sha256").update(answer.body.trackingToken).digest("hex"),
    );
    expect(stored!.guest!.guestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await variantStock(product._id, "Black", "M")).toBe(8);
    expect(await variantStock(product._id, "White", "M")).toBe(9);
    expect((await Product.findById(product._id).lean())!.soldCount).toBe(3);
    expect(
      (await Cart.findOne({ guestId: stored!.guest!.guestId }).lean())!.cartItems,
    ).toHaveLength(0);
    const cart = await guest.get("/api/cart");
    expect(cart.body.cartItems).toEqual([]);

    await expect.poll(() => sms.messages).toHaveLength(1);
    expect(sms.messages[0].number).toBe("8801712345678");
    expect(sms.messages[0].message).toBe(
      `Tweest: Hi Nusrat, your order ${answer.body.orderNumber} is placed. Total ৳2460 (cash on delivery). Thank you!${placedSmsLink("en")}`,
    );
  });

  it("keeps the district and thana ids the checkout's pickers send with the names", async () => {
    const { buyer: guest } = await shopperWithCart(app, 1);
    const placed = await guest.order({
      shippingAddress: shippingAddress({
        city: "Bhola",
        zone: "Char Fasson",
        districtId: "bhola",
        thanaId: "bhola/char-fasson",
      }),
    });
    expect(placed.status).toBe(201);
    const stored = await Order.findById(placed.body._id).lean();
    expect(stored!.shippingAddress).toMatchObject({
      city: "Bhola",
      zone: "Char Fasson",
      districtId: "bhola",
      thanaId: "bhola/char-fasson",
    });
  });

  it("places one order when the same cart is submitted twice at once", async () => {
    const { product, buyer: guest } = await shopperWithCart(app, 2);
    const answers = await Promise.all([guest.order(), guest.order()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.status === 400)!.body.message).toBe(
      "Your cart is empty",
    );
    expect(await Order.countDocuments()).toBe(1);
    expect(await variantStock(product._id, "Black", "M")).toBe(8);
  });

  it("refuses an empty cart and a visitor without a cart", async () => {
    const { buyer: guest } = await shopperWithCart(app, 1);
    await guest.agent.delete("/api/cart/clear");
    const empty = await guest.order();
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Your cart is empty");
    const nobody = await request(app)
      .post("/api/orders")
      .send({ shippingAddress: shippingAddress(), paymentMethod: "COD", termsAccepted: true });
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toBe("Your cart is empty");
    expect(await Order.countDocuments()).toBe(0);
  });

  it("validates the address, mobile and payment method", async () => {
    const { buyer: guest } = await shopperWithCart(app, 1);
    const badMobile = await guest.order({
      shippingAddress: shippingAddress({ mobile: "01212345678" }),
    });
    expect(badMobile.status).toBe(400);
    expect(badMobile.body.errors).toContainEqual({
      path: "shippingAddress.mobile",
      message: "A Bangladeshi mobile number starts with 013 to 019",
    });
    // The checkout form puts this very answer on its mobile field (app/lib/form-validation.ts).
    const answered = new ApiError(badMobile.body.message, 400, { errors: badMobile.body.errors });
    expect(serverFieldErrors(answered, ["firstName", "mobile"], "shippingAddress.")).toEqual({
      mobile: "A Bangladeshi mobile number starts with 013 to 019",
    });
    expect(serverFieldErrors(answered, ["mobile"])).toEqual({});
    expect(serverFieldErrors(new Error("offline"), ["mobile"], "shippingAddress.")).toEqual({});
    const noMobile = await guest.order({ shippingAddress: shippingAddress({ mobile: undefined }) });
    expect(noMobile.status).toBe(400);
    const badMethod = await guest.order({ paymentMethod: "CHEQUE" });
    expect(badMethod.status).toBe(400);
    const injected = await guest.order({ shippingAddress: shippingAddress({ city: { $gt: "" } }) });
    expect(injected.status).toBe(400);
    const intl = await guest.order({
      shippingAddress: shippingAddress({ mobile: "+880 1812-345678" }),
    });
    expect(intl.status).toBe(201);
    expect(intl.body.shippingAddress.mobile).toBe("01812345678");
  });

  it("refuses online payment methods that are not configured, before touching stock", async () => {
    const { product, buyer: guest } = await shopperWithCart(app, 1);
    const answer = await guest.order({ paymentMethod: "SSLCOMMERZ" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      "SSLCommerz payments are not available; choose cash on delivery",
    );
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
  });
});

describe("POST /api/orders (stock and promo rollback)", () => {
  it("answers 409 naming the variant and leaves stock, promo count and cart untouched", async () => {
    const tee = await createProduct({ title: "Tee" });
    const polo = await createProduct({
      title: "Polo",
      variants: [{ color: "Navy", size: "XL", stock: 3 }],
    });
    const promo = await createPromo({ usageLimit: 5 });
    const guest = shopper(app);
    await guest.add(tee._id, "Black", "M", 2);
    await guest.add(polo._id, "Navy", "XL", 3);
    await guest.applyPromo(promo.code);
    // Someone else bought two Polos meanwhile.
    await Product.updateOne({ _id: polo._id }, { $set: { "variants.0.stock": 1 } });
    const answer = await guest.order();
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      message: "Only 1 left of Polo (Navy, XL)",
      code: "OUT_OF_STOCK",
    });
    expect(await variantStock(tee._id, "Black", "M")).toBe(10);
    expect(await variantStock(polo._id, "Navy", "XL")).toBe(1);
    expect((await PromoCode.findById(promo._id).lean())!.usedCount).toBe(0);
    expect(await Order.countDocuments()).toBe(0);
    expect((await guest.get("/api/cart")).body.cartItems).toHaveLength(2);
  });

  it("says out of stock when nothing is left", async () => {
    const product = await createProduct({
      title: "Hoodie",
      variants: [{ color: "Grey", size: "S", stock: 2 }],
    });
    const guest = shopper(app);
    await guest.add(product._id, "Grey", "S", 2);
    await Product.updateOne({ _id: product._id }, { $set: { "variants.0.stock": 0 } });
    const answer = await guest.order();
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe("Hoodie (Grey, S) is out of stock");
  });

  it("re-checks the promo code at order time and refuses a used-up code", async () => {
    const product = await createProduct();
    const promo = await createPromo({ usageLimit: 1 });
    const guest = shopper(app);
    await guest.add(product._id, "Black", "M", 1);
    await guest.applyPromo(promo.code);
    await PromoCode.updateOne({ _id: promo._id }, { $set: { usedCount: 1 } });
    const answer = await guest.order();
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Invalid or expired promo code");
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
    expect(await Order.countDocuments()).toBe(0);
  });
});

describe("POST /api/orders (signed in)", () => {
  it("places orders with a promo code, counts its use, and lists them newest first", async () => {
    const { user, token } = await createUser();
    const product = await createProduct();
    const promo = await createPromo({ type: "FIXED", value: 100, usageLimit: 10, perUserLimit: 1 });
    const customer = shopper(app, token);
    await customer.add(product._id, "Black", "L", 1);
    await customer.applyPromo(promo.code);
    const first = await customer.order();
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      user: user._id.toString(),
      guest: null,
      promoCode: promo.code,
      promoCodeDiscount: 100,
      totalDiscountedPrice: 800 - 100 + 60,
      statusHistory: [{ status: "PLACED", by: "customer" }],
    });
    expect(first.body.trackingToken).toBeUndefined();
    expect((await PromoCode.findById(promo._id).lean())!.usedCount).toBe(1);

    // The per-user limit (1) is reached: the code no longer applies to this customer.
    await customer.add(product._id, "White", "M", 1);
    const again = await customer.applyPromo(promo.code);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("Invalid or expired promo code");
    const second = await customer.order({ paymentMethod: "COD" });
    expect(second.status).toBe(201);
    expect(second.body.promoCode).toBeNull();

    const mine = await customer.get("/api/orders/user");
    expect(mine.status).toBe(200);
    expect(mine.body.map((order: { _id: string }) => order._id)).toEqual([
      second.body._id,
      first.body._id,
    ]);
    expect((await request(app).get("/api/orders/user")).status).toBe(401);
  });
});

describe("GET /api/orders/:id", () => {
  it("answers the owner and admins; another customer or a stranger gets 404", async () => {
    const owner = await createUser();
    const other = await createUser();
    const admin = await createAdmin();
    const product = await createProduct();
    const customer = shopper(app, owner.token);
    await customer.add(product._id, "Black", "M", 1);
    const placed = await customer.order();
    const id = placed.body._id;

    const mine = await request(app)
      .get(`/api/orders/${id}`)
      .set("Authorization", `Bearer ${owner.token}`);
    expect(mine.status).toBe(200);
    expect(mine.body.orderNumber).toBe(placed.body.orderNumber);
    expect(mine.body.shippingAddress.streetAddress).toBe("House 12, Road 5, Dhanmondi");
    const theirs = await request(app)
      .get(`/api/orders/${id}`)
      .set("Authorization", `Bearer ${other.token}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ message: "Order not found", code: "NOT_FOUND" });
    expect((await request(app).get(`/api/orders/${id}`)).status).toBe(404);
    const asAdmin = await request(app)
      .get(`/api/orders/${id}`)
      .set("Authorization", `Bearer ${admin.token}`);
    expect(asAdmin.status).toBe(200);
    expect(
      (
        await request(app)
          .get("/api/orders/665f1c2e9b1e8a0012345678")
          .set("Authorization", `Bearer ${admin.token}`)
      ).status,
    ).toBe(404);
  });

  it("answers the guest who placed it by cookie or tracking token, nobody else", async () => {
    const { product, buyer: guest } = await shopperWithCart(app, 1);
    const placed = await guest.order();
    const id = placed.body._id;
    const token = placed.body.trackingToken as string;

    const byCookie = await guest.agent.get(`/api/orders/${id}`).set("X-Guest-Checkout", "true");
    expect(byCookie.status).toBe(200);
    expect(byCookie.body._id).toBe(id);
    const byQuery = await request(app)
      .get(`/api/orders/${id}?token=${token}`)
      .set("X-Guest-Checkout", "true");
    expect(byQuery.status).toBe(200);
    const byHeader = await request(app)
      .get(`/api/orders/${id}`)
      .set("X-Guest-Checkout", "true")
      .set("X-Tracking-Token", token);
    expect(byHeader.status).toBe(200);
    const wrongToken = await request(app).get(`/api/orders/${id}?token=${token.slice(0, -2)}xx`);
    expect(wrongToken.status).toBe(404);
    const otherGuest = shopper(app);
    await otherGuest.add(product._id, "Black", "M", 1);
    expect((await otherGuest.get(`/api/orders/${id}`).set("X-Guest-Checkout", "true")).status).toBe(
      404,
    );
    const customer = await createUser();
    expect(
      (await request(app).get(`/api/orders/${id}`).set("Authorization", `Bearer ${customer.token}`))
        .status,
    ).toBe(404);
  });
});

describe("GET /api/orders/guest/track/:id", () => {
  it("answers status, history, items and totals for the right phone, never the street address", async () => {
    const { buyer: guest } = await shopperWithCart(app, 1);
    const placed = await guest.order();
    const id = placed.body._id;

    const right = await request(app)
      .get(`/api/orders/guest/track/${id}`)
      .query({ phone: "+8801712345678" });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({
      _id: id,
      orderNumber: placed.body.orderNumber,
      orderStatus: "PLACED",
      statusHistory: [{ status: "PLACED" }],
      orderItems: [{ title: "Classic Tee", quantity: 1 }],
      totalDiscountedPrice: 860,
      deliveryCharge: 60,
    });
    expect(JSON.stringify(right.body)).not.toContain("House 12");
    expect(JSON.stringify(right.body)).not.toContain("nusrat@example.com");
    const byNumber = await request(app)
      .get(`/api/orders/guest/track/${placed.body.orderNumber}`)
      .query({ phone: "01712345678" });
    expect(byNumber.status).toBe(200);
    const byToken = await request(app)
      .get(`/api/orders/guest/track/${id}`)
      .query({ token: placed.body.trackingToken });
    expect(byToken.status).toBe(200);

    const wrong = await request(app)
      .get(`/api/orders/guest/track/${id}`)
      .query({ phone: "01812345678" });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ message: NO_ORDER_FOR_NUMBER_AND_MOBILE, code: "NOT_FOUND" });
    expect((await request(app).get(`/api/orders/guest/track/${id}`)).status).toBe(404);
    // Not a mobile number at all: said so, whatever the order (tests/api/order-tracking.test.ts).
    const garbage = await request(app)
      .get(`/api/orders/guest/track/${id}`)
      .query({ phone: "garbage" });
    expect(garbage.status).toBe(400);
    expect(garbage.body.errors).toEqual([
      { path: "phone", message: "A mobile number has only digits (01XXXXXXXXX)" },
    ]);
  });
});

describe("promo per-customer limit for guests", () => {
  it("counts a guest's uses by mobile number", async () => {
    const product = await createProduct();
    const promo = await createPromo({ perUserLimit: 1 });
    const first = shopper(app);
    await first.add(product._id, "Black", "M", 1);
    await first.applyPromo(promo.code);
    expect((await first.order()).status).toBe(201);
    const second = shopper(app);
    await second.add(product._id, "Black", "M", 1);
    await second.applyPromo(promo.code);
    const refused = await second.order();
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Invalid or expired promo code");
    const otherPhone = await second.order({
      shippingAddress: shippingAddress({ mobile: "01912345678" }),
    });
    expect(otherPhone.status).toBe(201);
    expect((await PromoCode.findById(promo._id).lean())!.usedCount).toBe(2);
  });
});

describe("GET /api/openapi.json", () => {
  it("documents the checkout, order, payment and delivery endpoints", async () => {
    const answer = await request(app).get("/api/openapi.json");
    expect(answer.status).toBe(200);
    for (const path of [
      "/api/checkout/quote",
      "/api/orders",
      "/api/orders/user",
      "/api/orders/{id}",
      "/api/orders/guest/track/{id}",
      "/api/admin/orders",
      "/api/admin/orders/{id}/{status}",
      "/api/admin/orders/{id}/courier",
      "/api/payment/{orderId}",
      "/api/payment/sslcommerz/success",
      "/api/payment/sslcommerz/ipn",
      "/api/payment/bkash/callback",
      "/api/payments",
      "/api/pathao/cities",
      "/api/pathao/price-plan",
    ])
      expect(Object.keys(answer.body.paths)).toContain(path);
  });
});
