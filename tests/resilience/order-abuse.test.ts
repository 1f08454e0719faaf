import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { smsName } from "../../server/services/notifications.service";
import { shippingAddress } from "../factories/address";
import { shopper } from "../factories/cart";
import { createProduct } from "../factories/product";
import { clearDatabase } from "../setup/db";
import { useSmsGateway } from "../setup/sms";
import type { SmsGatewayStub } from "../stubs/sms-gateway";
import { withEnv } from "./helpers";
import type { createApp } from "../../server/app";

/**
 * Anonymous stock holding and SMS abuse: guest cash-on-delivery orders hold stock and each sends an
 * SMS, so order attempts are limited, refused ones included (refusing must not be free); the SMS
 * carries no free text of the customer's but a short name.
 */
let sms: SmsGatewayStub;
let app: ReturnType<typeof createApp>;
useSmsGateway((gateway) => ({ sms, app } = gateway));

beforeEach(async () => {
  await clearDatabase();
});

/** A fresh guest (own cookie, own cart) ordering one tee for `mobile`. */
async function guestOrder(productId: unknown, mobile = "01712345678") {
  const guest = shopper(app);
  await guest.add(productId, "Black", "M", 1).expect(200);
  return guest.order({ shippingAddress: shippingAddress({ mobile }) });
}

describe("guest orders are limited", () => {
  it("per delivery phone: new carts and cookies do not help", async () => {
    const product = await createProduct();
    await withEnv({ ORDER_RATE_LIMIT_PHONE_PER_DAY: "2" }, async () => {
      expect((await guestOrder(product._id)).status).toBe(201);
      expect((await guestOrder(product._id, "+880 1712-345678")).status).toBe(201);
      const third = await guestOrder(product._id);
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({
        message:
          "Too many orders for this phone number today. Please try again in 24 hours, or call us.",
        code: "RATE_LIMITED",
      });
      // Another phone still orders.
      expect((await guestOrder(product._id, "01812345678")).status).toBe(201);
    });
    expect(await Order.countDocuments()).toBe(3);
  });

  it("per client address, counting refused attempts as placed ones", async () => {
    const product = await createProduct();
    await withEnv({ ORDER_RATE_LIMIT_IP_PER_HOUR: "2" }, async () => {
      // A refused attempt (empty cart) counts like an order placed: refusing is not free.
      expect((await shopper(app).order()).status).toBe(400);
      expect((await guestOrder(product._id, "01711111111")).status).toBe(201);
      const third = await guestOrder(product._id, "01733333333");
      expect(third.status).toBe(429);
      expect(third.body.message).toBe(
        "Too many orders from this network. Please try again in 60 minutes.",
      );
    });
    expect(await Order.countDocuments()).toBe(1);
  });

  it("per delivery phone, counting refused attempts too", async () => {
    const product = await createProduct({ variants: [{ color: "Black", size: "M", stock: 2 }] });
    await withEnv({ ORDER_RATE_LIMIT_PHONE_PER_DAY: "2" }, async () => {
      const guest = shopper(app);
      await guest.add(product._id, "Black", "M", 1).expect(200);
      await product.updateOne({ $set: { "variants.0.stock": 0 } });
      // Sold out meanwhile: refused, and counted against the number.
      expect((await guest.order()).status).toBe(409);
      await product.updateOne({ $set: { "variants.0.stock": 2 } });
      expect((await guest.order()).status).toBe(201);
      const third = await guestOrder(product._id);
      expect(third.status).toBe(429);
      expect(third.body.code).toBe("RATE_LIMITED");
    });
  });

  it("per guest cart, counting refused attempts too", async () => {
    const product = await createProduct();
    await withEnv({ ORDER_RATE_LIMIT_GUEST_CART_PER_DAY: "2" }, async () => {
      const guest = shopper(app);
      await guest.add(product._id, "Black", "M", 1).expect(200);
      // Refused (online payment not configured), and counted against the cart.
      expect((await guest.order({ paymentMethod: "SSLCOMMERZ" })).status).toBe(400);
      expect((await guest.order({ shippingAddress: shippingAddress() })).status).toBe(201);
      await guest.add(product._id, "Black", "M", 1).expect(200);
      const again = await guest.order({
        shippingAddress: shippingAddress({ mobile: "01899999999" }),
      });
      expect(again.status).toBe(429);
      expect(again.body.message).toBe(
        "Too many orders from this cart today. Please sign in or try again in 24 hours.",
      );
    });
  });
});

describe("the order SMS", () => {
  it("greets with a sanitised short name, never the text the customer typed", async () => {
    const product = await createProduct();
    const firstName = "WIN 50000 TAKA now at http://scam.example call 01999999999".slice(0, 80);
    const guest = shopper(app);
    await guest.add(product._id, "Black", "M", 1).expect(200);
    const placed = await guest.order({ shippingAddress: shippingAddress({ firstName }) });
    expect(placed.status).toBe(201);
    await expect.poll(() => sms.messages).toHaveLength(1);
    const text = sms.messages[0].message;
    expect(text).toMatch(/^Tweest: Hi WIN, your order /);
    expect(text).not.toContain("scam");
    expect(text).not.toContain("01999999999");
  });

  it("keeps Bangla names and drops digits, links and punctuation", () => {
    expect(smsName("নুসরাত জাহান")).toBe("নুসরাত");
    expect(smsName("http://x.y")).toBe("httpxy");
    expect(smsName("  Rahim-Uddin ")).toBe("RahimUddin");
    expect(smsName("12345")).toBe("");
    expect(smsName("A".repeat(80))).toHaveLength(20);
  });
});

describe("guest tracking (order number + phone)", () => {
  it("stops trying phone numbers after a few failures", async () => {
    const product = await createProduct();
    const placed = await guestOrder(product._id);
    const track = (phone: string) =>
      request(app)
        .get(`/api/orders/guest/track/${placed.body.orderNumber as string}`)
        .query({ phone });
    await withEnv({ TRACKING_RATE_LIMIT_ORDER_PER_15_MIN: "3" }, async () => {
      for (const phone of ["01700000001", "01700000002", "01700000003"])
        expect((await track(phone)).status).toBe(404);
      const limited = await track("01712345678");
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(
        "Too many tries for this order. Please try again in 15 minutes.",
      );
    });
  });

  it("per client address across orders", async () => {
    await withEnv({ TRACKING_RATE_LIMIT_IP_PER_15_MIN: "2" }, async () => {
      for (const number of ["TW-1", "TW-2"])
        expect(
          (
            await request(app)
              .get(`/api/orders/guest/track/${number}`)
              .query({ phone: "01712345678" })
          ).status,
        ).toBe(404);
      const limited = await request(app)
        .get("/api/orders/guest/track/TW-3")
        .query({ phone: "01712345678" });
      expect(limited.status).toBe(429);
    });
  });
});
