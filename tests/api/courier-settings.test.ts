import { randomBytes } from "node:crypto";
import request from "supertest";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CourierSettingsModel } from "../../models/courier-settings.model";
import { Order } from "../../models/order.model";
import { AuditEntry } from "../../models/audit-entry.model";
import { createApp } from "../../server/app";
import { ENCRYPTION_KEY_MISSING } from "../../server/lib/secret-box";
import { invalidateCourierSettings } from "../../server/services/courier-settings.service";
import { clearDatabase } from "../setup/db";
import { productionEnv, withEnv } from "../setup/env";
import { captureLogLines } from "../setup/log-capture";
import { useCourierStubs } from "../setup/couriers";
import { bearer, createAdmin } from "../factories/user";
import { createOrder } from "../factories/order";
import type { PathaoStub } from "../stubs/pathao";
import type { SteadfastStub } from "../stubs/steadfast";
import type { RedxStub } from "../stubs/redx";

/**
 * The couriers' credentials and defaults in the database (docs/couriers.md, "Configuration"):
 * GET/PUT /api/admin/couriers never answer a secret, store it sealed (AES-256-GCM), log which
 * fields changed and never their secrets, book with what was saved, keep the environment as the
 * first-start default, and refuse bookings with a courier switched off.
 */
let app: ReturnType<typeof createApp>;
let adminToken: string;
let pathao: PathaoStub;
let steadfast: SteadfastStub;
let redx: RedxStub;
useCourierStubs((stubs) => ({ pathao, steadfast, redx } = stubs));
const logLines = captureLogLines();

beforeAll(() => {
  app = createApp();
});

beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
});

const list = () => request(app).get("/api/admin/couriers").set(bearer(adminToken));
const save = (id: string, body: Record<string, unknown>) =>
  request(app).put(`/api/admin/couriers/${id}`).set(bearer(adminToken)).send(body);
const ship = (orderId: unknown, courier: string) =>
  request(app)
    .post(`/api/admin/orders/${String(orderId)}/shipment`)
    .set(bearer(adminToken))
    .send({ courier });
type CourierBody = Record<string, unknown> & { fields: Record<string, unknown>[] };
const courierOf = (body: { couriers: CourierBody[] }, id: string) =>
  body.couriers.find((courier) => courier.id === id)!;
const fieldOf = (courier: { fields: Record<string, unknown>[] }, name: string) =>
  courier.fields.find((field) => field.name === name);
/** An order RedX's stub has an area for (Dhaka, Banani). */
const redxOrder = async (lines?: { quantity: number }[]) => {
  const order = await createOrder({ orderStatus: "CONFIRMED", lines });
  await Order.updateOne({ _id: order._id }, { $set: { "shippingAddress.zone": "Banani" } });
  return order;
};
const rawDoc = async (id: string) =>
  (await CourierSettingsModel.collection.findOne({ _id: id as never })) as unknown as {
    values: Record<string, unknown>;
    enabled: boolean;
  };

/** Secrets typed in these tests: none may appear in an answer, the settings log or the shop's log. */
const TYPED_SECRETS = [
  "typed-steadfast-api-key-7f3a",
  "typed-steadfast-secret-9c1d",
  "typed-redx-token-4e8b",
];
function expectNoSecretIn(text: string) {
  for (const secret of [
    ...TYPED_SECRETS,
    steadfast.apiKey,
    steadfast.secretKey,
    redx.token,
    pathao.clientSecret,
    pathao.password,
  ])
    expect(text).not.toContain(secret);
}

describe("reading", () => {
  it("lists every courier with each field set or not, where it comes from, and no secret's value", async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body.canStoreSecrets).toBe(true);
    const steadfastAnswer = courierOf(answer.body, "steadfast");
    expect(steadfastAnswer).toMatchObject({ configured: true, enabled: true, updatedAt: null });
    // First start: the environment's values, answered as set, never shown.
    expect(steadfastAnswer.fields).toEqual([
      {
        name: "apiKey",
        label: "API key",
        kind: "secret",
        env: "STEADFAST_API_KEY",
        set: true,
        source: "environment",
        unreadable: false,
      },
      {
        name: "secretKey",
        label: "Secret key",
        kind: "secret",
        env: "STEADFAST_SECRET_KEY",
        set: true,
        source: "environment",
        unreadable: false,
      },
    ]);
    const pathaoAnswer = courierOf(answer.body, "pathao");
    expect(fieldOf(pathaoAnswer, "storeId")).toMatchObject({
      kind: "number",
      set: true,
      source: "environment",
      value: pathao.storeId,
    });
    expect(fieldOf(pathaoAnswer, "itemWeightKg")).toMatchObject({
      set: false,
      source: null,
      value: null,
    });
    for (const courier of answer.body.couriers as { fields: Record<string, unknown>[] }[])
      for (const field of courier.fields.filter((entry) => entry.kind === "secret"))
        expect(field).not.toHaveProperty("value");
    expectNoSecretIn(JSON.stringify(answer.body));
    expect((await request(app).get("/api/admin/couriers")).status).toBe(401);
  });
});

describe("saving", () => {
  it("stores secrets sealed, answers and logs only that they are set, and books with them", async () => {
    await withEnv(
      { STEADFAST_API_KEY: "env-key-the-stub-refuses", STEADFAST_SECRET_KEY: "env-secret-x" },
      async () => {
        const order = await createOrder({ orderStatus: "CONFIRMED" });
        // The environment's keys are wrong: Steadfast refuses them.
        const refused = await ship(order._id, "steadfast");
        expect(refused.status).toBe(422);
        expect(refused.body.errors).toEqual([
          { path: "courier", message: "Steadfast refused the shop's credentials; check them" },
        ]);

        const saved = await save("steadfast", {
          fields: { apiKey: steadfast.apiKey, secretKey: steadfast.secretKey },
        });
        expect(saved.status).toBe(200);
        expect(saved.body).toMatchObject({ id: "steadfast", configured: true, enabled: true });
        expect(saved.body.fields.map((field: { source: string }) => field.source)).toEqual([
          "saved",
          "saved",
        ]);
        expectNoSecretIn(JSON.stringify(saved.body));

        // At rest: sealed values, not the plaintext.
        const raw = await rawDoc("steadfast");
        for (const [name, plaintext] of [
          ["apiKey", steadfast.apiKey],
          ["secretKey", steadfast.secretKey],
        ] as const) {
          expect(raw.values[name]).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
          expect(String(raw.values[name])).not.toContain(plaintext);
        }
        expect(JSON.stringify(raw)).not.toContain(steadfast.apiKey);

        // The booking uses the saved keys (the stub checks both headers).
        const booked = await ship(order._id, "steadfast");
        expect(booked.status).toBe(200);
        expect(steadfast.consignments).toHaveLength(1);
      },
    );

    // The settings log: which fields changed, never the secrets.
    const changes = await request(app).get("/api/admin/settings/changes").set(bearer(adminToken));
    expect(changes.body.changes[0].fields).toEqual([
      { path: "couriers.steadfast.apiKey", before: "set", after: "set (new value)" },
      { path: "couriers.steadfast.secretKey", before: "set", after: "set (new value)" },
    ]);
    expectNoSecretIn(JSON.stringify(changes.body));
    expectNoSecretIn(JSON.stringify(await AuditEntry.find().lean()));
    expectNoSecretIn(logLines.join("\n"));
    expectNoSecretIn(JSON.stringify((await list()).body));
  });

  it("keeps a secret left out or empty, clears one sent as null, and saves defaults as values", async () => {
    await save("redx", { fields: { apiToken: TYPED_SECRETS[2], pickupStoreId: 77 } }).expect(200);
    const kept = await save("redx", { fields: { apiToken: "", itemWeightKg: 0.25 } });
    expect(kept.status).toBe(200);
    expect(fieldOf(kept.body, "apiToken")).toMatchObject({ set: true, source: "saved" });
    expect(fieldOf(kept.body, "pickupStoreId")).toMatchObject({ value: 77, source: "saved" });
    expect(fieldOf(kept.body, "itemWeightKg")).toMatchObject({ value: 0.25, source: "saved" });
    expect((await rawDoc("redx")).values).toMatchObject({ pickupStoreId: 77, itemWeightKg: 0.25 });

    const cleared = await save("redx", { fields: { apiToken: null } });
    expect(cleared.body).toMatchObject({ configured: false });
    // Cleared on purpose: the environment's token is not read again.
    expect(fieldOf(cleared.body, "apiToken")).toMatchObject({ set: false, source: null });
    const order = await createOrder({ orderStatus: "CONFIRMED" });
    const refused = await ship(order._id, "redx");
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: "courier", message: "RedX is not configured (enter its API token under Couriers)" },
    ]);

    const logged = (
      await AuditEntry.find({ entity: "courier-settings" }).sort({ at: 1 }).lean()
    ).map((entry) => entry.changes);
    expect(logged).toEqual([
      [
        { field: "couriers.redx.apiToken", before: "set", after: "set (new value)" },
        { field: "couriers.redx.pickupStoreId", before: null, after: 77 },
      ],
      [{ field: "couriers.redx.itemWeightKg", before: null, after: 0.25 }],
      [{ field: "couriers.redx.apiToken", before: "set", after: "not set" }],
    ]);
  });

  it("books with the saved defaults: RedX's pickup store and item weight, Pathao's credentials", async () => {
    await save("redx", { fields: { pickupStoreId: 4321, itemWeightKg: 0.6 } }).expect(200);
    const order = await redxOrder([{ quantity: 2 }]);
    await ship(order._id, "redx").expect(200);
    expect(redx.parcels[0]).toMatchObject({ pickup_store_id: 4321, parcel_weight: 1200 });

    await withEnv({ PATHAO_CLIENT_SECRET: "env-secret-pathao-refuses" }, async () => {
      const pathaoOrder = await createOrder({ orderStatus: "CONFIRMED" });
      const refused = await ship(pathaoOrder._id, "pathao");
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([
        { path: "courier", message: "Pathao refused the shop's credentials; check them" },
      ]);
      await save("pathao", { fields: { clientSecret: pathao.clientSecret } }).expect(200);
      await ship(pathaoOrder._id, "pathao").expect(200);
      expect(pathao.orders).toHaveLength(1);
    });
  });

  it("refuses unknown couriers (404), unknown fields and bad values (400 naming them), changing nothing", async () => {
    const unknown = await save("sundarban", { enabled: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('There is no courier "sundarban"');

    const bad = await save("redx", {
      fields: { apiToken: "x".repeat(10), pickupStoreId: -3, itemWeightKg: 40, color: "red" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Check RedX's settings");
    expect(bad.body.errors).toEqual([
      { path: "fields.pickupStoreId", message: "Enter a number above 0" },
      { path: "fields.itemWeightKg", message: "Enter at most 10" },
      { path: "fields.color", message: 'RedX has no setting "color"' },
    ]);
    const wrongType = await save("pathao", { fields: { storeId: "twelve" } });
    expect(wrongType.body.errors).toEqual([{ path: "fields.storeId", message: "Enter a number" }]);
    const extra = await save("pathao", { enable: true });
    expect(extra.status).toBe(400);
    expect(await CourierSettingsModel.countDocuments()).toBe(0);
    expect(await AuditEntry.countDocuments({ entity: "shop-settings" })).toBe(0);
  });
});

describe("the environment as first-start default", () => {
  it("is read for fields never saved, and ignored for a field once saved", async () => {
    await withEnv({ REDX_PICKUP_STORE_ID: "55" }, async () => {
      const before = courierOf((await list()).body, "redx");
      expect(fieldOf(before, "pickupStoreId")).toMatchObject({ value: 55, source: "environment" });
      await save("redx", { fields: { pickupStoreId: 56 } }).expect(200);
    });
    await withEnv({ REDX_PICKUP_STORE_ID: "57" }, async () => {
      const after = courierOf((await list()).body, "redx");
      expect(fieldOf(after, "pickupStoreId")).toMatchObject({ value: 56, source: "saved" });
      // The token was never saved: still the environment's.
      expect(fieldOf(after, "apiToken")).toMatchObject({ set: true, source: "environment" });
      const order = await redxOrder();
      await ship(order._id, "redx").expect(200);
      expect(redx.parcels[0]).toMatchObject({ pickup_store_id: 56 });
    });
  });
});

describe("switching a courier off", () => {
  it("refuses its bookings with a 400 naming courier, and is logged; switched on, it books", async () => {
    const off = await save("steadfast", { enabled: false });
    expect(off.body).toMatchObject({ enabled: false, configured: true });
    expect(courierOf((await list()).body, "steadfast").enabled).toBe(false);
    const order = await createOrder({ orderStatus: "CONFIRMED" });
    const refused = await ship(order._id, "steadfast");
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        path: "courier",
        message: "Steadfast is switched off: switch it on under Couriers to book with it",
      },
    ]);
    const bulk = await request(app)
      .post("/api/admin/shipments")
      .set(bearer(adminToken))
      .send({ orderIds: [String(order._id)], courier: "steadfast" });
    expect(bulk.status).toBe(400);
    expect(steadfast.consignments).toHaveLength(0);

    await save("steadfast", { enabled: true }).expect(200);
    await ship(order._id, "steadfast").expect(200);
    const logged = (
      await AuditEntry.find({ entity: "courier-settings" }).sort({ at: 1 }).lean()
    ).map((entry) => entry.changes);
    expect(logged).toEqual([
      [{ field: "couriers.steadfast.enabled", before: true, after: false }],
      [{ field: "couriers.steadfast.enabled", before: false, after: true }],
    ]);
  });
});

describe("Pathao switched off", () => {
  it("no longer prices the checkout or lists its cities; its saved store id prices once on", async () => {
    const price = () =>
      request(app).post("/api/pathao/price-plan").send({ city: "Dhaka", zone: "Gulshan" });
    expect((await price()).body.source).toBe("pathao");
    await save("pathao", { enabled: false }).expect(200);
    expect((await price()).body).toEqual({ deliveryCharge: 60, source: "builtin" });
    expect((await request(app).get("/api/pathao/cities")).body.source).toBe("builtin");
    await save("pathao", { enabled: true, fields: { storeId: 909 } }).expect(200);
    expect((await price()).body.source).toBe("pathao");
    expect(pathao.pricePlans.at(-1)).toMatchObject({ store_id: 909 });
  });
});

describe("the encryption key", () => {
  const keyA = randomBytes(32).toString("base64");
  const keyB = randomBytes(32).toString("hex");

  it("rotation: a value sealed with the previous key is read and sealed again with the new one", async () => {
    // Keys change with a restart; here the opened copies are forgotten instead.
    const withKeys = async (keys: Record<string, string>, body: () => Promise<void>) => {
      invalidateCourierSettings();
      await withEnv(keys, body);
    };
    await withKeys({ SETTINGS_ENCRYPTION_KEY: keyA }, async () => {
      await save("steadfast", { fields: { apiKey: TYPED_SECRETS[0] } }).expect(200);
    });
    const sealedWithA = String((await rawDoc("steadfast")).values.apiKey);

    // The new key alone does not open it: not set, flagged, and the environment is not read.
    await withKeys({ SETTINGS_ENCRYPTION_KEY: keyB }, async () => {
      const steadfastAnswer = courierOf((await list()).body, "steadfast");
      expect(steadfastAnswer.configured).toBe(false);
      expect(fieldOf(steadfastAnswer, "apiKey")).toMatchObject({
        set: false,
        unreadable: true,
        source: null,
      });
    });

    await withKeys(
      { SETTINGS_ENCRYPTION_KEY: keyB, SETTINGS_ENCRYPTION_KEY_PREVIOUS: keyA },
      async () => {
        expect(courierOf((await list()).body, "steadfast").configured).toBe(true);
        const resealed = String((await rawDoc("steadfast")).values.apiKey);
        expect(resealed.split(".")[1]).not.toBe(sealedWithA.split(".")[1]);
      },
    );
    // Key A is no longer needed.
    await withKeys({ SETTINGS_ENCRYPTION_KEY: keyB }, async () => {
      const steadfastAnswer = courierOf((await list()).body, "steadfast");
      expect(fieldOf(steadfastAnswer, "apiKey")).toMatchObject({ set: true, unreadable: false });
    });
    invalidateCourierSettings();
  });

  it("a sealed value moved into another field does not open there", async () => {
    await save("steadfast", { fields: { apiKey: TYPED_SECRETS[0] } }).expect(200);
    const sealed = (await rawDoc("steadfast")).values.apiKey;
    await CourierSettingsModel.collection.updateOne(
      { _id: "steadfast" as never },
      { $set: { "values.secretKey": sealed }, $inc: { version: 1 } },
    );
    invalidateCourierSettings();
    const steadfastAnswer = courierOf((await list()).body, "steadfast");
    expect(fieldOf(steadfastAnswer, "secretKey")).toMatchObject({ unreadable: true, set: false });
    expect(fieldOf(steadfastAnswer, "apiKey")).toMatchObject({ unreadable: false, set: true });
  });

  it("production without a key: secrets are refused with a clear message, other fields are saved", async () => {
    const production = productionEnv();
    await withEnv(production, async () => {
      expect((await list()).body.canStoreSecrets).toBe(false);
      const refused = await save("redx", { fields: { apiToken: TYPED_SECRETS[2] } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(ENCRYPTION_KEY_MISSING);
      expect(refused.body.message).toBe(
        "Credentials cannot be stored: SETTINGS_ENCRYPTION_KEY is not set on the server (docs/operations.md)",
      );
      expect(refused.body.errors).toEqual([
        { path: "fields.apiToken", message: ENCRYPTION_KEY_MISSING },
      ]);
      expect(await CourierSettingsModel.countDocuments()).toBe(0);
      await save("redx", { fields: { pickupStoreId: 9 }, enabled: false }).expect(200);
      expect((await rawDoc("redx")).values).toEqual({ pickupStoreId: 9 });
    });
  });
});
