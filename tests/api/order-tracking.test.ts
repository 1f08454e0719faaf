/**
 * Tracking an order with its number and the mobile used at checkout (GET
 * /api/orders/guest/track/:id?phone=): either digit script, the same answer for an unknown number
 * and for a known number with another mobile, and one count per order however it is typed.
 */
import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { toBanglaDigits } from "#contract/i18n";
import { MOBILE_MESSAGES } from "#contract/phone";
import { createApp } from "../../server/app";
import { newOrderNumber } from "../../server/services/order-placement";
import { NO_ORDER_FOR_NUMBER_AND_MOBILE } from "../../server/services/orders.service";
import { createOrder } from "../factories/order";
import { clearDatabase } from "../setup/db";
import { withEnv } from "../setup/env";

const app = createApp();
const MOBILE = "01912345678";

const track = (number: string, phone: string) =>
  request(app)
    .get(`/api/orders/guest/track/${encodeURIComponent(number)}`)
    .query({ phone });

/** A guest's order with a real order number (TW-YYMMDD-XXXX) and MOBILE. */
async function guestOrder() {
  return createOrder({ orderNumber: newOrderNumber(), mobile: MOBILE, orderStatus: "CONFIRMED" });
}

/** A well-formed order number no order has. */
async function unusedNumber(taken: string) {
  let number = newOrderNumber();
  while (number === taken) number = newOrderNumber();
  return number;
}

beforeEach(async () => {
  await clearDatabase();
});

describe("order tracking by number and mobile", () => {
  it("finds the order with the number and mobile typed in Bangla digits, in any case, without dashes", async () => {
    const order = await guestOrder();
    const bangla = await track(toBanglaDigits(order.orderNumber), toBanglaDigits(MOBILE));
    expect(bangla.status).toBe(200);
    expect(bangla.body).toMatchObject({
      orderNumber: order.orderNumber,
      orderStatus: "CONFIRMED",
      shippingAddress: { firstName: "Rahim", city: "Dhaka" },
    });
    expect(JSON.stringify(bangla.body)).not.toContain("Banani");
    const loose = await track(
      order.orderNumber.replaceAll("-", " ").toLowerCase(),
      "+880 1912-345678",
    );
    expect(loose.status).toBe(200);
    expect(loose.body.orderNumber).toBe(order.orderNumber);
  });

  it("answers a wrong mobile and an unknown number alike: nothing says the number exists", async () => {
    const order = await guestOrder();
    const wrongMobile = await track(order.orderNumber, "01812345678");
    const unknownNumber = await track(await unusedNumber(order.orderNumber), MOBILE);
    for (const answer of [wrongMobile, unknownNumber]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: NO_ORDER_FOR_NUMBER_AND_MOBILE, code: "NOT_FOUND" });
    }
    // A number that cannot be a mobile is refused for what it is, whatever the order.
    const [known, unknown] = await Promise.all([
      track(order.orderNumber, "০১৭১২"),
      track(await unusedNumber(order.orderNumber), "০১৭১২"),
    ]);
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([{ path: "phone", message: MOBILE_MESSAGES.tooShort }]);
    }
  });

  it("counts tries per order however its number is typed, then refuses even the right mobile", async () => {
    const order = await guestOrder();
    const spellings = [
      order.orderNumber,
      order.orderNumber.toLowerCase().replaceAll("-", ""),
      toBanglaDigits(order.orderNumber),
    ];
    await withEnv({ TRACKING_RATE_LIMIT_ORDER_PER_15_MIN: "3" }, async () => {
      for (const [index, spelling] of spellings.entries())
        expect((await track(spelling, `0181234567${index}`)).status).toBe(404);
      const limited = await track(order.orderNumber, MOBILE);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        message: "Too many tries for this order. Please try again in 15 minutes.",
        code: "RATE_LIMITED",
      });
    });
  });

  it("counts an unknown number's tries like a known one's, per client address", async () => {
    const order = await guestOrder();
    await withEnv({ TRACKING_RATE_LIMIT_IP_PER_15_MIN: "2" }, async () => {
      expect((await track(order.orderNumber, "01812345678")).status).toBe(404);
      expect((await track(await unusedNumber(order.orderNumber), MOBILE)).status).toBe(404);
      const limited = await track(order.orderNumber, MOBILE);
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(
        "Too many tracking lookups from this network. Please try again in 15 minutes.",
      );
    });
  });
});
