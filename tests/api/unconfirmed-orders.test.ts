import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import type { createApp } from "../../server/app";
import { JOBS, runJobOnce } from "../../server/jobs";
import {
  cancelUnconfirmedCodOrders,
  cancelUnconfirmedOrder,
  findUnconfirmedCodOrders,
} from "../../server/services/unconfirmed-orders.service";
import { phoneRiskOf } from "../../server/services/phone-history.service";
import { shippingAddress } from "../factories/address";
import { shopperWithCart } from "../factories/cart";
import { variantStock } from "../factories/product";
import { changeShopSettings } from "../factories/shop-settings";
import { createAdmin } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { useSmsGateway } from "../setup/sms";
import type { SmsGatewayStub } from "../stubs/sms-gateway";

/**
 * Unconfirmed cash-on-delivery orders (docs/cod.md): a COD order still PLACED (and without a phone
 * confirmed by code) `cod.unconfirmedCancelAfterHours` after it was placed is cancelled by the
 * system, its units go back once and the customer gets the cancelled SMS once.
 */
let sms: SmsGatewayStub;
let app: ReturnType<typeof createApp>;
let adminToken: string;

useSmsGateway((gateway) => ({ sms, app } = gateway));

beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
});

const HOUR = 3_600_000;
const job = JOBS.find((entry) => entry.name === "cancel-unconfirmed-cod-orders")!;

/** A guest's real COD order of 2 units (stock 10 -> 8), placed `hoursAgo` ago (its createdAt moved). */
async function placedCodOrder(hoursAgo: number, locale?: "bn") {
  const { product, buyer } = await shopperWithCart(app, 2);
  const placed = await buyer.order({ shippingAddress: shippingAddress(), paymentMethod: "COD" });
  expect(placed.status).toBe(201);
  const createdAt = new Date(Date.now() - hoursAgo * HOUR);
  // Straight through the driver: mongoose keeps createdAt out of updates.
  await Order.collection.updateOne(
    { orderNumber: placed.body.orderNumber },
    { $set: { createdAt, ...(locale ? { locale } : {}) } },
  );
  expect(await variantStock(product._id, "Black", "M")).toBe(8);
  // The placed message has gone out; only cancellation messages are counted below.
  await expect
    .poll(() => sms.messages.some((sent) => sent.message.includes(placed.body.orderNumber)))
    .toBe(true);
  return { product, orderId: String(placed.body._id), orderNumber: placed.body.orderNumber };
}

const confirm = (id: string) =>
  request(app)
    .put(`/api/admin/orders/${id}/confirmed`)
    .set("Authorization", `Bearer ${adminToken}`);

const cancelledTexts = () =>
  sms.messages.filter((message) => /cancelled|বাতিল/.test(message.message));

describe("unconfirmed COD orders are cancelled after the shop's limit", () => {
  it("cancels after the limit (48 h by default), not before: units back, SMS sent, history says why", async () => {
    const { product, orderId, orderNumber } = await placedCodOrder(47);
    expect(await cancelUnconfirmedCodOrders()).toBe(0);
    expect((await Order.findById(orderId).lean())!.orderStatus).toBe("PLACED");

    // Two hours later the order is 49 hours old.
    expect(await cancelUnconfirmedCodOrders(new Date(Date.now() + 2 * HOUR))).toBe(1);
    const stored = (await Order.findById(orderId).lean())!;
    // The system's doing: it says nothing of the number's owner (docs/cod.md).
    expect(stored).toMatchObject({
      orderStatus: "CANCELLED",
      cancelledBy: "system",
      stockReleased: true,
    });
    expect((await phoneRiskOf(stored.deliveryPhone!)).level).toBe("new");
    expect(stored.statusHistory.at(-1)).toMatchObject({
      status: "CANCELLED",
      by: "system",
      note: "not confirmed within 48 hours",
    });
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
    await expect.poll(() => cancelledTexts()).toHaveLength(1);
    expect(cancelledTexts()[0]).toMatchObject({
      number: "8801712345678",
      message: `Tweest: your order ${orderNumber} has been cancelled.`,
    });

    // A later run finds nothing: units and SMS once.
    expect(await cancelUnconfirmedCodOrders(new Date(Date.now() + 100 * HOUR))).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
    expect(cancelledTexts()).toHaveLength(1);
  });

  it("follows the setting's hours, tells the customer in the order's language, and 0 turns it off", async () => {
    await changeShopSettings((settings) => {
      settings.cod.unconfirmedCancelAfterHours = 0;
    });
    const { product, orderId, orderNumber } = await placedCodOrder(700, "bn");
    expect(await cancelUnconfirmedCodOrders(new Date(Date.now() + 1000 * HOUR))).toBe(0);
    expect((await Order.findById(orderId).lean())!.orderStatus).toBe("PLACED");

    await changeShopSettings((settings) => {
      settings.cod.unconfirmedCancelAfterHours = 720;
    });
    expect(await cancelUnconfirmedCodOrders()).toBe(0);
    expect(await cancelUnconfirmedCodOrders(new Date(Date.now() + 25 * HOUR))).toBe(1);
    expect((await Order.findById(orderId).lean())!.statusHistory.at(-1)?.note).toBe(
      "not confirmed within 720 hours",
    );
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
    await expect.poll(() => cancelledTexts()).toHaveLength(1);
    expect(cancelledTexts()[0].message).toBe(`Tweest: আপনার অর্ডার ${orderNumber} বাতিল করা হয়েছে।`);
  });

  it("leaves confirmed orders alone: moved by an admin, phone confirmed by code, delivery charge paid in advance, or not COD", async () => {
    const confirmedByAdmin = await placedCodOrder(72);
    expect((await confirm(confirmedByAdmin.orderId)).status).toBe(200);
    const phoneConfirmed = await placedCodOrder(72);
    await Order.collection.updateOne(
      { orderNumber: phoneConfirmed.orderNumber },
      { $set: { phoneConfirmed: true } },
    );
    const advancePaid = await placedCodOrder(72);
    await Order.collection.updateOne(
      { orderNumber: advancePaid.orderNumber },
      { $set: { advanceDeliveryCharge: { amount: 60, method: "BKASH", status: "PAID" } } },
    );
    const advanceUnpaid = await placedCodOrder(72);
    await Order.collection.updateOne(
      { orderNumber: advanceUnpaid.orderNumber },
      { $set: { advanceDeliveryCharge: { amount: 60, method: "BKASH", status: "PENDING" } } },
    );
    const onlinePaid = await placedCodOrder(72);
    await Order.collection.updateOne(
      { orderNumber: onlinePaid.orderNumber },
      { $set: { paymentMethod: "BKASH" } },
    );
    const due = await placedCodOrder(72);

    expect((await findUnconfirmedCodOrders()).sort()).toEqual(
      [advanceUnpaid.orderId, due.orderId].sort(),
    );
    expect(await cancelUnconfirmedCodOrders()).toBe(2);
    const statuses = await Promise.all(
      [confirmedByAdmin, phoneConfirmed, advancePaid, onlinePaid, advanceUnpaid, due].map(
        async ({ orderId }) => (await Order.findById(orderId).lean())!.orderStatus,
      ),
    );
    expect(statuses).toEqual(["CONFIRMED", "PLACED", "PLACED", "PLACED", "CANCELLED", "CANCELLED"]);
    expect(await variantStock(confirmedByAdmin.product._id, "Black", "M")).toBe(8);
    expect(await variantStock(due.product._id, "Black", "M")).toBe(10);
  });

  it("an order confirmed between the job's read and its write is not cancelled (guarded update)", async () => {
    const { product, orderId } = await placedCodOrder(50);
    const due = await findUnconfirmedCodOrders();
    expect(due).toEqual([orderId]);
    // The admin confirms it while the job is between its read and its cancel.
    expect((await confirm(orderId)).status).toBe(200);
    expect(await cancelUnconfirmedOrder(orderId)).toBe(false);

    const stored = (await Order.findById(orderId).lean())!;
    expect(stored).toMatchObject({ orderStatus: "CONFIRMED", stockReleased: false });
    expect(stored.statusHistory.map((entry) => entry.status)).toEqual(["PLACED", "CONFIRMED"]);
    expect(await variantStock(product._id, "Black", "M")).toBe(8);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(cancelledTexts()).toHaveLength(0);
  });

  it("the job and an admin at once: exactly one wins, units back at most once", async () => {
    const { product, orderId } = await placedCodOrder(50);
    const [cancelled, confirmed] = await Promise.all([
      cancelUnconfirmedOrder(orderId),
      confirm(orderId),
    ]);
    expect(confirmed.status).toBe(cancelled ? 409 : 200);
    const stored = (await Order.findById(orderId).lean())!;
    expect(stored.orderStatus).toBe(cancelled ? "CANCELLED" : "CONFIRMED");
    expect(await variantStock(product._id, "Black", "M")).toBe(cancelled ? 10 : 8);
  });

  it("two instances ticking the job at once: one run, the order cancelled once, one SMS", async () => {
    const { product, orderId } = await placedCodOrder(49);
    const ran = await Promise.all([
      runJobOnce(job, "instance-a"),
      runJobOnce(job, "instance-b"),
      // A third caller racing the job's own write directly.
      cancelUnconfirmedOrder(orderId),
    ]);
    expect(ran.slice(0, 2).filter(Boolean)).toHaveLength(1);
    const stored = (await Order.findById(orderId).lean())!;
    expect(stored.orderStatus).toBe("CANCELLED");
    expect(stored.statusHistory.filter((entry) => entry.status === "CANCELLED")).toHaveLength(1);
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
    await expect.poll(() => cancelledTexts()).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(cancelledTexts()).toHaveLength(1);
  });
});
