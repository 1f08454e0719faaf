import mongoose from "mongoose";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { Payment } from "../../models/payment.model";
import { createApp } from "../../server/app";
import { createLoadContext } from "../../server/load-context";
import { resetBkashTokenForTests } from "../../server/integrations/bkash";
import { expirePendingOrders } from "../../server/services/orders.service";
import { ANOTHER_PAYMENT_REASON, PAYMENT_OPEN_MESSAGE } from "../../server/payments";
import {
  carryOverLegacyPaymentLocks,
  dropLegacyPaymentLockFields,
} from "../../server/db/migrations";
import { ADVANCE_METHOD_REQUIRED } from "../../server/services/advance-delivery-charge.service";
import { paymentSplit } from "#contract/advance-delivery-charge";
import type { ShopSettings } from "#contract/schemas/shop-settings";
import { clearDatabase } from "../setup/db";
import { setEnv, withEnv } from "../setup/env";
import { bkashEnv, POOR_WALLET, startBkashStub, type BkashStub } from "../stubs/bkash";
import { sslCommerzEnv, startSslCommerzStub, type SslCommerzStub } from "../stubs/sslcommerz";
import { shippingAddress } from "../factories/address";
import { shopper, shopperWithCart } from "../factories/cart";
import { createProduct, variantStock } from "../factories/product";
import { changeShopSettings } from "../factories/shop-settings";
import { createAdmin } from "../factories/user";
import { createOrder } from "../factories/order";
import { PhoneBlockModel } from "../../models/phone-block.model";
import { queriesDuring } from "../setup/queries";
import type { PathaoStub } from "../stubs/pathao";
import { usePathaoStub } from "../setup/pathao";

/*
 * The advance delivery charge of cash-on-delivery orders (docs/cod.md), through the HTTP API with
 * the bKash and SSLCommerz protocol stubs. The product sells at ৳800; delivery is ৳60 in Dhaka,
 * ৳120 outside, free from ৳3,000 (the first-start settings).
 */

let bkash: BkashStub;
let ssl: SslCommerzStub;
let app: ReturnType<typeof createApp>;
let restoreEnv: () => void;
const SHOP = "http://shop.test";
const CHATTOGRAM = shippingAddress({ city: "Chattogram" });

beforeAll(async () => {
  bkash = await startBkashStub();
  ssl = await startSslCommerzStub();
  restoreEnv = setEnv({ ...bkashEnv(bkash), ...sslCommerzEnv(ssl), PUBLIC_URL: SHOP });
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
  bkash.executes.length = 0;
  bkash.queries.length = 0;
  ssl.sessions.length = 0;
  ssl.validations.length = 0;
});

type AdvanceRules = ShopSettings["cod"]["advanceDeliveryCharge"];
function advanceRules(rules: Partial<AdvanceRules>) {
  return changeShopSettings((settings) => {
    settings.cod.advanceDeliveryCharge = {
      outsideDhaka: false,
      riskyNumbers: false,
      aboveAmount: 0,
      ...rules,
    };
  });
}

/** A guest's COD order to Chattogram (outside Dhaka) with the advance paid by `method`. */
async function advanceOrder(method: "BKASH" | "SSLCOMMERZ", quantity = 2) {
  await advanceRules({ outsideDhaka: true });
  const { product, buyer } = await shopperWithCart(app, quantity);
  const placed = await buyer.order({
    shippingAddress: CHATTOGRAM,
    paymentMethod: "COD",
    advancePaymentMethod: method,
  });
  expect(placed.status).toBe(201);
  const started = await buyer.post(`/api/payment/${placed.body._id}`);
  expect(started.status).toBe(200);
  return { product, buyer, order: placed.body, started: started.body };
}

function bkashCallback(url: string) {
  const parsed = new URL(url);
  return request(app).get(`${parsed.pathname}${parsed.search}`);
}

function sslPost(path: string, form: Record<string, string>) {
  return request(app).post(path).type("form").send(form);
}

describe("the checkout quote", () => {
  it("asks for no advance while every rule is off", async () => {
    const { buyer } = await shopperWithCart(app, 2);
    const quote = await buyer.quote({ city: "Chattogram", mobile: "01712345678" });
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ deliveryCharge: 120, total: 1720 });
    expect(quote.body.advanceDeliveryCharge).toBeUndefined();
  });

  it("outside Dhaka: the delivery charge in advance, the goods on delivery; Dhaka itself pays none", async () => {
    await advanceRules({ outsideDhaka: true });
    const { buyer } = await shopperWithCart(app, 2);
    const outside = await buyer.quote({ city: "Chattogram" });
    expect(outside.body).toMatchObject({
      deliveryCharge: 120,
      total: 1720,
      advanceDeliveryCharge: {
        amount: 120,
        collectOnDelivery: 1600,
        reasons: ["outsideDhaka"],
        methods: ["BKASH", "SSLCOMMERZ"],
      },
    });
    const dhaka = await buyer.quote({ city: "Dhaka" });
    expect(dhaka.body.deliveryCharge).toBe(60);
    expect(dhaka.body.advanceDeliveryCharge).toBeUndefined();
  });

  it("offers the gateways the checkout offers, in the same order: only those configured", async () => {
    await advanceRules({ outsideDhaka: true });
    const { buyer } = await shopperWithCart(app, 1);
    const offered = async () => ({
      checkout: await createLoadContext("nonce").services.paymentMethods(),
      advance: (await buyer.quote({ city: "Chattogram" })).body.advanceDeliveryCharge?.methods,
    });
    expect(await offered()).toEqual({
      checkout: ["COD", "BKASH", "SSLCOMMERZ"],
      advance: ["BKASH", "SSLCOMMERZ"],
    });
    expect(await withEnv({ BKASH_APP_KEY: "" }, offered)).toEqual({
      checkout: ["COD", "SSLCOMMERZ"],
      advance: ["SSLCOMMERZ"],
    });
  });

  it("above an amount: from the goods total after discounts, inclusive; 0 switches it off", async () => {
    await advanceRules({ aboveAmount: 1600 });
    const two = await shopperWithCart(app, 2);
    expect((await two.buyer.quote({ city: "Dhaka" })).body.advanceDeliveryCharge).toEqual({
      amount: 60,
      collectOnDelivery: 1600,
      reasons: ["aboveAmount"],
      methods: ["BKASH", "SSLCOMMERZ"],
    });
    const one = await shopperWithCart(app, 1);
    expect((await one.buyer.quote({ city: "Dhaka" })).body.advanceDeliveryCharge).toBeUndefined();
    await advanceRules({ aboveAmount: 0 });
    expect((await two.buyer.quote({ city: "Dhaka" })).body.advanceDeliveryCharge).toBeUndefined();
  });

  it("asks nothing in advance when delivery is free", async () => {
    await advanceRules({ outsideDhaka: true, aboveAmount: 1000 });
    const { buyer } = await shopperWithCart(app, 4);
    const quote = await buyer.quote({ city: "Chattogram" });
    expect(quote.body).toMatchObject({ deliveryCharge: 0, total: 3200 });
    expect(quote.body.advanceDeliveryCharge).toBeUndefined();
  });

  it("risky numbers: the quote never reads the number, a risky or blocked one is quoted exactly as a new one", async () => {
    const RISKY = "01811111111";
    const BLOCKED = "01822222222";
    await createOrder({ mobile: RISKY, orderStatus: "RETURNED" });
    await PhoneBlockModel.create({ phone: BLOCKED, reason: "Fake orders", blockedAt: new Date() });
    await advanceRules({ riskyNumbers: true });

    const { buyer } = await shopperWithCart(app, 1);
    const quoted = async (mobile?: string) => {
      let answer: request.Response | undefined;
      const queries = await queriesDuring(async () => {
        answer = await buyer.quote({ city: "Dhaka", ...(mobile ? { mobile } : {}) });
      });
      expect(answer!.status).toBe(200);
      // No read of the orders or of the block list: nothing to learn about a number here.
      expect(queries.filter((query) => /^(orders|phone_blocks)\./.test(query))).toEqual([]);
      return answer!.body;
    };
    const fresh = await quoted("01712345678");
    expect(fresh).toMatchObject({ deliveryCharge: 60, total: 860 });
    expect(fresh.advanceDeliveryCharge).toBeUndefined();
    expect(await quoted(RISKY)).toEqual(fresh);
    expect(await quoted("+880 1811-111111")).toEqual(fresh);
    expect(await quoted(BLOCKED)).toEqual(fresh);
    expect(await quoted()).toEqual(fresh);
  });

  it("risky numbers: the placement still asks the advance, and the shopper's answers never name the history", async () => {
    const risky = "01811111111";
    await createOrder({ mobile: risky, orderStatus: "RETURNED" });
    const { buyer } = await shopperWithCart(app, 1);
    // Off: nobody pays in advance.
    await advanceRules({ riskyNumbers: false });
    const off = await buyer.order({ shippingAddress: shippingAddress({ mobile: risky }) });
    expect(off.body).toMatchObject({ orderStatus: "PLACED", advanceDeliveryCharge: null });

    await advanceRules({ riskyNumbers: true });
    const again = await shopperWithCart(app, 1);
    // Held for the advance, in any written form of the number; the refusal says no more than that.
    const refused = await again.buyer.order({
      shippingAddress: shippingAddress({ mobile: "+880 1811-111111" }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: ADVANCE_METHOD_REQUIRED,
      code: "ADVANCE_REQUIRED",
      errors: [{ path: "advancePaymentMethod", message: ADVANCE_METHOD_REQUIRED }],
    });
    const placed = await again.buyer.order({
      shippingAddress: shippingAddress({ mobile: risky }),
      advancePaymentMethod: "SSLCOMMERZ",
    });
    expect(placed.status).toBe(201);
    expect(placed.body.orderStatus).toBe("PENDING");
    const shopperSees = { amount: 60, method: "SSLCOMMERZ", reasons: [], status: "PENDING" };
    expect(placed.body.advanceDeliveryCharge).toMatchObject(shopperSees);
    const id = String(placed.body._id);
    const token = placed.body.trackingToken as string;
    const read = await request(app).get(`/api/orders/${id}?token=${token}`);
    expect(read.body.advanceDeliveryCharge).toMatchObject(shopperSees);
    const tracked = await request(app).get(`/api/orders/guest/track/${id}?phone=${risky}`);
    expect(tracked.body.advanceDeliveryCharge).toMatchObject(shopperSees);
    expect(JSON.stringify([placed.body, read.body, tracked.body])).not.toContain("risky");

    // The back office sees why.
    const { token: adminToken } = await createAdmin();
    const admin = await request(app)
      .get(`/api/admin/orders/${id}`)
      .set("Authorization", `Bearer ${adminToken}`);
    expect(admin.body.advanceDeliveryCharge.reasons).toEqual(["riskyNumber"]);
  });

  it("lists every rule that matched", async () => {
    await advanceRules({ outsideDhaka: true, aboveAmount: 800 });
    const { buyer } = await shopperWithCart(app, 1);
    expect((await buyer.quote({ city: "Sylhet" })).body.advanceDeliveryCharge.reasons).toEqual([
      "outsideDhaka",
      "aboveAmount",
    ]);
  });
});

describe("placing a COD order that needs the advance", () => {
  it("without a gateway chosen: 400 naming the field, nothing taken, the cart kept", async () => {
    await advanceRules({ outsideDhaka: true });
    const { product, buyer } = await shopperWithCart(app, 2);
    const refused = await buyer.order({ shippingAddress: CHATTOGRAM });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(ADVANCE_METHOD_REQUIRED);
    expect(refused.body.errors).toEqual([
      { path: "advancePaymentMethod", message: ADVANCE_METHOD_REQUIRED },
    ]);
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
    expect(await Order.countDocuments()).toBe(0);
    expect((await buyer.get("/api/cart")).body.cartItems[0].quantity).toBe(2);
  });

  it("a gateway that is not configured is refused", async () => {
    await advanceRules({ outsideDhaka: true });
    const restore = setEnv({ BKASH_APP_KEY: "" });
    try {
      const { buyer } = await shopperWithCart(app, 1);
      const quote = await buyer.quote({ city: "Chattogram" });
      expect(quote.body.advanceDeliveryCharge.methods).toEqual(["SSLCOMMERZ"]);
      const refused = await buyer.order({
        shippingAddress: CHATTOGRAM,
        advancePaymentMethod: "BKASH",
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].path).toBe("advancePaymentMethod");
    } finally {
      restore();
    }
  });

  it("is held PENDING with its stock reserved; a plain COD order elsewhere is placed at once", async () => {
    const { product, order } = await advanceOrder("BKASH", 2);
    expect(order).toMatchObject({
      paymentMethod: "COD",
      orderStatus: "PENDING",
      deliveryCharge: 120,
      totalDiscountedPrice: 1720,
      advanceDeliveryCharge: {
        amount: 120,
        method: "BKASH",
        reasons: ["outsideDhaka"],
        status: "PENDING",
      },
      paymentDetails: { status: "PENDING" },
    });
    expect(await variantStock(product._id, "Black", "M")).toBe(8);

    const dhaka = await shopperWithCart(app, 1);
    const plain = await dhaka.buyer.order({ advancePaymentMethod: "BKASH" });
    expect(plain.body).toMatchObject({ orderStatus: "PLACED", advanceDeliveryCharge: null });
  });

  it("an online order pays everything online, whatever the rules", async () => {
    await advanceRules({ outsideDhaka: true });
    const { buyer } = await shopperWithCart(app, 1);
    const placed = await buyer.order({ shippingAddress: CHATTOGRAM, paymentMethod: "BKASH" });
    expect(placed.body).toMatchObject({ orderStatus: "PENDING", advanceDeliveryCharge: null });
    const started = await buyer.post(`/api/payment/${placed.body._id}`);
    expect(bkash.payments.get(started.body.paymentId)!.amount).toBe("920");
  });
});

describe("paying the advance with bKash", () => {
  it("takes only the delivery charge, places the order and leaves the rest cash on delivery", async () => {
    const { buyer, order, started } = await advanceOrder("BKASH", 2);
    expect(bkash.payments.get(started.paymentId)).toMatchObject({
      amount: "120",
      merchantInvoiceNumber: started.transactionId,
    });
    const answer = await bkashCallback(bkash.visit(started.paymentId, "success"));
    const trxID = bkash.payments.get(started.paymentId)!.trxID!;
    expect(answer.headers.location).toBe(
      `${SHOP}/payment-success?orderId=${order._id}&transactionId=${trxID}&paymentId=${started.paymentId}`,
    );

    const read = await buyer.get(`/api/orders/${order._id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      orderStatus: "PLACED",
      paymentMethod: "COD",
      totalDiscountedPrice: 1720,
      advanceDeliveryCharge: { amount: 120, method: "BKASH", status: "PAID", transactionId: trxID },
      // The cash part is still to be collected.
      paymentDetails: { status: "PENDING" },
    });
    expect(read.body.advanceDeliveryCharge.paidAt).toEqual(expect.any(String));
    expect(read.body.statusHistory.map((entry: { status: string }) => entry.status)).toEqual([
      "PENDING",
      "PLACED",
    ]);
    // Guest tracking by phone shows the two parts too.
    const tracked = await request(app).get(
      `/api/orders/guest/track/${order._id}?phone=${CHATTOGRAM.mobile}`,
    );
    expect(tracked.status).toBe(200);
    expect(paymentSplit(tracked.body)).toEqual({
      paidOnline: 120,
      collectOnDelivery: 1600,
      advance: 120,
    });
    expect(paymentSplit(read.body)).toEqual({
      paidOnline: 120,
      collectOnDelivery: 1600,
      advance: 120,
    });

    const payment = await Payment.findOne({ paymentId: started.paymentId }).lean();
    expect(payment).toMatchObject({
      method: "BKASH",
      purpose: "ADVANCE_DELIVERY_CHARGE",
      amount: 120,
      status: "COMPLETED",
    });

    // The back office's payments list says what the money paid.
    const { token } = await createAdmin();
    const list = await request(app).get("/api/payments").set("Authorization", `Bearer ${token}`);
    expect(list.body.payments).toHaveLength(1);
    expect(list.body.payments[0]).toMatchObject({
      purpose: "ADVANCE_DELIVERY_CHARGE",
      amount: 120,
      order: { paymentMethod: "COD", totalDiscountedPrice: 1720, orderStatus: "PLACED" },
    });

    // Delivered: the rider's cash completes the COD part.
    for (const status of ["confirmed", "shipped", "delivered"])
      await request(app)
        .put(`/api/admin/orders/${order._id}/${status}`)
        .set("Authorization", `Bearer ${token}`)
        .expect(200);
    const delivered = await Order.findById(order._id).lean();
    expect(delivered!.paymentDetails!.status).toBe("COMPLETED");
    expect(delivered!.advanceDeliveryCharge).toMatchObject({ amount: 120, status: "PAID" });
  });

  it("a failed wallet leaves the order awaiting payment; the expiry job releases its stock exactly once", async () => {
    const { product, order, started } = await advanceOrder("BKASH", 3);
    expect(await variantStock(product._id, "Black", "M")).toBe(7);
    const failed = await bkashCallback(bkash.visit(started.paymentId, "failure"));
    expect(new URL(failed.headers.location).pathname).toBe("/payment-failed");
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PENDING");
    expect((await Payment.findOne({ paymentId: started.paymentId }).lean())!.status).toBe("FAILED");

    const later = new Date(Date.now() + 31 * 60_000);
    const runs = await Promise.all([1, 2, 3, 4].map(() => expirePendingOrders(later)));
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await expirePendingOrders(later)).toBe(0);
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
    const expired = await Order.findById(order._id).lean();
    expect(expired).toMatchObject({ orderStatus: "CANCELLED", stockReleased: true });
    expect(expired!.advanceDeliveryCharge!.status).toBe("PENDING");
  });

  it("the same callback five times at once pays and places the order once", async () => {
    const { order, started } = await advanceOrder("BKASH", 1);
    const url = bkash.visit(started.paymentId, "success");
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => bkashCallback(url)));
    const trxID = bkash.payments.get(started.paymentId)!.trxID!;
    for (const answer of answers)
      expect(answer.headers.location).toBe(
        `${SHOP}/payment-success?orderId=${order._id}&transactionId=${trxID}&paymentId=${started.paymentId}`,
      );
    const stored = await Order.findById(order._id).lean();
    expect(stored!.statusHistory.filter((entry) => entry.status === "PLACED")).toHaveLength(1);
    expect(await Payment.countDocuments({ status: "COMPLETED" })).toBe(1);
    expect(bkash.payments.get(started.paymentId)!.transactionStatus).toBe("Completed");
  });

  it("two tabs approving two payments at once: only one is executed, the other never debited", async () => {
    const { buyer, order, started: first } = await advanceOrder("BKASH", 1);
    const second = (await buyer.post(`/api/payment/${order._id}`)).body;
    const answers = await Promise.all([
      bkashCallback(bkash.visit(first.paymentId, "success")),
      bkashCallback(bkash.visit(second.paymentId, "success")),
    ]);
    const pages = answers.map((answer) => new URL(answer.headers.location).pathname).sort();
    expect(pages).toEqual(["/payment-failed", "/payment-success"]);
    expect(bkash.executes).toHaveLength(1);
    const completed = [first.paymentId, second.paymentId].filter(
      (id) => bkash.payments.get(id)!.transactionStatus === "Completed",
    );
    expect(completed).toEqual(bkash.executes);
    expect(await Payment.countDocuments({ status: "COMPLETED" })).toBe(1);
    expect(await Payment.countDocuments({ status: "CANCELLED" })).toBe(1);
    const stored = await Order.findById(order._id).lean();
    expect(stored!.orderStatus).toBe("PLACED");
    expect(stored!.statusHistory.filter((entry) => entry.status === "PLACED")).toHaveLength(1);
  });
});

describe("paying the advance with SSLCommerz", () => {
  it("opens a session for the delivery charge; success and IPNs at once place the order once", async () => {
    const { order, started } = await advanceOrder("SSLCOMMERZ", 2);
    expect(ssl.sessions[0].fields).toMatchObject({
      total_amount: "120.00",
      tran_id: started.transactionId,
      product_name: `Delivery charge of order ${order.orderNumber}`,
    });
    const paid = ssl.pay(started.transactionId, "success");
    const answers = await Promise.all([
      sslPost(paid.path, paid.form),
      ...[1, 2, 3, 4].map(() => sslPost(paid.ipnPath, paid.form)),
    ]);
    expect(answers[0].headers.location).toBe(
      `${SHOP}/payment-success?orderId=${order._id}&transactionId=${started.transactionId}`,
    );
    for (const ipn of answers.slice(1))
      expect(ipn.body).toEqual({ received: true, result: "success" });
    const stored = await Order.findById(order._id).lean();
    expect(stored!.orderStatus).toBe("PLACED");
    expect(stored!.statusHistory.filter((entry) => entry.status === "PLACED")).toHaveLength(1);
    expect(stored!.advanceDeliveryCharge).toMatchObject({
      status: "PAID",
      transactionId: started.transactionId,
    });
    expect(stored!.paymentDetails!.status).toBe("PENDING");
    const payments = await Payment.find().lean();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      purpose: "ADVANCE_DELIVERY_CHARGE",
      amount: 120,
      status: "COMPLETED",
    });
  });

  it("two tabs: one payment page at a time, so the delivery charge is never taken twice", async () => {
    const { buyer, order, started } = await advanceOrder("SSLCOMMERZ", 1);
    // Four more tabs at once while the first page is open: all refused, no session opened.
    const others = await Promise.all(
      [1, 2, 3, 4].map(() => buyer.post(`/api/payment/${order._id}`)),
    );
    for (const other of others) {
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({ message: PAYMENT_OPEN_MESSAGE, code: "PAYMENT_OPEN" });
    }
    expect(ssl.sessions).toHaveLength(1);
    // The first page is cancelled: a new attempt may open at once, and only one of five at once.
    const cancelled = ssl.pay(started.transactionId, "cancel");
    await sslPost(cancelled.path, cancelled.form).expect(302);
    const retries = await Promise.all(
      [1, 2, 3, 4, 5].map(() => buyer.post(`/api/payment/${order._id}`)),
    );
    expect(retries.map((retry) => retry.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(ssl.sessions).toHaveLength(2);
    // An abandoned page stops holding the order when its time is up.
    await Order.updateOne(
      { _id: order._id },
      { $set: { "paymentLock.until": new Date(Date.now() - 1000) } },
    );
    expect((await buyer.post(`/api/payment/${order._id}`)).status).toBe(200);
    expect(await Payment.countDocuments({ order: order._id })).toBe(3);
  });

  it("refuses a validation for the whole order total instead of the delivery charge", async () => {
    const { order, started } = await advanceOrder("SSLCOMMERZ", 2);
    const paid = ssl.pay(started.transactionId, "success", { paidAmount: "1720.00" });
    const answer = await sslPost(paid.path, paid.form);
    expect(answer.headers.location).toBe(
      `${SHOP}/payment-failed?orderId=${order._id}&transactionId=${started.transactionId}&reason=amount+differs+from+the+order+total`,
    );
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PENDING");
  });

  it("cancelled, then abandoned: stock back once at expiry; a late payment is flagged for a refund", async () => {
    const { product, order, started } = await advanceOrder("SSLCOMMERZ", 2);
    const cancelled = ssl.pay(started.transactionId, "cancel");
    const back = await sslPost(cancelled.path, cancelled.form);
    expect(new URL(back.headers.location).pathname).toBe("/payment-cancelled");
    expect(await variantStock(product._id, "Black", "M")).toBe(8);

    // A stranger cannot pay someone else's order.
    expect((await shopper(app).post(`/api/payment/${order._id}`)).status).toBe(404);

    const later = new Date(Date.now() + 31 * 60_000);
    const runs = await Promise.all([1, 2, 3].map(() => expirePendingOrders(later)));
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await variantStock(product._id, "Black", "M")).toBe(10);

    // The shopper paid in another tab after all, after the order closed: recorded, never placed.
    const latePaid = ssl.pay(started.transactionId, "success");
    const late = await sslPost(latePaid.path, latePaid.form);
    expect(late.headers.location).toBe(
      `${SHOP}/payment-failed?orderId=${order._id}&transactionId=${started.transactionId}&reason=Your+payment+arrived+after+this+order+was+closed%3B+the+shop+will+refund+it`,
    );
    const payment = await Payment.findOne({ transactionId: started.transactionId }).lean();
    expect(payment!.gatewayResponse).toMatchObject({ needsReview: expect.any(String) });
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("CANCELLED");
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
  });
});

/*
 * One payment lock for both gateways (docs/cod.md, "Never paid twice"): the same cases for bKash
 * (the lock is taken when we execute) and SSLCommerz (when its page opens), for an online order
 * and for a COD order's advance.
 */
type Gateway = "BKASH" | "SSLCOMMERZ";
type Started = { transactionId: string; paymentId: string };
type Outcome = "success" | "failed" | "cancelled" | "refused";
/** SSLCommerz pages the shopper failed on: no money was taken there. */
const failedPages = new Set<string>();

const gateways: Record<
  Gateway,
  {
    /** The shopper pays on the gateway; its `returns` reach the shop at once (SSLCommerz: browser + IPNs). */
    pay(started: Started, returns?: number): Promise<request.Response[]>;
    /** The shopper's payment fails on the gateway (bKash: an empty wallet at execute). */
    fail(started: Started): Promise<request.Response>;
    /** How many attempts the gateway could have taken money for. */
    debited(): number;
    /** The lock as the code before the one lock stored it. */
    legacyLock(started: Started): Record<string, unknown>;
  }
> = {
  BKASH: {
    pay: (started, returns = 1) => {
      const url = bkash.visit(started.paymentId, "success");
      return Promise.all(Array.from({ length: returns }, () => bkashCallback(url)));
    },
    fail: (started) => bkashCallback(bkash.visit(started.paymentId, "success", POOR_WALLET)),
    debited: () =>
      [...bkash.payments.values()].filter((payment) => payment.transactionStatus === "Completed")
        .length,
    legacyLock: (started) => ({ paymentClaim: started.paymentId }),
  },
  SSLCOMMERZ: {
    pay: (started, returns = 1) => {
      const paid = ssl.pay(started.transactionId, "success");
      return Promise.all([
        sslPost(paid.path, paid.form),
        ...Array.from({ length: returns - 1 }, () => sslPost(paid.ipnPath, paid.form)),
      ]);
    },
    fail: (started) => {
      failedPages.add(started.transactionId);
      const failed = ssl.pay(started.transactionId, "fail");
      return sslPost(failed.path, failed.form);
    },
    // Every page opened and not failed could have been paid.
    debited: () =>
      ssl.sessions.filter((session) => !failedPages.has(session.fields.tran_id)).length,
    legacyLock: (started) => ({
      paymentWindow: {
        transactionId: started.transactionId,
        until: new Date(Date.now() + 10 * 60_000),
      },
    }),
  },
};

/** A browser return (302 to a result page) or an IPN answer, as one word. */
function outcomeOf(answer: request.Response): Outcome {
  if (answer.body?.received) return answer.body.result as Outcome;
  const page = new URL(answer.headers.location as string).pathname;
  return page === "/payment-success"
    ? "success"
    : page === "/payment-cancelled"
      ? "cancelled"
      : "failed";
}

describe.each([
  ["BKASH", "online"],
  ["BKASH", "advance"],
  ["SSLCOMMERZ", "online"],
  ["SSLCOMMERZ", "advance"],
] as const)("one payment at a time: %s, %s order", (method, kind) => {
  const gateway = gateways[method];
  beforeEach(() => {
    bkash.payments.clear();
    failedPages.clear();
  });

  /** A guest's PENDING order paid by `method`: wholly online, or its advance delivery charge. */
  async function awaitingPayment() {
    await advanceRules({ outsideDhaka: true });
    const { buyer } = await shopperWithCart(app, 1);
    const placed = await buyer.order({
      shippingAddress: CHATTOGRAM,
      ...(kind === "online"
        ? { paymentMethod: method }
        : { paymentMethod: "COD", advancePaymentMethod: method }),
    });
    expect(placed.body.orderStatus).toBe("PENDING");
    return { buyer, order: placed.body as { _id: string } };
  }

  /** One more tab: starts a payment and, when the shop lets it, pays. */
  async function attempt(buyer: ReturnType<typeof shopper>, orderId: string): Promise<Outcome> {
    const started = await buyer.post(`/api/payment/${orderId}`);
    if (started.status === 409) {
      expect(started.body).toMatchObject({ message: PAYMENT_OPEN_MESSAGE, code: "PAYMENT_OPEN" });
      return "refused";
    }
    expect(started.status).toBe(200);
    const [answer] = await gateway.pay(started.body);
    return outcomeOf(answer);
  }

  async function expectPaidOnce(orderId: string) {
    expect(gateway.debited()).toBe(1);
    expect(await Payment.countDocuments({ status: "COMPLETED" })).toBe(1);
    const stored = await Order.findById(orderId).lean();
    expect(stored!.orderStatus).toBe("PLACED");
    expect(stored!.statusHistory.filter((entry) => entry.status === "PLACED")).toHaveLength(1);
  }

  it("five tabs starting and paying at once: the gateway takes the money once", async () => {
    const { buyer, order } = await awaitingPayment();
    const outcomes = await Promise.all([1, 2, 3, 4, 5].map(() => attempt(buyer, order._id)));
    expect(outcomes.filter((outcome) => outcome === "success")).toHaveLength(1);
    await expectPaidOnce(order._id);
  });

  it("the same return five times at once pays and places the order once", async () => {
    const { buyer, order } = await awaitingPayment();
    const started = (await buyer.post(`/api/payment/${order._id}`)).body as Started;
    const answers = await gateway.pay(started, 5);
    expect(answers.map(outcomeOf)).toEqual(["success", "success", "success", "success", "success"]);
    await expectPaidOnce(order._id);
  });

  it("a failed payment frees the order at once: the next tab pays", async () => {
    const { buyer, order } = await awaitingPayment();
    const started = (await buyer.post(`/api/payment/${order._id}`)).body as Started;
    expect(outcomeOf(await gateway.fail(started))).toBe("failed");
    expect(await attempt(buyer, order._id)).toBe("success");
    expect(await Payment.countDocuments({ status: "FAILED" })).toBe(1);
    await expectPaidOnce(order._id);
  });

  it("an attempt holding the order keeps every other out until its time is up", async () => {
    const { buyer, order } = await awaitingPayment();
    const held = (await buyer.post(`/api/payment/${order._id}`)).body as Started;
    // bKash holds the order while it executes: as a process killed during execute leaves it.
    if (method === "BKASH")
      await Order.updateOne(
        { _id: order._id },
        {
          $set: {
            paymentLock: {
              transactionId: held.transactionId,
              until: new Date(Date.now() + 10 * 60_000),
            },
          },
        },
      );
    const refused = await attempt(buyer, order._id);
    expect(refused).toBe(method === "BKASH" ? "failed" : "refused");
    if (method === "BKASH")
      expect(await Payment.findOne({ status: "CANCELLED" }).lean()).toMatchObject({
        gatewayResponse: { callback: { refused: ANOTHER_PAYMENT_REASON } },
      });
    expect(bkash.executes).toHaveLength(0);
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PENDING");

    await Order.updateOne(
      { _id: order._id },
      { $set: { "paymentLock.until": new Date(Date.now() - 1000) } },
    );
    expect(await attempt(buyer, order._id)).toBe("success");
  });

  it("an order's lock from before the upgrade still holds it, carried over once at start-up", async () => {
    const { buyer, order } = await awaitingPayment();
    const held = (await buyer.post(`/api/payment/${order._id}`)).body as Started;
    await Order.collection.updateOne(
      { _id: new mongoose.Types.ObjectId(order._id) },
      {
        $set: { paymentClaim: null, paymentWindow: null, ...gateway.legacyLock(held) },
        $unset: { paymentLock: "" },
      },
    );
    // An order paid long ago carries the old fields too, empty.
    const { order: paid } = await awaitingPayment();
    await Order.collection.updateOne(
      { _id: new mongoose.Types.ObjectId(paid._id) },
      { $set: { orderStatus: "PLACED", paymentClaim: null, paymentWindow: null } },
    );

    expect(await carryOverLegacyPaymentLocks()).toBe(1);
    expect(await carryOverLegacyPaymentLocks()).toBe(0);
    const carried = await Order.findById(order._id).select("+paymentLock").lean();
    expect(carried!.paymentLock).toMatchObject({ transactionId: held.transactionId });
    expect(["success", "cancelled"]).not.toContain(await attempt(buyer, order._id));
    expect(bkash.executes).toHaveLength(0);

    expect(await dropLegacyPaymentLockFields()).toBe(1);
    expect(
      await Order.collection.countDocuments({
        $or: [{ paymentClaim: { $exists: true } }, { paymentWindow: { $exists: true } }],
      }),
    ).toBe(0);
  });
});

describe("the dashboard", () => {
  it("counts a paid advance as paid online and the rest as cash to collect; an unpaid one not at all", async () => {
    const { buyer, started } = await advanceOrder("BKASH", 2);
    await bkashCallback(bkash.visit(started.paymentId, "success")).expect(302);
    // A plain COD order in Dhaka (800 + 60) and an advance order never paid.
    await buyer.add((await createProduct())._id, "Black", "M", 1).expect(200);
    expect((await buyer.order()).body.orderStatus).toBe("PLACED");
    await buyer.add((await createProduct())._id, "Black", "M", 1).expect(200);
    const unpaid = await buyer.order({
      shippingAddress: CHATTOGRAM,
      advancePaymentMethod: "SSLCOMMERZ",
    });
    expect(unpaid.body.orderStatus).toBe("PENDING");

    const { token } = await createAdmin();
    const answer = await request(app)
      .get("/api/admin/dashboard")
      .set("Authorization", `Bearer ${token}`);
    expect(answer.status).toBe(200);
    expect(answer.body.cashOnDelivery).toEqual({
      outstanding: 1600 + 860,
      outstandingOrders: 2,
      advancePaidThisMonth: 120,
      advanceOrdersThisMonth: 1,
    });
    // Sales count each placed order's whole total once; payments count the advance once.
    expect(answer.body).toMatchObject({
      totalSales: 2,
      totalOrdersRevenue: 1720 + 860,
      totalPayments: 1,
      totalPaymentsRevenue: 120,
    });
  });
});

describe("booking the parcel", () => {
  let pathao: PathaoStub;
  usePathaoStub((stub) => (pathao = stub));

  it("asks the courier to collect only the cash part", async () => {
    const { order, started } = await advanceOrder("BKASH", 2);
    await bkashCallback(bkash.visit(started.paymentId, "success")).expect(302);
    const { token } = await createAdmin();
    const booked = await request(app)
      .post(`/api/admin/orders/${order._id}/courier`)
      .set("Authorization", `Bearer ${token}`);
    expect(booked.status).toBe(200);
    expect(pathao.orders).toHaveLength(1);
    expect(pathao.orders[0]).toMatchObject({
      merchant_order_id: order.orderNumber,
      amount_to_collect: 1600,
    });
  });

  it("an advance never paid is not taken off: an order an admin placed without it is collected in full", async () => {
    const { order } = await advanceOrder("SSLCOMMERZ", 2);
    const { token } = await createAdmin();
    const admin = (path: string) =>
      request(app).put(path).set("Authorization", `Bearer ${token}`).expect(200);
    // The shopper never paid the delivery charge; the shop sends the parcel anyway.
    await admin(`/api/admin/orders/${order._id}/placed`);
    const confirmed = (await admin(`/api/admin/orders/${order._id}/confirmed`)).body;
    expect(confirmed.advanceDeliveryCharge).toMatchObject({ amount: 120, status: "PENDING" });
    expect(paymentSplit(confirmed)).toEqual({
      paidOnline: 0,
      collectOnDelivery: 1720,
      advance: 120,
    });
    const booked = await request(app)
      .post(`/api/admin/orders/${order._id}/courier`)
      .set("Authorization", `Bearer ${token}`);
    expect(booked.status).toBe(200);
    expect(pathao.orders[0]).toMatchObject({
      merchant_order_id: order.orderNumber,
      amount_to_collect: 1720,
    });
  });
});

describe("a returned parcel", () => {
  it("loses no delivery charge when it was paid in advance; a plain COD return still does", async () => {
    const { order, started } = await advanceOrder("BKASH", 2);
    await bkashCallback(bkash.visit(started.paymentId, "success")).expect(302);
    const dhaka = await shopperWithCart(app, 1);
    const plain = (await dhaka.buyer.order()).body;
    const { token } = await createAdmin();
    for (const id of [order._id, plain._id])
      for (const status of ["confirmed", "shipped", "returned"])
        await request(app)
          .put(`/api/admin/orders/${id}/${status}`)
          .set("Authorization", `Bearer ${token}`)
          .expect(200);
    expect((await Order.findById(order._id).lean())!.deliveryCostLost).toBe(0);
    expect((await Order.findById(plain._id).lean())!.deliveryCostLost).toBe(60);
  });
});
