import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import { createOrder } from "../factories/order";
import { createProduct, variantStock } from "../factories/product";
import { createAdmin } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { setEnv } from "../setup/env";

/**
 * Returns: a refused parcel comes back (SHIPPED -> RETURNING -> RETURNED, or SHIPPED -> RETURNED),
 * by an admin or from the courier's events; its units go back to stock exactly once, the delivery
 * charge it went out with is recorded as lost, and the dashboard shows the month's return rate and
 * money lost.
 */
let app: ReturnType<typeof createApp>;
let adminToken: string;
let restoreEnv: () => void;

beforeAll(() => {
  // Pathao's webhooks are signed with this secret.
  restoreEnv = setEnv({ PATHAO_WEBHOOK_SECRET: "returns-test-webhook-secret-0123" });
  app = createApp();
});

afterAll(() => restoreEnv());

beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
});

const move = (id: unknown, status: string) =>
  request(app)
    .put(`/api/admin/orders/${String(id)}/${status}`)
    .set("Authorization", `Bearer ${adminToken}`);

/** A shipped COD order of 3 units (stock on the shelf: 10 after it left). */
async function shippedOrder(consignmentId?: string) {
  const product = await createProduct();
  const order = await createOrder({ lines: [{ product, quantity: 3 }], orderStatus: "SHIPPED" });
  if (consignmentId)
    await Order.updateOne(
      { _id: order._id },
      { $set: { courier: { name: "Pathao", consignmentId, status: "in-transit" } } },
    );
  return { product, order };
}

const courierEvent = (event: string, consignmentId: string) =>
  request(app)
    .post("/api/pathao/webhook")
    .set("X-PATHAO-Signature", "returns-test-webhook-secret-0123")
    .send({ event, consignment_id: consignmentId, updated_at: "2026-11-24 10:00:00" });

describe("returns by an admin", () => {
  it("SHIPPED -> RETURNING -> RETURNED: units back once, the delivery charge recorded as lost", async () => {
    const { product, order } = await shippedOrder();
    const returning = await move(order._id, "returning");
    expect(returning.status).toBe(200);
    expect(returning.body.orderStatus).toBe("RETURNING");
    // On its way back: not on the shelf yet.
    expect(await variantStock(product._id, "Black", "M")).toBe(10);

    const returned = await move(order._id, "returned");
    expect(returned.status).toBe(200);
    expect(returned.body.orderStatus).toBe("RETURNED");
    expect(await variantStock(product._id, "Black", "M")).toBe(13);
    const stored = await Order.findById(order._id).lean();
    expect(stored).toMatchObject({ stockReleased: true, deliveryCostLost: 60 });
    expect(stored!.statusHistory.map((entry) => entry.status)).toEqual([
      "SHIPPED",
      "RETURNING",
      "RETURNED",
    ]);

    // RETURNED is final.
    for (const next of ["delivered", "returning", "returned", "cancelled", "shipped"]) {
      const refused = await move(order._id, next);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        `Cannot change order status from RETURNED to ${next.toUpperCase()}`,
      );
    }
    expect(await variantStock(product._id, "Black", "M")).toBe(13);
  });

  it("SHIPPED -> RETURNED directly; an order not yet shipped cannot be returned", async () => {
    const { product, order } = await shippedOrder();
    expect((await move(order._id, "returned")).status).toBe(200);
    expect(await variantStock(product._id, "Black", "M")).toBe(13);

    const placed = await createOrder({ lines: [{ product }], orderStatus: "PLACED" });
    expect((await move(placed._id, "returned")).status).toBe(409);
    expect((await move(placed._id, "returning")).status).toBe(409);
    const delivered = await createOrder({ lines: [{ product }], orderStatus: "DELIVERED" });
    expect((await move(delivered._id, "returned")).status).toBe(409);
    expect(await variantStock(product._id, "Black", "M")).toBe(13);
  });

  it("a return applied several times at once gives the units back once", async () => {
    const { product, order } = await shippedOrder("CONS-RACE-1");
    const answers = await Promise.all([
      move(order._id, "returned"),
      move(order._id, "returned"),
      move(order._id, "returned"),
      courierEvent("order.returned", "CONS-RACE-1"),
      courierEvent("order.paid-return", "CONS-RACE-1"),
    ]);
    const adminStatuses = answers.slice(0, 3).map((answer) => answer.status);
    // The courier's events are acknowledged whatever happened; at most one admin move wins.
    expect(adminStatuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
    expect(adminStatuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(answers.slice(3).map((answer) => answer.status)).toEqual([202, 202]);

    expect(await variantStock(product._id, "Black", "M")).toBe(13);
    const stored = await Order.findById(order._id).lean();
    expect(stored).toMatchObject({ orderStatus: "RETURNED", deliveryCostLost: 60 });
    expect(stored!.statusHistory.filter((entry) => entry.status === "RETURNED")).toHaveLength(1);
  });
});

describe("returns from the courier's events", () => {
  it("a failed delivery heads back (RETURNING), the return at the shop restocks (RETURNED)", async () => {
    const { product, order } = await shippedOrder("CONS-77");
    expect((await courierEvent("order.delivery-failed", "CONS-77")).status).toBe(202);
    let stored = await Order.findById(order._id).lean();
    expect(stored).toMatchObject({
      orderStatus: "RETURNING",
      courier: { status: "delivery-failed" },
    });
    expect(await variantStock(product._id, "Black", "M")).toBe(10);

    expect((await courierEvent("order.returned", "CONS-77")).status).toBe(202);
    stored = await Order.findById(order._id).lean();
    expect(stored).toMatchObject({ orderStatus: "RETURNED", deliveryCostLost: 60 });
    expect(stored!.statusHistory.at(-1)).toMatchObject({
      status: "RETURNED",
      by: "courier:Pathao",
    });
    expect(await variantStock(product._id, "Black", "M")).toBe(13);

    // The same event again (couriers resend) changes nothing.
    expect((await courierEvent("order.returned", "CONS-77")).status).toBe(202);
    expect(await variantStock(product._id, "Black", "M")).toBe(13);
  });

  it("a parcel on its way back may still be delivered on a second attempt", async () => {
    const { product, order } = await shippedOrder("CONS-78");
    await courierEvent("order.delivery-failed", "CONS-78").expect(202);
    await courierEvent("order.delivered", "CONS-78").expect(202);
    const stored = await Order.findById(order._id).lean();
    expect(stored).toMatchObject({ orderStatus: "DELIVERED", deliveryCostLost: 0 });
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
  });
});

describe("the dashboard", () => {
  it("shows this month's return rate and the delivery charges lost to returns", async () => {
    const product = await createProduct();
    // Finished this month: 3 delivered, 1 returned; one more on its way back does not count yet.
    for (let index = 0; index < 3; index += 1) {
      const order = await createOrder({ lines: [{ product }], orderStatus: "SHIPPED" });
      await move(order._id, "delivered").expect(200);
    }
    const { order: returned } = await shippedOrder();
    await move(returned._id, "returned").expect(200);
    const { order: onItsWay } = await shippedOrder();
    await move(onItsWay._id, "returning").expect(200);
    // Returned two months ago: not this month's.
    const old = await createOrder({ lines: [{ product }], orderStatus: "RETURNED" });
    await Order.updateOne(
      { _id: old._id },
      {
        $set: {
          deliveryCostLost: 120,
          statusHistory: [{ status: "RETURNED", at: new Date(Date.now() - 62 * 86_400_000) }],
        },
      },
    );

    const stats = await request(app)
      .get("/api/admin/dashboard")
      .set("Authorization", `Bearer ${adminToken}`);
    expect(stats.status).toBe(200);
    expect(stats.body.monthlyReturns).toEqual({
      returned: 1,
      delivered: 3,
      returnRate: 25,
      deliveryCostLost: 60,
    });
  });
});
