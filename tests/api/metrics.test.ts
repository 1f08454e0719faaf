import { readFileSync } from "node:fs";
import mongoose from "mongoose";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import { ConfigError, parseEnv, resetEnvForTests } from "../../server/env";
import { resetBkashTokenForTests } from "../../server/integrations/bkash";
import { listZones, resetPathaoTokenForTests } from "../../server/integrations/pathao";
import { PAGE_ROUTE } from "../../server/lib/metrics";
import { expirePendingOrders } from "../../server/services/orders.service";
import { reserveStock } from "../../server/services/stock.service";
import { createAdmin } from "../factories/user";
import { shopper, shopperWithCart } from "../factories/cart";
import { createProduct, TEST_SALE } from "../factories/product";
import { bkashEnv, startBkashStub, type BkashStub } from "../stubs/bkash";
import { setEnv } from "../setup/env";
import { pathaoEnv, STUB_CITIES, startPathaoStub, type PathaoStub } from "../stubs/pathao";
import { smsEnv, startSmsGatewayStub, type SmsGatewayStub } from "../stubs/sms-gateway";

const TOKEN = "metrics-token-for-the-operator-0123";
const SHOP = "http://shop.test";

let app: ReturnType<typeof createApp>;
let bkash: BkashStub;
let sms: SmsGatewayStub;
let pathao: PathaoStub;
let restoreEnv: () => void;

function usePathaoAt(baseUrl: string) {
  process.env.PATHAO_BASE_URL = baseUrl;
  resetEnvForTests();
  resetPathaoTokenForTests();
}

beforeAll(async () => {
  [bkash, sms, pathao] = await Promise.all([
    startBkashStub(),
    startSmsGatewayStub(),
    startPathaoStub(),
  ]);
  restoreEnv = setEnv({
    METRICS_TOKEN: TOKEN,
    PUBLIC_URL: SHOP,
    ...bkashEnv(bkash),
    ...smsEnv(sms),
    ...pathaoEnv(pathao),
  });
  usePathaoAt(pathao.url);
  resetBkashTokenForTests();
  app = createApp();
});

afterAll(async () => {
  await Promise.all([bkash.close(), sms.close(), pathao.close()]);
  restoreEnv();
});

/** The exposition text, as Prometheus scrapes it. */
async function scrape(): Promise<string> {
  const answer = await request(app).get("/metrics").set("Authorization", `Bearer ${TOKEN}`);
  expect(answer.status).toBe(200);
  expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.text;
}

/** The sample lines of one metric whose labels include every given pair. */
function samples(text: string, name: string, labels: Record<string, string> = {}): string[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) =>
      Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)),
    );
}

/** The value of the one series of `name` with these labels; 0 when it does not exist yet. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const lines = samples(text, name, labels);
  expect(lines.length).toBeLessThanOrEqual(1);
  return lines.length ? Number(lines[0]!.split(" ").at(-1)) : 0;
}

describe("GET /metrics: the operator's token only", () => {
  it("answers 401 without a token and with a wrong one, never showing a metric", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-wrong-token-0123", TOKEN]) {
      const call = request(app).get("/metrics");
      const answer = await (authorization ? call.set("Authorization", authorization) : call);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: "Unauthorized", code: "UNAUTHORIZED" });
      expect(answer.text).not.toContain("tweest_");
    }
  });

  it("answers 401 to everyone, the old token too, when no token is configured", async () => {
    delete process.env.METRICS_TOKEN;
    resetEnvForTests();
    try {
      for (const authorization of ["Bearer ", `Bearer ${TOKEN}`, "Bearer undefined"]) {
        const answer = await request(app).get("/metrics").set("Authorization", authorization);
        expect(answer.status).toBe(401);
      }
    } finally {
      process.env.METRICS_TOKEN = TOKEN;
      resetEnvForTests();
    }
  });

  it("refuses a token shorter than 24 characters at start-up", () => {
    expect(() => parseEnv({ METRICS_TOKEN: "short-token" })).toThrow(ConfigError);
    expect(parseEnv({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
  });

  it("with the token: the shop's metrics, the database ping and the process's own", async () => {
    const text = await scrape();
    for (const name of [
      "tweest_http_requests_total",
      "tweest_http_request_duration_seconds",
      "tweest_orders_placed_total",
      "tweest_orders_cancelled_total",
      "tweest_payment_outcomes_total",
      "tweest_sms_sends_total",
      "tweest_courier_calls_total",
      "tweest_conditional_writes_lost_total",
      "tweest_db_ping_duration_seconds",
      "tweest_db_up",
      "tweest_db_ping_seconds",
      "nodejs_eventloop_lag_seconds",
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
    ])
      expect(text).toContain(`# TYPE ${name} `);
    expect(value(text, "tweest_db_up")).toBe(1);
    expect(value(text, "tweest_db_ping_duration_seconds_count")).toBeGreaterThanOrEqual(1);
  });
});

describe("the sample Grafana dashboard", () => {
  it("queries only metrics that /metrics exports", async () => {
    const dashboard = readFileSync("docs/grafana-dashboard.json", "utf8");
    const exported = await scrape();
    const names = new Set(dashboard.match(/\b(?:tweest|nodejs|process)_\w+/g));
    expect(names.size).toBeGreaterThan(10);
    for (const name of names)
      expect(exported, name).toContain(`# TYPE ${name.replace(/_(bucket|count|sum)$/, "")} `);
  });
});

describe("HTTP series are per route template", () => {
  it("counts two different order ids under one /api/orders/:id series, ids nowhere", async () => {
    const ids = [new mongoose.Types.ObjectId(), new mongoose.Types.ObjectId()].map(String);
    const series = { route: "/api/orders/:id", method: "GET", status_class: "4xx" };
    const before = value(await scrape(), "tweest_http_requests_total", series);
    for (const id of ids) {
      const answer = await request(app).get(`/api/orders/${id}`);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    const text = await scrape();
    expect(samples(text, "tweest_http_requests_total", { route: "/api/orders/:id" })).toHaveLength(
      1,
    );
    expect(value(text, "tweest_http_requests_total", series)).toBe(before + 2);
    expect(
      value(text, "tweest_http_request_duration_seconds_count", series),
    ).toBeGreaterThanOrEqual(2);
    for (const id of ids) expect(text).not.toContain(id);
  });

  it("puts every unknown path under one label", async () => {
    const paths = ["/api/nothing-here-a1b2c3", "/api/nothing-here-d4e5f6"];
    for (const path of paths) expect((await request(app).get(path)).status).toBe(404);
    const text = await scrape();
    expect(
      value(text, "tweest_http_requests_total", { route: "unmatched", status_class: "4xx" }),
    ).toBeGreaterThanOrEqual(2);
    for (const path of paths) expect(text).not.toContain(path);
  });
});

describe("route labels", () => {
  it("labels storefront pages as one route, and a route's params by their names", async () => {
    const before = await scrape();
    const pages = { route: PAGE_ROUTE, method: "GET" };
    const cartLine = { route: "/api/cart/update/:cartItemId", method: "PUT" };
    await request(app).get("/products/blue-tee-1a2b?size=M");
    await request(app).put("/api/cart/update/42").send({ quantity: 1 });
    const after = await scrape();
    const count = (text: string, labels: Record<string, string>) =>
      samples(text, "tweest_http_requests_total", labels).reduce(
        (sum, line) => sum + Number(line.split(" ").at(-1)),
        0,
      );
    expect(count(after, pages)).toBe(count(before, pages) + 1);
    expect(count(after, cartLine)).toBe(count(before, cartLine) + 1);
    expect(after).not.toContain("blue-tee-1a2b");
  });
});

describe("orders, payments, SMS, courier and lost conditional writes", () => {
  it("counts an order placed and cancelled by its payment method, and its SMS", async () => {
    const { token } = await createAdmin();
    const product = await createProduct();
    const before = await scrape();
    const guest = shopper(app);
    await guest.add(product._id, "Black", "M", 1);
    const placed = await guest.order({ paymentMethod: "COD" });
    expect(placed.status).toBe(201);
    const cancelled = await request(app)
      .put(`/api/admin/orders/${placed.body._id}/cancelled`)
      .set("Authorization", `Bearer ${token}`);
    expect(cancelled.status).toBe(200);
    // Both SMS (placed, cancelled) go out in the background.
    await expect.poll(() => sms.messages.length).toBeGreaterThanOrEqual(2);
    const after = await scrape();
    const placedCod = { payment_method: "COD" };
    const cancelledCod = { payment_method: "COD", by: "admin" };
    expect(value(after, "tweest_orders_placed_total", placedCod)).toBe(
      value(before, "tweest_orders_placed_total", placedCod) + 1,
    );
    expect(value(after, "tweest_orders_cancelled_total", cancelledCod)).toBe(
      value(before, "tweest_orders_cancelled_total", cancelledCod) + 1,
    );
    await expect
      .poll(async () => value(await scrape(), "tweest_sms_sends_total", { outcome: "sent" }))
      .toBe(value(before, "tweest_sms_sends_total", { outcome: "sent" }) + 2);
  });

  it("counts bKash outcomes once per payment, and an unpaid order's expiry", async () => {
    const product = await createProduct();
    const before = await scrape();
    async function startedPayment() {
      const guest = shopper(app);
      await guest.add(product._id, "Black", "M", 1);
      const placed = await guest.order({ paymentMethod: "BKASH" });
      expect(placed.status).toBe(201);
      const started = await guest.post(`/api/payment/${placed.body._id}`);
      expect(started.status).toBe(200);
      return { order: placed.body as { _id: string }, paymentId: started.body.paymentId as string };
    }
    function callback(url: string) {
      const parsed = new URL(url);
      return request(app).get(`${parsed.pathname}${parsed.search}`).expect(302);
    }
    const paid = await startedPayment();
    await callback(bkash.visit(paid.paymentId, "success"));
    await callback(bkash.visit(paid.paymentId, "success")); // a replay counts nothing
    const dropped = await startedPayment();
    await callback(bkash.visit(dropped.paymentId, "cancel"));
    // Past the payment window (the raw collection: mongoose keeps createdAt immutable).
    await Order.collection.updateOne(
      { _id: new mongoose.Types.ObjectId(dropped.order._id) },
      { $set: { createdAt: new Date(0) } },
    );
    expect(await expirePendingOrders()).toBe(1);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      value(after, name, labels) - value(before, name, labels);
    expect(delta("tweest_orders_placed_total", { payment_method: "BKASH" })).toBe(2);
    expect(delta("tweest_payment_outcomes_total", { gateway: "BKASH", outcome: "success" })).toBe(
      1,
    );
    expect(delta("tweest_payment_outcomes_total", { gateway: "BKASH", outcome: "cancelled" })).toBe(
      1,
    );
    expect(delta("tweest_payment_outcomes_total", { gateway: "BKASH", outcome: "failed" })).toBe(0);
    expect(delta("tweest_orders_cancelled_total", { payment_method: "BKASH", by: "expiry" })).toBe(
      1,
    );
  });

  it("counts courier calls by operation template and outcome", async () => {
    const before = await scrape();
    const cityId = STUB_CITIES[0]!.city_id;
    const account = {
      clientId: pathao.clientId,
      clientSecret: pathao.clientSecret,
      username: pathao.username,
      password: pathao.password,
    };
    expect((await listZones(account, cityId)).length).toBeGreaterThan(0);
    usePathaoAt("http://127.0.0.1:9"); // nothing listens: the call fails
    try {
      await expect(listZones(account, cityId)).rejects.toThrow();
    } finally {
      usePathaoAt(pathao.url);
    }
    const after = await scrape();
    const series = (outcome: string) => ({
      courier: "pathao",
      operation: "/aladdin/api/v1/cities/:id/zone-list",
      outcome,
    });
    for (const outcome of ["ok", "failed"])
      expect(value(after, "tweest_courier_calls_total", series(outcome))).toBe(
        value(before, "tweest_courier_calls_total", series(outcome)) + 1,
      );
    expect(after).not.toContain(`/cities/${cityId}/`);
  });

  it("counts cart saves that lost the compare-and-set to a concurrent add", async () => {
    const { product, buyer: guest } = await shopperWithCart(app, 1);
    const cartVersion = { write: "cart_version" };
    const lostBefore = value(await scrape(), "tweest_conditional_writes_lost_total", cartVersion);
    // Eight adds to one cart at once: an add that read the cart before another one saved loses the
    // compare-and-set and re-runs (at most 7 losses each, below the 8 attempts allowed).
    const adds = await Promise.all(
      Array.from({ length: 8 }, () => guest.add(product._id, "Black", "M", 1)),
    );
    for (const add of adds) expect(add.status).toBe(200);
    const cart = await guest.get("/api/cart");
    expect(cart.body.cartItems[0].quantity).toBe(9);
    const after = await scrape();
    expect(value(after, "tweest_conditional_writes_lost_total", cartVersion)).toBeGreaterThan(
      lostBefore,
    );
  });

  it("counts a stock reservation that lost (no lock is waited on)", async () => {
    const product = await createProduct({ variants: [{ color: "Black", size: "M", stock: 1 }] });
    const line = { productId: String(product._id), color: "Black", size: "M", title: "Tee" };
    const before = value(await scrape(), "tweest_conditional_writes_lost_total", {
      write: "stock_reservation",
    });
    await expect(reserveStock([{ ...line, quantity: 2 }], TEST_SALE)).rejects.toMatchObject({
      status: 409,
      code: "OUT_OF_STOCK",
    });
    const after = await scrape();
    expect(
      value(after, "tweest_conditional_writes_lost_total", { write: "stock_reservation" }),
    ).toBe(before + 1);
  });
});
