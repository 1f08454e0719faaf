import { randomUUID } from "node:crypto";
import { Types } from "mongoose";
import request from "supertest";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import { forgetCourierRates } from "../../server/services/courier-suggestion.service";
import { describeRates, type CourierSuggestion } from "#contract/courier-insights";
import type { CourierId } from "#contract/couriers";
import {
  createCourierRecord,
  createOrder,
  createShippedOrders,
  moveOrderTo,
  type ParcelPlace,
} from "../factories/order";
import { bearer, createAdmin, createUser } from "../factories/user";
import { useRedxStub, useSteadfastStub } from "../setup/couriers";
import { changeShopSettings } from "../factories/shop-settings";
import { clearDatabase } from "../setup/db";
import { withEnv } from "../setup/env";
import { usePathaoStub } from "../setup/pathao";

/**
 * The suggested courier per order (docs/couriers.md, "The suggested courier"): this shop's own
 * delivered and returned parcels per courier and district, the minimum sample, the fall-back to
 * every district, ties, and only couriers that can book now.
 */
let app: ReturnType<typeof createApp>;
let adminToken: string;
usePathaoStub(() => undefined);
useSteadfastStub(() => undefined);
useRedxStub(() => undefined);

beforeAll(() => {
  app = createApp();
});

beforeEach(async () => {
  await clearDatabase();
  forgetCourierRates();
  adminToken = (await createAdmin()).token;
});

type Place = ParcelPlace;
const BHOLA: Place = { city: "Bhola", districtId: "bhola" };
// An order from before addresses carried district ids, its city in Bangla.
const BHOLA_OLDER: Place = { city: "ভোলা", districtId: null };
const CHANDPUR: Place = { city: "Chandpur", districtId: "chandpur" };

async function orderTo(place: Place) {
  const order = await createOrder({ orderStatus: "CONFIRMED" });
  await moveOrderTo(order._id, place);
  return String(order._id);
}

const suggest = (...orderIds: string[]) =>
  request(app)
    .get("/api/admin/courier-suggestions")
    .query({ orderIds: orderIds.join(",") })
    .set(bearer(adminToken));

async function suggestionFor(orderId: string): Promise<CourierSuggestion> {
  const answer = await suggest(orderId);
  expect(answer.status).toBe(200);
  expect(answer.body.suggestions).toHaveLength(1);
  return answer.body.suggestions[0];
}

const rate = (
  courier: CourierId,
  name: string,
  delivered: number,
  returned: number,
  pct: number,
) => ({
  courier,
  name,
  delivered,
  returned,
  parcels: delivered + returned,
  rate: pct,
});

describe("GET /api/admin/courier-suggestions", () => {
  it("suggests the best delivered share in the order's district, with every courier's numbers", async () => {
    await createCourierRecord("steadfast", BHOLA, 20, 2);
    await createCourierRecord("steadfast", BHOLA_OLDER, 3, 0); // counted in Bhola through its city
    await createCourierRecord("redx", BHOLA, 8, 2);
    await createCourierRecord("pathao", BHOLA, 9, 0); // 100%, but 9 parcels: too few to judge
    await createCourierRecord("redx", CHANDPUR, 30, 0); // another district: not Bhola's figures
    // Neither open nor cancelled parcels count.
    await createShippedOrders("pathao", "SHIPPED", BHOLA, 3);
    await createShippedOrders("pathao", "CANCELLED", BHOLA, 3);

    for (const place of [BHOLA, BHOLA_OLDER]) {
      const suggestion = await suggestionFor(await orderTo(place));
      expect(suggestion).toMatchObject({
        courier: "steadfast",
        scope: "district",
        district: { id: "bhola", name: "Bhola" },
        minParcels: 10,
        days: 365,
        rates: [
          rate("steadfast", "Steadfast", 23, 2, 92),
          rate("redx", "RedX", 8, 2, 80),
          rate("pathao", "Pathao", 9, 0, 100),
        ],
      });
      expect(describeRates(suggestion)).toBe(
        "Steadfast: 92% delivered in Bhola (25 parcels); RedX: 80% (10); Pathao: 100% (9)",
      );
    }
  });

  it("falls back to every district when none has the minimum sample in the order's, and suggests nothing without one anywhere", async () => {
    const chandpurOrder = await orderTo(CHANDPUR);
    expect(await suggestionFor(chandpurOrder)).toMatchObject({
      courier: null,
      scope: "shop",
      district: { id: "chandpur", name: "Chandpur" },
      rates: [],
    });

    forgetCourierRates();
    await createCourierRecord("redx", CHANDPUR, 5, 0); // 5 parcels in Chandpur: too few there
    await createCourierRecord("steadfast", BHOLA, 16, 4); // 80% of 20 in Bhola
    const suggestion = await suggestionFor(chandpurOrder);
    expect(suggestion).toMatchObject({
      courier: "steadfast",
      scope: "shop",
      // Over every district: Steadfast qualifies, RedX (5 parcels) is listed after it.
      rates: [rate("steadfast", "Steadfast", 16, 4, 80), rate("redx", "RedX", 5, 0, 100)],
    });
    expect(describeRates(suggestion)).toBe(
      "Steadfast: 80% delivered in every district (20 parcels); RedX: 100% (5)",
    );
  });

  it("follows the owner's minimum sample and period from the shop settings", async () => {
    await createCourierRecord("steadfast", BHOLA, 5, 1); // 6 parcels: below the default 10
    await createCourierRecord("redx", BHOLA, 3, 1);
    const order = await orderTo(BHOLA);
    expect(await suggestionFor(order)).toMatchObject({ courier: null, minParcels: 10, days: 365 });

    await changeShopSettings((settings) => {
      settings.courierSuggestion.minParcels = 5;
    });
    // The figures are kept five minutes, but a new minimum needs no new count: it applies at once.
    expect(await suggestionFor(order)).toMatchObject({
      courier: "steadfast",
      scope: "district",
      minParcels: 5,
      days: 365,
    });

    // Steadfast's parcels were two months ago: outside a 30-day period, counted again at once.
    await Order.collection.updateMany(
      { "shipment.courier": "steadfast" },
      { $set: { createdAt: new Date(Date.now() - 60 * 24 * 60 * 60_000) } },
    );
    await changeShopSettings((settings) => {
      settings.courierSuggestion.days = 30;
    });
    expect(await suggestionFor(order)).toMatchObject({
      courier: null,
      minParcels: 5,
      days: 30,
      rates: [rate("redx", "RedX", 3, 1, 75)],
    });
  });

  it("breaks a tie by more parcels, then by the registry's order", async () => {
    await createCourierRecord("steadfast", BHOLA, 9, 1); // 90% of 10
    await createCourierRecord("redx", BHOLA, 18, 2); // 90% of 20
    const bhola = await orderTo(BHOLA);
    expect((await suggestionFor(bhola)).courier).toBe("redx");

    await createCourierRecord("pathao", CHANDPUR, 9, 1);
    await createCourierRecord("steadfast", CHANDPUR, 9, 1);
    forgetCourierRates();
    const chandpur = await suggestionFor(await orderTo(CHANDPUR));
    expect(chandpur.courier).toBe("pathao");
    expect(chandpur.rates.map((entry) => entry.courier)).toEqual(["pathao", "steadfast"]);
  });

  it("counts Pathao parcels booked before shipments existed (the older courier record)", async () => {
    const template = (await createOrder({ orderStatus: "DELIVERED" })).toObject();
    await Order.deleteOne({ _id: template._id });
    await Order.collection.insertMany(
      Array.from({ length: 10 }, (_, index) => ({
        ...template,
        _id: new Types.ObjectId(),
        orderNumber: `TW-OLD-${index}-${randomUUID().slice(0, 6)}`,
        shippingAddress: { ...template.shippingAddress, city: "Bhola" },
        shipment: null,
        courier: { name: "Pathao", consignmentId: `P-${index}`, status: "delivered" },
      })),
    );
    const suggestion = await suggestionFor(await orderTo(BHOLA));
    expect(suggestion).toMatchObject({
      courier: "pathao",
      scope: "district",
      rates: [rate("pathao", "Pathao", 10, 0, 100)],
    });
  });

  it("suggests only couriers that can book now, never a manual shipment", async () => {
    await createCourierRecord("redx", BHOLA, 20, 0);
    await createCourierRecord("steadfast", BHOLA, 15, 5);
    await createCourierRecord("manual", BHOLA, 30, 0);
    const order = await orderTo(BHOLA);
    await withEnv({ REDX_API_TOKEN: "" }, async () => {
      const suggestion = await suggestionFor(order);
      expect(suggestion.courier).toBe("steadfast");
      expect(suggestion.rates.map((entry) => entry.courier)).toEqual(["steadfast"]);
    });
    expect((await suggestionFor(order)).courier).toBe("redx");
  });

  it("answers each order asked in turn, leaves out unknown ones, and is for admins only", async () => {
    await createCourierRecord("steadfast", BHOLA, 10, 0);
    const [first, second] = [await orderTo(BHOLA), await orderTo(CHANDPUR)];
    const missing = String(new Types.ObjectId());
    const answer = await suggest(second, missing, first);
    expect(answer.status).toBe(200);
    expect(
      answer.body.suggestions.map((entry: CourierSuggestion) => [entry.orderId, entry.scope]),
    ).toEqual([
      [second, "shop"],
      [first, "district"],
    ]);

    const refused = await suggest("not-an-id");
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "orderIds.0", message: "Not an order id" }]);
    const customer = await createUser();
    const url = `/api/admin/courier-suggestions?orderIds=${first}`;
    expect((await request(app).get(url)).status).toBe(401);
    expect((await request(app).get(url).set(bearer(customer.token))).status).toBe(403);
  });
});
