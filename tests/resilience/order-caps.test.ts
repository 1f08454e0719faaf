import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Cart } from "../../models/cart.model";
import { Order } from "../../models/order.model";
import { RateLimit } from "../../models/rate-limit.model";
import type { createApp } from "../../server/app";
import { OTP_MESSAGES } from "../../server/services/otp.service";
import { ensureStandardPages } from "../../server/services/pages.service";
import {
  TOO_MANY_LINES_CODE,
  TOO_MANY_UNITS_CODE,
  tooManyLinesMessage,
  tooManyUnitsMessage,
} from "#contract/order-caps";
import { PHONE_CONFIRMATION_REQUIRED_CODE } from "#contract/schemas/orders";
import { shippingAddress } from "../factories/address";
import { shopper } from "../factories/cart";
import { createProduct } from "../factories/product";
import { changeShopSettings } from "../factories/shop-settings";
import { clearDatabase } from "../setup/db";
import { queriesDuring } from "../setup/queries";
import { useSmsGateway } from "../setup/sms";
import type { SmsGatewayStub } from "../stubs/sms-gateway";
import { changedCollections, snapshotDatabase, withEnv } from "./helpers";

/**
 * One guest holding the shop hostage with one order (issue: a 505-line cash-on-delivery order took
 * 3,514 of 4,049 units), and refused checkouts that cost the attacker nothing (a 150-line cart and
 * a code never requested: 20-26 s reserving and giving back, the limits never moved). Now a cart
 * and an order hold at most `orderCaps` (default 20 items, 50 pieces), every refusal that needs no
 * stock comes before the reservation, and refused attempts count against the order limits.
 */
let sms: SmsGatewayStub;
let app: ReturnType<typeof createApp>;
useSmsGateway((gateway) => ({ sms, app } = gateway));

beforeEach(async () => {
  await clearDatabase();
  // What a shop has from its start-up (the standard pages, whose terms version an order records).
  await ensureStandardPages();
});

const COLORS = ["Black", "White"];
const SIZES = ["S", "M", "L", "XL", "XXL"];

/** `products` products of 10 variants (2 colours x 5 sizes), 10 of each in stock. */
async function catalogue(products: number) {
  const created = [];
  for (let index = 0; index < products; index += 1)
    created.push(
      await createProduct({
        title: `Tee ${index}`,
        variants: COLORS.flatMap((color) => SIZES.map((size) => ({ color, size, stock: 10 }))),
      }),
    );
  return created.flatMap((product) =>
    COLORS.flatMap((color) => SIZES.map((size) => ({ product: product._id, color, size }))),
  );
}

/** A guest whose stored cart holds `quantity` of every variant, written around the API. */
async function guestWithForcedCart(
  variants: Awaited<ReturnType<typeof catalogue>>,
  quantity: number,
) {
  const guest = shopper(app);
  const [first] = variants;
  await guest.add(first.product, first.color, first.size, 1).expect(200);
  await Cart.updateOne(
    {},
    { $set: { cartItems: variants.map((variant) => ({ ...variant, quantity })) } },
  );
  const { guestId } = (await Cart.findOne().lean())!;
  return { guest, guestId: guestId! };
}

/** The order limits' counters, by limiter (`order-ip`, `order-phone`, `order-guest-cart`). */
async function orderCounters(): Promise<Record<string, number>> {
  const rows = await RateLimit.find({ _id: /^order-/ }).lean();
  return Object.fromEntries(rows.map((row) => [String(row._id).split(":")[0], row.hits]));
}

/** Writes that move stock or hold it: products, the reservation journal, orders, promo uses. */
const stockWrites = (queries: string[]) =>
  queries.filter((query) =>
    /^(products|stock_reservations|orders|promocodes)\.(insert|update|delete|replace|bulkWrite|findOneAnd)/.test(
      query,
    ),
  );

describe("the caps stop the one-order hostage", () => {
  it("a guest adding 10 of every variant gets 5 lines; one of each, 20 lines", async () => {
    const variants = await catalogue(3);
    const greedy = shopper(app);
    const answers: { status: number; code?: string }[] = [];
    for (const variant of variants) {
      const added = await greedy.add(variant.product, variant.color, variant.size, 10);
      answers.push({ status: added.status, code: added.body.code });
    }
    expect(answers.slice(0, 5).every((answer) => answer.status === 200)).toBe(true);
    expect(answers.slice(5)).toEqual(
      Array.from({ length: 25 }, () => ({ status: 422, code: TOO_MANY_UNITS_CODE })),
    );

    const wide = shopper(app);
    const refused = [];
    for (const variant of variants) {
      const added = await wide.add(variant.product, variant.color, variant.size, 1);
      if (added.status !== 200) refused.push(added.body);
    }
    expect(refused).toHaveLength(10);
    expect(refused[0]).toEqual({ message: tooManyLinesMessage(20), code: TOO_MANY_LINES_CODE });
    const carts = await Cart.find().lean();
    expect(carts.map((cart) => cart.cartItems.length).sort()).toEqual([20, 5]);
  });

  it("refuses a cart forced past the caps at placement, before anything is taken (COD and online)", async () => {
    const variants = await catalogue(3);
    const { guest } = await guestWithForcedCart(variants, 10);
    const before = await snapshotDatabase();
    const refused = await guest.order();
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: tooManyLinesMessage(20),
      code: TOO_MANY_LINES_CODE,
    });
    // Online orders hold their stock for the payment's time: the same caps, refused the same way.
    await withEnv(
      {
        BKASH_APP_KEY: "key",
        BKASH_APP_SECRET: "secret",
        BKASH_USERNAME: "user",
        BKASH_PASSWORD: "password",
      },
      async () => {
        const online = await guest.order({ paymentMethod: "BKASH" });
        expect(online.status).toBe(422);
        expect(online.body.code).toBe(TOO_MANY_LINES_CODE);
      },
    );
    expect(changedCollections(before, await snapshotDatabase())).toEqual([]);

    // Within the lines but past the pieces: 20 lines of 3.
    await Cart.updateOne(
      {},
      {
        $set: { cartItems: variants.slice(0, 20).map((variant) => ({ ...variant, quantity: 3 })) },
      },
    );
    const tooHeavy = await guest.order();
    expect(tooHeavy.status).toBe(422);
    expect(tooHeavy.body).toEqual({ message: tooManyUnitsMessage(50), code: TOO_MANY_UNITS_CODE });
    expect(await Order.countDocuments()).toBe(0);
  });
});

describe("refused checkouts cost the attacker, not the shop", () => {
  it("a 150-line cart with a code never requested: refused at once, nothing written, counted", async () => {
    await changeShopSettings((settings) => {
      settings.cod.phoneConfirmation = "always";
      settings.orderCaps.maxLines = 200;
      settings.orderCaps.maxUnits = 2000;
      settings.orderLimits.perPhonePerDay = 3;
    });
    const variants = await catalogue(15);
    expect(variants).toHaveLength(150);
    const { guest } = await guestWithForcedCart(variants, 2);
    const before = await snapshotDatabase();

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      let answer: request.Response | undefined;
      const started = performance.now();
      const queries = await queriesDuring(async () => {
        answer = await guest.order({ phoneCode: "123456" });
      });
      const took = performance.now() - started;
      expect(answer!.status).toBe(400);
      expect(answer!.body.message).toBe(OTP_MESSAGES.notRequested);
      expect(stockWrites(queries)).toEqual([]);
      expect(took).toBeLessThan(1000);
      expect(await orderCounters()).toEqual({
        "order-ip": attempt,
        "order-phone": attempt,
        "order-guest-cart": attempt,
      });
    }
    const limited = await guest.order({ phoneCode: "123456" });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(
      "Too many orders for this phone number today. Please try again in 24 hours, or call us.",
    );
    // Nothing but the counters (bookkeeping, left out of the snapshot) changed; no SMS went out.
    expect(changedCollections(before, await snapshotDatabase())).toEqual([]);
    expect(sms.messages).toHaveLength(0);
  });

  it("a wrong code counts one of the code's tries and one attempt, before any stock is touched", async () => {
    await changeShopSettings((settings) => {
      settings.cod.phoneConfirmation = "always";
    });
    const variants = await catalogue(2);
    const { guest } = await guestWithForcedCart(variants.slice(0, 20), 2);
    expect((await request(app).post("/auth/otp/send").send({ phone: "01712345678" })).status).toBe(
      200,
    );
    const code = sms.codeSentTo("01712345678");
    const wrong = code === "000000" ? "111111" : "000000";
    const queries = await queriesDuring(async () => {
      const refused = await guest.order({ phoneCode: wrong });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(OTP_MESSAGES.wrongCode(4));
    });
    expect(stockWrites(queries)).toEqual([]);
    const placed = await guest.order({ phoneCode: code });
    expect(placed.status).toBe(201);
    expect(placed.body.phoneConfirmed).toBe(true);
    expect(await orderCounters()).toEqual({
      "order-ip": 2,
      "order-phone": 2,
      "order-guest-cart": 2,
    });
  });

  it("the 428 that asks for the code counts only per client address", async () => {
    await changeShopSettings((settings) => {
      settings.cod.phoneConfirmation = "always";
    });
    const variants = await catalogue(1);
    const { guest } = await guestWithForcedCart(variants.slice(0, 1), 1);
    const asked = await guest.order();
    expect(asked.status).toBe(428);
    expect(asked.body.code).toBe(PHONE_CONFIRMATION_REQUIRED_CODE);
    // Given back once the answer is sent: the phone and cart counters come back to 0.
    await expect.poll(orderCounters).toEqual({
      "order-ip": 1,
      "order-phone": 0,
      "order-guest-cart": 0,
    });
  });
});

describe("the guests rule cannot be skipped with a free account", () => {
  it("asks a new account for the code until it has proven the delivery phone", async () => {
    await changeShopSettings((settings) => {
      settings.cod.phoneConfirmation = "guests";
    });
    const variants = await catalogue(1);
    const signedUp = await request(app).post("/auth/signup").send({
      firstName: "Mallory",
      email: "mallory@example.com",
      password: "correct-horse-42",
      mobile: "01712345678",
    });
    expect(signedUp.status).toBe(201);
    const token = signedUp.body.jwt as string;
    const account = shopper(app, token);
    await account.add(variants[0].product, "Black", "M", 1).expect(200);
    const asked = await account.order();
    expect(asked.status).toBe(428);
    expect(asked.body.code).toBe(PHONE_CONFIRMATION_REQUIRED_CODE);

    // Proving the number on the account (code, then update-phone) is what exempts it.
    await request(app).post("/auth/otp/send").send({ phone: "01712345678" }).expect(200);
    await request(app)
      .post("/auth/otp/verify")
      .set("Authorization", `Bearer ${token}`)
      .send({ phone: "01712345678", otp: sms.codeSentTo("01712345678") })
      .expect(200);
    await request(app)
      .put("/auth/update-phone")
      .set("Authorization", `Bearer ${token}`)
      .send({ phone: "01712345678" })
      .expect(200);
    const placed = await account.order();
    expect(placed.status).toBe(201);
    // Another delivery phone is not proven by it.
    await account.add(variants[0].product, "Black", "M", 1).expect(200);
    const other = await account.order({
      shippingAddress: shippingAddress({ mobile: "01812345678" }),
    });
    expect(other.status).toBe(428);
  });
});
