import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import { resetBkashTokenForTests } from "../../server/integrations/bkash";
import { REFUND_NOT_SUPPORTED } from "../../server/payments/gateway";
import {
  pollPendingRefunds,
  REFUND_IN_FLIGHT_MS,
  settleRefund,
} from "../../server/payments/refunds";
import { clearDatabase } from "../setup/db";
import { setEnv, withEnv } from "../setup/env";
import { BKASH_V2_REFUND_PATH, bkashEnv, startBkashStub, type BkashStub } from "../stubs/bkash";
import { sslCommerzEnv, startSslCommerzStub, type SslCommerzStub } from "../stubs/sslcommerz";
import { smsEnv, startSmsGatewayStub, type SmsGatewayStub } from "../stubs/sms-gateway";
import { bearer, createAdmin, createUser } from "../factories/user";
import { shopperWithCart } from "../factories/cart";
import { createOrder } from "../factories/order";

let bkash: BkashStub;
let ssl: SslCommerzStub;
let sms: SmsGatewayStub;
let app: ReturnType<typeof createApp>;
let restoreEnv: () => void;
let adminToken: string;
const SHOP = "http://shop.test";

beforeAll(async () => {
  [bkash, ssl, sms] = await Promise.all([
    startBkashStub(),
    startSslCommerzStub(),
    startSmsGatewayStub(),
  ]);
  restoreEnv = setEnv({
    ...bkashEnv(bkash),
    ...sslCommerzEnv(ssl),
    ...smsEnv(sms),
    PUBLIC_URL: SHOP,
  });
  resetBkashTokenForTests();
  app = createApp();
});

afterAll(async () => {
  await Promise.all([bkash.close(), ssl.close(), sms.close()]);
  restoreEnv();
});

beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin({ email: "rina@tweest.test" })).token;
  bkash.refunds.clear();
  bkash.refundCalls.length = 0;
  bkash.refuseRefunds = null;
  bkash.refundDelayMs = 0;
  ssl.refunds.clear();
  ssl.refuseRefunds = null;
  ssl.refundDelayMs = 0;
  sms.messages.length = 0;
});

let keys = 0;
/** A fresh idempotency key (16+ characters), as the refund form makes one per fill. */
const newKey = () => `refund-key-${String((keys += 1)).padStart(8, "0")}`;

function refund(orderId: string, body: Record<string, unknown>, token = adminToken) {
  return request(app)
    .post(`/api/admin/orders/${orderId}/refunds`)
    .set(bearer(token))
    .send({ idempotencyKey: newKey(), reason: "Out of stock", ...body });
}

/** A signed-in customer's bKash order (2 x 800 + 60 = 1660), paid through the stub. */
async function paidBkashOrder() {
  const { token } = await createUser();
  const { buyer } = await shopperWithCart(app, 2, token);
  const placed = await buyer.order({ paymentMethod: "BKASH" });
  const started = await buyer.post(`/api/payment/${placed.body._id}`);
  const back = new URL(bkash.visit(started.body.paymentId, "success"));
  await request(app).get(`${back.pathname}${back.search}`).expect(302);
  const order = (await Order.findById(placed.body._id).lean())!;
  expect(order.orderStatus).toBe("PLACED");
  const trxID = bkash.payments.get(started.body.paymentId)!.trxID!;
  return { orderId: String(order._id), orderNumber: order.orderNumber, token, trxID };
}

/** A guest's SSLCommerz order (1 x 800 + 60 = 860), paid and validated through the stub. */
async function paidSslOrder() {
  const { buyer } = await shopperWithCart(app, 1);
  const placed = await buyer.order({ paymentMethod: "SSLCOMMERZ" });
  const started = await buyer.post(`/api/payment/${placed.body._id}`);
  const paid = ssl.pay(started.body.transactionId, "success");
  await request(app).post(paid.path).type("form").send(paid.form).expect(302);
  expect((await Order.findById(placed.body._id).lean())!.orderStatus).toBe("PLACED");
  return { orderId: String(placed.body._id), bankTranId: paid.form.bank_tran_id };
}

/** The poller's run once every refund is past its gateway call. */
const pollLater = () => pollPendingRefunds(new Date(Date.now() + REFUND_IN_FLIGHT_MS + 1000));

/** The refund SMS the customer's mobile got last, waited for (they go out in the background). */
async function refundSmsTo(mobile: string) {
  await expect
    .poll(() => sms.lastTo(mobile)?.message ?? "", { timeout: 5000 })
    .toContain("refunded");
  return sms.lastTo(mobile)!.message;
}

describe("POST /api/admin/orders/:id/refunds through bKash", () => {
  it("refunds part, then the rest, through bKash; never more than was paid; texts the customer", async () => {
    const { orderId, orderNumber, trxID } = await paidBkashOrder();
    const first = await refund(orderId, { amount: 500, reason: "One shirt was out of stock" });
    expect(first.status).toBe(201);
    expect(first.body.refund).toMatchObject({
      amount: 500,
      status: "completed",
      method: "gateway",
      gateway: "BKASH",
      gatewayRef: bkash.refunds.get(trxID)![0]!.refundTrxID,
      by: "admin:rina@tweest.test",
      reason: "One shirt was out of stock",
    });
    expect(bkash.refunds.get(trxID)![0]).toMatchObject({
      amount: "500.00",
      sku: first.body.refund.id,
      reason: "One shirt was out of stock",
    });
    expect(await refundSmsTo("01712345678")).toBe(
      `Tweest: ৳500 of your order ${orderNumber} has been refunded to you.`,
    );

    const second = await refund(orderId, { amount: 1160 });
    expect(second.body.refund.status).toBe("completed");
    const over = await refund(orderId, { amount: 0.5 });
    expect(over.status).toBe(409);
    expect(over.body).toEqual({
      message: "Nothing is left to refund on this order",
      code: "REFUND_EXCEEDS_PAID",
    });
    const figures = await request(app)
      .get(`/api/admin/orders/${orderId}/refunds`)
      .set(bearer(adminToken));
    expect(figures.body.figures).toEqual({
      paidOnline: 1660,
      paidOtherwise: 0,
      refunded: 1660,
      pending: 0,
      refundableOnline: 0,
      refundable: 0,
      gateway: "BKASH",
    });
    expect(figures.body.refunds.map((entry: { amount: number }) => entry.amount)).toEqual([
      500, 1160,
    ]);
  });

  it("refuses a refund above what is left, naming what is left", async () => {
    const { orderId } = await paidBkashOrder();
    await refund(orderId, { amount: 1000 }).expect(201);
    const over = await refund(orderId, { amount: 661 });
    expect(over.status).toBe(409);
    expect(over.body).toEqual({
      message:
        "At most ৳660 can be refunded through the gateway: the rest of what was paid is refunded or being refunded",
      code: "REFUND_EXCEEDS_PAID",
    });
    expect(bkash.refunds.get([...bkash.refunds.keys()][0]!)!).toHaveLength(1);
  });

  it("lets 20 requests at once refund at most what was paid", async () => {
    const { orderId, trxID } = await paidBkashOrder();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refund(orderId, { amount: 100 })),
    );
    const made = answers.filter((answer) => answer.status === 201);
    expect(made).toHaveLength(16);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(4);
    const refunded = bkash.refunds
      .get(trxID)!
      .reduce((sum, entry) => sum + Number(entry.amount), 0);
    expect(refunded).toBe(1600);
    const order = (await Order.findById(orderId).lean())!;
    expect(order.refundTotals).toEqual({ reserved: 160_000, online: 160_000 });
    expect(order.refunds.filter((entry) => entry.status === "completed")).toHaveLength(16);
  });

  it("answers the same refund to a repeated key, and refuses the key with another body", async () => {
    const { orderId, trxID } = await paidBkashOrder();
    const body = { idempotencyKey: "form-fill-0123456789", amount: 300, reason: "Late delivery" };
    const send = (sent: Record<string, unknown>) =>
      request(app).post(`/api/admin/orders/${orderId}/refunds`).set(bearer(adminToken)).send(sent);
    const first = await send(body);
    const again = await Promise.all([send(body), send(body)]);
    for (const answer of again) {
      expect(answer.status).toBe(201);
      expect(answer.body.refund).toEqual(first.body.refund);
    }
    expect(bkash.refunds.get(trxID)).toHaveLength(1);
    const changed = await send({ ...body, amount: 400 });
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({
      message: `This form already made refund ${first.body.refund.id} with other details: reload the order to see it`,
      code: "IDEMPOTENCY_KEY_REUSED",
    });
  });

  it("records a refund bKash refuses as failed and gives its amount back", async () => {
    const { orderId, trxID } = await paidBkashOrder();
    bkash.refuseRefunds = { statusCode: "2071", statusMessage: "Refund not allowed now" };
    const refused = await refund(orderId, { amount: 1660 });
    expect(refused.status).toBe(201);
    expect(refused.body.refund).toMatchObject({
      status: "failed",
      failure: "Refund not allowed now",
      gatewayRef: null,
    });
    bkash.refuseRefunds = null;
    const retried = await refund(orderId, { amount: 1660 });
    expect(retried.body.refund.status).toBe("completed");
    expect(bkash.refunds.get(trxID)).toHaveLength(1);
    expect((await Order.findById(orderId).lean())!.refundTotals).toEqual({
      reserved: 166_000,
      online: 166_000,
    });
  });

  it("keeps a refund bKash did not answer in time pending, and the poller finds it completed", async () => {
    const { orderId, orderNumber, trxID } = await paidBkashOrder();
    bkash.refundDelayMs = 800;
    const answer = await withEnv({ PAYMENT_REFUND_TIMEOUT_MS: "200" }, () =>
      refund(orderId, { amount: 200 }),
    );
    expect(answer.body.refund).toMatchObject({ status: "pending", gatewayRef: null });
    // A refund still in its gateway call is left alone.
    expect(await pollPendingRefunds()).toBe(0);
    expect(await pollLater()).toBe(1);
    const settled = (await Order.findById(orderId).lean())!.refunds[0]!;
    expect(settled).toMatchObject({
      status: "completed",
      gatewayRef: bkash.refunds.get(trxID)![0]!.refundTrxID,
    });
    expect(await refundSmsTo("01712345678")).toBe(
      `Tweest: ৳200 of your order ${orderNumber} has been refunded to you.`,
    );
  });

  it("fails a refund that never reached bKash once bKash lists no such refund", async () => {
    const { orderId } = await paidBkashOrder();
    await withEnv({ BKASH_BASE_URL: "http://127.0.0.1:9/v1.2.0-beta" }, async () => {
      resetBkashTokenForTests();
      const answer = await refund(orderId, { amount: 200 });
      expect(answer.body.refund.status).toBe("pending");
    });
    resetBkashTokenForTests();
    expect(await pollLater()).toBe(1);
    const order = (await Order.findById(orderId).lean())!;
    expect(order.refunds[0]).toMatchObject({
      status: "failed",
      failure: "bKash made no such refund",
    });
    expect(order.refundTotals).toEqual({ reserved: 0, online: 0 });
  });

  it("fails a refund its gateway cannot make, with the gateway's message, and only once", async () => {
    const { orderId } = await paidBkashOrder();
    bkash.refundDelayMs = 800;
    const answer = await withEnv({ PAYMENT_REFUND_TIMEOUT_MS: "200" }, () =>
      refund(orderId, { amount: 700 }),
    );
    const refundId = answer.body.refund.id;
    expect(await settleRefund(orderId, refundId, REFUND_NOT_SUPPORTED)).toBe("failed");
    expect(await settleRefund(orderId, refundId, REFUND_NOT_SUPPORTED)).toBe("unchanged");
    const order = (await Order.findById(orderId).lean())!;
    expect(order.refunds[0]).toMatchObject({
      status: "failed",
      failure: "Refunds through this gateway are not supported yet: refund in its merchant panel",
    });
    expect(order.refundTotals).toEqual({ reserved: 0, online: 0 });
  });

  it("refunds at the v2 path when the account is given it", async () => {
    const { orderId } = await paidBkashOrder();
    const answer = await withEnv({ BKASH_REFUND_PATH: BKASH_V2_REFUND_PATH }, () =>
      refund(orderId, { amount: 100 }),
    );
    expect(answer.body.refund.status).toBe("completed");
    expect(bkash.refundCalls).toEqual([`/v1.2.0-beta${BKASH_V2_REFUND_PATH}`]);
  });
});

describe("POST /api/admin/orders/:id/refunds through SSLCommerz", () => {
  it("keeps the refund pending while SSLCommerz processes it, then completes it", async () => {
    const { orderId, bankTranId } = await paidSslOrder();
    const answer = await refund(orderId, { amount: 860, reason: "Parcel lost" });
    expect(answer.status).toBe(201);
    const stubbed = ssl.refunds.get(answer.body.refund.id)!;
    expect(stubbed).toMatchObject({ bankTranId, amount: "860.00", remarks: "Parcel lost" });
    expect(answer.body.refund).toMatchObject({
      status: "pending",
      gateway: "SSLCOMMERZ",
      gatewayRef: stubbed.refundRefId,
    });
    expect(await pollLater()).toBe(0);
    ssl.settleRefund(stubbed.refundRefId, "refunded");
    expect(await pollLater()).toBe(1);
    expect((await Order.findById(orderId).lean())!.refunds[0]!.status).toBe("completed");
  });

  it("gives back the amount of a refund SSLCommerz cancelled", async () => {
    const { orderId } = await paidSslOrder();
    const answer = await refund(orderId, { amount: 500 });
    ssl.settleRefund(answer.body.refund.gatewayRef, "cancelled");
    await pollLater();
    const order = (await Order.findById(orderId).lean())!;
    expect(order.refunds[0]!.status).toBe("failed");
    expect(order.refundTotals).toEqual({ reserved: 0, online: 0 });
  });

  it("records a refused initiate as failed with SSLCommerz's reason", async () => {
    const { orderId } = await paidSslOrder();
    ssl.refuseRefunds = "Refund already requested";
    const answer = await refund(orderId, { amount: 500 });
    expect(answer.body.refund).toMatchObject({
      status: "failed",
      failure: "Refund already requested",
    });
  });

  it("asks again under the same refund id after a lost answer: one refund at SSLCommerz", async () => {
    const { orderId } = await paidSslOrder();
    ssl.refundDelayMs = 800;
    const answer = await withEnv({ PAYMENT_REFUND_TIMEOUT_MS: "200" }, () =>
      refund(orderId, { amount: 300 }),
    );
    expect(answer.body.refund).toMatchObject({ status: "pending", gatewayRef: null });
    ssl.refundDelayMs = 0;
    await pollLater();
    expect(ssl.refunds.size).toBe(1);
    const stubbed = ssl.refunds.get(answer.body.refund.id)!;
    expect((await Order.findById(orderId).lean())!.refunds[0]!.gatewayRef).toBe(
      stubbed.refundRefId,
    );
    ssl.settleRefund(stubbed.refundRefId, "refunded");
    expect(await pollLater()).toBe(1);
  });
});

describe("manual refunds", () => {
  it("records cash given back on a delivered cash-on-delivery order, with its reference", async () => {
    const order = await createOrder({ paymentMethod: "COD", orderStatus: "DELIVERED" });
    const orderId = String(order._id);
    const throughGateway = await refund(orderId, { amount: 100 });
    expect(throughGateway.status).toBe(409);
    expect(throughGateway.body).toEqual({
      message:
        "Nothing was paid through a gateway on this order: record a manual refund with its reference",
      code: "NO_GATEWAY_PAYMENT",
    });
    const noReference = await refund(orderId, { amount: 100, method: "manual" });
    expect(noReference.status).toBe(400);
    const made = await refund(orderId, {
      amount: 200,
      method: "manual",
      reference: "bKash 9AB12CD",
    });
    expect(made.status).toBe(201);
    expect(made.body.refund).toMatchObject({
      amount: 200,
      status: "completed",
      method: "manual",
      gateway: null,
      reference: "bKash 9AB12CD",
    });
    const over = await refund(orderId, { amount: 361, method: "manual", reference: "cash" });
    expect(over.body).toEqual({
      message:
        "At most ৳360 can be refunded: the rest of what was paid is refunded or being refunded",
      code: "REFUND_EXCEEDS_PAID",
    });
  });
});

describe("who may refund, and what the customer sees", () => {
  it("asks for a sign-in (401) and refuses customers (403)", async () => {
    const { orderId, token } = await paidBkashOrder();
    const anonymous = await request(app)
      .post(`/api/admin/orders/${orderId}/refunds`)
      .send({ idempotencyKey: newKey(), amount: 100, reason: "x" });
    expect(anonymous.status).toBe(401);
    expect((await refund(orderId, { amount: 100 }, token)).status).toBe(403);
    expect(bkash.refunds.size).toBe(0);
  });

  it("shows the customer the refund's amount, status and date, and the refund-by date; never who or why", async () => {
    const { orderId, token } = await paidBkashOrder();
    await request(app)
      .put(`/api/admin/orders/${orderId}/cancelled`)
      .set(bearer(adminToken))
      .send({})
      .expect(200);
    const made = await refund(orderId, { amount: 660, reason: "Staff note: customer rude" });
    const seen = await request(app).get(`/api/orders/${orderId}`).set(bearer(token));
    expect(seen.status).toBe(200);
    expect(seen.body.refunds).toEqual([
      {
        id: made.body.refund.id,
        amount: 660,
        status: "completed",
        at: made.body.refund.at,
        completedAt: made.body.refund.completedAt,
      },
    ]);
    expect(JSON.stringify(seen.body)).not.toContain("rina@tweest.test");
    const cancelledAt = seen.body.statusHistory.find(
      (change: { status: string }) => change.status === "CANCELLED",
    ).at;
    expect(seen.body.refundBy).toBe(
      new Date(new Date(cancelledAt).getTime() + 10 * 24 * 60 * 60_000).toISOString(),
    );
  });
});

describe("the dashboard's refunds", () => {
  /** Cancels the order as staff would, dated `daysAgo` days back. */
  async function cancelledDaysAgo(orderId: string, daysAgo: number) {
    await request(app)
      .put(`/api/admin/orders/${orderId}/cancelled`)
      .set(bearer(adminToken))
      .send({})
      .expect(200);
    const order = (await Order.findById(orderId).lean())!;
    const index = order.statusHistory.findIndex((change) => change.status === "CANCELLED");
    const at = new Date(Date.now() - daysAgo * 24 * 60 * 60_000);
    await Order.updateOne({ _id: orderId }, { $set: { [`statusHistory.${index}.at`]: at } });
    return at;
  }

  it("totals this month's refunds and lists prepaid orders whose refund-by date is near or past", async () => {
    const late = await paidBkashOrder();
    const cancelledAt = await cancelledDaysAgo(late.orderId, 12);
    await refund(late.orderId, { amount: 500 }).expect(201);
    const near = await paidBkashOrder();
    await cancelledDaysAgo(near.orderId, 8);
    const refundedInFull = await paidBkashOrder();
    await cancelledDaysAgo(refundedInFull.orderId, 12);
    await refund(refundedInFull.orderId, { amount: 1660 }).expect(201);
    const notYetDue = await paidBkashOrder();
    await cancelledDaysAgo(notYetDue.orderId, 1);

    const answer = await request(app).get("/api/admin/dashboard").set(bearer(adminToken));
    expect(answer.status).toBe(200);
    expect(answer.body.refunds).toMatchObject({
      refundedThisMonth: 2160,
      refundsThisMonth: 2,
      pending: 0,
    });
    expect(answer.body.refunds.due).toEqual([
      {
        _id: late.orderId,
        orderNumber: late.orderNumber,
        orderStatus: "CANCELLED",
        refundBy: new Date(cancelledAt.getTime() + 10 * 24 * 60 * 60_000).toISOString(),
        paid: 1660,
        refunded: 500,
        pending: 0,
      },
      expect.objectContaining({ _id: near.orderId, refunded: 0 }),
    ]);
  });
});
