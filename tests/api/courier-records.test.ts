import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CourierRecordModel } from "../../models/courier-record.model";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import { ADVANCE_METHOD_REQUIRED } from "../../server/services/advance-delivery-charge.service";
import {
  COURIER_RECORD_MAX_AGE_MS,
  isPoorRecord,
  purgeOldCourierRecords,
} from "../../server/services/courier-records.service";
import { ADVANCE_REQUIRED_CODE } from "#contract/advance-delivery-charge";
import { MOBILE_MESSAGES } from "#contract/phone";
import type { CourierRecordSettings } from "#contract/schemas/shop-settings";
import {
  PHONE_CONFIRMATION_REQUIRED_CODE,
  PHONE_CONFIRMATION_REQUIRED_MESSAGE,
} from "#contract/schemas/orders";
import { shippingAddress } from "../factories/address";
import { shopperWithCart } from "../factories/cart";
import { changeShopSettings } from "../factories/shop-settings";
import { bearer, createAdmin, createUser } from "../factories/user";
import { useSteadfastStub } from "../setup/couriers";
import { clearDatabase } from "../setup/db";
import { setEnv, withEnv } from "../setup/env";
import { bkashEnv, startBkashStub, type BkashStub } from "../stubs/bkash";
import type { SteadfastStub } from "../stubs/steadfast";

/**
 * A number's delivery record in the couriers' networks (Steadfast's fraud check, through its local
 * stub): `GET /api/admin/phones/{phone}` answers each courier's record with its state (`ok`,
 * `unavailable`, never zero; `not_configured`), kept a day; and what a poor record asks of a
 * cash-on-delivery order at placement (the phone code, the advance, or nothing), never when the
 * record could not be read (docs/cod.md, "The couriers' record of a number").
 */
let app: ReturnType<typeof createApp>;
let adminToken: string;
let steadfast: SteadfastStub;
let bkash: BkashStub;
let restoreEnv: () => void;
useSteadfastStub((stub) => (steadfast = stub));

const PHONE = "01712345678";

beforeAll(async () => {
  bkash = await startBkashStub();
  // A shorter wait for the courier than the default 2.5 s, so the slow case is quick.
  restoreEnv = setEnv({ ...bkashEnv(bkash), COURIER_RECORD_TIMEOUT_MS: "1000" });
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

const history = (phone: string) =>
  request(app)
    .get(`/api/admin/phones/${encodeURIComponent(phone)}`)
    .set(bearer(adminToken));

const couriersOf = async (phone: string) => {
  const answer = await history(phone);
  expect(answer.status).toBe(200);
  return answer.body.couriers as Record<string, unknown>[];
};

const UNREAD = {
  courier: "steadfast",
  delivered: null,
  cancelled: null,
  state: "unavailable",
} as const;

describe("GET /api/admin/phones/{phone}: the couriers' record", () => {
  it("answers Steadfast's fraud check beside the shop's own counts, for the number however it was written", async () => {
    steadfast.records[PHONE] = { delivered: 12, cancelled: 3 };
    const before = Date.now();
    const answer = await history("+880 1712-345678");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      phone: PHONE,
      level: "new",
      counts: { delivered: 0, returned: 0, cancelled: 0, open: 0 },
    });
    expect(answer.body.couriers).toEqual([
      {
        courier: "steadfast",
        delivered: 12,
        cancelled: 3,
        state: "ok",
        checkedAt: expect.any(String),
      },
    ]);
    expect(Date.parse(answer.body.couriers[0].checkedAt)).toBeGreaterThanOrEqual(before - 1000);
    // Steadfast was asked for the number in the one form it takes.
    expect(steadfast.fraudChecks).toEqual([PHONE]);
  });

  it("keeps an answer a day: asked again only after that, and purged by the job", async () => {
    steadfast.records[PHONE] = { delivered: 4, cancelled: 1 };
    const first = await couriersOf(PHONE);
    steadfast.records[PHONE] = { delivered: 5, cancelled: 1 };
    // Another written form of the number: the same entry.
    expect(await couriersOf("8801712345678")).toEqual(first);
    expect(steadfast.fraudChecks).toEqual([PHONE]);

    // A day later the entry is too old to use: Steadfast is asked again.
    const dayAgo = new Date(Date.now() - COURIER_RECORD_MAX_AGE_MS - 60_000);
    await CourierRecordModel.updateOne({ phone: PHONE }, { $set: { checkedAt: dayAgo } });
    const again = await couriersOf(PHONE);
    expect(again[0]).toMatchObject({ delivered: 5, cancelled: 1, state: "ok" });
    expect(steadfast.fraudChecks).toEqual([PHONE, PHONE]);
    expect(await CourierRecordModel.countDocuments({ phone: PHONE })).toBe(1);

    await CourierRecordModel.create({
      phone: "01812345678",
      courier: "steadfast",
      delivered: 1,
      cancelled: 0,
      checkedAt: dayAgo,
    });
    expect(await purgeOldCourierRecords()).toBe(1);
    expect(await CourierRecordModel.countDocuments()).toBe(1);
  });

  it.each([
    ["answers 500", "error"],
    ["answers without the counts", "garbled"],
  ] as const)(
    "says unavailable, never zero, when Steadfast %s, and asks again next time",
    async (_what, failure) => {
      steadfast.fraudCheckFails = failure;
      const [record] = await couriersOf(PHONE);
      expect(record).toEqual({ ...UNREAD, checkedAt: expect.any(String) });
      expect(await CourierRecordModel.countDocuments()).toBe(0);
      steadfast.fraudCheckFails = null;
      steadfast.records[PHONE] = { delivered: 7, cancelled: 0 };
      expect((await couriersOf(PHONE))[0]).toMatchObject({ delivered: 7, state: "ok" });
      expect(steadfast.fraudChecks).toEqual([PHONE, PHONE]);
    },
  );

  it("does not wait longer than COURIER_RECORD_TIMEOUT_MS for a slow Steadfast", async () => {
    steadfast.fraudCheckFails = "slow";
    steadfast.slowMs = 5000;
    const started = Date.now();
    const [record] = await couriersOf(PHONE);
    expect(Date.now() - started).toBeLessThan(3500);
    expect(record).toEqual({ ...UNREAD, checkedAt: expect.any(String) });
  });

  it("says not_configured, and asks nobody, without Steadfast's keys", async () => {
    await withEnv({ STEADFAST_API_KEY: "" }, async () => {
      expect(await couriersOf(PHONE)).toEqual([
        {
          courier: "steadfast",
          delivered: null,
          cancelled: null,
          state: "not_configured",
          checkedAt: null,
        },
      ]);
    });
    expect(steadfast.fraudChecks).toEqual([]);
  });

  it("is for admins only, and refuses what is no mobile number before asking anyone", async () => {
    const customer = await createUser();
    expect((await request(app).get(`/api/admin/phones/${PHONE}`)).status).toBe(401);
    expect(
      (await request(app).get(`/api/admin/phones/${PHONE}`).set(bearer(customer.token))).status,
    ).toBe(403);
    const invalid = await history("12345");
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([
      { path: "phone", message: MOBILE_MESSAGES.notStartingWith01 },
    ]);
    expect(steadfast.fraudChecks).toEqual([]);
  });
});

describe("the rule for a poor record", () => {
  const rule = { successRateBelow: 70, minParcels: 5 };
  const ok = (delivered: number, cancelled: number) => ({
    courier: "steadfast" as const,
    delivered,
    cancelled,
    state: "ok" as const,
    checkedAt: new Date().toISOString(),
  });
  it.each([
    ["60% of 5 parcels", true, [ok(3, 2)]],
    ["exactly 70% (not below)", false, [ok(7, 3)]],
    ["4 parcels (too few to judge)", false, [ok(1, 3)]],
    ["no parcels", false, [ok(0, 0)]],
    ["a record not read", false, [{ ...UNREAD, checkedAt: null }]],
  ])("%s: poor is %s", (_what, poor, records) => {
    expect(isPoorRecord(records, rule)).toBe(poor);
  });
});

describe("what a poor record asks at placement", () => {
  async function courierRecordRule(rule: CourierRecordSettings) {
    await changeShopSettings((settings) => {
      settings.cod.courierRecord = rule;
    });
  }
  const placeCod = async (body: Record<string, unknown> = {}) => {
    const { buyer } = await shopperWithCart(app, 1);
    return buyer.order({ shippingAddress: shippingAddress({ mobile: PHONE }), ...body });
  };
  const POOR = { delivered: 2, cancelled: 6 };

  it("asks nothing, and asks Steadfast nothing, while the setting is `none` (the default)", async () => {
    steadfast.records[PHONE] = POOR;
    expect((await placeCod()).status).toBe(201);
    expect(steadfast.fraudChecks).toEqual([]);
  });

  it("`phoneCode`: a poor record needs the phone's code (428, nothing taken); a good one does not", async () => {
    await courierRecordRule({ action: "phoneCode", successRateBelow: 70, minParcels: 5 });
    steadfast.records[PHONE] = POOR;
    const refused = await placeCod();
    expect(refused.status).toBe(428);
    expect(refused.body).toEqual({
      message: PHONE_CONFIRMATION_REQUIRED_MESSAGE,
      code: PHONE_CONFIRMATION_REQUIRED_CODE,
    });
    expect(await Order.countDocuments()).toBe(0);

    steadfast.records["01812345678"] = { delivered: 20, cancelled: 2 };
    const { buyer } = await shopperWithCart(app, 1);
    const placed = await buyer.order({
      shippingAddress: shippingAddress({ mobile: "01812345678" }),
    });
    expect(placed.status).toBe(201);
  });

  it("`advance`: a poor record pays the delivery charge online first; the shopper is not told why", async () => {
    await courierRecordRule({ action: "advance", successRateBelow: 70, minParcels: 5 });
    steadfast.records[PHONE] = POOR;
    const refused = await placeCod();
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: ADVANCE_METHOD_REQUIRED,
      code: ADVANCE_REQUIRED_CODE,
      errors: [{ path: "advancePaymentMethod", message: ADVANCE_METHOD_REQUIRED }],
    });
    expect(await Order.countDocuments()).toBe(0);

    const placed = await placeCod({ advancePaymentMethod: "BKASH" });
    expect(placed.status).toBe(201);
    expect(placed.body.orderStatus).toBe("PENDING");
    // The shopper's answer names no reason; the back office's does.
    expect(placed.body.advanceDeliveryCharge).toMatchObject({ amount: 60, reasons: [] });
    const stored = await Order.findById(placed.body._id).lean();
    expect(stored!.advanceDeliveryCharge).toMatchObject({
      amount: 60,
      method: "BKASH",
      reasons: ["courierRecord"],
    });
    // The record was read once for both attempts (kept a day).
    expect(steadfast.fraudChecks).toEqual([PHONE]);
  });

  it.each([
    ["answers 500", "error"],
    ["is slower than the wait", "slow"],
  ] as const)(
    "asks nothing when Steadfast %s: the order is placed as usual",
    async (_what, failure) => {
      await courierRecordRule({ action: "phoneCode", successRateBelow: 70, minParcels: 5 });
      steadfast.records[PHONE] = POOR;
      steadfast.fraudCheckFails = failure;
      steadfast.slowMs = 5000;
      const started = Date.now();
      const placed = await placeCod();
      expect(placed.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(4000);
      expect(steadfast.fraudChecks).toEqual([PHONE]);
    },
  );
});
