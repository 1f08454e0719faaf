/**
 * The back office with a cash-on-delivery order whose delivery charge was paid in advance (docs/cod.md):
 * the order view's invoice and the orders list show the two parts, the payments screen says what the
 * money paid. The shop serves a private copy of the build (tests/e2e/admin-shop.ts); 1280 px.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatBDT } from "#contract/money";
import { Order } from "../../models/order.model";
import { Payment } from "../../models/payment.model";
import { createOrder } from "../factories/order";
import { createPayment } from "../factories/payment";
import { useAdminSession } from "./admin-shop";
import { ARTIFACTS } from "./harness";

const session = useAdminSession();

afterAll(() => {
  expect(session.consoleErrors).toEqual([]);
});

/** A placed COD order of ৳1,600 goods + ৳120 delivery, the delivery charge paid with bKash. */
async function advancePaidOrder() {
  const order = await createOrder({
    orderStatus: "PLACED",
    paymentMethod: "COD",
    lines: [{ category: "Shirts", unitPrice: 800, quantity: 2 }],
    deliveryCharge: 120,
  });
  await Order.updateOne(
    { _id: order._id },
    {
      $set: {
        advanceDeliveryCharge: {
          amount: 120,
          method: "BKASH",
          reasons: ["outsideDhaka"],
          status: "PAID",
          transactionId: "BKT5001",
          paidAt: new Date(),
        },
      },
    },
  );
  const payment = await createPayment({
    order: order._id,
    method: "BKASH",
    amount: 120,
    transactionId: `TWB-ADVANCE-${String(order._id).slice(-6)}`,
  });
  await Payment.updateOne({ _id: payment._id }, { $set: { purpose: "ADVANCE_DELIVERY_CHARGE" } });
  return order;
}

describe("admin screens: advance delivery charge", () => {
  it("the order view's invoice, the orders list and the payments screen show both parts", async () => {
    const order = await advancePaidOrder();
    const page = await session.tab();
    const screen = session.screen(page);
    await screen.visit(`/admin/orders?open=${String(order._id)}`);
    const invoice = page.getByRole("dialog").getByTestId("invoice");
    await invoice.getByTestId("payment-parts").waitFor();
    expect(await invoice.getByTestId("payment-part-online").textContent()).toBe(
      "Delivery charge paid online ৳120 via bKash",
    );
    expect(await invoice.getByTestId("payment-part-cod").textContent()).toBe(
      "Collect on delivery ৳1,600",
    );
    expect(await invoice.getByText("৳1,720").count()).toBeGreaterThan(0);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-advance-invoice-1280.png") });
    await page.keyboard.press("Escape");
    expect(
      await page.getByTestId("order-row").filter({ hasText: order.orderNumber }).textContent(),
    ).toContain("delivery charge paid online");

    await screen.visit("/admin/payments");
    const purpose = page.getByTestId("payment-purpose").first();
    await purpose.waitFor();
    expect(await purpose.textContent()).toBe(
      "Delivery charge (advance) of a cash-on-delivery order",
    );
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-advance-payments-1280.png") });

    // The dashboard's cash-on-delivery cards show the API's figures (tested to the taka in
    // tests/api/advance-delivery-charge.test.ts); the seeded shop has other orders too.
    const stats = (await (
      await fetch(`${session.shop.baseUrl}/api/admin/dashboard`, {
        headers: { Authorization: `Bearer ${session.adminToken}` },
      })
    ).json()) as { cashOnDelivery: { outstanding: number; advancePaidThisMonth: number } };
    expect(stats.cashOnDelivery.advancePaidThisMonth).toBeGreaterThanOrEqual(120);
    await screen.visit("/admin");
    const outstanding = page.getByTestId("stat-cod-outstanding");
    await outstanding.waitFor();
    expect(await outstanding.textContent()).toContain(formatBDT(stats.cashOnDelivery.outstanding));
    expect(await page.getByTestId("stat-advance-paid").textContent()).toContain(
      formatBDT(stats.cashOnDelivery.advancePaidThisMonth),
    );
  }, 120_000);
});
