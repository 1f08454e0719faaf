import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  Order,
  type OrderStatus,
} from "../../models/order.model";
import { Product } from "../../models/product.model";
import { PromoCode } from "../../models/promo-code.model";
import type { createApp } from "../../server/app";
import { expirePendingOrders } from "../../server/services/orders.service";
import { clearDatabase } from "../setup/db";
import { useSmsGateway } from "../setup/sms";
import type { SmsGatewayStub } from "../stubs/sms-gateway";
import { createAdmin, createUser } from "../factories/user";
import { shopper } from "../factories/cart";
import { createOrder } from "../factories/order";
import { createProduct, variantStock } from "../factories/product";
import { createPromo } from "../factories/promo-code";

let sms: SmsGatewayStub;
let app: ReturnType<typeof createApp>;
let adminToken: string;

useSmsGateway((gateway) => ({ sms, app } = gateway));

beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
});

const TARGETS = ["placed", "confirmed", "shipped", "delivered", "cancelled"] as const;

function move(id: unknown, target: string, token = adminToken) {
  return request(app)
    .put(`/api/admin/orders/${String(id)}/${target}`)
    .set("Authorization", `Bearer ${token}`);
}

describe("PUT /api/admin/orders/:id/:status", () => {
  const cases: { from: OrderStatus; to: (typeof TARGETS)[number] }[] = [];
  for (const from of ORDER_STATUSES) for (const to of TARGETS) cases.push({ from, to });

  it.each(cases)("$from -> $to follows the state machine", async ({ from, to }) => {
    const product = await createProduct();
    const order = await createOrder({ lines: [{ product }], orderStatus: from });
    const target = to.toUpperCase() as OrderStatus;
    const allowed = ORDER_TRANSITIONS[from].includes(target);
    const answer = await move(order._id, to);
    const stored = await Order.findById(order._id).lean();
    if (allowed) {
      expect(answer.status).toBe(200);
      expect(answer.body.orderStatus).toBe(target);
      expect(stored!.orderStatus).toBe(target);
      expect(stored!.statusHistory.at(-1)).toMatchObject({
        status: target,
        by: expect.stringMatching(/^admin:/),
      });
    } else {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        message: `Cannot change order status from ${from} to ${target}`,
        code: "INVALID_STATUS",
      });
      expect(stored!.orderStatus).toBe(from);
      expect(stored!.statusHistory).toHaveLength(1);
    }
  });

  it("walks an order from PLACED to DELIVERED, texting the customer when confirmed, shipped and delivered", async () => {
    const product = await createProduct();
    const order = await createOrder({
      lines: [{ product }],
      orderStatus: "PLACED",
      mobile: "01911223344",
    });
    for (const step of ["confirmed", "shipped", "delivered"])
      expect((await move(order._id, step)).status).toBe(200);
    const stored = await Order.findById(order._id).lean();
    expect(stored!.statusHistory.map((entry) => entry.status)).toEqual([
      "PLACED",
      "CONFIRMED",
      "SHIPPED",
      "DELIVERED",
    ]);
    expect(stored!.paymentDetails!.status).toBe("COMPLETED");
    // Issue 20 added the confirmation SMS.
    await expect.poll(() => sms.messages).toHaveLength(3);
    expect(sms.messages.map((message) => message.number)).toEqual([
      "8801911223344",
      "8801911223344",
      "8801911223344",
    ]);
    expect(sms.messages.map((message) => message.message)).toEqual([
      `Tweest: your order ${order.orderNumber} is confirmed.`,
      `Tweest: your order ${order.orderNumber} is on its way.`,
      `Tweest: your order ${order.orderNumber} has been delivered. Enjoy!`,
    ]);
  });

  it("accepts the storefront's 'canceled' spelling and returns the stock exactly once", async () => {
    const product = await createProduct();
    const promo = await createPromo({ usedCount: 1 });
    const order = await createOrder({
      lines: [{ product, quantity: 3 }],
      orderStatus: "CONFIRMED",
    });
    await Order.updateOne({ _id: order._id }, { $set: { promoCode: promo.code } });
    const answers = await Promise.all([move(order._id, "canceled"), move(order._id, "cancelled")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await variantStock(product._id, "Black", "M")).toBe(13);
    const stored = await Order.findById(order._id).lean();
    expect(stored!.orderStatus).toBe("CANCELLED");
    expect(stored!.stockReleased).toBe(true);
    expect((await PromoCode.findById(promo._id).lean())!.usedCount).toBe(0);
  });

  it("returns the stock of an order placed through checkout when it is cancelled", async () => {
    const product = await createProduct();
    const guest = shopper(app);
    await guest.add(product._id, "White", "M", 4);
    const placed = await guest.order();
    expect(await variantStock(product._id, "White", "M")).toBe(6);
    expect((await move(placed.body._id, "cancelled")).status).toBe(200);
    expect(await variantStock(product._id, "White", "M")).toBe(10);
    const stored = await Product.findById(product._id).lean();
    expect(stored!.quantity).toBe(30);
    expect(stored!.soldCount).toBe(0);
  });

  it("is for admins only and answers 404 for an unknown order", async () => {
    const product = await createProduct();
    const order = await createOrder({ lines: [{ product }] });
    const customer = await createUser();
    expect((await move(order._id, "confirmed", customer.token)).status).toBe(403);
    expect((await request(app).put(`/api/admin/orders/${order._id}/confirmed`)).status).toBe(401);
    expect((await move("665f1c2e9b1e8a0012345678", "confirmed")).status).toBe(404);
    expect((await move(order._id, "refunded")).status).toBe(400);
  });
});

describe("DELETE /api/admin/orders/:id", () => {
  it("deletes an order and returns the stock of goods that never left", async () => {
    const product = await createProduct();
    const open = await createOrder({ lines: [{ product, quantity: 2 }], orderStatus: "PLACED" });
    const shipped = await createOrder({
      lines: [{ product, quantity: 1 }],
      orderStatus: "SHIPPED",
    });
    const first = await request(app)
      .delete(`/api/admin/orders/${open._id}`)
      .set("Authorization", `Bearer ${adminToken}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: "Order deleted", _id: open._id.toString() });
    expect(await variantStock(product._id, "Black", "M")).toBe(12);
    await request(app)
      .delete(`/api/admin/orders/${shipped._id}`)
      .set("Authorization", `Bearer ${adminToken}`);
    expect(await variantStock(product._id, "Black", "M")).toBe(12);
    expect(await Order.countDocuments()).toBe(0);
    const again = await request(app)
      .delete(`/api/admin/orders/${open._id}`)
      .set("Authorization", `Bearer ${adminToken}`);
    expect(again.status).toBe(404);
  });
});

describe("GET /api/admin/orders", () => {
  it("pages and filters by status, search and date range", async () => {
    const product = await createProduct();
    const day = (d: number) => new Date(Date.UTC(2026, 10, d, 6));
    await createOrder({
      lines: [{ product }],
      orderStatus: "PLACED",
      createdAt: day(1),
      firstName: "Ayesha",
    });
    await createOrder({
      lines: [{ product }],
      orderStatus: "SHIPPED",
      createdAt: day(5),
      firstName: "Babul",
      mobile: "01555000111",
    });
    await createOrder({
      lines: [{ product }],
      orderStatus: "PLACED",
      createdAt: day(10),
      firstName: "Chumki",
    });
    const get = (query: Record<string, string>) =>
      request(app)
        .get("/api/admin/orders")
        .query(query)
        .set("Authorization", `Bearer ${adminToken}`);

    const all = await get({ limit: "2" });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, page: 1, totalPages: 2 });
    expect(
      all.body.orders.map(
        (order: { shippingAddress: { firstName: string } }) => order.shippingAddress.firstName,
      ),
    ).toEqual(["Chumki", "Babul"]);
    expect((await get({ limit: "2", page: "2" })).body.orders).toHaveLength(1);
    expect((await get({ status: "placed" })).body.total).toBe(2);
    expect((await get({ search: "babul" })).body.orders[0].orderStatus).toBe("SHIPPED");
    expect((await get({ search: "01555" })).body.total).toBe(1);
    expect((await get({ search: ".*" })).body.total).toBe(0);
    expect((await get({ from: day(2).toISOString(), to: day(9).toISOString() })).body.total).toBe(
      1,
    );
    const customer = await createUser();
    expect(
      (await request(app).get("/api/admin/orders").set("Authorization", `Bearer ${customer.token}`))
        .status,
    ).toBe(403);
  });
});

describe("GET /api/admin/orders/:id", () => {
  it("answers one order in full by id or order number, for admins only", async () => {
    const product = await createProduct();
    const customer = await createUser();
    const order = await createOrder({
      lines: [{ product }],
      orderStatus: "CONFIRMED",
      firstName: "Dilruba",
    });
    await Order.updateOne({ _id: order._id }, { $set: { user: customer.user._id } });
    const stored = await Order.findById(order._id).lean();

    const answer = await request(app)
      .get(`/api/admin/orders/${String(order._id)}`)
      .set("Authorization", `Bearer ${adminToken}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      _id: String(order._id),
      orderNumber: stored!.orderNumber,
      orderStatus: "CONFIRMED",
      totalDiscountedPrice: stored!.totalDiscountedPrice,
      shippingAddress: { firstName: "Dilruba", streetAddress: "House 1, Road 2, Banani" },
      user: { _id: String(customer.user._id), email: customer.user.email },
    });
    expect(answer.body.orderItems).toHaveLength(1);
    expect(answer.body.statusHistory).toEqual(
      stored!.statusHistory.map((entry) =>
        expect.objectContaining({ status: entry.status, at: entry.at!.toISOString() }),
      ),
    );
    expect(answer.body).not.toHaveProperty("trackingTokenHash");
    expect(answer.body.user).not.toHaveProperty("password");

    const byNumber = await request(app)
      .get(`/api/admin/orders/${stored!.orderNumber.toLowerCase()}`)
      .set("Authorization", `Bearer ${adminToken}`);
    expect(byNumber.status).toBe(200);
    expect(byNumber.body._id).toBe(String(order._id));

    const missing = await request(app)
      .get("/api/admin/orders/0123456789abcdef01234567")
      .set("Authorization", `Bearer ${adminToken}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Order not found");

    const refused = await request(app)
      .get(`/api/admin/orders/${String(order._id)}`)
      .set("Authorization", `Bearer ${customer.token}`);
    expect(refused.status).toBe(403);
    expect((await request(app).get(`/api/admin/orders/${String(order._id)}`)).status).toBe(401);
  });
});

describe("expiry of unpaid PENDING orders (background job)", () => {
  it("cancels PENDING orders older than 30 minutes and releases their stock once, even with two instances", async () => {
    const product = await createProduct();
    const now = new Date("2026-11-23T10:00:00Z");
    const old = await createOrder({
      lines: [{ product, quantity: 2 }],
      orderStatus: "PENDING",
      paymentMethod: "SSLCOMMERZ",
      createdAt: new Date(now.getTime() - 31 * 60_000),
    });
    const fresh = await createOrder({
      lines: [{ product, quantity: 1 }],
      orderStatus: "PENDING",
      paymentMethod: "BKASH",
      createdAt: new Date(now.getTime() - 29 * 60_000),
    });
    const placed = await createOrder({
      lines: [{ product, quantity: 1 }],
      orderStatus: "PLACED",
      createdAt: new Date(now.getTime() - 120 * 60_000),
    });

    const counts = await Promise.all([expirePendingOrders(now), expirePendingOrders(now)]);
    expect(counts[0] + counts[1]).toBe(1);
    const expired = await Order.findById(old._id).lean();
    expect(expired!.orderStatus).toBe("CANCELLED");
    expect(expired!.stockReleased).toBe(true);
    expect(expired!.statusHistory.at(-1)).toMatchObject({ status: "CANCELLED", by: "system" });
    expect((await Order.findById(fresh._id).lean())!.orderStatus).toBe("PENDING");
    expect((await Order.findById(placed._id).lean())!.orderStatus).toBe("PLACED");
    expect(await variantStock(product._id, "Black", "M")).toBe(12);

    // Later the fresh one expires too; the first is not touched again.
    expect(await expirePendingOrders(new Date(now.getTime() + 5 * 60_000))).toBe(1);
    expect(await variantStock(product._id, "Black", "M")).toBe(13);
    expect(await expirePendingOrders(new Date(now.getTime() + 60 * 60_000))).toBe(0);
  });
});
