/**
 * Nagad through its protocol stub (tests/stubs/nagad.ts, holding its own RSA key pair): the
 * RSA-sealed initialize and complete, the callback settled on Nagad's verify answer alone, the
 * ledger's rules (locks, expiry, late payment, replay), refused signatures, a Nagad that does not
 * answer, and refunds through purchase/cancel.
 */
import { generateKeyPairSync } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { Payment } from "../../models/payment.model";
import { createApp } from "../../server/app";
import { dhakaDateTime } from "../../server/integrations/nagad";
import { paymentGateway } from "../../server/payments";
import { expirePendingOrders } from "../../server/services/orders.service";
import { clearDatabase } from "../setup/db";
import { setEnv, withEnv } from "../setup/env";
import { nagadEnv, startNagadStub, type NagadStub } from "../stubs/nagad";
import { createUser } from "../factories/user";
import { shopperWithCart } from "../factories/cart";
import { shippingAddress } from "../factories/address";
import { changeShopSettings } from "../factories/shop-settings";

let nagad: NagadStub;
let app: ReturnType<typeof createApp>;
const SHOP = "http://shop.test";
let restoreEnv: () => void;

beforeAll(async () => {
  nagad = await startNagadStub();
  restoreEnv = setEnv({ ...nagadEnv(nagad), PUBLIC_URL: SHOP });
  app = createApp();
});

afterAll(async () => {
  await nagad.close();
  restoreEnv();
});

beforeEach(async () => {
  await clearDatabase();
  nagad.calls.length = 0;
  nagad.badSignatures = 0;
  nagad.hang = false;
  nagad.forgeAnswers = false;
  nagad.failWith = undefined;
});

/** A signed-in customer with a PENDING Nagad order (2 x 800 + 60 = 1660). */
async function nagadOrder(extra: Record<string, unknown> = {}) {
  const { token } = await createUser();
  const { buyer: customer } = await shopperWithCart(app, 2, token);
  const placed = await customer.order({ paymentMethod: "NAGAD", ...extra });
  expect(placed.status).toBe(201);
  expect(placed.body.orderStatus).toBe("PENDING");
  return { customer, order: placed.body as { _id: string } };
}

/** ...and its payment started: Nagad's checkout page is open. */
async function startedPayment(extra: Record<string, unknown> = {}) {
  const { customer, order } = await nagadOrder(extra);
  const started = await customer.post(`/api/payment/${order._id}`);
  expect(started.status).toBe(200);
  return {
    customer,
    order,
    started: started.body as { gatewayUrl: string; transactionId: string; paymentId: string },
  };
}

/** The shopper's browser arriving at our callback (where Nagad redirects it), relative to the app. */
function callback(url: string) {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(SHOP);
  return request(app).get(`${parsed.pathname}${parsed.search}`);
}

const storedPayment = (paymentId: string) => Payment.findOne({ paymentId }).lean();
const storedOrder = (orderId: string) => Order.findById(orderId).select("+paymentLock").lean();
const verifies = () => nagad.calls.filter((call) => call.startsWith("GET verify/payment/"));

function resultUrl(
  page: string,
  ids: { orderId: string; transactionId: string; paymentId: string },
  reason?: string,
) {
  const query = new URLSearchParams({ ...ids, ...(reason ? { reason } : {}) });
  return `${SHOP}/${page}?${query.toString()}`;
}

describe("POST /api/payment/:orderId (Nagad)", () => {
  it("initializes and completes a sealed payment for the amount due, and sends the shopper to Nagad's page", async () => {
    const { order, customer, started } = await startedPayment();
    expect(nagad.calls).toEqual([
      expect.stringMatching(`^POST check-out/initialize/${nagad.merchantId}/TWN[0-9A-Z]+$`),
      `POST check-out/complete/${started.paymentId}`,
    ]);
    expect(nagad.lastHeaders).toEqual({ version: "v-0.2.0", ip: "127.0.0.1", client: "PC_WEB" });
    expect(nagad.badSignatures).toBe(0);
    const opened = nagad.payments.get(started.paymentId)!;
    expect(opened).toMatchObject({
      orderId: started.transactionId,
      amount: "1660.00",
      callbackURL: `${SHOP}/api/payment/nagad/callback`,
      status: "Initiated",
    });
    expect(started.gatewayUrl).toBe(`${nagad.url}/check-out/pay/${started.paymentId}`);
    const payment = await storedPayment(started.paymentId);
    expect(payment).toMatchObject({
      method: "NAGAD",
      amount: 1660,
      status: "PENDING",
      transactionId: started.transactionId,
    });
    expect(payment!.order.toString()).toBe(order._id);
    // The money moves on Nagad's page: the order is locked while it is open.
    expect((await storedOrder(order._id))!.paymentLock).toMatchObject({
      transactionId: started.transactionId,
    });
    const second = await customer.post(`/api/payment/${order._id}`);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      message:
        "A payment for this order is already open in another window. Finish it there, or try again in a few minutes.",
      code: "PAYMENT_OPEN",
    });
  });

  it("is refused with a translated 400 when Nagad is not configured", async () => {
    await withEnv({ NAGAD_MERCHANT_ID: "" }, async () => {
      const { buyer } = await shopperWithCart(app, 1);
      const refused = await buyer.order({ paymentMethod: "NAGAD" });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        "Nagad payments are not available; choose cash on delivery",
      );
    });
  });
});

describe("the OpenAPI document", () => {
  it("documents Nagad's callback and names NAGAD wherever payment methods are listed", async () => {
    const spec = (await request(app).get("/api/openapi.json")).body as {
      paths: Record<string, { get?: { parameters?: Array<{ name: string }> } }>;
    };
    const callbackPath = spec.paths["/api/payment/nagad/callback"];
    expect(callbackPath.get!.parameters!.map((parameter) => parameter.name).sort()).toEqual([
      "order_id",
      "payment_ref_id",
      "status",
    ]);
    const methodLists = JSON.stringify(spec).match(/\["COD","BKASH","SSLCOMMERZ"[^\]]*\]/g) ?? [];
    expect(methodLists.length).toBeGreaterThan(3);
    expect(new Set(methodLists)).toEqual(new Set(['["COD","BKASH","SSLCOMMERZ","NAGAD"]']));
  });
});

describe("GET /api/payment/nagad/callback", () => {
  it("places the order once Nagad's verify says paid in full, and a replay changes nothing", async () => {
    const { order, started } = await startedPayment();
    const url = nagad.visit(started.paymentId, "Success");
    const issuer = nagad.payments.get(started.paymentId)!.issuerPaymentRefNo!;
    const ids = { orderId: order._id, transactionId: issuer, paymentId: started.paymentId };
    const answer = await callback(url);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(resultUrl("payment-success", ids));
    expect(verifies()).toEqual([`GET verify/payment/${started.paymentId}`]);
    const stored = await storedOrder(order._id);
    expect(stored).toMatchObject({
      orderStatus: "PLACED",
      paymentDetails: {
        status: "COMPLETED",
        paymentId: started.paymentId,
        transactionId: issuer,
      },
    });
    expect((await storedPayment(started.paymentId))!.status).toBe("COMPLETED");

    // The same callback five more times, two at once: the first answer stands.
    const replays = await Promise.all([callback(url), callback(url)]);
    for (let again = 0; again < 3; again += 1) replays.push(await callback(url));
    for (const replay of replays) expect(replay.headers.location).toBe(answer.headers.location);
    const placed = (await storedOrder(order._id))!.statusHistory.filter(
      (entry) => entry.status === "PLACED",
    );
    expect(placed).toHaveLength(1);
  });

  it("sends the shopper of a Bangla order back to the Bangla result page", async () => {
    const { order, started } = await startedPayment({ locale: "bn" });
    const answer = await callback(nagad.visit(started.paymentId, "Success"));
    const issuer = nagad.payments.get(started.paymentId)!.issuerPaymentRefNo!;
    expect(answer.headers.location).toBe(
      resultUrl("bn/payment-success", {
        orderId: order._id,
        transactionId: issuer,
        paymentId: started.paymentId,
      }),
    );
  });

  it("records an aborted payment once Nagad says so, and frees the order for another attempt", async () => {
    const { order, customer, started } = await startedPayment();
    const answer = await callback(nagad.visit(started.paymentId, "Aborted"));
    expect(answer.headers.location).toBe(
      resultUrl("payment-cancelled", {
        orderId: order._id,
        transactionId: started.transactionId,
        paymentId: started.paymentId,
      }),
    );
    expect((await storedPayment(started.paymentId))!.status).toBe("CANCELLED");
    const stored = await storedOrder(order._id);
    expect(stored!.orderStatus).toBe("PENDING");
    expect(stored!.paymentLock).toBeNull();
    const again = await customer.post(`/api/payment/${order._id}`);
    expect(again.status).toBe(200);
    expect(again.body.paymentId).not.toBe(started.paymentId);
  });

  it("marks a failed payment FAILED with Nagad's status as the reason", async () => {
    const { order, started } = await startedPayment();
    const answer = await callback(nagad.visit(started.paymentId, "Failed"));
    expect(answer.headers.location).toBe(
      resultUrl(
        "payment-failed",
        { orderId: order._id, transactionId: started.transactionId, paymentId: started.paymentId },
        "transaction status Failed",
      ),
    );
    expect((await storedPayment(started.paymentId))!.status).toBe("FAILED");
  });

  it("never takes a callback at its word: a forged success changes nothing, a forged abort of a paid payment places the order", async () => {
    const { order, started } = await startedPayment();
    const ids = {
      orderId: order._id,
      transactionId: started.transactionId,
      paymentId: started.paymentId,
    };
    // The shopper has not paid; anyone can open the callback address with status=Success.
    const forged = await request(app).get(
      `/api/payment/nagad/callback?payment_ref_id=${started.paymentId}&order_id=${started.transactionId}&status=Success`,
    );
    expect(forged.headers.location).toBe(
      resultUrl("payment-failed", ids, "transaction status Initiated"),
    );
    expect((await storedPayment(started.paymentId))!.status).toBe("PENDING");
    const locked = await storedOrder(order._id);
    expect(locked!.orderStatus).toBe("PENDING");
    expect(locked!.paymentLock).toMatchObject({ transactionId: started.transactionId });

    // The shopper pays; a forged "Aborted" arrives first: Nagad's word places the order anyway.
    nagad.visit(started.paymentId, "Success");
    const abort = await request(app).get(
      `/api/payment/nagad/callback?payment_ref_id=${started.paymentId}&status=Aborted`,
    );
    expect(new URL(abort.headers.location).pathname).toBe("/payment-success");
    expect((await storedOrder(order._id))!.orderStatus).toBe("PLACED");

    const unknown = await request(app).get(
      "/api/payment/nagad/callback?payment_ref_id=MTEyODANOPE&status=Success",
    );
    expect(unknown.headers.location).toBe(
      `${SHOP}/payment-failed?paymentId=MTEyODANOPE&reason=unknown+payment`,
    );
  });

  it("refuses a verify answer whose amount differs from the amount due", async () => {
    const { order, customer, started } = await startedPayment();
    const url = nagad.visit(started.paymentId, "Success");
    nagad.payments.get(started.paymentId)!.amount = "16.60";
    const answer = await callback(url);
    expect(answer.headers.location).toBe(
      resultUrl(
        "payment-failed",
        { orderId: order._id, transactionId: started.transactionId, paymentId: started.paymentId },
        "amount differs from the order total",
      ),
    );
    expect((await storedPayment(started.paymentId))!.status).toBe("FAILED");
    expect((await storedOrder(order._id))!.orderStatus).toBe("PENDING");
    // Nagad's word ended the attempt: the shopper may pay again at once.
    expect((await customer.post(`/api/payment/${order._id}`)).status).toBe(200);
  });

  it("ignores a verify answer about another order: nothing is recorded", async () => {
    const { order, started } = await startedPayment();
    const url = nagad.visit(started.paymentId, "Success");
    nagad.payments.get(started.paymentId)!.orderId = "TWNSOMEONEELSE";
    const answer = await callback(url);
    expect(answer.headers.location).toBe(
      resultUrl(
        "payment-failed",
        { orderId: order._id, transactionId: started.transactionId, paymentId: started.paymentId },
        "transaction id mismatch",
      ),
    );
    expect((await storedPayment(started.paymentId))!.status).toBe("PENDING");
    expect((await storedOrder(order._id))!.orderStatus).toBe("PENDING");
  });

  it("a payment arriving after the order expired is recorded for a refund, never revives the order", async () => {
    const { order, started } = await startedPayment();
    await expirePendingOrders(new Date(Date.now() + 31 * 60_000));
    const url = nagad.visit(started.paymentId, "Success");
    const answer = await callback(url);
    expect(answer.headers.location).toBe(
      resultUrl(
        "payment-failed",
        { orderId: order._id, transactionId: started.transactionId, paymentId: started.paymentId },
        "Your payment arrived after this order was closed; the shop will refund it",
      ),
    );
    // Replayed, it still says so: never "payment successful" for an order that was closed.
    expect((await callback(url)).headers.location).toBe(answer.headers.location);
    const payment = await storedPayment(started.paymentId);
    expect(payment!.status).toBe("COMPLETED");
    expect(payment!.gatewayResponse).toMatchObject({ needsReview: expect.any(String) });
    expect((await storedOrder(order._id))!.orderStatus).toBe("CANCELLED");
  });
});

describe("the advance delivery charge paid with Nagad", () => {
  it("takes the delivery charge only, and places the cash-on-delivery order for the rest", async () => {
    await changeShopSettings((settings) => {
      settings.cod.advanceDeliveryCharge = {
        outsideDhaka: true,
        riskyNumbers: false,
        aboveAmount: 0,
      };
    });
    const { buyer } = await shopperWithCart(app, 2);
    expect((await buyer.quote({ city: "Chattogram" })).body.advanceDeliveryCharge.methods).toEqual([
      "NAGAD",
    ]);
    const placed = await buyer.order({
      shippingAddress: shippingAddress({ city: "Chattogram" }),
      paymentMethod: "COD",
      advancePaymentMethod: "NAGAD",
    });
    expect(placed.status).toBe(201);
    const started = (await buyer.post(`/api/payment/${placed.body._id}`)).body;
    expect(nagad.payments.get(started.paymentId)!.amount).toBe("120.00");
    await callback(nagad.visit(started.paymentId, "Success")).expect(302);
    const stored = await storedOrder(placed.body._id);
    expect(stored).toMatchObject({
      paymentMethod: "COD",
      orderStatus: "PLACED",
      advanceDeliveryCharge: {
        amount: 120,
        method: "NAGAD",
        status: "PAID",
        transactionId: nagad.payments.get(started.paymentId)!.issuerPaymentRefNo,
      },
    });
  });
});

describe("Nagad's signatures and failures", () => {
  it("a request signed with another key is refused by Nagad: 502, the attempt FAILED, the order free", async () => {
    const { order, customer } = await nagadOrder();
    const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .privateKey.export({ type: "pkcs1", format: "pem" })
      .toString();
    const refused = await withEnv({ NAGAD_MERCHANT_PRIVATE_KEY: stranger }, () =>
      customer.post(`/api/payment/${order._id}`),
    );
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({
      message: "The payment gateway is not available right now. Please try again.",
      code: "GATEWAY_ERROR",
    });
    expect(nagad.badSignatures).toBe(1);
    expect(nagad.calls).toHaveLength(1);
    const failed = await Payment.findOne({ order: order._id }).lean();
    expect(failed!.status).toBe("FAILED");
    expect(failed!.gatewayResponse).toEqual({
      error: "Nagad initialize refused: InvalidSignature: Signature verification failed",
    });
    expect((await customer.post(`/api/payment/${order._id}`)).status).toBe(200);
  });

  it("an answer Nagad did not sign is refused: no page is opened", async () => {
    const { order, customer } = await nagadOrder();
    nagad.forgeAnswers = true;
    const refused = await customer.post(`/api/payment/${order._id}`);
    expect(refused.status).toBe(502);
    expect(nagad.calls).toHaveLength(1);
    const failed = await Payment.findOne({ order: order._id }).lean();
    expect(failed!.gatewayResponse).toEqual({
      error: "Nagad's signature of its answer does not verify",
    });
  });

  it("Nagad not answering: the start gives up with a 502, and a callback records nothing", async () => {
    await withEnv({ NAGAD_TIMEOUT_MS: "300" }, async () => {
      const { order, started } = await startedPayment();
      nagad.hang = true;
      const url = nagad.visit(started.paymentId, "Success");
      const answer = await callback(url);
      expect(answer.headers.location).toBe(
        resultUrl(
          "payment-failed",
          {
            orderId: order._id,
            transactionId: started.transactionId,
            paymentId: started.paymentId,
          },
          "validation unavailable",
        ),
      );
      expect((await storedPayment(started.paymentId))!.status).toBe("PENDING");
      expect((await storedOrder(order._id))!.orderStatus).toBe("PENDING");

      const other = await nagadOrder();
      const refused = await other.customer.post(`/api/payment/${other.order._id}`);
      expect(refused.status).toBe(502);
      expect((await storedOrder(other.order._id))!.paymentLock).toBeNull();

      // Nagad answers again: the next callback settles the first payment.
      nagad.hang = false;
      expect(new URL((await callback(url)).headers.location).pathname).toBe("/payment-success");
    });
  });
});

describe("Nagad refunds (purchase/cancel)", () => {
  async function paidPayment() {
    const { order, started } = await startedPayment();
    await callback(nagad.visit(started.paymentId, "Success"));
    const payment = await Payment.findOne({ paymentId: started.paymentId });
    expect(payment!.status).toBe("COMPLETED");
    return { order, payment: payment!, started };
  }

  it("refunds in parts up to what was paid, never more, and the refund query reads verify", async () => {
    const { payment, started } = await paidPayment();
    const gateway = paymentGateway("NAGAD");
    const first = await gateway.refund(payment, 500, "one shirt returned");
    expect(first).toMatchObject({ status: "completed", gatewayRef: expect.stringMatching(/^NGC/) });
    const second = await gateway.refund(payment, 1160, "order cancelled");
    expect(second.status).toBe("completed");
    const tooMuch = await gateway.refund(payment, 1, "again");
    expect(tooMuch).toMatchObject({
      status: "failed",
      answer: {
        error: "Nagad refund refused: InvalidCancelAmount: Cancel amount exceeds the paid amount",
      },
    });
    expect(nagad.payments.get(started.paymentId)!.refunds).toMatchObject([
      { cancelAmount: 500, referenceNo: expect.stringMatching(/^TWR/) },
      { cancelAmount: 1160 },
    ]);
    expect(nagad.badSignatures).toBe(0);
    const ref = second.status === "completed" ? second.gatewayRef : "";
    expect(await gateway.queryRefund(payment, ref)).toMatchObject({
      status: "completed",
      gatewayRef: ref,
    });
    expect(await gateway.queryRefund(payment, "TWRNEVERANSWERED")).toMatchObject({
      status: "pending",
      gatewayRef: "TWRNEVERANSWERED",
    });
  });

  it("a refund of an unpaid payment is refused by Nagad; one whose answer never comes stays pending", async () => {
    const { started } = await startedPayment();
    const unpaid = (await Payment.findOne({ paymentId: started.paymentId }))!;
    const gateway = paymentGateway("NAGAD");
    expect(await gateway.refund(unpaid, 100, "test")).toMatchObject({
      status: "failed",
      answer: { error: "Nagad refund refused: InvalidTransaction: Transaction is not successful" },
    });
    const { payment } = await paidPayment();
    await withEnv({ NAGAD_TIMEOUT_MS: "300" }, async () => {
      nagad.hang = true;
      const inDoubt = await gateway.refund(payment, 100, "test");
      expect(inDoubt).toMatchObject({
        status: "pending",
        gatewayRef: expect.stringMatching(/^TWR/),
      });
    });
  });

  it("dates the refund by the day the payment was made, in Bangladesh's time", () => {
    // 18:30 UTC on 27 November is already 28 November in Dhaka.
    expect(dhakaDateTime(new Date("2026-11-27T18:30:05Z"))).toBe("20261128003005");
  });
});
