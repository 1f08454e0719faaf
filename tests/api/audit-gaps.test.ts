import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import { pollPendingRefunds, REFUND_IN_FLIGHT_MS } from "../../server/payments/refunds";
import { recordCourierCollection } from "../../server/services/courier-cash.service";
import { cancelUnconfirmedCodOrders } from "../../server/services/unconfirmed-orders.service";
import { shopperWithCart } from "../factories/cart";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { bearer, createAdmin, createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { setEnv } from "../setup/env";
import { sslCommerzEnv, startSslCommerzStub, type SslCommerzStub } from "../stubs/sslcommerz";

/**
 * The changes the audit trail (docs/audit.md) once missed: a payment gateway settling a payment,
 * the unconfirmed cash-on-delivery job, a packer's scans packing an order, a parcel's collected
 * cash and a courier's cash settlement. Each is one entry with its actor and exactly the fields it changed, before and after.
 */
let ssl: SslCommerzStub;
let app: ReturnType<typeof createApp>;
let restoreEnv: () => void;
let admin: { token: string; id: string };

beforeAll(async () => {
  ssl = await startSslCommerzStub();
  restoreEnv = setEnv({ ...sslCommerzEnv(ssl), PUBLIC_URL: "http://shop.test" });
  app = createApp();
});

afterAll(async () => {
  await ssl.close();
  restoreEnv();
});

beforeEach(async () => {
  await clearDatabase();
  const made = await createAdmin({
    firstName: "Rina",
    lastName: "Akter",
    email: "rina@tweest.local",
  });
  admin = { token: made.token, id: String(made.user._id) };
});

const RINA = () => ({
  kind: "staff",
  id: admin.id,
  name: "Rina Akter",
  email: "rina@tweest.local",
});

/** Every entry about one document, oldest first, as the trail answers them. */
async function entriesOf(entity: string, id: unknown) {
  const answer = await request(app)
    .get("/api/admin/audit")
    .set(bearer(admin.token))
    .query({ entity, id: String(id) });
  expect(answer.status).toBe(200);
  return (
    answer.body.entries as { actor: object; action: string; label: string; changes: object[] }[]
  )
    .reverse()
    .map(({ actor, action, label, changes }) => ({ actor, action, label, changes }));
}

describe("a payment settled by the gateway", () => {
  it("is one entry by the gateway, never a staff member, however often the IPN is replayed", async () => {
    const { buyer } = await shopperWithCart(app, 1);
    const placed = await buyer.order({ paymentMethod: "SSLCOMMERZ" });
    expect(placed.status).toBe(201);
    const started = await buyer.post(`/api/payment/${placed.body._id}`);
    expect(started.status).toBe(200);
    const paid = ssl.pay(started.body.transactionId, "success");
    for (let replay = 0; replay < 2; replay += 1)
      expect((await request(app).post(paid.ipnPath).type("form").send(paid.form)).status).toBe(200);

    const stored = (await Order.findById(placed.body._id).lean())!;
    expect(stored.paymentDetails?.paymentId).toBe(ssl.sessions[0].sessionkey);
    expect(await entriesOf("order", placed.body._id)).toEqual([
      {
        actor: { kind: "payment", id: null, name: "SSLCOMMERZ" },
        action: "payment",
        label: placed.body.orderNumber,
        changes: [
          { field: "orderStatus", before: "PENDING", after: "PLACED" },
          { field: "paymentDetails.status", before: "PENDING", after: "COMPLETED" },
          { field: "paymentDetails.paymentId", before: null, after: ssl.sessions[0].sessionkey },
          {
            field: "paymentDetails.transactionId",
            before: null,
            after: started.body.transactionId,
          },
        ],
      },
    ]);
  });
});

describe("the unconfirmed cash-on-delivery job", () => {
  it("records its cancellation as the system's", async () => {
    const order = await createOrder({ createdAt: new Date(Date.now() - 72 * 3_600_000) });
    expect(await cancelUnconfirmedCodOrders()).toBe(1);
    expect(await cancelUnconfirmedCodOrders()).toBe(0);
    expect(await entriesOf("order", order._id)).toEqual([
      {
        actor: { kind: "system", id: null, name: "system" },
        action: "status",
        label: order.orderNumber,
        changes: [
          { field: "orderStatus", before: "PLACED", after: "CANCELLED" },
          { field: "cancelledBy", before: null, after: "system" },
        ],
      },
    ]);
  });
});

describe("packing", () => {
  it("records the scans that pack an order, by the packer, once", async () => {
    const tee = await createProduct({ title: "Audit Tee", slug: "audit-tee" });
    const order = await createOrder({
      orderStatus: "CONFIRMED",
      lines: [{ product: tee, quantity: 1, color: "Black", size: "M" }],
    });
    const pack = () =>
      request(app)
        .post(`/api/admin/orders/${order._id}/pack`)
        .set(bearer(admin.token))
        .send({ scans: ["AUDIT-TEE-BLACK-M"] });
    const packed = await pack();
    expect(packed.status).toBe(200);
    expect((await pack()).status).toBe(409);
    expect(await entriesOf("order", order._id)).toEqual([
      {
        actor: RINA(),
        action: "packed",
        label: order.orderNumber,
        changes: [
          { field: "packedAt", before: null, after: packed.body.packedAt },
          { field: "packedBy", before: null, after: "admin:rina@tweest.local" },
        ],
      },
    ]);
  });
});

describe("courier cash", () => {
  it("records a settlement with its parcels, amounts and who recorded it", async () => {
    const parcels = [];
    for (const total of [1200, 860]) {
      const order = await createOrder({ orderStatus: "DELIVERED", totalDiscountedPrice: total });
      const collected = await request(app)
        .put(`/api/admin/courier-cash/parcels/${order._id}`)
        .set(bearer(admin.token))
        .send({ collected: total });
      expect(collected.status).toBe(200);
      parcels.push(order);
    }
    const settled = await request(app)
      .post("/api/admin/courier-cash/settlements")
      .set(bearer(admin.token))
      .send({
        orderIds: parcels.map((order) => String(order._id)),
        amount: 2000,
        deductions: 60,
        reference: "RIDER-2026-11-28",
        paidAt: "2026-11-28",
        note: "cash at the counter",
      });
    expect(settled.status).toBe(201);
    const [first, second] = [...parcels].sort((a, b) => String(a._id).localeCompare(String(b._id)));
    expect(await entriesOf("courier-settlement", settled.body._id)).toEqual([
      {
        actor: RINA(),
        action: "create",
        label: "Other courier RIDER-2026-11-28",
        changes: [
          { field: "courier", before: null, after: "manual" },
          { field: "amount", before: null, after: 2000 },
          { field: "deductions", before: null, after: 60 },
          { field: "collectedTotal", before: null, after: 2060 },
          { field: "reference", before: null, after: "RIDER-2026-11-28" },
          { field: "paidAt", before: null, after: "2026-11-27T18:00:00.000Z" },
          { field: "note", before: null, after: "cash at the counter" },
          {
            field: "parcels",
            before: null,
            after: [
              `${first.orderNumber}: ${first.totalDiscountedPrice}`,
              `${second.orderNumber}: ${second.totalDiscountedPrice}`,
            ],
          },
        ],
      },
    ]);
  });
});

describe("a parcel's collected cash", () => {
  it("is an entry per change with the amount and its source before and after, nothing for the same amount again", async () => {
    const order = await createOrder({ orderStatus: "DELIVERED", totalDiscountedPrice: 1200 });
    expect(await recordCourierCollection(String(order._id), 1200, "courier:Steadfast")).toBe(true);
    const correct = (collected: number) =>
      request(app)
        .put(`/api/admin/courier-cash/parcels/${order._id}`)
        .set(bearer(admin.token))
        .send({ collected });
    expect((await correct(1150)).status).toBe(200);
    expect((await correct(1150)).status).toBe(200);

    expect((await Order.findById(order._id).lean())?.cashCollected?.amount).toBe(1150);
    expect(await entriesOf("order", order._id)).toEqual([
      {
        actor: { kind: "courier", id: null, name: "Steadfast" },
        action: "update",
        label: order.orderNumber,
        changes: [
          { field: "cashCollected.amount", before: null, after: 1200 },
          { field: "cashCollected.source", before: null, after: "courier" },
        ],
      },
      {
        actor: RINA(),
        action: "update",
        label: order.orderNumber,
        changes: [
          { field: "cashCollected.amount", before: 1200, after: 1150 },
          { field: "cashCollected.source", before: "courier", after: "admin" },
        ],
      },
    ]);
  });
});

describe("staff changes", () => {
  it("are entries about the staff member, by the owner who made them, with role and access before and after", async () => {
    const { user } = await createAdmin({
      firstName: "Karim",
      lastName: "Uddin",
      email: "karim@tweest.local",
      staffRole: "packer",
    });
    const id = String(user._id);
    const changed = await request(app)
      .put(`/api/admin/staff/${id}`)
      .set(bearer(admin.token))
      .send({ role: "orderDesk" });
    expect(changed.status).toBe(200);
    const revoked = await request(app).delete(`/api/admin/staff/${id}`).set(bearer(admin.token));
    expect(revoked.status).toBe(200);
    // A refused change (the owner cannot change themself) writes no entry.
    const refused = await request(app)
      .put(`/api/admin/staff/${admin.id}`)
      .set(bearer(admin.token))
      .send({ role: "packer" });
    expect(refused.status).toBe(400);

    expect(await entriesOf("staff", id)).toEqual([
      {
        actor: RINA(),
        action: "update",
        label: "karim@tweest.local",
        changes: [{ field: "role", before: "packer", after: "orderDesk" }],
      },
      {
        actor: RINA(),
        action: "revoke",
        label: "karim@tweest.local",
        changes: [
          { field: "role", before: "orderDesk", after: null },
          { field: "active", before: true, after: false },
        ],
      },
    ]);
    expect(await entriesOf("staff", admin.id)).toEqual([]);
  });
});

describe("refunds", () => {
  it("a refund by hand is one entry by the staff member; a gateway's is settled in a second entry by the gateway", async () => {
    const cash = await createOrder({ paymentMethod: "COD", orderStatus: "DELIVERED" });
    const byHand = await request(app)
      .post(`/api/admin/orders/${String(cash._id)}/refunds`)
      .set(bearer(admin.token))
      .send({
        idempotencyKey: "5f0c6f4e-6d2a-4b8e-9a51-0c1d2e3f4a5b",
        reason: "Out of stock",
        amount: 200,
        method: "manual",
        reference: "bKash 9AB12CD",
      });
    expect(byHand.status).toBe(201);
    expect(await entriesOf("refund", byHand.body.refund.id)).toEqual([
      {
        actor: RINA(),
        action: "create",
        label: cash.orderNumber,
        changes: [
          { field: "amount", before: null, after: 200 },
          { field: "method", before: null, after: "manual" },
          { field: "status", before: null, after: "completed" },
        ],
      },
    ]);

    const { token } = await createUser();
    const { buyer } = await shopperWithCart(app, 1, token);
    const placed = await buyer.order({ paymentMethod: "SSLCOMMERZ" });
    const started = await buyer.post(`/api/payment/${placed.body._id}`);
    const paid = ssl.pay(started.body.transactionId, "success");
    await request(app).post(paid.path).type("form").send(paid.form).expect(302);
    const online = await request(app)
      .post(`/api/admin/orders/${String(placed.body._id)}/refunds`)
      .set(bearer(admin.token))
      .send({
        idempotencyKey: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
        reason: "Parcel lost",
        amount: 500,
        method: "gateway",
      });
    expect(online.status).toBe(201);
    ssl.settleRefund(online.body.refund.gatewayRef, "refunded");
    expect(await pollPendingRefunds(new Date(Date.now() + REFUND_IN_FLIGHT_MS + 1000))).toBe(1);
    // Polled again: the refund is no longer pending, so nothing more is written.
    await pollPendingRefunds(new Date(Date.now() + REFUND_IN_FLIGHT_MS + 1000));
    expect(await entriesOf("refund", online.body.refund.id)).toEqual([
      {
        actor: RINA(),
        action: "create",
        label: placed.body.orderNumber,
        changes: [
          { field: "amount", before: null, after: 500 },
          { field: "method", before: null, after: "gateway" },
          { field: "status", before: null, after: "pending" },
        ],
      },
      {
        actor: { kind: "payment", id: null, name: "SSLCOMMERZ" },
        action: "settle",
        label: "",
        changes: [{ field: "status", before: "pending", after: "completed" }],
      },
    ]);
  });
});
