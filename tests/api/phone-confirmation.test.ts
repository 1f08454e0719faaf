import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { Otp } from "../../models/otp.model";
import { PhoneBlockModel } from "../../models/phone-block.model";
import type { createApp } from "../../server/app";
import { OTP_MESSAGES } from "../../server/services/otp.service";
import {
  PHONE_CONFIRMATION_REQUIRED_CODE,
  PHONE_CONFIRMATION_REQUIRED_MESSAGE,
} from "#contract/schemas/orders";
import type { PhoneConfirmationRule } from "#contract/schemas/shop-settings";
import { PHONE_BLOCKED_MESSAGE } from "#contract/schemas/phone-history";
import { shippingAddress } from "../factories/address";
import { shopperWithCart } from "../factories/cart";
import { createOrder } from "../factories/order";
import { variantStock } from "../factories/product";
import { changeShopSettings } from "../factories/shop-settings";
import { createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { useSmsGateway } from "../setup/sms";
import type { SmsGatewayStub } from "../stubs/sms-gateway";

/**
 * Phone confirmation for cash on delivery: the shop setting `cod.phoneConfirmation` decides when a
 * COD order must carry the one-time code sent to its delivery phone (never, guests, risky numbers,
 * always). Without it the checkout answers 428 and nothing is taken; with it the order is marked
 * `phoneConfirmed`. Codes follow the sign-in OTP's rules and come through the SMS gateway.
 */
let sms: SmsGatewayStub;
let app: ReturnType<typeof createApp>;
useSmsGateway((context) => ({ sms, app } = context));

beforeEach(async () => {
  await clearDatabase();
});

const setRule = (rule: PhoneConfirmationRule) =>
  changeShopSettings((settings) => {
    settings.cod.phoneConfirmation = rule;
  });

/** Sends a code to `phone` the way the checkout does and reads it from the gateway stub. */
async function sendCode(phone = "01712345678", locale = "en"): Promise<string> {
  const sent = await request(app).post("/auth/otp/send").send({ phone, locale });
  expect(sent.status).toBe(200);
  return sms.codeSentTo(phone);
}

async function expectNothingTaken(product: { _id: unknown }) {
  expect(await Order.countDocuments({ paymentMethod: "COD", orderStatus: "PLACED" })).toBe(0);
  expect(await variantStock(product._id, "Black", "M")).toBe(10);
}

describe("cod.phoneConfirmation", () => {
  it("never: a guest's COD order needs no code", async () => {
    await setRule("never");
    const { buyer } = await shopperWithCart(app);
    const placed = await buyer.order();
    expect(placed.status).toBe(201);
    expect(placed.body.phoneConfirmed).toBe(false);
    expect(sms.messages.filter((entry) => /code/.test(entry.message))).toHaveLength(0);
  });

  it("guests: a guest needs the code, and so does an account that has not proven this phone", async () => {
    await setRule("guests");
    const { buyer, product } = await shopperWithCart(app);
    const refused = await buyer.order();
    expect(refused.status).toBe(428);
    expect(refused.body).toMatchObject({
      message: PHONE_CONFIRMATION_REQUIRED_MESSAGE,
      code: PHONE_CONFIRMATION_REQUIRED_CODE,
    });
    await expectNothingTaken(product);
    expect((await buyer.get("/api/cart")).body.cartItems).toHaveLength(1);

    // A free account signed up a minute ago (its mobile typed, never proven) is asked like a guest,
    // and so is an account whose proven phone is another number.
    for (const account of [
      { mobile: "01712345678" },
      { phone: "01812345678", mobile: "01812345678", isOTPVerified: true },
    ]) {
      const { token } = await createUser(account);
      const customer = await shopperWithCart(app, 2, token);
      const asked = await customer.buyer.order();
      expect(asked.status).toBe(428);
      expect(asked.body.code).toBe(PHONE_CONFIRMATION_REQUIRED_CODE);
    }
  });

  it("guests: an account whose verified phone is the delivery phone needs no code", async () => {
    await setRule("guests");
    const { token } = await createUser({
      phone: "01712345678",
      mobile: "01712345678",
      isOTPVerified: true,
    });
    const customer = await shopperWithCart(app, 2, token);
    // The same number written another way is the same number.
    const placed = await customer.buyer.order({
      shippingAddress: shippingAddress({ mobile: "+880 1712-345678" }),
    });
    expect(placed.status).toBe(201);
    expect(placed.body.phoneConfirmed).toBe(false);
  });

  it("a cash-on-delivery order above orderCaps.codPhoneConfirmationAbove needs the code, whatever the rule", async () => {
    await setRule("never");
    await changeShopSettings((settings) => {
      settings.orderCaps.codPhoneConfirmationAbove = 1_600;
    });
    // 2 tees at ৳800 = ৳1,600: not above.
    expect((await (await shopperWithCart(app, 2)).buyer.order()).status).toBe(201);
    const { buyer, product } = await shopperWithCart(app, 3);
    const asked = await buyer.order();
    expect(asked.status).toBe(428);
    expect(asked.body.code).toBe(PHONE_CONFIRMATION_REQUIRED_CODE);
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
    const placed = await buyer.order({ phoneCode: await sendCode() });
    expect(placed.status).toBe(201);
    expect(placed.body.phoneConfirmed).toBe(true);
  });

  it("risky: a new number passes, a number with a refused parcel needs the code", async () => {
    await setRule("risky");
    const { buyer } = await shopperWithCart(app);
    expect((await buyer.order()).status).toBe(201);

    await createOrder({ mobile: "01812345678", orderStatus: "RETURNED" });
    const risky = await shopperWithCart(app);
    const refused = await risky.buyer.order({
      shippingAddress: shippingAddress({ mobile: "+8801812345678" }),
    });
    expect(refused.status).toBe(428);
    expect(refused.body.code).toBe(PHONE_CONFIRMATION_REQUIRED_CODE);
    const code = await sendCode("01812345678");
    const placed = await risky.buyer.order({
      shippingAddress: shippingAddress({ mobile: "01812345678" }),
      phoneCode: code,
    });
    expect(placed.status).toBe(201);
    expect(placed.body.phoneConfirmed).toBe(true);
  });

  it("risky or always: a blocked number is refused before any code is asked for", async () => {
    await PhoneBlockModel.create({ phone: "01712345678", reason: "Fake", blockedAt: new Date() });
    for (const rule of ["risky", "always"] as const) {
      await setRule(rule);
      const { buyer, product } = await shopperWithCart(app);
      const refused = await buyer.order();
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: "PHONE_BLOCKED", message: PHONE_BLOCKED_MESSAGE });
      await expectNothingTaken(product);
    }
  });

  it("always: a signed-in customer needs it too, and the confirmed order is marked", async () => {
    await setRule("always");
    const { token } = await createUser();
    const { buyer, product } = await shopperWithCart(app, 2, token);
    expect((await buyer.order()).status).toBe(428);
    await expectNothingTaken(product);

    const code = await sendCode();
    const placed = await buyer.order({ phoneCode: code });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      phoneConfirmed: true,
      phoneConfirmedAt: expect.any(String),
    });
    const stored = await Order.findById(placed.body._id).lean();
    expect(stored).toMatchObject({ phoneConfirmed: true, phoneConfirmedAt: expect.any(Date) });
    expect(await variantStock(product._id, "Black", "M")).toBe(8);
  });

  it("sends the code in the order's language (Bangla)", async () => {
    const code = await sendCode("01712345678", "bn");
    expect(sms.messages.at(-1)!.message).toBe(
      `Tweest যাচাই কোড ${code}। ৫ মিনিটের মধ্যে ব্যবহার করুন।`,
    );
  });
});

describe("the code at the checkout", () => {
  beforeEach(() => setRule("always"));

  it("refuses a wrong code with nothing created and no stock taken, then takes the right one", async () => {
    const { buyer, product } = await shopperWithCart(app);
    const code = await sendCode();
    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await buyer.order({ phoneCode: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(OTP_MESSAGES.wrongCode(4));
    await expectNothingTaken(product);
    expect((await buyer.order({ phoneCode: code })).status).toBe(201);
  });

  it("refuses an expired code", async () => {
    const { buyer, product } = await shopperWithCart(app);
    const code = await sendCode();
    await Otp.updateOne(
      { phone: "01712345678" },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    const refused = await buyer.order({ phoneCode: code });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(OTP_MESSAGES.expired);
    await expectNothingTaken(product);
  });

  it("refuses the same code for a second order", async () => {
    const first = await shopperWithCart(app);
    const code = await sendCode();
    expect((await first.buyer.order({ phoneCode: code })).status).toBe(201);
    const second = await shopperWithCart(app);
    const reused = await second.buyer.order({ phoneCode: code });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(OTP_MESSAGES.notRequested);
    expect(await Order.countDocuments()).toBe(1);
    expect(await variantStock(second.product._id, "Black", "M")).toBe(10);
  });

  it("refuses a malformed code as a field error", async () => {
    const { buyer } = await shopperWithCart(app);
    const refused = await buyer.order({ phoneCode: "12ab" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "phoneCode", message: "The code has 6 digits" }]);
  });

  it("confirms only one of two orders sent at once with the same code", async () => {
    const [first, second] = [await shopperWithCart(app), await shopperWithCart(app)];
    const code = await sendCode();
    const answers = await Promise.all([
      first.buyer.order({ phoneCode: code }),
      second.buyer.order({ phoneCode: code }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(await Order.countDocuments()).toBe(1);
    const stock = [
      await variantStock(first.product._id, "Black", "M"),
      await variantStock(second.product._id, "Black", "M"),
    ].sort((a, b) => a! - b!);
    expect(stock).toEqual([8, 10]);
  });

  it("keeps a code for a retry when a line sells out first", async () => {
    const { buyer, product } = await shopperWithCart(app);
    const code = await sendCode();
    await product.updateOne({ $set: { "variants.0.stock": 1 } });
    const soldOut = await buyer.order({ phoneCode: code });
    expect(soldOut.status).toBe(409);
    // The code was not used up: after the stock is back the same code places the order.
    await product.updateOne({ $set: { "variants.0.stock": 10 } });
    expect((await buyer.order({ phoneCode: code })).status).toBe(201);
  });
});
