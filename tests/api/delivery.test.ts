// This file runs with a configured tax rate (prices include VAT by default; 5% here).
process.env.TAX_RATE_PERCENT = "5";

import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import { resetEnvForTests } from "../../server/env";
import { clearDatabase } from "../setup/db";
import type { PathaoStub } from "../stubs/pathao";
import { usePathaoStub } from "../setup/pathao";
import { createAdmin } from "../factories/user";
import { shippingAddress } from "../factories/address";
import { shopperWithCart } from "../factories/cart";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";

let app: ReturnType<typeof createApp>;
let adminToken: string;

beforeAll(() => {
  resetEnvForTests();
  app = createApp();
});

afterAll(() => {
  delete process.env.TAX_RATE_PERCENT;
  resetEnvForTests();
});

beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
});

describe("tax (TAX_RATE_PERCENT=5)", () => {
  it("adds tax on the goods to the quote and to the order", async () => {
    const { buyer: guest } = await shopperWithCart(app, 2);
    const quote = await guest.quote({ city: "Dhaka" });
    expect(quote.body).toMatchObject({
      subtotal: 2000,
      discount: 400,
      deliveryCharge: 60,
      tax: 80,
      total: 1740,
    });
    const placed = await guest.order();
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ tax: 80, deliveryCharge: 60, totalDiscountedPrice: 1740 });
    expect((await Order.findById(placed.body._id).lean())!.tax).toBe(80);
  });
});

describe("/api/pathao without Pathao credentials (built-in table)", () => {
  it("answers the built-in city list, no zones or areas", async () => {
    const cities = await request(app).get("/api/pathao/cities");
    expect(cities.status).toBe(200);
    expect(cities.body.source).toBe("builtin");
    expect(cities.body.cities[0]).toEqual({ city_id: 1, city_name: "Dhaka" });
    expect(cities.body.cities.map((city: { city_name: string }) => city.city_name)).toContain(
      "Chattogram",
    );
    expect((await request(app).get("/api/pathao/cities/1/zones")).body).toEqual({
      source: "builtin",
      zones: [],
    });
    expect((await request(app).get("/api/pathao/zones/5/areas")).body).toEqual({
      source: "builtin",
      areas: [],
    });
    expect((await request(app).get("/api/pathao/cities/abc/zones")).status).toBe(400);
  });

  it("prices ৳60 inside Dhaka, ৳120 outside, free from the threshold", async () => {
    const price = (body: Record<string, unknown>) =>
      request(app).post("/api/pathao/price-plan").send(body);
    expect((await price({ city: "Dhaka" })).body).toEqual({
      deliveryCharge: 60,
      source: "builtin",
    });
    expect((await price({ city: "dhaka city" })).body.deliveryCharge).toBe(60);
    // Dhaka typed in Bangla, as a Bangla keyboard writes it (NFC) or decomposed (NFD), spaces after.
    for (const city of ["ঢাকা", "ঢাকা ".normalize("NFD"), "ঢাকা সিটি"])
      expect((await price({ city })).body.deliveryCharge, city).toBe(60);
    expect((await price({ city: "খুলনা" })).body.deliveryCharge).toBe(120);
    expect((await price({ city: "Khulna" })).body.deliveryCharge).toBe(120);
    expect((await price({ city: "Khulna", subtotal: 2999 })).body.deliveryCharge).toBe(120);
    expect((await price({ city: "Khulna", subtotal: 3000 })).body.deliveryCharge).toBe(0);
  });

  it("refuses to book a courier", async () => {
    const product = await createProduct();
    const order = await createOrder({ lines: [{ product }] });
    const answer = await request(app)
      .post(`/api/admin/orders/${order._id}/courier`)
      .set("Authorization", `Bearer ${adminToken}`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      "Pathao is not configured (enter its credentials and store id under Couriers)",
    );
  });
});

describe("/api/pathao and courier booking with Pathao", () => {
  let pathao: PathaoStub;
  usePathaoStub((stub) => (pathao = stub));

  it("answers Pathao's cities, zones and areas", async () => {
    const cities = await request(app).get("/api/pathao/cities");
    expect(cities.body).toEqual({
      source: "pathao",
      cities: [
        { city_id: 1, city_name: "Dhaka" },
        { city_id: 2, city_name: "Chittagong" },
        { city_id: 3, city_name: "Gazipur" },
      ],
    });
    expect((await request(app).get("/api/pathao/cities/1/zones")).body).toEqual({
      source: "pathao",
      zones: [
        { zone_id: 52, zone_name: "Gulshan" },
        { zone_id: 53, zone_name: "Dhanmondi" },
      ],
    });
    const areas = await request(app).get("/api/pathao/zones/52/areas");
    expect(areas.body.areas[0]).toMatchObject({
      area_id: 9001,
      area_name: "Gulshan 1",
      home_delivery_available: true,
    });
    expect(pathao.tokensIssued).toBe(1);
    // An expired token (401) is re-issued once and the call succeeds.
    pathao.revokeTokens();
    expect((await request(app).get("/api/pathao/zones/53/areas")).body.areas[0].area_id).toBe(9101);
    expect(pathao.tokensIssued).toBe(2);
  });

  it("prices with Pathao's price plan when the zone is known, else the table", async () => {
    const price = (body: Record<string, unknown>) =>
      request(app).post("/api/pathao/price-plan").send(body);
    expect((await price({ city: "Dhaka", zone: "Gulshan" })).body).toEqual({
      deliveryCharge: 70,
      source: "pathao",
    });
    expect(pathao.pricePlans[0]).toEqual({
      store_id: pathao.storeId,
      item_type: 2,
      delivery_type: 48,
      item_weight: 0.5,
      recipient_city: 1,
      recipient_zone: 52,
    });
    // The courier's city found from its Bangla name, as the built-in table finds Dhaka.
    expect((await price({ city: "ঢাকা", zone: "Gulshan" })).body).toEqual({
      deliveryCharge: 70,
      source: "pathao",
    });
    expect(pathao.pricePlans.at(-1)).toMatchObject({ recipient_city: 1, recipient_zone: 52 });
    expect((await price({ city: "Chattogram", zone: "201" })).body).toEqual({
      deliveryCharge: 130,
      source: "pathao",
    });
    expect((await price({ city: "Dhaka" })).body).toEqual({
      deliveryCharge: 60,
      source: "builtin",
    });
    expect(
      (await price({ city: "Dhaka", zone: "Gulshan", subtotal: 5000 })).body.deliveryCharge,
    ).toBe(0);

    const { buyer: guest } = await shopperWithCart(app, 1);
    expect((await guest.quote({ city: "Dhaka", zone: "Dhanmondi" })).body).toMatchObject({
      deliveryCharge: 70,
      deliverySource: "pathao",
      tax: 40,
      total: 800 + 70 + 40,
    });
    const placed = await guest.order({ shippingAddress: shippingAddress({ zone: "Dhanmondi" }) });
    expect(placed.body.deliveryCharge).toBe(70);
  });

  it("books the parcel once and stores the consignment", async () => {
    const { buyer: guest } = await shopperWithCart(app, 2);
    const placed = await guest.order({ shippingAddress: shippingAddress({ zone: "Dhanmondi" }) });
    const book = () =>
      request(app)
        .post(`/api/admin/orders/${placed.body._id}/courier`)
        .set("Authorization", `Bearer ${adminToken}`);
    const answer = await book();
    expect(answer.status).toBe(200);
    const consignment = pathao.orders[0].consignment_id as string;
    expect(answer.body.courier).toEqual({
      name: "Pathao",
      consignmentId: consignment,
      trackingCode: consignment,
      status: "Pending",
    });
    expect(pathao.orders[0]).toMatchObject({
      store_id: pathao.storeId,
      merchant_order_id: placed.body.orderNumber,
      recipient_name: "Nusrat Jahan",
      recipient_phone: "01712345678",
      recipient_city: 1,
      recipient_zone: 53,
      delivery_type: 48,
      item_type: 2,
      item_quantity: 2,
      amount_to_collect: placed.body.totalDiscountedPrice,
    });
    expect((await Order.findById(placed.body._id).lean())!.courier).toMatchObject({
      consignmentId: consignment,
    });
    const again = await book();
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This order is already booked with the courier");
    expect(pathao.orders).toHaveLength(1);
  });

  it("moves the order on Pathao's webhooks (signed with our secret) and answers the handshake", async () => {
    const product = await createProduct();
    const order = await createOrder({ lines: [{ product }], orderStatus: "PLACED" });
    const booked = await request(app)
      .post(`/api/admin/orders/${order._id}/courier`)
      .set("Authorization", `Bearer ${adminToken}`);
    const consignment = booked.body.courier.consignmentId as string;
    const fire = (event: string, secret?: string) => {
      const hook = pathao.webhook(event, consignment, secret);
      return request(app).post("/api/pathao/webhook").set(hook.headers).send(hook.body);
    };
    const handshake = await fire("webhook_integration");
    expect(handshake.status).toBe(202);
    expect(handshake.headers["x-pathao-merchant-webhook-integration-secret"]).toBe(
      "f3992ecc-59da-4cbe-a049-a13da2018d51",
    );
    const forged = await fire("order.delivered", "not-the-secret");
    expect(forged.status).toBe(401);
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PLACED");

    expect((await fire("order.picked")).status).toBe(202);
    let stored = await Order.findById(order._id).lean();
    expect(stored!.orderStatus).toBe("SHIPPED");
    expect(stored!.courier!.status).toBe("picked");
    expect(stored!.statusHistory.map((entry) => entry.status)).toEqual([
      "PLACED",
      "CONFIRMED",
      "SHIPPED",
    ]);
    expect((await fire("order.in-transit")).status).toBe(202);
    expect((await fire("order.delivered")).status).toBe(202);
    stored = await Order.findById(order._id).lean();
    expect(stored!.orderStatus).toBe("DELIVERED");
    expect(stored!.statusHistory.at(-1)).toMatchObject({
      status: "DELIVERED",
      by: "courier:Pathao",
    });
  });

  it("reports Pathao's validation errors and leaves the order unbooked", async () => {
    const product = await createProduct();
    const order = await createOrder({ lines: [{ product }] });
    process.env.PATHAO_STORE_ID = "1";
    resetEnvForTests();
    try {
      const answer = await request(app)
        .post(`/api/admin/orders/${order._id}/courier`)
        .set("Authorization", `Bearer ${adminToken}`);
      expect(answer.status).toBe(502);
      expect(answer.body.code).toBe("COURIER_ERROR");
      expect(answer.body.errors).toEqual([
        { path: "store_id", message: "The selected store id is invalid." },
      ]);
      expect((await Order.findById(order._id).lean())!.courier).toBeNull();
    } finally {
      process.env.PATHAO_STORE_ID = String(pathao.storeId);
      resetEnvForTests();
    }
    const pending = await createOrder({ lines: [{ product }], orderStatus: "PENDING" });
    const refused = await request(app)
      .post(`/api/admin/orders/${pending._id}/courier`)
      .set("Authorization", `Bearer ${adminToken}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("A PENDING order cannot be booked with the courier");
  });
});
