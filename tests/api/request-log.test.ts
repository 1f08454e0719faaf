import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Payment } from "../../models/payment.model";
import { createApp } from "../../server/app";
import { resetEnvForTests } from "../../server/env";
import { resetBkashTokenForTests } from "../../server/integrations/bkash";
import { logger } from "../../server/lib/logger";
import { startBkashStub, type BkashStub } from "../stubs/bkash";
import { createAdmin } from "../factories/user";
import { shopperWithCart } from "../factories/cart";

/**
 * The shop's real logger (its redaction and serializers), writing into this array instead of
 * stdout: tests run with LOG_LEVEL=silent, so the level is raised for this file only.
 */
const lines: Record<string, unknown>[] = [];
const raw: string[] = [];
const streamSym = pino.symbols.streamSym as unknown as keyof typeof logger;
let originalStream: unknown;
let originalLevel: string;
let app: ReturnType<typeof createApp>;
let bkash: BkashStub;
const BKASH_ENV = [
  "BKASH_BASE_URL",
  "BKASH_APP_KEY",
  "BKASH_APP_SECRET",
  "BKASH_USERNAME",
  "BKASH_PASSWORD",
  "PUBLIC_URL",
];

beforeAll(async () => {
  bkash = await startBkashStub();
  Object.assign(process.env, {
    BKASH_BASE_URL: bkash.baseUrl,
    BKASH_APP_KEY: bkash.appKey,
    BKASH_APP_SECRET: bkash.appSecret,
    BKASH_USERNAME: bkash.username,
    BKASH_PASSWORD: bkash.password,
    PUBLIC_URL: "http://shop.test",
  });
  resetEnvForTests();
  resetBkashTokenForTests();
  originalStream = logger[streamSym];
  originalLevel = logger.level;
  (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
    write(line: string) {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
  logger.level = "info";
  app = createApp();
});

afterAll(async () => {
  (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = originalStream;
  logger.level = originalLevel;
  await bkash.close();
  for (const key of BKASH_ENV) delete process.env[key];
  resetEnvForTests();
});

beforeEach(() => {
  lines.length = 0;
  raw.length = 0;
});

function requestLines() {
  return lines.filter((line) => line.msg === "request completed" || line.msg === "request errored");
}

describe("the request log", () => {
  it("writes one JSON line per request with route template, status, duration and request id", async () => {
    const secret = "tracking-secret-4f9a1c2b7e";
    const answer = await request(app)
      .get(`/api/orders/6650f0c2a1b2c3d4e5f60718?token=${secret}&phone=01712345678`)
      .set("x-request-id", "req-log-test-1")
      .set("x-tracking-token", `${secret}-header`)
      .set("Authorization", "Bearer some.jwt.value");
    expect(answer.status).toBe(401); // the bearer token is not a valid session
    const logged = requestLines();
    expect(logged).toHaveLength(1);
    const line = logged[0] as {
      req: { url: string };
      responseTime: unknown;
    } & Record<string, unknown>;
    expect(line).toMatchObject({
      route: "/api/orders/:id",
      res: { statusCode: 401 },
      req: { id: "req-log-test-1", method: "GET" },
    });
    expect(typeof line.responseTime).toBe("number");
    expect(answer.headers["x-request-id"]).toBe("req-log-test-1");
    // The credential values appear in no field; the request stays recognisable.
    expect(line.req.url).toContain("/api/orders/6650f0c2a1b2c3d4e5f60718?");
    expect(line.req.url).toContain("phone=01712345678");
    const everything = raw.join("");
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain("some.jwt.value");
  });

  it("redacts OAuth codes and states in callback URLs", async () => {
    await request(app).get("/auth/google/callback?code=oauth-code-77aa&state=oauth-state-88bb");
    const everything = raw.join("");
    expect(requestLines().length).toBe(1);
    expect(everything).not.toContain("oauth-code-77aa");
    expect(everything).not.toContain("oauth-state-88bb");
  });

  it("puts orderId and orderNumber on every line about an order", async () => {
    const { token } = await createAdmin();
    const { buyer: guest } = await shopperWithCart(app, 1);
    const placed = await guest.order({ paymentMethod: "COD" });
    expect(placed.status).toBe(201);
    await request(app)
      .put(`/api/admin/orders/${placed.body._id}/cancelled`)
      .set("Authorization", `Bearer ${token}`)
      .expect(200);
    const story = lines.filter((line) => line.orderId === placed.body._id);
    expect(story.map((line) => line.msg)).toEqual(["order placed", "order status changed"]);
    for (const line of story) expect(line.orderNumber).toBe(placed.body.orderNumber);
    expect(story[1]).toMatchObject({ orderStatus: "CANCELLED" });
  });

  it("puts paymentId, orderId and the transaction ids on the lines about a payment", async () => {
    const { buyer: guest } = await shopperWithCart(app, 1);
    const placed = await guest.order({ paymentMethod: "BKASH" });
    const started = await guest.post(`/api/payment/${placed.body._id}`);
    expect(started.status).toBe(200);
    const callback = new URL(bkash.visit(started.body.paymentId, "success"));
    await request(app).get(`${callback.pathname}${callback.search}`).expect(302);
    const payment = await Payment.findOne({ paymentId: started.body.paymentId }).lean();
    const paid = lines.find((line) => line.msg === "payment completed");
    expect(paid).toMatchObject({
      paymentId: String(payment!._id),
      orderId: placed.body._id,
      orderNumber: placed.body.orderNumber,
      transactionId: started.body.transactionId,
      gatewayPaymentId: started.body.paymentId,
    });
  });
});
