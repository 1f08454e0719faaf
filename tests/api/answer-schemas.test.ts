/**
 * The answers the API really sends match the answer schemas the OpenAPI document states for them,
 * exactly: every field the schema lists has its type, and no field is sent that it does not list
 * (the document's objects refuse extra properties, as schemathesis checks them). The schema read
 * here is the one in /api/openapi.json, turned back into a validator with zod.
 */
import request from "supertest";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import { shopper } from "../factories/cart";
import { createOrder } from "../factories/order";
import { createPayment } from "../factories/payment";
import { createProduct } from "../factories/product";
import { createAdmin, createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";

const app = createApp();
type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  paths = (await request(app).get("/api/openapi.json")).body.paths;
});
beforeEach(() => clearDatabase());

/** The answer's problems against the document's schema for this operation and status (none: []). */
function problems(path: string, method: string, status: number, body: unknown): string[] {
  const schema = paths[path]?.[method]?.responses[status]?.content?.["application/json"]?.schema;
  if (!schema) return [`no schema documented for ${method} ${path} ${status}`];
  const result = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]).safeParse(body);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

async function expectDocumented(
  path: string,
  method: string,
  answer: request.Response,
): Promise<void> {
  expect(problems(path, method, answer.status, answer.body), `${method} ${path}`).toEqual([]);
}

describe("answers match their documented schema exactly", () => {
  it("refuses an answer with a field the schema does not list (the check bites)", () => {
    const order = { _id: "x", orderNumber: "TW-1", unexpected: true };
    expect(problems("/api/orders/{id}", "get", 200, order).join("\n")).toMatch(/unrecognized/i);
  });

  it("catalogue: a product, the listing, suggestions and categories", async () => {
    const product = await createProduct({ title: "Contract Tee" });
    const id = String(product._id);
    await expectDocumented("/api/products", "get", await request(app).get("/api/products"));
    await expectDocumented(
      "/api/products/id/{id}",
      "get",
      await request(app).get(`/api/products/id/${id}`),
    );
    await expectDocumented(
      "/api/products/suggest",
      "get",
      await request(app).get("/api/products/suggest?q=contract"),
    );
    await expectDocumented("/api/categories", "get", await request(app).get("/api/categories"));
  });

  it("the address pickers' districts and a district's thanas", async () => {
    await expectDocumented(
      "/api/locations/districts",
      "get",
      await request(app).get("/api/locations/districts"),
    );
    await expectDocumented(
      "/api/locations/districts/{id}/thanas",
      "get",
      await request(app).get("/api/locations/districts/dhaka/thanas"),
    );
    await expectDocumented(
      "/api/locations/districts/{id}/thanas",
      "get",
      await request(app).get("/api/locations/districts/atlantis/thanas"),
    );
  });

  it("a guest's cart, quote, order, order read and tracking", async () => {
    const product = await createProduct();
    const guest = shopper(app);
    await expectDocumented("/api/cart/add", "put", await guest.add(product._id, "Black", "M", 2));
    await expectDocumented("/api/checkout/quote", "post", await guest.quote());
    const placed = await guest.order();
    expect(placed.status).toBe(201);
    await expectDocumented("/api/orders", "post", placed);
    expect(placed.body.trackingToken).toEqual(expect.any(String));
    const read = await guest.get(`/api/orders/${placed.body._id}`);
    expect(read.status).toBe(200);
    await expectDocumented("/api/orders/{id}", "get", read);
    const tracked = await request(app).get(
      `/api/orders/guest/track/${placed.body.orderNumber}?token=${placed.body.trackingToken}`,
    );
    expect(tracked.status).toBe(200);
    await expectDocumented("/api/orders/guest/track/{id}", "get", tracked);
  });

  it("a customer's profile, orders; the back office's orders, payments and dashboard", async () => {
    const product = await createProduct();
    const customer = await createUser();
    const buyer = shopper(app, customer.token);
    await buyer.add(product._id, "Black", "L");
    expect((await buyer.order()).status).toBe(201);
    await expectDocumented("/api/users/profile", "get", await buyer.get("/api/users/profile"));
    await expectDocumented("/api/orders/user", "get", await buyer.get("/api/orders/user"));

    const order = await createOrder();
    await createPayment({ order: order._id });
    await createPayment();
    const admin = await createAdmin();
    const asAdmin = (path: string) =>
      request(app).get(path).set("Authorization", `Bearer ${admin.token}`);
    const orders = await asAdmin("/api/admin/orders");
    expect(orders.body.orders).toHaveLength(2);
    await expectDocumented("/api/admin/orders", "get", orders);
    await expectDocumented(
      "/api/admin/orders/{id}",
      "get",
      await asAdmin(`/api/admin/orders/${orders.body.orders[1]._id}`),
    );
    const payments = await asAdmin("/api/payments");
    expect(payments.body.payments).toHaveLength(2);
    await expectDocumented("/api/payments", "get", payments);
    const dashboard = await asAdmin("/api/admin/dashboard");
    expect(dashboard.body.recentOrders.length).toBeGreaterThan(0);
    await expectDocumented("/api/admin/dashboard", "get", dashboard);
  });

  it("shipments: a manual one recorded, tracked by the guest, the courier list and a bulk answer", async () => {
    const admin = await createAdmin();
    const as = (test: request.Test) => test.set("Authorization", `Bearer ${admin.token}`);
    const order = await createOrder({ orderStatus: "CONFIRMED", mobile: "01912345678" });
    const shipped = await as(request(app).post(`/api/admin/orders/${order._id}/shipment`)).send({
      courier: "manual",
      courierName: "Sundarban",
      trackingNumber: "SB-9",
      trackingUrlTemplate: "https://track.example.bd/{tracking}",
    });
    expect(shipped.status).toBe(200);
    await expectDocumented("/api/admin/orders/{id}/shipment", "post", shipped);
    const tracked = await request(app).get(
      `/api/orders/guest/track/${order.orderNumber}?phone=01912345678`,
    );
    expect(tracked.body.shipment.courierName).toBe("Sundarban");
    await expectDocumented("/api/orders/guest/track/{id}", "get", tracked);
    await expectDocumented(
      "/api/admin/couriers",
      "get",
      await as(request(app).get("/api/admin/couriers")),
    );
    const bulk = await as(request(app).post("/api/admin/shipments")).send({
      orderIds: [String(order._id)],
      courier: "manual",
    });
    expect(bulk.body.results[0]).toMatchObject({ ok: false, status: 409 });
    await expectDocumented("/api/admin/shipments", "post", bulk);
  });

  it("courier cash: what the courier owes, a collected amount, a settlement listed and viewed", async () => {
    const admin = await createAdmin();
    const as = (test: request.Test) => test.set("Authorization", `Bearer ${admin.token}`);
    const delivered = await createOrder({ orderStatus: "DELIVERED", totalDiscountedPrice: 1660 });
    await createOrder({ orderStatus: "DELIVERED", totalDiscountedPrice: 990 });
    const collected = await as(
      request(app).put(`/api/admin/courier-cash/parcels/${String(delivered._id)}`),
    ).send({ collected: 1660 });
    expect(collected.status).toBe(200);
    await expectDocumented("/api/admin/courier-cash/parcels/{id}", "put", collected);
    const owed = await as(request(app).get("/api/admin/courier-cash"));
    expect(owed.body.parcels).toHaveLength(2);
    await expectDocumented("/api/admin/courier-cash", "get", owed);
    await expectDocumented(
      "/api/admin/orders/{id}",
      "get",
      await as(request(app).get(`/api/admin/orders/${String(delivered._id)}`)),
    );
    const settled = await as(request(app).post("/api/admin/courier-cash/settlements")).send({
      orderIds: [String(delivered._id)],
      amount: 1660,
      reference: "INV-1",
      paidAt: "2026-11-24",
    });
    expect(settled.status).toBe(201);
    await expectDocumented("/api/admin/courier-cash/settlements", "post", settled);
    await expectDocumented(
      "/api/admin/courier-cash/settlements",
      "get",
      await as(request(app).get("/api/admin/courier-cash/settlements")),
    );
    await expectDocumented(
      "/api/admin/courier-cash/settlements/{id}",
      "get",
      await as(request(app).get(`/api/admin/courier-cash/settlements/${settled.body._id}`)),
    );
  });

  it("the back office's customer history by phone and block list", async () => {
    await createOrder({ orderStatus: "RETURNED" });
    const admin = await createAdmin();
    const call = (test: request.Test) => test.set("Authorization", `Bearer ${admin.token}`);
    const blocked = await call(request(app).post("/api/admin/phones/blocks")).send({
      phone: "01712345678",
      reason: "Fake orders",
    });
    await expectDocumented("/api/admin/phones/blocks", "post", blocked);
    await expectDocumented(
      "/api/admin/phones/{phone}",
      "get",
      await call(request(app).get("/api/admin/phones/01712345678")),
    );
    await expectDocumented(
      "/api/admin/phones/blocks",
      "get",
      await call(request(app).get("/api/admin/phones/blocks")),
    );
    const lifted = await call(request(app).delete("/api/admin/phones/blocks/01712345678"));
    expect(lifted.body.liftedBy).not.toBeNull();
    await expectDocumented("/api/admin/phones/blocks/{phone}", "delete", lifted);
  });

  it("the back office's suggested courier per order", async () => {
    const order = await createOrder({ orderStatus: "CONFIRMED" });
    const admin = await createAdmin();
    await expectDocumented(
      "/api/admin/courier-suggestions",
      "get",
      await request(app)
        .get(`/api/admin/courier-suggestions?orderIds=${String(order._id)}`)
        .set("Authorization", `Bearer ${admin.token}`),
    );
  });

  it("the printed documents of orders: one with a product's SKU and a paid advance, one booked", async () => {
    const product = await createProduct();
    const withAdvance = await createOrder({ lines: [{ product }] });
    await Order.updateOne(
      { _id: withAdvance._id },
      {
        $set: {
          advanceDeliveryCharge: { amount: 60, method: "BKASH", reasons: [], status: "PAID" },
        },
      },
    );
    const booked = await createOrder({ orderStatus: "CONFIRMED" });
    await Order.updateOne(
      { _id: booked._id },
      { $set: { shipment: { courier: "redx", courierName: "RedX", trackingNumber: "RX1" } } },
    );
    const admin = await createAdmin();
    const answer = await request(app)
      .get(`/api/admin/orders/documents?orders=${String(withAdvance._id)},${String(booked._id)}`)
      .set("Authorization", `Bearer ${admin.token}`);
    expect(answer.body.documents).toHaveLength(2);
    await expectDocumented("/api/admin/orders/documents", "get", answer);
  });

  it("packing: a variant by its code, an order's scans and the order packed", async () => {
    const admin = await createAdmin();
    const as = (test: request.Test) => test.set("Authorization", `Bearer ${admin.token}`);
    const product = await createProduct({ title: "Packing Contract Tee" });
    const sku = product.variants[0].sku!;
    const order = await createOrder({ orderStatus: "CONFIRMED", lines: [{ product }] });
    await expectDocumented(
      "/api/admin/products/lookup",
      "get",
      await as(request(app).get("/api/admin/products/lookup").query({ code: sku })),
    );
    const started = await as(request(app).post(`/api/admin/orders/${order._id}/pack`)).send({
      scans: [],
    });
    expect(started.body.packedAt).toBeNull();
    await expectDocumented("/api/admin/orders/{id}/pack", "post", started);
    const packed = await as(request(app).post(`/api/admin/orders/${order._id}/pack`)).send({
      scans: [sku],
    });
    expect(packed.body.packedAt).not.toBeNull();
    await expectDocumented("/api/admin/orders/{id}/pack", "post", packed);
    await expectDocumented(
      "/api/admin/orders/{id}",
      "get",
      await as(request(app).get(`/api/admin/orders/${order._id}`)),
    );
  });
});
