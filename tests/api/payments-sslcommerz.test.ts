import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { Payment } from "../../models/payment.model";
import { createApp } from "../../server/app";
import { resetEnvForTests } from "../../server/env";
import { expirePendingOrders } from "../../server/services/orders.service";
import { PAYMENT_OPEN_MESSAGE } from "../../server/payments";
import { clearDatabase } from "../setup/db";
import { queriesDuring } from "../setup/queries";
import { setEnv } from "../setup/env";
import { sslCommerzEnv, startSslCommerzStub, type SslCommerzStub } from "../stubs/sslcommerz";
import { createAdmin, createUser } from "../factories/user";
import { shopper, shopperWithCart } from "../factories/cart";
import { createOrder } from "../factories/order";
import { createPayment } from "../factories/payment";
import { createProduct, variantStock } from "../factories/product";

let ssl: SslCommerzStub;
let app: ReturnType<typeof createApp>;
const SHOP = "http://shop.test";

let restoreEnv: () => void;

beforeAll(async () => {
  ssl = await startSslCommerzStub();
  restoreEnv = setEnv({ ...sslCommerzEnv(ssl), PUBLIC_URL: SHOP });
  app = createApp();
});

afterAll(async () => {
  await ssl.close();
  restoreEnv();
});

beforeEach(async () => {
  await clearDatabase();
  ssl.sessions.length = 0;
  ssl.validations.length = 0;
});

/** A guest with a PENDING SSLCommerz order (1 x 800 + 60 delivery = 860) and a started payment. */
async function startedPayment(extra: Record<string, unknown> = {}) {
  const { product, buyer: guest } = await shopperWithCart(app, 1);
  const placed = await guest.order({ paymentMethod: "SSLCOMMERZ", ...extra });
  expect(placed.status).toBe(201);
  const started = await guest.post(`/api/payment/${placed.body._id}`);
  expect(started.status).toBe(200);
  return { product, guest, order: placed.body, started: started.body };
}

function post(path: string, form: Record<string, string>) {
  return request(app).post(path).type("form").send(form);
}

describe("POST /api/payment/:orderId (SSLCommerz)", () => {
  it("creates a PENDING order with stock reserved, opens a session for the order total and answers the gateway URL", async () => {
    const { product, order, started } = await startedPayment();
    expect(order.orderStatus).toBe("PENDING");
    expect(order.totalDiscountedPrice).toBe(860);
    expect(await variantStock(product._id, "Black", "M")).toBe(9);
    expect(started.gatewayUrl).toMatch(new RegExp(`^${ssl.url}/EasyCheckOut/`));
    const session = ssl.sessions[0];
    expect(session.fields).toMatchObject({
      total_amount: "860.00",
      currency: "BDT",
      tran_id: started.transactionId,
      value_a: order._id,
      success_url: `${SHOP}/api/payment/sslcommerz/success`,
      fail_url: `${SHOP}/api/payment/sslcommerz/fail`,
      cancel_url: `${SHOP}/api/payment/sslcommerz/cancel`,
      ipn_url: `${SHOP}/api/payment/sslcommerz/ipn`,
      product_profile: "physical-goods",
      cus_phone: "01712345678",
    });
    const payment = await Payment.findOne({ transactionId: started.transactionId }).lean();
    expect(payment).toMatchObject({
      method: "SSLCOMMERZ",
      amount: 860,
      currency: "BDT",
      status: "PENDING",
      paymentId: session.sessionkey,
    });
    expect(payment!.order.toString()).toBe(order._id);
  });

  it("is for the order's own shopper only, and only while it awaits payment", async () => {
    const { order } = await startedPayment();
    const stranger = shopper(app);
    expect((await stranger.post(`/api/payment/${order._id}`)).status).toBe(404);
    const customer = await createUser();
    expect((await shopper(app, customer.token).post(`/api/payment/${order._id}`)).status).toBe(404);
    const { buyer: cod } = await shopperWithCart(app, 1);
    const codOrder = await cod.order();
    const refused = await cod.post(`/api/payment/${codOrder.body._id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("This order is paid cash on delivery");
  });

  it("answers 502 and records a FAILED payment when the store credentials are refused", async () => {
    const { buyer: guest } = await shopperWithCart(app, 1);
    const placed = await guest.order({ paymentMethod: "SSLCOMMERZ" });
    process.env.SSLCOMMERZ_STORE_PASSWD = "wrong";
    resetEnvForTests();
    try {
      const answer = await guest.post(`/api/payment/${placed.body._id}`);
      expect(answer.status).toBe(502);
      expect(answer.body.code).toBe("GATEWAY_ERROR");
      const payment = await Payment.findOne({ order: placed.body._id }).lean();
      expect(payment!.status).toBe("FAILED");
      expect(payment!.gatewayResponse).toMatchObject({
        error: expect.stringContaining("Store Credential Error"),
      });
    } finally {
      process.env.SSLCOMMERZ_STORE_PASSWD = ssl.storePasswd;
      resetEnvForTests();
    }
  });
});

describe("POST /api/payment/sslcommerz/success", () => {
  it("validates with the validation API, marks the order PLACED and redirects to /payment-success", async () => {
    const { order, started } = await startedPayment();
    const paid = ssl.pay(started.transactionId, "success");
    expect(paid.path).toBe("/api/payment/sslcommerz/success");
    const answer = await post(paid.path, paid.form);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(
      `${SHOP}/payment-success?orderId=${order._id}&transactionId=${started.transactionId}`,
    );
    expect(ssl.validations).toEqual([paid.form.val_id]);
    const stored = await Order.findById(order._id).lean();
    expect(stored!.orderStatus).toBe("PLACED");
    expect(stored!.paymentDetails).toMatchObject({
      status: "COMPLETED",
      transactionId: started.transactionId,
    });
    expect(stored!.statusHistory.map((entry) => entry.status)).toEqual(["PENDING", "PLACED"]);
    const payment = await Payment.findOne({ transactionId: started.transactionId }).lean();
    expect(payment).toMatchObject({ status: "COMPLETED", validationId: paid.form.val_id });
  });

  it("handles the IPN idempotently: replayed twice after the browser, the order is paid once", async () => {
    const { order, started } = await startedPayment();
    const paid = ssl.pay(started.transactionId, "success");
    expect(paid.ipnPath).toBe("/api/payment/sslcommerz/ipn");
    const first = await post(paid.ipnPath, paid.form);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, result: "success" });
    const second = await post(paid.ipnPath, paid.form);
    expect(second.body).toEqual({ received: true, result: "success" });
    const browser = await post(paid.path, paid.form);
    expect(browser.headers.location).toBe(
      `${SHOP}/payment-success?orderId=${order._id}&transactionId=${started.transactionId}`,
    );
    expect(ssl.validations).toHaveLength(3);
    const stored = await Order.findById(order._id).lean();
    expect(stored!.statusHistory.filter((entry) => entry.status === "PLACED")).toHaveLength(1);
    expect(await Payment.countDocuments({ status: "COMPLETED" })).toBe(1);
  });

  it("never marks the order paid when the validated amount differs from the order total", async () => {
    const { order, started } = await startedPayment();
    const paid = ssl.pay(started.transactionId, "success", { paidAmount: "10.00" });
    const answer = await post(paid.path, { ...paid.form, amount: "860.00" });
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(
      `${SHOP}/payment-failed?orderId=${order._id}&transactionId=${started.transactionId}&reason=amount+differs+from+the+order+total`,
    );
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PENDING");
    expect((await Payment.findOne({ transactionId: started.transactionId }).lean())!.status).toBe(
      "FAILED",
    );
  });

  it("does not accept a payment SSLCommerz flags as risky", async () => {
    const { order, started } = await startedPayment();
    const paid = ssl.pay(started.transactionId, "success", { riskLevel: "1" });
    const answer = await post(paid.path, paid.form);
    expect(answer.headers.location).toBe(
      `${SHOP}/payment-failed?orderId=${order._id}&transactionId=${started.transactionId}&reason=risky+transaction`,
    );
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PENDING");
    const payment = await Payment.findOne({ transactionId: started.transactionId }).lean();
    expect(payment!.status).toBe("FAILED");
    expect(payment!.gatewayResponse).toMatchObject({ refused: "risky transaction" });
  });

  it("refuses forged posts: an unknown val_id, another transaction's val_id, an unknown tran_id", async () => {
    const a = await startedPayment();
    const b = await startedPayment();
    const forged = await post("/api/payment/sslcommerz/success", {
      tran_id: b.started.transactionId,
      val_id: "VALFORGED123",
      status: "VALID",
      amount: "860.00",
      currency: "BDT",
    });
    expect(forged.headers.location).toBe(
      `${SHOP}/payment-failed?orderId=${b.order._id}&transactionId=${b.started.transactionId}&reason=validation+status+INVALID_TRANSACTION`,
    );
    const realA = ssl.pay(a.started.transactionId, "success");
    const swapped = await post("/api/payment/sslcommerz/success", {
      ...realA.form,
      tran_id: b.started.transactionId,
    });
    expect(swapped.headers.location).toBe(
      `${SHOP}/payment-failed?orderId=${b.order._id}&transactionId=${b.started.transactionId}&reason=transaction+id+mismatch`,
    );
    const unknown = await post("/api/payment/sslcommerz/success", {
      ...realA.form,
      tran_id: "TWSNOPE",
    });
    expect(unknown.headers.location).toBe(
      `${SHOP}/payment-failed?transactionId=TWSNOPE&reason=unknown+transaction`,
    );
    expect((await Order.findById(b.order._id).lean())!.orderStatus).toBe("PENDING");
    expect((await Order.findById(a.order._id).lean())!.orderStatus).toBe("PENDING");
    // A's genuine callback still works afterwards.
    const genuine = await post(realA.path, realA.form);
    expect(genuine.headers.location).toBe(
      `${SHOP}/payment-success?orderId=${a.order._id}&transactionId=${a.started.transactionId}`,
    );
    expect((await Order.findById(a.order._id).lean())!.orderStatus).toBe("PLACED");
  });

  it("does not revive an order that expired before the payment arrived", async () => {
    const { order, started, product } = await startedPayment();
    await expirePendingOrders(new Date(Date.now() + 31 * 60_000));
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
    const paid = ssl.pay(started.transactionId, "success");
    await post(paid.path, paid.form);
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("CANCELLED");
    const payment = await Payment.findOne({ transactionId: started.transactionId }).lean();
    expect(payment!.status).toBe("COMPLETED");
    expect(payment!.gatewayResponse).toMatchObject({ needsReview: expect.any(String) });
  });
});

describe("a payment for an order that no longer awaits one", () => {
  it("tells the shopper the truth: /payment-failed with the refund reason, never /payment-success", async () => {
    const { order, started } = await startedPayment();
    await expirePendingOrders(new Date(Date.now() + 31 * 60_000));
    const paid = ssl.pay(started.transactionId, "success");
    const answer = await post(paid.path, paid.form);
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.location);
    expect(location.pathname).toBe("/payment-failed");
    expect(location.searchParams.get("orderId")).toBe(order._id);
    expect(location.searchParams.get("reason")).toBe(
      "Your payment arrived after this order was closed; the shop will refund it",
    );
  });
});

describe("POST /api/payment/sslcommerz/fail and /cancel", () => {
  it("records a failed payment, keeps the order PENDING and redirects to /payment-failed", async () => {
    const { order, started } = await startedPayment();
    const failed = ssl.pay(started.transactionId, "fail");
    expect(failed.path).toBe("/api/payment/sslcommerz/fail");
    const answer = await post(failed.path, failed.form);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(
      `${SHOP}/payment-failed?orderId=${order._id}&transactionId=${started.transactionId}&reason=Invalid+expiration+date`,
    );
    expect((await Payment.findOne({ transactionId: started.transactionId }).lean())!.status).toBe(
      "FAILED",
    );
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PENDING");
  });

  it("records a cancelled payment and redirects to /payment-cancelled", async () => {
    const { order, started } = await startedPayment();
    const cancelled = ssl.pay(started.transactionId, "cancel");
    const answer = await post(cancelled.path, cancelled.form);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(
      `${SHOP}/payment-cancelled?orderId=${order._id}&transactionId=${started.transactionId}`,
    );
    expect((await Payment.findOne({ transactionId: started.transactionId }).lean())!.status).toBe(
      "CANCELLED",
    );
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PENDING");
  });

  it("lets the shopper retry after a failure: a second attempt pays the order", async () => {
    const { order, started, guest } = await startedPayment();
    await post("/api/payment/sslcommerz/fail", ssl.pay(started.transactionId, "fail").form);
    const retry = await guest.post(`/api/payment/${order._id}`);
    expect(retry.status).toBe(200);
    expect(retry.body.transactionId).not.toBe(started.transactionId);
    const paid = ssl.pay(retry.body.transactionId, "success");
    expect((await post(paid.path, paid.form)).headers.location).toBe(
      `${SHOP}/payment-success?orderId=${order._id}&transactionId=${retry.body.transactionId}`,
    );
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PLACED");
    const again = await guest.post(`/api/payment/${order._id}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This order is not awaiting payment");
  });
});

/*
 * The form posts to success, fail and cancel come through the shopper's browser, and anyone can
 * send them: only SSLCommerz's own answer (the validation API for a val_id, the transaction query
 * for our tran_id) may free the order's payment lock or record how the payment ended.
 */
describe("posts SSLCommerz does not confirm", () => {
  it("forged fail, cancel and success posts show their page but leave the payment open and the order locked", async () => {
    const { order, started, guest } = await startedPayment();
    const tran_id = started.transactionId;
    const forgeries: { path: string; form: Record<string, string>; page: string }[] = [
      {
        path: "/api/payment/sslcommerz/fail",
        form: { tran_id, status: "FAILED", error: "Invalid expiration date" },
        page: "/payment-failed",
      },
      {
        path: "/api/payment/sslcommerz/cancel",
        form: { tran_id, status: "CANCELLED", error: "Cancelled by User" },
        page: "/payment-cancelled",
      },
      {
        path: "/api/payment/sslcommerz/success",
        form: { tran_id, status: "VALID", val_id: "VALFORGED1", amount: "860.00", currency: "BDT" },
        page: "/payment-failed",
      },
      {
        path: "/api/payment/sslcommerz/success",
        form: { tran_id, status: "FAILED" },
        page: "/payment-failed",
      },
    ];
    for (const forged of forgeries) {
      const answer = await post(forged.path, forged.form);
      expect(answer.status).toBe(302);
      expect(new URL(answer.headers.location).pathname, forged.path).toBe(forged.page);
    }
    const ipn = await post("/api/payment/sslcommerz/ipn", { tran_id, status: "CANCELLED" });
    expect(ipn.body).toEqual({ received: true, result: "cancelled" });

    expect((await Payment.findOne({ transactionId: tran_id }).lean())!.status).toBe("PENDING");
    const locked = await Order.findById(order._id).select("+paymentLock").lean();
    expect(locked!.paymentLock).toMatchObject({ transactionId: tran_id });
    const second = await guest.post(`/api/payment/${order._id}`);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: PAYMENT_OPEN_MESSAGE, code: "PAYMENT_OPEN" });
    expect(ssl.sessions).toHaveLength(1);

    // The page that is really open still pays the order.
    const paid = ssl.pay(tran_id, "success");
    expect(new URL((await post(paid.path, paid.form)).headers.location).pathname).toBe(
      "/payment-success",
    );
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PLACED");
  });

  it("a fail post for a transaction SSLCommerz reports paid places the order", async () => {
    const { order, started } = await startedPayment();
    // The shopper paid; what reaches the shop is a fail post (a forged one, or a confused browser).
    const paid = ssl.pay(started.transactionId, "success");
    const answer = await post("/api/payment/sslcommerz/fail", {
      tran_id: started.transactionId,
      status: "FAILED",
      error: "Invalid expiration date",
    });
    expect(answer.headers.location).toBe(
      `${SHOP}/payment-success?orderId=${order._id}&transactionId=${started.transactionId}`,
    );
    expect(ssl.validations).toEqual([paid.form.val_id]);
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PLACED");
    expect(await Payment.findOne({ transactionId: started.transactionId }).lean()).toMatchObject({
      status: "COMPLETED",
      validationId: paid.form.val_id,
    });
  });
});

describe("the shopper's way back", () => {
  it("reads the order once per return, and answers in the order's language", async () => {
    // The settling step's read (a payment that places the order reads the placed order for its
    // messages too); the result page's language costs no read of its own.
    for (const outcome of ["fail", "cancel", "success"] as const) {
      const { order, started } = await startedPayment({ locale: "bn" });
      const back = ssl.pay(started.transactionId, outcome);
      let answer: request.Response | undefined;
      const queries = await queriesDuring(async () => {
        answer = await post(back.path, back.form);
      });
      const page = { fail: "failed", cancel: "cancelled", success: "success" }[outcome];
      const reason = outcome === "fail" ? "&reason=Invalid+expiration+date" : "";
      expect(answer!.headers.location).toBe(
        `${SHOP}/bn/payment-${page}?orderId=${order._id}&transactionId=${started.transactionId}${reason}`,
      );
      expect(queries.filter((query) => query === "orders.findOne")).toHaveLength(
        outcome === "success" ? 2 : 1,
      );
    }
  });
});

describe("GET /api/payments", () => {
  it("lists payments for admins", async () => {
    const { started } = await startedPayment();
    const admin = await createAdmin();
    const answer = await request(app)
      .get("/api/payments")
      .set("Authorization", `Bearer ${admin.token}`);
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(answer.body.payments).toHaveLength(1);
    expect(answer.body.payments[0]).toMatchObject({
      transactionId: started.transactionId,
      amount: 860,
      status: "PENDING",
      currency: "BDT",
    });
    const customer = await createUser();
    expect(
      (await request(app).get("/api/payments").set("Authorization", `Bearer ${customer.token}`))
        .status,
    ).toBe(403);
  });
});

describe("GET /api/payments (paging and filters)", () => {
  /** Orders with payment records straight through the models; `minutesAgo` orders them in time. */
  async function seedPayments() {
    const product = await createProduct();
    const rows: {
      method: "SSLCOMMERZ" | "BKASH";
      status: "PENDING" | "COMPLETED" | "FAILED";
      minutesAgo: number;
    }[] = [
      { method: "SSLCOMMERZ", status: "COMPLETED", minutesAgo: 50 },
      { method: "BKASH", status: "FAILED", minutesAgo: 40 },
      { method: "SSLCOMMERZ", status: "PENDING", minutesAgo: 30 },
      { method: "BKASH", status: "COMPLETED", minutesAgo: 20 },
      { method: "SSLCOMMERZ", status: "COMPLETED", minutesAgo: 10 },
    ];
    const seeded = [];
    for (const [index, row] of rows.entries()) {
      const order = await createOrder({
        lines: [{ product }],
        paymentMethod: row.method,
        orderStatus: "PLACED",
      });
      const payment = await createPayment({
        order: order._id,
        method: row.method,
        amount: 860 + index,
        status: row.status,
        transactionId: `TX-PAGE-${index}`,
        paymentId: `GW-${index}`,
        createdAt: new Date(Date.now() - row.minutesAgo * 60_000),
      });
      seeded.push({ order, payment });
    }
    return seeded;
  }

  async function get(query: Record<string, string>, token?: string) {
    const bearer = token ?? (await createAdmin()).token;
    return request(app).get("/api/payments").query(query).set("Authorization", `Bearer ${bearer}`);
  }

  const ids = (body: { payments: { transactionId: string }[] }) =>
    body.payments.map((payment) => payment.transactionId);

  it("answers {success, payments, total, page, totalPages}, newest first, one page at a time", async () => {
    await seedPayments();
    const first = await get({ limit: "2" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, total: 5, page: 1, totalPages: 3 });
    expect(ids(first.body)).toEqual(["TX-PAGE-4", "TX-PAGE-3"]);
    const last = await get({ limit: "2", page: "3" });
    expect(last.body).toMatchObject({ success: true, total: 5, page: 3, totalPages: 3 });
    expect(ids(last.body)).toEqual(["TX-PAGE-0"]);
    const beyond = await get({ limit: "2", page: "9" });
    expect(beyond.body).toMatchObject({ total: 5, page: 9, totalPages: 3, payments: [] });
    const defaults = await get({});
    expect(defaults.body).toMatchObject({ success: true, total: 5, page: 1, totalPages: 1 });
    expect(defaults.body.payments).toHaveLength(5);
    expect(defaults.body.payments[0].order).toMatchObject({ orderStatus: "PLACED" });
    expect(await Payment.countDocuments()).toBe(5);
  });

  it("filters by status, method and search (transaction id, gateway id, order number)", async () => {
    const seeded = await seedPayments();
    const completed = await get({ status: "completed" });
    expect(completed.body).toMatchObject({ total: 3, totalPages: 1 });
    expect(ids(completed.body)).toEqual(["TX-PAGE-4", "TX-PAGE-3", "TX-PAGE-0"]);
    const bkash = await get({ method: "bkash", status: "COMPLETED" });
    expect(ids(bkash.body)).toEqual(["TX-PAGE-3"]);
    expect((await get({ search: "tx-page-2" })).body.total).toBe(1);
    expect(ids((await get({ search: "GW-1" })).body)).toEqual(["TX-PAGE-1"]);
    const byOrder = await get({ search: seeded[2].order.orderNumber });
    expect(ids(byOrder.body)).toEqual(["TX-PAGE-2"]);
    expect((await get({ search: ".*" })).body).toMatchObject({ total: 0, payments: [] });
  });

  it("refuses bad paging and unknown filters with 400", async () => {
    const admin = await createAdmin();
    const bad: Record<string, string>[] = [
      { page: "0" },
      { limit: "101" },
      { status: "LOST" },
      { method: "CASH" },
    ];
    for (const query of bad) {
      const answer = await get(query, admin.token);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.success).toBeUndefined();
    }
  });
});
