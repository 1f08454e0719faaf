import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { Payment } from "../../models/payment.model";
import { createApp } from "../../server/app";
import { executeBkashPayment, resetBkashTokenForTests } from "../../server/integrations/bkash";
import { expirePendingOrders } from "../../server/services/orders.service";
import { clearDatabase } from "../setup/db";
import { queriesDuring } from "../setup/queries";
import { setEnv } from "../setup/env";
import { bkashEnv, POOR_WALLET, startBkashStub, type BkashStub } from "../stubs/bkash";
import { createUser } from "../factories/user";
import { shopperWithCart } from "../factories/cart";

let bkash: BkashStub;
let app: ReturnType<typeof createApp>;
const SHOP = "http://shop.test";

let restoreEnv: () => void;

beforeAll(async () => {
  bkash = await startBkashStub();
  restoreEnv = setEnv({ ...bkashEnv(bkash), PUBLIC_URL: SHOP });
  resetBkashTokenForTests();
  app = createApp();
});

afterAll(async () => {
  await bkash.close();
  restoreEnv();
});

beforeEach(async () => {
  await clearDatabase();
  bkash.failExecuteTransport = false;
  bkash.executes.length = 0;
  bkash.queries.length = 0;
});

/** A signed-in customer with a PENDING bKash order (2 x 800 + 60 = 1660) and a created payment. */
async function createdPayment(extra: Record<string, unknown> = {}) {
  const { token, user } = await createUser();
  const { buyer: customer } = await shopperWithCart(app, 2, token);
  const placed = await customer.order({ paymentMethod: "BKASH", ...extra });
  expect(placed.status).toBe(201);
  expect(placed.body.orderStatus).toBe("PENDING");
  const started = await customer.post(`/api/payment/${placed.body._id}`);
  expect(started.status).toBe(200);
  return { user, customer, order: placed.body, started: started.body };
}

/** The shopper's browser arriving at our callback (the URL bKash redirects to), relative to the app. */
function callback(url: string) {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(SHOP);
  return request(app).get(`${parsed.pathname}${parsed.search}`);
}

describe("POST /api/payment/:orderId (bKash)", () => {
  it("grants a token, creates the payment for the order total and answers the bkashURL", async () => {
    const { order, started } = await createdPayment();
    expect(started.gatewayUrl).toBe(`${bkash.url}/checkout/pay?paymentID=${started.paymentId}`);
    const created = bkash.payments.get(started.paymentId)!;
    expect(created).toMatchObject({
      amount: "1660",
      currency: "BDT",
      intent: "sale",
      merchantInvoiceNumber: started.transactionId,
      payerReference: "01712345678",
      callbackURL: `${SHOP}/api/payment/bkash/callback`,
    });
    const payment = await Payment.findOne({ paymentId: started.paymentId }).lean();
    expect(payment).toMatchObject({
      method: "BKASH",
      amount: 1660,
      status: "PENDING",
      transactionId: started.transactionId,
    });
    expect(payment!.order.toString()).toBe(order._id);
  });
});

describe("GET /api/payment/bkash/callback", () => {
  it("never executes for an order cancelled after the shopper was sent to bKash", async () => {
    const { order, started } = await createdPayment();
    await expirePendingOrders(new Date(Date.now() + 31 * 60_000));
    const answer = await callback(bkash.visit(started.paymentId, "success"));
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.location);
    expect(location.pathname).toBe("/payment-failed");
    expect(location.searchParams.get("reason")).toBe("This order is no longer awaiting payment");
    expect(bkash.executes).toEqual([]);
    expect(bkash.payments.get(started.paymentId)!.trxID).toBeUndefined();
    expect((await Payment.findOne({ paymentId: started.paymentId }).lean())!.status).toBe(
      "CANCELLED",
    );
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("CANCELLED");
  });

  it('a payment bKash debited after the order expired says so on every return, never "successful"', async () => {
    const { order, started } = await createdPayment();
    bkash.visit(started.paymentId, "success");
    // A process executed it and stopped before recording it; the order then expired.
    expect((await executeBkashPayment(started.paymentId)).ok).toBe(true);
    await expirePendingOrders(new Date(Date.now() + 31 * 60_000));
    // The cancel callback is checked with bKash: debited, recorded late, for a refund.
    const ended = await request(app).get(
      `/api/payment/bkash/callback?paymentID=${started.paymentId}&status=cancel`,
    );
    const late = "Your payment arrived after this order was closed; the shop will refund it";
    const shown = (answer: request.Response) => {
      const location = new URL(answer.headers.location);
      return { page: location.pathname, reason: location.searchParams.get("reason") };
    };
    expect(shown(ended)).toEqual({ page: "/payment-failed", reason: late });
    // The shopper's success return replayed: the same refund message, nothing executed again.
    const replayed = await callback(bkash.visit(started.paymentId, "success"));
    expect(shown(replayed)).toEqual({ page: "/payment-failed", reason: late });
    expect(bkash.executes).toEqual([started.paymentId]);
    expect(await Payment.findOne({ paymentId: started.paymentId }).lean()).toMatchObject({
      status: "COMPLETED",
      gatewayResponse: { needsReview: expect.any(String) },
    });
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("CANCELLED");
  });

  it("never executes a second payment for an order already paid by another attempt", async () => {
    const { order, customer, started: first } = await createdPayment();
    const second = await customer.post(`/api/payment/${order._id}`);
    expect(second.status).toBe(200);
    await callback(bkash.visit(first.paymentId, "success")).expect(302);
    const again = await callback(bkash.visit(second.body.paymentId, "success"));
    expect(new URL(again.headers.location).pathname).toBe("/payment-failed");
    expect(bkash.executes).toEqual([first.paymentId]);
    expect((await Order.findById(order._id).lean())!.paymentDetails!.paymentId).toBe(
      first.paymentId,
    );
  });

  describe("a payment whose process stopped while executing it (its lock run out)", () => {
    /** Payment `first` holds the order's lock, expired: as a process killed during its execute leaves it. */
    async function abandon(orderId: string, first: { transactionId: string }) {
      await Order.updateOne(
        { _id: orderId },
        {
          $set: {
            paymentLock: {
              transactionId: first.transactionId,
              until: new Date(Date.now() - 1000),
            },
          },
        },
      );
    }

    it("debited before the process stopped: recorded then, and the next tab is never executed", async () => {
      const { order, customer, started: first } = await createdPayment();
      bkash.visit(first.paymentId, "success");
      // The stopped process's execute reached bKash: the shopper's wallet was debited.
      expect((await executeBkashPayment(first.paymentId)).ok).toBe(true);
      await abandon(order._id, first);

      const second = (await customer.post(`/api/payment/${order._id}`)).body;
      const answer = await callback(bkash.visit(second.paymentId, "success"));
      expect(new URL(answer.headers.location).pathname).toBe("/payment-failed");
      expect(bkash.executes).toEqual([first.paymentId]);
      expect(await Payment.findOne({ paymentId: first.paymentId }).lean()).toMatchObject({
        status: "COMPLETED",
      });
      expect(await Payment.findOne({ paymentId: second.paymentId }).lean()).toMatchObject({
        status: "CANCELLED",
      });
      const stored = await Order.findById(order._id).lean();
      expect(stored).toMatchObject({
        orderStatus: "PLACED",
        paymentDetails: { status: "COMPLETED", paymentId: first.paymentId },
      });
    });

    it("bKash cannot say what became of it: the next tab is not executed, and the next asks again", async () => {
      const { order, customer, started: first } = await createdPayment();
      await abandon(order._id, first);
      // bKash's status query fails for it (here: bKash no longer knows the payment id).
      bkash.payments.delete(first.paymentId);

      const second = (await customer.post(`/api/payment/${order._id}`)).body;
      const answer = await callback(bkash.visit(second.paymentId, "success"));
      expect(new URL(answer.headers.location).pathname).toBe("/payment-failed");
      expect(bkash.executes).toEqual([]);
      const stored = await Order.findById(order._id).select("+paymentLock").lean();
      expect(stored!.orderStatus).toBe("PENDING");
      expect(stored!.paymentLock).toMatchObject({ transactionId: first.transactionId });
      expect((await Payment.findOne({ paymentId: first.paymentId }).lean())!.status).toBe(
        "PENDING",
      );
    });

    /** How many of these payments bKash has debited. */
    const debited = (...paymentIds: string[]) =>
      paymentIds.filter((id) => bkash.payments.get(id)!.transactionStatus === "Completed").length;

    it("a forged cancel for it is checked with bKash: recorded as paid, and the next tab is never executed", async () => {
      const { order, customer, started: first } = await createdPayment();
      const second = (await customer.post(`/api/payment/${order._id}`)).body;
      bkash.visit(first.paymentId, "success");
      expect((await executeBkashPayment(first.paymentId)).ok).toBe(true);
      await abandon(order._id, first);
      // Anyone can open the callback address with status=cancel and the payment's id.
      const forged = await request(app).get(
        `/api/payment/bkash/callback?paymentID=${first.paymentId}&status=cancel`,
      );
      expect(new URL(forged.headers.location).pathname).toBe("/payment-success");
      expect(bkash.queries).toEqual([first.paymentId]);

      const answer = await callback(bkash.visit(second.paymentId, "success"));
      expect(new URL(answer.headers.location).pathname).toBe("/payment-failed");
      expect(bkash.executes).toEqual([first.paymentId]);
      expect(debited(first.paymentId, second.paymentId)).toBe(1);
      expect(await Order.findById(order._id).lean()).toMatchObject({
        orderStatus: "PLACED",
        paymentDetails: { status: "COMPLETED", paymentId: first.paymentId },
      });
    });

    it("a payment an unchecked callback marked cancelled is still asked about before the next tab executes", async () => {
      const { order, customer, started: first } = await createdPayment();
      bkash.visit(first.paymentId, "success");
      expect((await executeBkashPayment(first.paymentId)).ok).toBe(true);
      await abandon(order._id, first);
      // As a cancel callback taken at its word (before bKash was asked) left it.
      await Payment.updateOne({ paymentId: first.paymentId }, { $set: { status: "CANCELLED" } });

      const second = (await customer.post(`/api/payment/${order._id}`)).body;
      const answer = await callback(bkash.visit(second.paymentId, "success"));
      expect(new URL(answer.headers.location).pathname).toBe("/payment-failed");
      expect(bkash.executes).toEqual([first.paymentId]);
      expect(debited(first.paymentId, second.paymentId)).toBe(1);
      expect((await Payment.findOne({ paymentId: first.paymentId }).lean())!.status).toBe(
        "COMPLETED",
      );
    });

    it("stopped before bKash debited it: marked failed, and the next tab pays", async () => {
      const { order, customer, started: first } = await createdPayment();
      bkash.visit(first.paymentId, "success");
      await abandon(order._id, first);

      const second = (await customer.post(`/api/payment/${order._id}`)).body;
      const answer = await callback(bkash.visit(second.paymentId, "success"));
      expect(new URL(answer.headers.location).pathname).toBe("/payment-success");
      expect(bkash.queries).toEqual([first.paymentId]);
      expect(bkash.executes).toEqual([second.paymentId]);
      expect((await Payment.findOne({ paymentId: first.paymentId }).lean())!.status).toBe("FAILED");
      expect((await Order.findById(order._id).lean())!.paymentDetails!.paymentId).toBe(
        second.paymentId,
      );
    });
  });

  it("executes on success, marks the order PLACED once, and redirects with the paymentId", async () => {
    const { order, started } = await createdPayment();
    const url = bkash.visit(started.paymentId, "success");
    const answer = await callback(url);
    expect(answer.status).toBe(302);
    const trxID = bkash.payments.get(started.paymentId)!.trxID!;
    expect(answer.headers.location).toBe(
      `${SHOP}/payment-success?orderId=${order._id}&transactionId=${trxID}&paymentId=${started.paymentId}`,
    );
    expect(bkash.executes).toEqual([started.paymentId]);
    const stored = await Order.findById(order._id).lean();
    expect(stored!.orderStatus).toBe("PLACED");
    expect(stored!.paymentDetails).toMatchObject({
      status: "COMPLETED",
      paymentId: started.paymentId,
      transactionId: trxID,
    });
    expect((await Payment.findOne({ paymentId: started.paymentId }).lean())!.status).toBe(
      "COMPLETED",
    );

    // Replayed callback: no second execute, no second PLACED.
    const replay = await callback(url);
    // The replay names the same transaction as the first answer: bKash's trxID.
    expect(replay.headers.location).toBe(
      `${SHOP}/payment-success?orderId=${order._id}&transactionId=${trxID}&paymentId=${started.paymentId}`,
    );
    expect(bkash.executes).toHaveLength(1);
    expect(
      (await Order.findById(order._id).lean())!.statusHistory.filter(
        (entry) => entry.status === "PLACED",
      ),
    ).toHaveLength(1);
  });

  it("sends the shopper of an order placed in Bangla back to the Bangla result pages", async () => {
    const { order, started } = await createdPayment({ locale: "bn" });
    const cancelled = await callback(bkash.visit(started.paymentId, "cancel"));
    expect(cancelled.headers.location).toBe(
      `${SHOP}/bn/payment-cancelled?orderId=${order._id}&transactionId=${started.transactionId}&paymentId=${started.paymentId}`,
    );
    const again = await createdPayment({ locale: "bn" });
    const paid = await callback(bkash.visit(again.started.paymentId, "success"));
    const trxID = bkash.payments.get(again.started.paymentId)!.trxID!;
    expect(paid.headers.location).toBe(
      `${SHOP}/bn/payment-success?orderId=${again.order._id}&transactionId=${trxID}&paymentId=${again.started.paymentId}`,
    );
  });

  it("reads the order once per callback, and still answers in the order's language", async () => {
    // The settling step's read (a payment that places the order reads the placed order for its
    // messages too); the result page's language costs no read of its own.
    for (const outcome of ["cancel", "success"] as const) {
      const { order, started } = await createdPayment({ locale: "bn" });
      let answer: request.Response | undefined;
      const queries = await queriesDuring(async () => {
        answer = await callback(bkash.visit(started.paymentId, outcome));
      });
      const [page, transactionId] =
        outcome === "cancel"
          ? ["cancelled", started.transactionId]
          : ["success", bkash.payments.get(started.paymentId)!.trxID!];
      expect(answer!.headers.location).toBe(
        `${SHOP}/bn/payment-${page}?orderId=${order._id}&transactionId=${transactionId}&paymentId=${started.paymentId}`,
      );
      expect(queries.filter((query) => query === "orders.findOne")).toHaveLength(
        outcome === "success" ? 2 : 1,
      );
    }
  });

  it("gives a Bangla order's shopper the gateway's failure reason as it is, in English", async () => {
    const reasonOf = (location: string) => new URL(location).searchParams.get("reason");
    const english = await createdPayment();
    const englishAnswer = await callback(
      bkash.visit(english.started.paymentId, "success", POOR_WALLET),
    );
    const bangla = await createdPayment({ locale: "bn" });
    const banglaAnswer = await callback(
      bkash.visit(bangla.started.paymentId, "success", POOR_WALLET),
    );
    expect(new URL(banglaAnswer.headers.location).pathname).toBe("/bn/payment-failed");
    expect(reasonOf(englishAnswer.headers.location)).toBeTruthy();
    // The page translates it (docs/i18n.md, "Payment failures"); the redirect does not.
    expect(reasonOf(banglaAnswer.headers.location)).toBe(reasonOf(englishAnswer.headers.location));
    expect(banglaAnswer.headers.location).toBe(
      englishAnswer.headers.location
        .replace("/payment-failed", "/bn/payment-failed")
        .replaceAll(english.started.paymentId, bangla.started.paymentId)
        .replaceAll(english.started.transactionId, bangla.started.transactionId)
        .replaceAll(String(english.order._id), String(bangla.order._id)),
    );
  });

  it("queries the status when execute is in doubt, and trusts the query", async () => {
    const { order, started } = await createdPayment();
    bkash.failExecuteTransport = true;
    const answer = await callback(bkash.visit(started.paymentId, "success"));
    const trxID = bkash.payments.get(started.paymentId)!.trxID!;
    expect(answer.headers.location).toBe(
      `${SHOP}/payment-success?orderId=${order._id}&transactionId=${trxID}&paymentId=${started.paymentId}`,
    );
    expect(bkash.queries).toEqual([started.paymentId]);
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PLACED");
  });

  it("marks a failure (insufficient balance) FAILED and redirects to /payment-failed", async () => {
    const { order, started } = await createdPayment();
    const answer = await callback(bkash.visit(started.paymentId, "success", POOR_WALLET));
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(
      `${SHOP}/payment-failed?orderId=${order._id}&transactionId=${started.transactionId}&paymentId=${started.paymentId}&reason=transaction+status+Failed`,
    );
    expect((await Payment.findOne({ paymentId: started.paymentId }).lean())!.status).toBe("FAILED");
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PENDING");

    const { started: other, order: otherOrder } = await createdPayment();
    const failure = await callback(bkash.visit(other.paymentId, "failure"));
    expect(failure.headers.location).toBe(
      `${SHOP}/payment-failed?orderId=${otherOrder._id}&transactionId=${other.transactionId}&paymentId=${other.paymentId}&reason=failure`,
    );
    expect(bkash.executes).not.toContain(other.paymentId);
    expect((await Payment.findOne({ paymentId: other.paymentId }).lean())!.status).toBe("FAILED");
  });

  it("marks a cancel CANCELLED and redirects to /payment-cancelled", async () => {
    const { order, started } = await createdPayment();
    const answer = await callback(bkash.visit(started.paymentId, "cancel"));
    expect(answer.headers.location).toBe(
      `${SHOP}/payment-cancelled?orderId=${order._id}&transactionId=${started.transactionId}&paymentId=${started.paymentId}`,
    );
    expect((await Payment.findOne({ paymentId: started.paymentId }).lean())!.status).toBe(
      "CANCELLED",
    );
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PENDING");
  });

  it("refuses a forged success for a payment the shopper never approved, and an unknown paymentID", async () => {
    const { order, started } = await createdPayment();
    const forged = await request(app).get(
      `/api/payment/bkash/callback?paymentID=${started.paymentId}&status=success`,
    );
    expect(forged.headers.location).toBe(
      `${SHOP}/payment-failed?orderId=${order._id}&transactionId=${started.transactionId}&paymentId=${started.paymentId}&reason=transaction+status+Initiated`,
    );
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PENDING");
    const unknown = await request(app).get(
      "/api/payment/bkash/callback?paymentID=TR0011NOPE&status=success",
    );
    expect(unknown.headers.location).toBe(
      `${SHOP}/payment-failed?paymentId=TR0011NOPE&reason=unknown+payment`,
    );
  });

  it("never accepts a completed payment whose amount differs from the order total", async () => {
    const { order, started } = await createdPayment();
    bkash.payments.get(started.paymentId)!.amount = "16.60";
    const answer = await callback(bkash.visit(started.paymentId, "success"));
    expect(answer.headers.location).toBe(
      `${SHOP}/payment-failed?orderId=${order._id}&transactionId=${started.transactionId}&paymentId=${started.paymentId}&reason=amount+differs+from+the+order+total`,
    );
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PENDING");
    expect((await Payment.findOne({ paymentId: started.paymentId }).lean())!.status).toBe("FAILED");
  });
});
