import request from "supertest";
import type { Express } from "express";
import { beforeEach, describe, expect, it } from "vitest";
import { Cart } from "../../models/cart.model";
import { IncompleteCheckout, RecoveredCheckout } from "../../models/incomplete-checkout.model";
import { Order } from "../../models/order.model";
import { getEnv } from "../../server/env";
import {
  PHONE_CONFIRMATION_REQUIRED_CODE,
  PHONE_CONFIRMATION_REQUIRED_MESSAGE,
} from "#contract/schemas/orders";
import { runJobOnce, JOBS } from "../../server/jobs";
import { INCOMPLETE_CHECKOUT_SAVES_PER_CART_PER_15_MIN } from "../../server/middleware/rate-limit";
import {
  countOpenIncompleteCheckouts,
  RECOVERY_SMS_TOO_SOON,
  signRestoreToken,
} from "../../server/services/incomplete-checkouts.service";
import { shippingAddress } from "../factories/address";
import { shopper, shopperWithCart } from "../factories/cart";
import { variantStock } from "../factories/product";
import { changeShopSettings } from "../factories/shop-settings";
import { createAdmin, createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { useSmsGateway } from "../setup/sms";
import type { SmsGatewayStub } from "../stubs/sms-gateway";

/**
 * Saved checkouts and the call list (docs/call-list.md): the checkout's write-only save, one per
 * number, dropped by an order; the staff's list, calls, conversion and recovery SMS; the signed
 * restore link; expiry through the purge job.
 */
let app: Express;
let sms: SmsGatewayStub;
useSmsGateway((context) => ({ app, sms } = context));

let adminToken: string;
let adminEmail: string;
beforeEach(async () => {
  await clearDatabase();
  const admin = await createAdmin();
  adminToken = admin.token;
  adminEmail = admin.user.email;
});

const PHONE = "01712345678";
const asAdmin = (test: request.Test) => test.set("Authorization", `Bearer ${adminToken}`);

/** The dashboard's recovered figures after one saved checkout turned into an order of `revenue`. */
async function expectOneConvertedRecovery(revenue: number) {
  const summary = await asAdmin(
    request(app).get("/api/admin/incomplete-checkouts/recovered"),
  ).expect(200);
  expect(summary.body).toEqual({ days: 30, open: 0, orders: 1, revenue, converted: 1 });
}
const list = () => asAdmin(request(app).get("/api/admin/incomplete-checkouts"));
const typed = (overrides: Record<string, unknown> = {}) => ({
  shippingAddress: { mobile: PHONE, firstName: "Nusrat", districtId: "dhaka", ...overrides },
  locale: "en",
});

/** Staff turn the saved checkout into an order, for this mobile (the saved one by default). */
const convert = (saved: { _id: unknown }, mobile = PHONE) =>
  asAdmin(request(app).post(`/api/admin/incomplete-checkouts/${String(saved._id)}/order`)).send({
    shippingAddress: shippingAddress({ mobile }),
  });

/** A guest with two tees in the cart who typed the mobile (and a name) at checkout. */
async function savedCheckout(body = typed(), quantity = 2) {
  const { product, buyer } = await shopperWithCart(app, quantity);
  await buyer.agent.put("/api/checkout/incomplete").send(body).expect(204);
  const saved = await IncompleteCheckout.findOne({ phone: PHONE }).lean();
  return { product, buyer, saved: saved! };
}

describe("PUT /api/checkout/incomplete", () => {
  it("saves the typed fields and the cart under the normalised number, answering an empty 204", async () => {
    const { buyer } = await shopperWithCart(app, 2);
    const response = await buyer.agent
      .put("/api/checkout/incomplete")
      .send(typed({ mobile: "+880 1712-345678", streetAddress: "House 4" }))
      .expect(204);
    expect(response.text).toBe("");
    const saved = await IncompleteCheckout.find().lean();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      phone: PHONE,
      firstName: "Nusrat",
      streetAddress: "House 4",
      districtId: "dhaka",
    });
    const copy = await Cart.findOne({ guestId: saved[0].cartId }).lean();
    expect(copy!.cartItems.map((item) => item.quantity)).toEqual([2]);
  });

  it("updates the one checkout of a number, and a cart that corrects its number keeps one", async () => {
    const { buyer } = await shopperWithCart(app, 1);
    await buyer.agent.put("/api/checkout/incomplete").send(typed({ mobile: "01812345678" }));
    await buyer.agent.put("/api/checkout/incomplete").send(typed({ firstName: "Nus" }));
    await buyer.agent.put("/api/checkout/incomplete").send(typed({ firstName: "Nusrat J" }));
    const saved = await IncompleteCheckout.find().lean();
    expect(saved.map((row) => [row.phone, row.firstName])).toEqual([[PHONE, "Nusrat J"]]);
    // The corrected number's cart copy went with it: only the saved one's remains.
    expect(await Cart.countDocuments({ guestId: { $ne: null }, user: null })).toBe(2);
  });

  it("saves nothing for an empty cart or no cart, and says nothing about it", async () => {
    await request(app).put("/api/checkout/incomplete").send(typed()).expect(204);
    expect(await IncompleteCheckout.countDocuments()).toBe(0);
  });

  it("refuses an invalid mobile and overlong fields with 400", async () => {
    const { buyer } = await shopperWithCart(app, 1);
    const bad = await buyer.agent
      .put("/api/checkout/incomplete")
      .send(typed({ mobile: "12345" }))
      .expect(400);
    expect(bad.body.errors[0].path).toBe("shippingAddress.mobile");
    await buyer.agent
      .put("/api/checkout/incomplete")
      .send(typed({ streetAddress: "x".repeat(221) }))
      .expect(400);
    expect(await IncompleteCheckout.countDocuments()).toBe(0);
  });

  it("limits saves per guest cart", async () => {
    const { buyer } = await shopperWithCart(app, 1);
    for (let index = 0; index < INCOMPLETE_CHECKOUT_SAVES_PER_CART_PER_15_MIN; index += 1)
      await buyer.agent.put("/api/checkout/incomplete").send(typed()).expect(204);
    const refused = await buyer.agent.put("/api/checkout/incomplete").send(typed()).expect(429);
    expect(refused.body.message).toBe(
      "Too many checkout saves from this cart. Please try again in 15 minutes.",
    );
  });

  it("is dropped when that number places an order", async () => {
    const { buyer } = await savedCheckout();
    expect(await countOpenIncompleteCheckouts()).toBe(1);
    await buyer
      .order({ shippingAddress: shippingAddress({ mobile: "+8801712345678" }) })
      .expect(201);
    expect(await IncompleteCheckout.countDocuments()).toBe(0);
    // Nobody worked on it: not a recovery.
    expect(await RecoveredCheckout.countDocuments()).toBe(0);
  });
  it("counts an order after a recorded call as recovered by the call", async () => {
    const { buyer, saved } = await savedCheckout();
    await asAdmin(request(app).post(`/api/admin/incomplete-checkouts/${String(saved._id)}/calls`))
      .send({ outcome: "will-order" })
      .expect(201);
    const order = await buyer.order().expect(201);
    expect(await RecoveredCheckout.findOne().lean()).toMatchObject({ via: "call", phone: PHONE });
    const summary = await asAdmin(request(app).get("/api/admin/incomplete-checkouts/recovered"));
    expect(summary.body).toMatchObject({ orders: 1, revenue: order.body.totalDiscountedPrice });
  });
});

describe("the call list (staff only)", () => {
  it("refuses visitors (401) and customers (403) on every endpoint", async () => {
    const { saved } = await savedCheckout();
    const { token } = await createUser();
    const paths = [
      ["get", "/api/admin/incomplete-checkouts"],
      ["get", "/api/admin/incomplete-checkouts/recovered"],
      ["post", `/api/admin/incomplete-checkouts/${String(saved._id)}/calls`],
      ["post", `/api/admin/incomplete-checkouts/${String(saved._id)}/order`],
      ["post", `/api/admin/incomplete-checkouts/${String(saved._id)}/sms`],
    ] as const;
    for (const [method, path] of paths) {
      await request(app)[method](path).expect(401);
      const refused = await request(app)[method](path).set("Authorization", `Bearer ${token}`);
      expect(refused.status).toBe(403);
    }
    expect(sms.lastTo(PHONE)).toBeUndefined();
    expect(await Order.countDocuments()).toBe(0);
  });

  it("lists newest first with the lines and total at today's prices", async () => {
    const { product } = await savedCheckout();
    const other = shopper(app);
    await other.add(product._id, "Black", "M", 1).expect(200);
    await other.agent
      .put("/api/checkout/incomplete")
      .send(typed({ mobile: "01912345678", firstName: "Rafi" }))
      .expect(204);
    const first = await list().expect(200);
    expect(first.body.checkouts.map((row: { phone: string }) => row.phone)).toEqual([
      "01912345678",
      PHONE,
    ]);
    expect(first.body.checkouts[1].total).toBe(1600);
    expect(first.body.total).toBe(2);
    // A price cut shows at once: the list prices the cart now.
    await product.updateOne({ discountedPrice: 700 });
    const after = await list().query({ page: 2, limit: 1 }).expect(200);
    expect(after.body.checkouts[0]).toMatchObject({ phone: PHONE, total: 1400 });
    expect(after.body.checkouts[0].lines[0]).toMatchObject({ quantity: 2, color: "Black" });
  });

  it("records a call's outcome and note, with who called", async () => {
    const { saved } = await savedCheckout();
    const answer = await asAdmin(
      request(app).post(`/api/admin/incomplete-checkouts/${String(saved._id)}/calls`),
    )
      .send({ outcome: "call-back", note: "after 6 pm" })
      .expect(201);
    expect(answer.body.calls).toEqual([
      expect.objectContaining({ outcome: "call-back", note: "after 6 pm" }),
    ]);
    expect(answer.body.calls[0].by.email).toMatch(/@/);
    const bad = await asAdmin(
      request(app).post(`/api/admin/incomplete-checkouts/${String(saved._id)}/calls`),
    )
      .send({ outcome: "maybe" })
      .expect(400);
    expect(bad.body.errors[0].message).toBe("Choose what the call came to");
  });

  it("turns one into an order in one step: stock reserved then, the checkout dropped, the recovery counted", async () => {
    const { product, saved } = await savedCheckout();
    // Saving held no stock.
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
    const created = await convert(saved).expect(201);
    expect(created.body.total).toBeGreaterThan(1600);
    const order = await Order.findById(created.body.orderId).lean();
    expect(order).toMatchObject({
      orderStatus: "PLACED",
      paymentMethod: "COD",
      totalItem: 1,
      source: "phone",
      createdBy: `admin:${adminEmail}`,
    });
    expect(order!.orderItems[0].quantity).toBe(2);
    expect(await variantStock(product._id, "Black", "M")).toBe(8);
    expect(await IncompleteCheckout.countDocuments()).toBe(0);
    expect(await Cart.countDocuments({ guestId: saved.cartId })).toBe(0);
    await expectOneConvertedRecovery(order!.totalDiscountedPrice);
    // Done once: the second click finds it gone.
    const again = await convert(saved).expect(404);
    expect(again.body.message).toBe("This saved checkout is gone: it was ordered, or it expired");
  });

  it("converts where the shop's rules ask for the phone code: the staff member's call confirms the number it reached", async () => {
    await changeShopSettings((settings) => {
      settings.cod.phoneConfirmation = "always";
    });
    const { product, saved } = await savedCheckout();
    // A number corrected on the call is not the one the call reached: the checkout's 428.
    const elsewhere = await convert(saved, "01812345678").expect(428);
    expect(elsewhere.body).toEqual({
      message: PHONE_CONFIRMATION_REQUIRED_MESSAGE,
      code: PHONE_CONFIRMATION_REQUIRED_CODE,
    });
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
    expect(await IncompleteCheckout.countDocuments()).toBe(1);

    const created = await convert(saved).expect(201);
    const order = await Order.findById(created.body.orderId).lean();
    expect(order).toMatchObject({
      orderStatus: "PLACED",
      source: "phone",
      createdBy: `admin:${adminEmail}`,
      deliveryPhone: PHONE,
      phoneConfirmed: true,
      termsAcceptedVersion: null,
    });
    expect(order!.statusHistory[0]).toMatchObject({
      status: "PLACED",
      by: `admin:${adminEmail}`,
      note: "phone confirmed by call",
    });
    expect(await variantStock(product._id, "Black", "M")).toBe(8);
    expect(await IncompleteCheckout.countDocuments()).toBe(0);
    expect(await RecoveredCheckout.find().lean()).toEqual([
      expect.objectContaining({ order: order!._id, via: "converted", phone: PHONE }),
    ]);
    await expectOneConvertedRecovery(order!.totalDiscountedPrice);
  });

  it("makes one order when staff convert the same checkout three times at once", async () => {
    const { product, saved } = await savedCheckout();
    const answers = await Promise.all([1, 2, 3].map(() => convert(saved)));
    const made = answers.filter((answer) => answer.status === 201);
    expect(made.length).toBeGreaterThan(0);
    // Each made the order, answered the order its twin made, or came after and found it gone.
    for (const answer of answers)
      if (answer.status === 201) expect(answer.body).toEqual(made[0].body);
      else
        expect([answer.status, answer.body]).toEqual([
          404,
          { message: "This saved checkout is gone: it was ordered, or it expired" },
        ]);
    expect(await Order.countDocuments()).toBe(1);
    await expect.poll(() => variantStock(product._id, "Black", "M")).toBe(8);
    expect(await RecoveredCheckout.countDocuments({ via: "converted" })).toBe(1);
  });

  it("refuses to convert a checkout whose lines sold out (409), keeping it", async () => {
    const { product, saved } = await savedCheckout();
    await product.updateOne({ $set: { "variants.0.stock": 1 } });
    await convert(saved).expect(409);
    expect(await IncompleteCheckout.countDocuments()).toBe(1);
  });

  it("expires after the shop's keepDays through the purge job, with its cart", async () => {
    const { saved } = await savedCheckout();
    await changeShopSettings((settings) => {
      settings.callList.keepDays = 2;
    });
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600_000);
    await IncompleteCheckout.collection.updateOne(
      { _id: saved._id },
      { $set: { updatedAt: threeDaysAgo } },
    );
    // Past the setting, it is gone from the list before the job runs.
    expect((await list().expect(200)).body.total).toBe(0);
    const job = JOBS.find((candidate) => candidate.name === "incomplete-checkout-purge")!;
    expect(await runJobOnce(job, "test")).toBe(true);
    expect(await IncompleteCheckout.countDocuments()).toBe(0);
    expect(await Cart.countDocuments({ guestId: saved.cartId })).toBe(0);
  });
});

describe("the recovery SMS and its restore link", () => {
  function sendSms(id: unknown) {
    return asAdmin(request(app).post(`/api/admin/incomplete-checkouts/${String(id)}/sms`));
  }
  const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);

  it("goes in the shopper's language with a link that restores the cart into another browser", async () => {
    const { saved } = await savedCheckout(typed({ firstName: "নুসরাত" }));
    await IncompleteCheckout.updateOne({ _id: saved._id }, { locale: "bn" });
    await sendSms(saved._id).expect(201);
    const text = sms.lastTo(PHONE)!.message;
    expect(text.startsWith("Tweest: আপনার কার্ট অপেক্ষা করছে। এখানে অর্ডার সম্পূর্ণ করুন: ")).toBe(true);
    const link = linkIn(text);
    expect(link.origin).toBe(new URL(getEnv().PUBLIC_URL).origin);
    expect(link.pathname).toBe("/cart/restore");
    const phone = shopper(app);
    const opened = await phone.agent.get(`${link.pathname}${link.search}`).expect(303);
    expect(opened.headers.location).toBe("/bn/cart");
    const cart = (await phone.get("/api/cart").expect(200)).body;
    expect(cart.cartItems.map((line: { quantity: number }) => line.quantity)).toEqual([2]);
    // Reuse: the same link again adds nothing.
    await phone.agent.get(`${link.pathname}${link.search}`).expect(303);
    expect((await phone.get("/api/cart").expect(200)).body.cartItems[0].quantity).toBe(2);
    // An order after the SMS counts as recovered by it.
    await phone.order().expect(201);
    expect(await RecoveredCheckout.findOne().lean()).toMatchObject({ via: "sms", phone: PHONE });
  });

  it("refuses a tampered, expired, superseded or foreign-key link, restoring nothing", async () => {
    const { saved } = await savedCheckout();
    await sendSms(saved._id).expect(201);
    const token = linkIn(sms.lastTo(PHONE)!.message).searchParams.get("t")!;
    const { restoreNonce } = (await IncompleteCheckout.findById(saved._id).lean())!;
    const id = String(saved._id);
    const future = new Date(Date.now() + 3600_000);
    const flipped = `${token.slice(0, 5)}${token[5] === "A" ? "B" : "A"}${token.slice(6)}`;
    const refused = [
      flipped,
      token.slice(0, -2),
      "",
      "not a token",
      signRestoreToken(id, restoreNonce!, new Date(Date.now() - 1000)),
      signRestoreToken(id, "0102030405ff", future),
      // An SMS app's mangling: the token lengthened past any real one.
      token.repeat(4),
    ];
    for (const bad of refused) {
      const visitor = shopper(app);
      const answer = await visitor.agent.get("/cart/restore").query({ t: bad }).expect(303);
      expect(answer.headers.location).toBe("/cart?restore=failed");
      expect((await visitor.get("/api/cart").expect(200)).body.cartItems).toEqual([]);
    }
    // A second SMS (an hour later) supersedes the first link.
    await IncompleteCheckout.updateOne(
      { _id: saved._id },
      { smsSentAt: new Date(Date.now() - 2 * 3600_000) },
    );
    await sendSms(saved._id).expect(201);
    const late = shopper(app);
    const old = await late.agent.get("/cart/restore").query({ t: token }).expect(303);
    expect(old.headers.location).toBe("/cart?restore=failed");
  });

  it("sends at most one an hour", async () => {
    const { saved } = await savedCheckout();
    await sendSms(saved._id).expect(201);
    const again = await sendSms(saved._id).expect(429);
    expect(again.body.message).toBe(RECOVERY_SMS_TOO_SOON);
    expect(sms.messages).toHaveLength(1);
  });
});
