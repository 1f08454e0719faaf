import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import { phoneRiskOf, riskLevelOf } from "../../server/services/phone-history.service";
import { backfillDeliveryPhones, deriveCancelledBy } from "../../server/db/migrations";
import { expirePendingOrders } from "../../server/services/orders.service";
import { cancelUnconfirmedCodOrders } from "../../server/services/unconfirmed-orders.service";
import { changeShopSettings } from "../factories/shop-settings";
import { PHONE_BLOCKED_MESSAGE } from "#contract/schemas/phone-history";
import { shippingAddress } from "../factories/address";
import { shopperWithCart } from "../factories/cart";
import { createOrder } from "../factories/order";
import { variantStock } from "../factories/product";
import { createAdmin, createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { queriesDuring } from "../setup/queries";
import { setEnv } from "../setup/env";
import { bkashEnv, startBkashStub, type BkashStub } from "../stubs/bkash";

/**
 * Customer history by phone (orders by outcome across guest and signed-in orders, whatever way the
 * number was written), the risk level derived from it, and the block list that refuses cash on
 * delivery to a number.
 */
let app: ReturnType<typeof createApp>;
let adminToken: string;
let bkash: BkashStub;
let restoreEnv: () => void;

// bKash is configured (its local stub) so a blocked number can be shown paying online.
beforeAll(async () => {
  bkash = await startBkashStub();
  restoreEnv = setEnv(bkashEnv(bkash));
  app = createApp();
});

afterAll(async () => {
  await bkash.close();
  restoreEnv();
});

beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
});

const NOT_ASKED = {
  courier: "steadfast",
  delivered: null,
  cancelled: null,
  state: "not_configured",
  checkedAt: null,
};
const asAdmin = (test: request.Test) => test.set("Authorization", `Bearer ${adminToken}`);
const history = (phone: string, query = "") =>
  asAdmin(request(app).get(`/api/admin/phones/${encodeURIComponent(phone)}${query}`));

describe("GET /api/admin/phones/:phone", () => {
  it("counts guest and signed-in orders of one number to the unit, however it was written", async () => {
    const { user } = await createUser();
    // The same number written four ways, as guest and as customer; another number's orders apart.
    await createOrder({ mobile: "01712345678", orderStatus: "DELIVERED" });
    await createOrder({ user: user._id, mobile: "+8801712345678", orderStatus: "DELIVERED" });
    await createOrder({ mobile: "8801712-345678", orderStatus: "RETURNED" });
    await createOrder({ user: user._id, mobile: "01712 345 678", orderStatus: "RETURNING" });
    await createOrder({ mobile: "01712345678", orderStatus: "CANCELLED", cancelledBy: "customer" });
    await createOrder({ user: user._id, mobile: "01712345678", orderStatus: "PLACED" });
    await createOrder({ mobile: "01712345678", orderStatus: "CONFIRMED" });
    await createOrder({ mobile: "01712345678", orderStatus: "SHIPPED" });
    // Not counted: an online order waiting for payment, an online order cancelled unpaid, orders
    // the shop or the system cancelled.
    await createOrder({ mobile: "01712345678", orderStatus: "PENDING", paymentMethod: "BKASH" });
    await createOrder({
      mobile: "01712345678",
      orderStatus: "CANCELLED",
      paymentMethod: "BKASH",
      cancelledBy: "system",
    });
    await createOrder({ mobile: "01712345678", orderStatus: "CANCELLED", cancelledBy: "shop" });
    await createOrder({ mobile: "01712345678", orderStatus: "CANCELLED", cancelledBy: "system" });
    await createOrder({ mobile: "01812345678", orderStatus: "RETURNED" });

    const answer = await history("+880 1712-345678");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      phone: "01712345678",
      // 2 returned + 1 cancelled outnumber the 2 delivered.
      level: "risky",
      counts: { delivered: 2, returned: 2, cancelled: 1, open: 3 },
      block: null,
      // Steadfast is not configured here: its record of the number was not asked
      // (tests/api/courier-records.test.ts asks it).
      couriers: [NOT_ASKED],
    });
    expect((await history("01812345678")).body).toMatchObject({
      level: "risky",
      counts: { delivered: 0, returned: 1, cancelled: 0, open: 0 },
    });
    expect((await history("01912345678")).body).toMatchObject({
      level: "new",
      counts: { delivered: 0, returned: 0, cancelled: 0, open: 0 },
    });
  });

  it("counts with one grouped aggregate: only the customer's cash-on-delivery cancellations", async () => {
    await createOrder({ orderStatus: "DELIVERED" });
    await createOrder({ orderStatus: "CANCELLED", cancelledBy: "customer" });
    await createOrder({ orderStatus: "CANCELLED", cancelledBy: "shop" });
    await createOrder({ orderStatus: "CANCELLED", cancelledBy: "system" });
    // An older order the migration has not reached yet: nobody said it was the customer.
    await createOrder({ orderStatus: "CANCELLED" });
    await createOrder({
      orderStatus: "CANCELLED",
      paymentMethod: "SSLCOMMERZ",
      cancelledBy: "customer",
    });
    let answer: request.Response | undefined;
    const queries = await queriesDuring(async () => {
      answer = await history("01712345678");
    });
    expect(answer!.body.counts).toEqual({ delivered: 1, returned: 0, cancelled: 1, open: 0 });
    expect(queries.filter((query) => query.startsWith("orders."))).toEqual(["orders.aggregate"]);
  });

  it("leaves the order being viewed out of its own earlier orders", async () => {
    await createOrder({ orderStatus: "DELIVERED" });
    const viewed = await createOrder({ orderStatus: "PLACED" });
    const answer = await history("01712345678", `?excludeOrder=${String(viewed._id)}`);
    expect(answer.body.counts).toEqual({ delivered: 1, returned: 0, cancelled: 0, open: 0 });
    expect((await history("01712345678")).body.counts.open).toBe(1);
  });

  it("counts orders placed through the checkout by the number the shopper typed", async () => {
    const { buyer: guest } = await shopperWithCart(app, 1);
    const placed = await guest.order({
      shippingAddress: shippingAddress({ mobile: "+880 1712-345678" }),
    });
    expect(placed.status).toBe(201);
    expect(placed.body.deliveryPhone).toBe("01712345678");
    expect((await history("01712345678")).body.counts.open).toBe(1);
  });

  it("refuses a malformed number and a non-admin", async () => {
    const bad = await history("12345");
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toBe(
      "A Bangladeshi mobile number starts with 01 (01XXXXXXXXX)",
    );
    expect((await request(app).get("/api/admin/phones/01712345678")).status).toBe(401);
    const { token } = await createUser();
    const customer = await request(app)
      .get("/api/admin/phones/01712345678")
      .set("Authorization", `Bearer ${token}`);
    expect(customer.status).toBe(403);
  });
});

describe("the risk rule", () => {
  const counts = (delivered: number, returned: number, cancelled: number, open = 0) => ({
    delivered,
    returned,
    cancelled,
    open,
  });

  it("derives new, good, risky and blocked from the counts", () => {
    // Nothing counted (open orders do not count): new.
    expect(riskLevelOf(counts(0, 0, 0, 3), false)).toBe("new");
    // Good needs a delivery.
    expect(riskLevelOf(counts(1, 0, 0), false)).toBe("good");
    expect(riskLevelOf(counts(1, 1, 0), false)).toBe("good");
    expect(riskLevelOf(counts(1, 0, 1), false)).toBe("good");
    expect(riskLevelOf(counts(2, 1, 1), false)).toBe("good");
    expect(riskLevelOf(counts(2, 0, 2), false)).toBe("good");
    // Nothing delivered and any refusal or customer cancellation: risky.
    expect(riskLevelOf(counts(0, 1, 0), false)).toBe("risky");
    expect(riskLevelOf(counts(0, 0, 1), false)).toBe("risky");
    expect(riskLevelOf(counts(0, 0, 2), false)).toBe("risky");
    // Two or more failures outnumbering the deliveries: risky.
    expect(riskLevelOf(counts(1, 1, 1), false)).toBe("risky");
    expect(riskLevelOf(counts(2, 0, 3), false)).toBe("risky");
    expect(riskLevelOf(counts(5, 0, 0), true)).toBe("blocked");
  });
});

describe("only what the customer did counts against a number", () => {
  const STRANGER = "01755555555";
  const HOUR = 3_600_000;
  const cancel = (id: unknown, body?: Record<string, unknown>) => {
    const call = asAdmin(request(app).put(`/api/admin/orders/${String(id)}/cancelled`));
    return body ? call.send(body) : call;
  };

  it("orders placed for a stranger's number and cancelled by the system leave it new: its next checkout asks no advance", async () => {
    await changeShopSettings((settings) => {
      settings.cod.advanceDeliveryCharge = {
        outsideDhaka: true,
        riskyNumbers: true,
        aboveAmount: 0,
      };
    });
    // Two guest orders to Chattogram for someone else's number, their delivery charge never paid...
    for (let index = 0; index < 2; index += 1) {
      const { buyer } = await shopperWithCart(app, 1);
      const placed = await buyer.order({
        shippingAddress: shippingAddress({ mobile: STRANGER, city: "Chattogram" }),
        advancePaymentMethod: "BKASH",
      });
      expect(placed.body).toMatchObject({ orderStatus: "PENDING" });
    }
    // ...and one to Dhaka that nobody confirms.
    const { buyer } = await shopperWithCart(app, 1);
    const unconfirmed = await buyer.order({
      shippingAddress: shippingAddress({ mobile: STRANGER }),
    });
    expect(unconfirmed.body).toMatchObject({ orderStatus: "PLACED" });

    const later = new Date(Date.now() + 49 * HOUR);
    expect(await expirePendingOrders(later)).toBe(2);
    expect(await cancelUnconfirmedCodOrders(later)).toBe(1);
    const cancelled = await Order.find({ deliveryPhone: STRANGER }).lean();
    expect(cancelled.map((order) => [order.orderStatus, order.cancelledBy])).toEqual([
      ["CANCELLED", "system"],
      ["CANCELLED", "system"],
      ["CANCELLED", "system"],
    ]);
    expect((await history(STRANGER)).body).toEqual({
      phone: STRANGER,
      level: "new",
      counts: { delivered: 0, returned: 0, cancelled: 0, open: 0 },
      block: null,
      couriers: [NOT_ASKED],
    });

    // The number's owner orders in Dhaka: placed at once, nothing asked in advance.
    const owner = await shopperWithCart(app, 1);
    const own = await owner.buyer.order({ shippingAddress: shippingAddress({ mobile: STRANGER }) });
    expect(own.status).toBe(201);
    expect(own.body.orderStatus).toBe("PLACED");
    expect(own.body.advanceDeliveryCharge ?? null).toBeNull();
  });

  it("the admin says who cancelled: the shop's cancellation (the default) does not count, the customer's does", async () => {
    const byShop = await createOrder({ mobile: STRANGER, orderStatus: "PLACED" });
    const byDefault = await createOrder({ mobile: STRANGER, orderStatus: "CONFIRMED" });
    const shopAnswer = await cancel(byShop._id, { cancelledBy: "shop" });
    expect(shopAnswer.status).toBe(200);
    expect(shopAnswer.body).toMatchObject({ orderStatus: "CANCELLED", cancelledBy: "shop" });
    expect((await cancel(byDefault._id)).body).toMatchObject({
      orderStatus: "CANCELLED",
      cancelledBy: "shop",
    });
    expect((await history(STRANGER)).body).toMatchObject({
      level: "new",
      counts: { delivered: 0, returned: 0, cancelled: 0, open: 0 },
    });

    // One cancellation by the customer and nothing delivered: risky, not good.
    const byCustomer = await createOrder({ mobile: STRANGER, orderStatus: "PLACED" });
    const customerAnswer = await cancel(byCustomer._id, { cancelledBy: "customer" });
    expect(customerAnswer.body).toMatchObject({
      orderStatus: "CANCELLED",
      cancelledBy: "customer",
    });
    expect((await history(STRANGER)).body).toMatchObject({
      level: "risky",
      counts: { delivered: 0, returned: 0, cancelled: 1, open: 0 },
    });
    // A delivery makes it good again: one failure does not outnumber it by two.
    await createOrder({ mobile: STRANGER, orderStatus: "DELIVERED" });
    expect((await history(STRANGER)).body.level).toBe("good");
  });

  it("refuses any other cancelledBy, and cancelledBy on a move that is not a cancellation", async () => {
    const order = await createOrder({ mobile: STRANGER, orderStatus: "PLACED" });
    const system = await cancel(order._id, { cancelledBy: "system" });
    expect(system.status).toBe(400);
    expect(system.body.errors).toEqual([
      { path: "cancelledBy", message: 'Invalid option: expected one of "customer"|"shop"' },
    ]);
    const confirm = await asAdmin(
      request(app).put(`/api/admin/orders/${String(order._id)}/confirmed`),
    ).send({
      cancelledBy: "customer",
    });
    expect(confirm.status).toBe(400);
    expect(confirm.body).toMatchObject({
      message: "Only a cancellation says who cancelled",
      errors: [{ path: "cancelledBy", message: "Only a cancellation says who cancelled" }],
    });
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PLACED");
  });
});

describe("the start-up backfill", () => {
  it("fills in the normalised delivery phone of orders saved without one", async () => {
    const older = await createOrder({ mobile: "+8801712345678", orderStatus: "RETURNED" });
    await Order.collection.updateOne({ _id: older._id }, { $unset: { deliveryPhone: 1 } });
    expect((await phoneRiskOf("01712345678")).counts.returned).toBe(0);
    expect(await backfillDeliveryPhones()).toBe(1);
    expect(await backfillDeliveryPhones()).toBe(0);
    expect((await Order.findById(older._id).lean())!.deliveryPhone).toBe("01712345678");
    expect(await phoneRiskOf("01712345678")).toMatchObject({
      level: "risky",
      counts: { returned: 1 },
    });
  });
});

describe("the start-up derivation of who cancelled", () => {
  it("derives cancelledBy of older cancelled orders from their history, once", async () => {
    const expired = await createOrder({ orderStatus: "CANCELLED", paymentMethod: "BKASH" });
    const unconfirmed = await createOrder({ orderStatus: "CANCELLED" });
    const byAdmin = await createOrder({ orderStatus: "CANCELLED" });
    const noHistory = await createOrder({ orderStatus: "CANCELLED" });
    const alreadySaid = await createOrder({ orderStatus: "CANCELLED", cancelledBy: "customer" });
    const delivered = await createOrder({ orderStatus: "DELIVERED" });
    const history = (by: string) => [
      { status: "PLACED", at: new Date(), by: "customer" },
      { status: "CANCELLED", at: new Date(), by },
    ];
    await Order.collection.updateOne(
      { _id: expired._id },
      { $set: { statusHistory: history("system") } },
    );
    await Order.collection.updateOne(
      { _id: unconfirmed._id },
      { $set: { statusHistory: history("system") } },
    );
    await Order.collection.updateOne(
      { _id: byAdmin._id },
      { $set: { statusHistory: history("admin:owner@tweest.test") } },
    );
    await Order.collection.updateOne({ _id: noHistory._id }, { $set: { statusHistory: [] } });

    expect(await deriveCancelledBy()).toBe(4);
    const stored = async () =>
      Object.fromEntries(
        (await Order.find({}, { cancelledBy: 1 }).lean()).map((order) => [
          String(order._id),
          order.cancelledBy ?? null,
        ]),
      );
    const derived = await stored();
    expect(derived).toEqual({
      [String(expired._id)]: "system",
      [String(unconfirmed._id)]: "system",
      [String(byAdmin._id)]: "shop",
      [String(noHistory._id)]: "shop",
      [String(alreadySaid._id)]: "customer",
      [String(delivered._id)]: null,
    });
    // Run again (a second instance starting at once): nothing left to do, nothing changed.
    expect(await deriveCancelledBy()).toBe(0);
    expect(await stored()).toEqual(derived);
  });
});

describe("the block list", () => {
  const block = (body: Record<string, unknown>) =>
    asAdmin(request(app).post("/api/admin/phones/blocks")).send(body);

  it("blocks with a reason, lists, and lifts, recording who and when", async () => {
    const created = await block({ phone: "+8801712345678", reason: "Three refused parcels" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      phone: "01712345678",
      reason: "Three refused parcels",
      blockedAt: expect.any(String),
      blockedBy: { email: expect.stringContaining("@"), name: "Shop Admin" },
      liftedAt: null,
      liftedBy: null,
    });
    expect((await history("01712345678")).body).toMatchObject({
      level: "blocked",
      block: { reason: "Three refused parcels" },
    });
    const listed = await asAdmin(request(app).get("/api/admin/phones/blocks"));
    expect(listed.body.blocks.map((entry: { phone: string }) => entry.phone)).toEqual([
      "01712345678",
    ]);

    const lifted = await asAdmin(request(app).delete("/api/admin/phones/blocks/01712345678"));
    expect(lifted.status).toBe(200);
    expect(lifted.body).toMatchObject({
      liftedAt: expect.any(String),
      liftedBy: { name: "Shop Admin" },
    });
    expect((await history("01712345678")).body).toMatchObject({ level: "new", block: null });
    expect((await asAdmin(request(app).get("/api/admin/phones/blocks"))).body.blocks).toEqual([]);
    const all = await asAdmin(request(app).get("/api/admin/phones/blocks?show=all"));
    expect(all.body.blocks).toHaveLength(1);
    const again = await asAdmin(request(app).delete("/api/admin/phones/blocks/01712345678"));
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("This number is not blocked");
  });

  it("blocks a number once when two admins block it at the same time", async () => {
    const answers = await Promise.all(
      ["First reason", "Second reason", "Third reason"].map((reason) =>
        block({ phone: "01712345678", reason }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const all = await asAdmin(request(app).get("/api/admin/phones/blocks?show=all"));
    expect(all.body.blocks).toHaveLength(1);
    expect(all.body.blocks[0].liftedAt).toBeNull();
  });

  it("refuses a block without a reason or with a bad number, and non-admins", async () => {
    const noReason = await block({ phone: "01712345678", reason: "  " });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual([
      { path: "reason", message: "Give a reason for the block" },
    ]);
    expect((await block({ phone: "0171", reason: "x" })).status).toBe(400);
    expect((await request(app).post("/api/admin/phones/blocks").send({})).status).toBe(401);
    const { token } = await createUser();
    for (const call of [
      request(app).post("/api/admin/phones/blocks").send({ phone: "01712345678", reason: "x" }),
      request(app).get("/api/admin/phones/blocks"),
      request(app).delete("/api/admin/phones/blocks/01712345678"),
    ])
      expect((await call.set("Authorization", `Bearer ${token}`)).status).toBe(403);
    expect(
      (await asAdmin(request(app).get("/api/admin/phones/blocks?show=all"))).body.blocks,
    ).toEqual([]);
  });

  it("refuses cash on delivery to a blocked number with nothing created and no stock taken, and lets it pay online", async () => {
    await block({ phone: "01712345678", reason: "Fake orders" });
    const { product, buyer: guest } = await shopperWithCart(app, 2);
    const refused = await guest.order({
      shippingAddress: shippingAddress({ mobile: "+880 1712 345678" }),
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: PHONE_BLOCKED_MESSAGE, code: "PHONE_BLOCKED" });
    expect(await Order.countDocuments()).toBe(0);
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
    expect((await guest.get("/api/cart")).body.cartItems).toHaveLength(1);

    // Paying online stays open to the blocked number.
    const online = await guest.order({ paymentMethod: "BKASH" });
    expect(online.status).toBe(201);
    expect(online.body).toMatchObject({ orderStatus: "PENDING", paymentMethod: "BKASH" });
    expect(await variantStock(product._id, "Black", "M")).toBe(8);

    // Once the block is lifted, cash on delivery goes through again.
    await asAdmin(request(app).delete("/api/admin/phones/blocks/01712345678"));
    await guest.add(product._id, "Black", "M", 1);
    expect((await guest.order()).status).toBe(201);
    expect(await variantStock(product._id, "Black", "M")).toBe(7);
  });
});
