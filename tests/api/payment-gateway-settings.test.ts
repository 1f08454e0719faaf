import { randomBytes } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PaymentGatewaySettingsModel } from "../../models/payment-gateway-settings.model";
import { AuditEntry } from "../../models/audit-entry.model";
import { createApp } from "../../server/app";
import { resetBkashTokenForTests } from "../../server/integrations/bkash";
import { ENCRYPTION_KEY_MISSING } from "../../server/lib/secret-box";
import { invalidateProviderSettings } from "../../server/lib/provider-settings";
import { createLoadContext } from "../../server/load-context";
import { STALE_GATEWAY_SETTINGS } from "../../server/payments/settings";
import { sslCommerzCredentials } from "../../server/payments/sslcommerz-settings";
import { clearDatabase } from "../setup/db";
import { productionEnv, setEnv, withEnv } from "../setup/env";
import { bkashEnv, startBkashStub, type BkashStub } from "../stubs/bkash";
import { sslCommerzEnv, startSslCommerzStub, type SslCommerzStub } from "../stubs/sslcommerz";
import { shopperWithCart } from "../factories/cart";
import { bearer, createAdmin, createUser } from "../factories/user";

/**
 * The payment gateways' settings in the back office (docs/payments.md, "A gateway's settings"):
 * GET/PUT /api/admin/payment-gateways never answer a secret, store it sealed, log which fields
 * changed and never their secrets, refuse a stale save, keep the environment as the first-start
 * default, and the checkout offers exactly the gateways switched on and configured.
 */
let app: ReturnType<typeof createApp>;
let adminToken: string;
let bkash: BkashStub;
let ssl: SslCommerzStub;
let restoreEnv: () => void;

const TYPED_SECRET = "typed-bkash-app-secret-51c9";

beforeAll(async () => {
  bkash = await startBkashStub();
  ssl = await startSslCommerzStub();
  restoreEnv = setEnv({
    ...bkashEnv(bkash),
    ...sslCommerzEnv(ssl),
    PUBLIC_URL: "http://shop.test",
  });
  resetBkashTokenForTests();
  app = createApp();
});

afterAll(async () => {
  await bkash.close();
  await ssl.close();
  restoreEnv();
});

beforeEach(async () => {
  await clearDatabase();
  resetBkashTokenForTests();
  adminToken = (await createAdmin()).token;
});

const list = () => request(app).get("/api/admin/payment-gateways").set(bearer(adminToken));
const save = (id: string, body: Record<string, unknown>) =>
  request(app).put(`/api/admin/payment-gateways/${id}`).set(bearer(adminToken)).send(body);
type GatewayBody = Record<string, unknown> & { fields: Record<string, unknown>[] };
const gatewayOf = (body: { gateways: GatewayBody[] }, id: string) =>
  body.gateways.find((gateway) => gateway.id === id)!;
const fieldOf = (gateway: { fields: Record<string, unknown>[] }, name: string) =>
  gateway.fields.find((field) => field.name === name);
const rawDoc = async (id: string) =>
  (await PaymentGatewaySettingsModel.collection.findOne({ _id: id as never })) as unknown as {
    values: Record<string, unknown>;
    enabled: boolean;
    version: number;
  };
/** What the storefront's checkout offers. */
const checkoutMethods = () => createLoadContext("nonce").services.paymentMethods();

/** A signed-in shopper's bKash order and its payment started: bKash's page, or the refusal. */
async function startBkashPayment() {
  const { token } = await createUser();
  const { buyer } = await shopperWithCart(app, 1, token);
  const placed = await buyer.order({ paymentMethod: "BKASH" });
  return {
    placed,
    started: placed.status === 201 ? await buyer.post(`/api/payment/${placed.body._id}`) : null,
  };
}

describe("reading", () => {
  it("lists every gateway with configured, enabled and mode, and never a secret's value", async () => {
    const answer = await list().expect(200);
    expect(answer.body.gateways.map((gateway: GatewayBody) => gateway.id)).toEqual([
      "BKASH",
      "SSLCOMMERZ",
      "NAGAD",
    ]);
    // Nagad has none of its settings in this environment: listed, not configured.
    const nagadAnswer = gatewayOf(answer.body, "NAGAD");
    expect(nagadAnswer).toMatchObject({ name: "Nagad", configured: false, mode: "sandbox" });
    expect(nagadAnswer.fields.map((field) => [field.name, field.kind, field.set])).toEqual([
      ["mode", "choice", true],
      ["merchantId", "text", false],
      ["merchantPrivateKey", "secret", false],
      ["nagadPublicKey", "text", false],
    ]);
    const bkashAnswer = gatewayOf(answer.body, "BKASH");
    expect(bkashAnswer).toMatchObject({
      name: "bKash",
      configured: true,
      enabled: true,
      mode: "sandbox",
      version: 0,
    });
    expect(bkashAnswer.fields.map((field) => field.name)).toEqual([
      "mode",
      "appKey",
      "appSecret",
      "username",
      "password",
    ]);
    expect(fieldOf(bkashAnswer, "appSecret")).toEqual({
      name: "appSecret",
      label: "App secret",
      kind: "secret",
      env: "BKASH_APP_SECRET",
      set: true,
      source: "environment",
      unreadable: false,
    });
    expect(fieldOf(bkashAnswer, "mode")).toMatchObject({ options: ["sandbox", "live"] });
    expect(JSON.stringify(answer.body)).not.toContain(bkash.appSecret);
    expect(JSON.stringify(answer.body)).not.toContain(ssl.storePasswd);
  });

  it("is the back office's alone: a shopper gets 403, nobody signed in 401", async () => {
    const shopperToken = (await createUser()).token;
    await request(app).get("/api/admin/payment-gateways").set(bearer(shopperToken)).expect(403);
    await request(app)
      .put("/api/admin/payment-gateways/BKASH")
      .send({ enabled: false })
      .expect(401);
  });

  it("reads the mode from a live address in the environment", async () => {
    await withEnv({ BKASH_BASE_URL: "https://tokenized.pay.bka.sh/v1.2.0-beta/" }, async () => {
      expect(gatewayOf((await list()).body, "BKASH").mode).toBe("live");
    });
  });
});

describe("saving", () => {
  it("stores secrets sealed, answers and logs only that they are set, and pays with them", async () => {
    // bKash's credentials only in the back office: the environment names none.
    await withEnv(
      { BKASH_APP_KEY: "", BKASH_APP_SECRET: "", BKASH_USERNAME: "", BKASH_PASSWORD: "" },
      async () => {
        expect(gatewayOf((await list()).body, "BKASH").configured).toBe(false);
        expect(await checkoutMethods()).toEqual(["COD", "SSLCOMMERZ"]);

        const saved = await save("BKASH", {
          version: 0,
          fields: {
            appKey: bkash.appKey,
            appSecret: bkash.appSecret,
            username: bkash.username,
            password: bkash.password,
          },
        });
        expect(saved.status).toBe(200);
        expect(saved.body).toMatchObject({ id: "BKASH", configured: true, version: 1 });
        expect(fieldOf(saved.body, "appSecret")).toMatchObject({ set: true, source: "saved" });
        expect(fieldOf(saved.body, "username")).toMatchObject({ value: bkash.username });
        expect(JSON.stringify(saved.body)).not.toContain(bkash.appSecret);

        const raw = await rawDoc("BKASH");
        expect(raw.values.username).toBe(bkash.username);
        for (const name of ["appKey", "appSecret", "password"]) {
          expect(String(raw.values[name])).toMatch(/^v1\./);
          expect(JSON.stringify(raw)).not.toContain(bkash[name as "appKey"]);
        }

        const logged = await AuditEntry.find({ entity: "payment-gateway-settings" }).lean();
        expect(logged).toHaveLength(1);
        expect(logged[0]).toMatchObject({ entityId: "BKASH", label: "bKash", action: "update" });
        expect(logged[0]!.changes).toContainEqual({
          field: "paymentGateways.BKASH.appSecret",
          before: "not set",
          after: "set (new value)",
        });
        expect(logged[0]!.changes).toContainEqual({
          field: "paymentGateways.BKASH.username",
          before: null,
          after: bkash.username,
        });
        expect(JSON.stringify(logged)).not.toContain(bkash.appSecret);
        expect(JSON.stringify(logged)).not.toContain(bkash.password);

        expect(await checkoutMethods()).toEqual(["COD", "BKASH", "SSLCOMMERZ"]);
        const { started } = await startBkashPayment();
        expect(started?.status).toBe(200);
        expect(started?.body.gatewayUrl).toContain(bkash.url);
      },
    );
  });

  it("a secret left out or empty keeps its value, null clears it; the gateway is then not configured", async () => {
    await save("BKASH", { fields: { appSecret: TYPED_SECRET } }).expect(200);
    const sealed = (await rawDoc("BKASH")).values.appSecret;
    await save("BKASH", { fields: { appSecret: "", username: bkash.username } }).expect(200);
    expect((await rawDoc("BKASH")).values.appSecret).toBe(sealed);
    const cleared = await save("BKASH", { fields: { appSecret: null } }).expect(200);
    expect(cleared.body.configured).toBe(false);
    expect(fieldOf(cleared.body, "appSecret")).toMatchObject({ set: false, source: null });
    expect(await checkoutMethods()).toEqual(["COD", "SSLCOMMERZ"]);
  });

  it("refuses unknown gateways (404), unknown fields and bad values (400 naming them), changing nothing", async () => {
    expect((await save("NAGAD_OR_ANY", { enabled: false })).status).toBe(404);
    const refused = await save("SSLCOMMERZ", {
      fields: { storeSecret: "x", mode: "production", baseUrl: "https://attacker.example" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Check SSLCommerz's settings");
    expect(refused.body.errors).toEqual([
      { path: "fields.storeSecret", message: 'SSLCommerz has no setting "storeSecret"' },
      { path: "fields.mode", message: "Choose sandbox or live" },
      // The address is the environment's alone: credentials never go to a host an admin typed.
      { path: "fields.baseUrl", message: 'SSLCommerz has no setting "baseUrl"' },
    ]);
    expect(await PaymentGatewaySettingsModel.countDocuments()).toBe(0);
  });

  it("refuses a save naming an older version (409), changing nothing", async () => {
    await save("SSLCOMMERZ", { version: 0, enabled: false }).expect(200);
    const stale = await save("SSLCOMMERZ", { version: 0, enabled: true });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: STALE_GATEWAY_SETTINGS, code: "STALE_VERSION" });
    expect((await rawDoc("SSLCOMMERZ")).enabled).toBe(false);
  });

  it("switching a gateway off removes it from the checkout and new orders", async () => {
    const off = await save("BKASH", { enabled: false }).expect(200);
    expect(off.body).toMatchObject({ enabled: false, configured: true });
    expect(await checkoutMethods()).toEqual(["COD", "SSLCOMMERZ"]);
    const { placed } = await startBkashPayment();
    expect(placed.status).toBe(400);
    expect(placed.body.message).toBe("bKash payments are not available; choose cash on delivery");
    expect(
      (await AuditEntry.findOne({ entity: "payment-gateway-settings" }).lean())!.changes,
    ).toEqual([{ field: "paymentGateways.BKASH.enabled", before: true, after: false }]);
    await save("BKASH", { enabled: true }).expect(200);
    expect(await checkoutMethods()).toEqual(["COD", "BKASH", "SSLCOMMERZ"]);
  });

  it("the mode picks the gateway's own address unless the environment names another host", async () => {
    await save("SSLCOMMERZ", { fields: { mode: "live" } }).expect(200);
    // The stub's address (SSLCOMMERZ_BASE_URL) is not one of SSLCommerz's own: it stays in force.
    expect((await sslCommerzCredentials()).baseUrl).toBe(ssl.url);
    await withEnv({ SSLCOMMERZ_BASE_URL: "https://sandbox.sslcommerz.com" }, async () => {
      expect((await sslCommerzCredentials()).baseUrl).toBe("https://securepay.sslcommerz.com");
      await save("SSLCOMMERZ", { fields: { mode: "sandbox" } }).expect(200);
      expect((await sslCommerzCredentials()).baseUrl).toBe("https://sandbox.sslcommerz.com");
    });
  });
});

describe("the encryption key", () => {
  it("a key that does not open the saved secret: not set, flagged, not configured, not offered", async () => {
    const keyA = randomBytes(32).toString("base64");
    const keyB = randomBytes(32).toString("base64");
    await withEnv({ SETTINGS_ENCRYPTION_KEY: keyA }, async () => {
      invalidateProviderSettings();
      await save("BKASH", { fields: { appSecret: TYPED_SECRET } }).expect(200);
    });
    await withEnv({ SETTINGS_ENCRYPTION_KEY: keyB }, async () => {
      invalidateProviderSettings();
      const bkashAnswer = gatewayOf((await list()).body, "BKASH");
      expect(bkashAnswer.configured).toBe(false);
      expect(fieldOf(bkashAnswer, "appSecret")).toMatchObject({
        set: false,
        unreadable: true,
        source: null,
      });
      expect(await checkoutMethods()).toEqual(["COD", "SSLCOMMERZ"]);
    });
    invalidateProviderSettings();
  });

  it("production: a gateway switched to sandbox on its own address is not offered", async () => {
    const production = productionEnv({
      BKASH_BASE_URL: "https://tokenized.pay.bka.sh/v1.2.0-beta",
    });
    await withEnv(production, async () => {
      expect(gatewayOf((await list()).body, "BKASH")).toMatchObject({
        mode: "live",
        configured: true,
      });
      await save("BKASH", { fields: { mode: "sandbox" } }).expect(200);
      expect(gatewayOf((await list()).body, "BKASH")).toMatchObject({
        mode: "sandbox",
        configured: false,
      });
      expect(await checkoutMethods()).not.toContain("BKASH");
    });
  });

  it("production without a key: secrets are refused with a clear message, the switch is saved", async () => {
    const production = productionEnv({ ALLOW_SANDBOX_IN_PRODUCTION: "true" });
    await withEnv(production, async () => {
      expect((await list()).body.canStoreSecrets).toBe(false);
      const refused = await save("SSLCOMMERZ", { fields: { storePassword: TYPED_SECRET } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(ENCRYPTION_KEY_MISSING);
      expect(refused.body.errors).toEqual([
        { path: "fields.storePassword", message: ENCRYPTION_KEY_MISSING },
      ]);
      expect(await PaymentGatewaySettingsModel.countDocuments()).toBe(0);
      await save("SSLCOMMERZ", { enabled: false }).expect(200);
    });
  });
});
