import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { PhoneBlockModel } from "../../models/phone-block.model";
import type { createApp } from "../../server/app";
import { resetBkashTokenForTests } from "../../server/integrations/bkash";
import { ADVANCE_METHOD_REQUIRED } from "../../server/services/advance-delivery-charge.service";
import { THANA_NOT_IN_DISTRICT_MESSAGE } from "../../server/services/delivery-place";
import { getEnv } from "../../server/env";
import {
  PHONE_CONFIRMATION_REQUIRED_CODE,
  PHONE_CONFIRMATION_REQUIRED_MESSAGE,
} from "#contract/schemas/orders";
import { PHONE_BLOCKED_MESSAGE } from "#contract/schemas/phone-history";
import { idempotencyKeyReusedMessage, newIdempotencyKey } from "#contract/schemas/staff-orders";
import { tooManyUnitsMessage } from "#contract/order-caps";
import { createOrder } from "../factories/order";
import { createProduct, variantStock } from "../factories/product";
import { changeShopSettings } from "../factories/shop-settings";
import { bearer, createAdmin, createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { setEnv } from "../setup/env";
import { placedSmsLink, useSmsGateway } from "../setup/sms";
import { bkashEnv, startBkashStub, type BkashStub } from "../stubs/bkash";
import type { SmsGatewayStub } from "../stubs/sms-gateway";

/**
 * Orders staff enter for customers of other channels (docs/order-desk.md, "Orders from every
 * channel"), through the HTTP API with the SMS gateway and bKash stubs: every checkout rule applies
 * (stock, caps, block list, phone confirmation, risk and the advance), the SMS go out, and the order
 * records its channel and who entered it. The product sells at ৳800; delivery is ৳60 in Dhaka.
 */
let bkash: BkashStub;
let restoreEnv: () => void;
let sms: SmsGatewayStub;
let app: ReturnType<typeof createApp>;

// Before the SMS gateway's hook creates the app: bKash is configured, so an advance can be asked.
beforeAll(async () => {
  bkash = await startBkashStub();
  restoreEnv = setEnv(bkashEnv(bkash));
  resetBkashTokenForTests();
});
useSmsGateway((context) => ({ sms, app } = context));
afterAll(async () => {
  await bkash.close();
  restoreEnv();
});

let adminToken: string;
let adminEmail: string;
let product: Awaited<ReturnType<typeof createProduct>>;

beforeEach(async () => {
  await clearDatabase();
  const { user, token } = await createAdmin();
  adminToken = token;
  adminEmail = user.email;
  product = await createProduct();
});

const MOBILE = "01712345678";

function staffOrder(overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: newIdempotencyKey(),
    customer: { name: "Nusrat Jahan", mobile: "+880 1712-345678" },
    address: {
      districtId: "dhaka",
      thanaId: "dhaka/mirpur",
      streetAddress: "House 12, Road 5, Section 10",
    },
    lines: [{ productId: String(product._id), color: "Black", size: "M", quantity: 2 }],
    paymentMethod: "COD",
    source: "facebook",
    ...overrides,
  };
}

const post = (body: Record<string, unknown>, token = adminToken) =>
  request(app).post("/api/admin/orders").set(bearer(token)).send(body);

async function expectNothingTaken() {
  expect(await Order.countDocuments()).toBe(0);
  expect(await variantStock(product._id, "Black", "M")).toBe(10);
}

describe("POST /api/admin/orders", () => {
  it("refuses anyone but staff, and a shopper's token", async () => {
    expect((await request(app).post("/api/admin/orders").send(staffOrder())).status).toBe(401);
    const { token } = await createUser();
    expect((await post(staffOrder(), token)).status).toBe(403);
    const parse = await request(app)
      .post("/api/admin/orders/parse-contact")
      .set(bearer(token))
      .send({ text: "Name: Rahim" });
    expect(parse.status).toBe(403);
    await expectNothingTaken();
  });

  it("places a cash-on-delivery order as the storefront would, with its channel and who entered it", async () => {
    const created = await post(staffOrder({ note: "Call before coming" }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      orderStatus: "PLACED",
      paymentMethod: "COD",
      source: "facebook",
      createdBy: `admin:${adminEmail}`,
      user: null,
      guest: { mobile: MOBILE },
      deliveryPhone: MOBILE,
      note: "Call before coming",
      totalPrice: 2_000,
      discount: 400,
      deliveryCharge: 60,
      totalDiscountedPrice: 1_660,
      termsAcceptedVersion: null,
      phoneConfirmed: false,
      paymentRequested: false,
      shippingAddress: {
        firstName: "Nusrat Jahan",
        city: "Dhaka",
        zone: "Mirpur",
        districtId: "dhaka",
        thanaId: "dhaka/mirpur",
        streetAddress: "House 12, Road 5, Section 10",
      },
    });
    expect(created.body.statusHistory).toEqual([
      expect.objectContaining({ status: "PLACED", by: `admin:${adminEmail}` }),
    ]);
    expect(created.body.trackingToken).toBeUndefined();
    expect(await variantStock(product._id, "Black", "M")).toBe(8);
    // The customer gets the storefront's "placed" SMS.
    await expect.poll(() => sms.messages).toHaveLength(1);
    expect(sms.messages[0]).toMatchObject({
      number: `88${MOBILE}`,
      message: `Tweest: Hi Nusrat, your order ${created.body.orderNumber} is placed. Total ৳1660 (cash on delivery). Thank you!${placedSmsLink("en")}`,
    });
    // The storefront's own orders stay `web`, and the customer's answers never name the staff.
    const stored = await Order.findById(created.body._id).lean();
    expect(stored).toMatchObject({ source: "facebook", createdBy: `admin:${adminEmail}` });
    const tracked = await request(app)
      .get(`/api/orders/guest/track/${created.body.orderNumber}`)
      .query({ phone: MOBILE });
    expect(tracked.status).toBe(200);
    expect(JSON.stringify(tracked.body)).not.toContain(adminEmail);
  });

  it("refuses a line that is out of stock, and a product that does not exist, taking nothing", async () => {
    const tooMany = await post(
      staffOrder({
        lines: [{ productId: String(product._id), color: "Black", size: "M", quantity: 10 }],
      }),
    );
    expect(tooMany.status).toBe(201);
    const soldOut = await post(staffOrder());
    expect(soldOut.status).toBe(409);
    expect(soldOut.body).toMatchObject({
      code: "OUT_OF_STOCK",
      message: "Classic Tee (Black, M) is out of stock",
    });
    const missing = await post(
      staffOrder({
        lines: [{ productId: "65a0c0ffee0000000000beef", color: "Black", size: "M", quantity: 1 }],
      }),
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      message: "Product not found",
      errors: [{ path: "lines.0.productId", message: "Product not found" }],
    });
    expect(await Order.countDocuments()).toBe(1);
  });

  it("applies the shop's order caps", async () => {
    await changeShopSettings((settings) => {
      settings.orderCaps.maxUnits = 2;
    });
    const refused = await post(
      staffOrder({
        lines: [{ productId: String(product._id), color: "Black", size: "M", quantity: 3 }],
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(tooManyUnitsMessage(2));
    await expectNothingTaken();
  });

  it("refuses cash on delivery to a blocked number, and an address the lists do not know", async () => {
    await PhoneBlockModel.create({ phone: MOBILE, reason: "Fake orders", blockedAt: new Date() });
    const blocked = await post(staffOrder());
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({ message: PHONE_BLOCKED_MESSAGE, code: "PHONE_BLOCKED" });
    const elsewhere = await post(
      staffOrder({
        customer: { name: "Rahim", mobile: "01812345678" },
        address: { districtId: "dhaka", thanaId: "gazipur/sreepur", streetAddress: "Road 3" },
      }),
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({
      code: "UNKNOWN_PLACE",
      message: THANA_NOT_IN_DISTRICT_MESSAGE,
    });
    await expectNothingTaken();
  });

  it("asks for the confirmed phone where the rules do: the customer's code, or staff's word that they spoke on that number", async () => {
    await changeShopSettings((settings) => {
      settings.cod.phoneConfirmation = "always";
    });
    const asked = await post(staffOrder());
    expect(asked.status).toBe(428);
    expect(asked.body).toEqual({
      message: PHONE_CONFIRMATION_REQUIRED_MESSAGE,
      code: PHONE_CONFIRMATION_REQUIRED_CODE,
    });
    await expectNothingTaken();

    const byCall = await post(staffOrder({ source: "phone", phoneConfirmedByCall: true }));
    expect(byCall.status).toBe(201);
    expect(byCall.body).toMatchObject({ phoneConfirmed: true, source: "phone" });
    expect(byCall.body.statusHistory[0]).toMatchObject({
      by: `admin:${adminEmail}`,
      note: "phone confirmed by call",
    });

    // The code path: the customer reads back the code the shop's SMS sent them.
    const sent = await request(app).post("/auth/otp/send").send({ phone: MOBILE });
    expect(sent.status).toBe(200);
    const byCode = await post(staffOrder({ phoneCode: sms.codeSentTo(MOBILE) }));
    expect(byCode.status).toBe(201);
    expect(byCode.body.phoneConfirmed).toBe(true);
    const wrong = await post(staffOrder({ phoneCode: "000000" }));
    expect(wrong.status).toBe(400);
  });

  it("asks a risky number for the delivery charge in advance and texts the customer the payment page, which takes the payment", async () => {
    await createOrder({ mobile: MOBILE, orderStatus: "RETURNED" });
    await changeShopSettings((settings) => {
      settings.cod.advanceDeliveryCharge.riskyNumbers = true;
      settings.cod.phoneConfirmation = "risky";
    });
    const withoutMethod = await post(staffOrder({ phoneConfirmedByCall: true }));
    expect(withoutMethod.status).toBe(400);
    expect(withoutMethod.body).toMatchObject({
      code: "ADVANCE_REQUIRED",
      message: ADVANCE_METHOD_REQUIRED,
    });
    expect(await variantStock(product._id, "Black", "M")).toBe(10);

    const created = await post(
      staffOrder({ phoneConfirmedByCall: true, advancePaymentMethod: "BKASH", source: "whatsapp" }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      orderStatus: "PENDING",
      paymentRequested: true,
      advanceDeliveryCharge: { amount: 60, method: "BKASH", status: "PENDING" },
    });
    // One SMS: the payment request (the "placed" one waits for the payment, as at the checkout).
    expect(sms.messages).toHaveLength(1);
    const { number, message } = sms.messages[0];
    expect(number).toBe(`88${MOBILE}`);
    const base = getEnv().PUBLIC_URL.replace(/\/$/, "");
    const prefix = `Tweest: Hi Nusrat, please pay Tk 60 online for your order ${created.body.orderNumber}: ${base}/order/guest/track/${created.body.orderNumber}?token=`;
    expect(message.startsWith(prefix)).toBe(true);
    const token = message.slice(prefix.length);
    expect(token).toMatch(/^[\w-]{32}$/);

    // The link's token opens the order and starts its payment, as the guest who placed it.
    const page = await request(app)
      .get(`/api/orders/guest/track/${created.body.orderNumber}`)
      .query({ token });
    expect(page.status).toBe(200);
    const payment = await request(app)
      .post(`/api/payment/${created.body._id}`)
      .query({ token })
      .send({});
    expect(payment.status).toBe(200);
    expect(payment.body.gatewayUrl).toEqual(expect.any(String));
    const stranger = await request(app)
      .post(`/api/payment/${created.body._id}`)
      .query({ token: "x".repeat(32) })
      .send({});
    expect(stranger.status).toBe(404);
  });

  it("a full prepayment asks the whole total by SMS, in the customer's language", async () => {
    const created = await post(
      staffOrder({ paymentMethod: "BKASH", locale: "bn", source: "instagram" }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ orderStatus: "PENDING", paymentRequested: true });
    expect(sms.messages).toHaveLength(1);
    const base = getEnv().PUBLIC_URL.replace(/\/$/, "");
    expect(sms.messages[0].message).toMatch(
      new RegExp(
        `^Tweest: Nusrat, অর্ডার ${created.body.orderNumber}-এর ৳১,৬৬০ অনলাইনে পরিশোধ করুন: ${base}/bn/order/guest/track/${created.body.orderNumber}\\?token=[\\w-]{32}$`,
      ),
    );
  });

  it("validates the body: a source the desk does not take, no lines, a foreign number", async () => {
    const refused = await post(
      staffOrder({ source: "web", lines: [], customer: { name: "X", mobile: "+14155550100" } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      "customer.mobile",
      "lines",
      "source",
    ]);
    await expectNothingTaken();
    const { idempotencyKey: _key, ...keyless } = staffOrder();
    const withoutKey = await post(keyless);
    expect(withoutKey.status).toBe(400);
    expect(withoutKey.body.errors).toEqual([expect.objectContaining({ path: "idempotencyKey" })]);
    const shortKey = await post(staffOrder({ idempotencyKey: "abc" }));
    expect(shortKey.body.errors).toEqual([
      {
        path: "idempotencyKey",
        message: "Send a new random key (16 to 64 letters, digits, - or _) per order form",
      },
    ]);
    await expectNothingTaken();
  });
});

describe("POST /api/admin/orders: one order per form fill (idempotencyKey)", () => {
  it("answers the same key again, a retry after a lost answer, with the order it made", async () => {
    const body = staffOrder({ paymentMethod: "BKASH" });
    const first = await post(body);
    expect(first.status).toBe(201);
    expect(first.body.paymentRequested).toBe(true);
    const retry = await post(body);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await Order.countDocuments()).toBe(1);
    expect(await variantStock(product._id, "Black", "M")).toBe(8);
    // The payment request went out once.
    expect(sms.messages).toHaveLength(1);
  });

  it("makes one order of the same key sent three times at once, each answered with it", async () => {
    const body = staffOrder();
    const answers = await Promise.all([post(body), post(body), post(body)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(answers[1].body).toEqual(answers[0].body);
    expect(answers[2].body).toEqual(answers[0].body);
    expect(await Order.countDocuments()).toBe(1);
    // Each twin gave back what it had reserved: two units taken, once.
    await expect.poll(() => variantStock(product._id, "Black", "M")).toBe(8);
  });

  it("refuses the same key with another body (422), naming the order it made", async () => {
    const body = staffOrder();
    const first = await post(body);
    expect(first.status).toBe(201);
    const changed = await post({ ...body, note: "Deliver after 5 pm" });
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({
      message: idempotencyKeyReusedMessage(first.body.orderNumber),
      code: "IDEMPOTENCY_KEY_REUSED",
    });
    expect(idempotencyKeyReusedMessage("TW-261128-AB2C")).toBe(
      "This form already created order TW-261128-AB2C with other details: find it in the orders list, or open New order again for another order",
    );
    // A new form fill (a new key) with that body is a new order.
    const another = await post({
      ...body,
      note: "Deliver after 5 pm",
      idempotencyKey: newIdempotencyKey(),
    });
    expect(another.status).toBe(201);
    expect(await Order.countDocuments()).toBe(2);
    expect(await variantStock(product._id, "Black", "M")).toBe(6);
  });
});

describe("GET /api/admin/dashboard bySource", () => {
  it("splits this month's sales by channel; unpaid and cancelled orders are no sales", async () => {
    const web = await createOrder({ orderStatus: "DELIVERED" });
    await createOrder({ orderStatus: "CANCELLED", cancelledBy: "shop" });
    expect((await post(staffOrder({ source: "phone" }))).status).toBe(201);
    expect((await post(staffOrder({ source: "whatsapp", paymentMethod: "BKASH" }))).status).toBe(
      201,
    );
    const dashboard = await request(app).get("/api/admin/dashboard").set(bearer(adminToken));
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.bySource).toEqual([
      { source: "web", orders: 1, revenue: web.totalDiscountedPrice },
      { source: "phone", orders: 1, revenue: 1_660 },
      { source: "facebook", orders: 0, revenue: 0 },
      { source: "instagram", orders: 0, revenue: 0 },
      { source: "whatsapp", orders: 0, revenue: 0 },
      { source: "walk-in", orders: 0, revenue: 0 },
    ]);
  });
});
