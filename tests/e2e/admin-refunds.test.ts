/**
 * A refund from the order dialog in a real browser, at 375 px and 1280 px (docs/payments.md,
 * "Refunds"): a delivered cash-on-delivery order's cash given back by hand, with its reference; the
 * refund is listed in the dialog and what is left goes down.
 *
 * The shop serves a private copy of the build (tests/e2e/admin-shop.ts).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { createOrder } from "../factories/order";
import { useAdminSession } from "./admin-shop";

const session = useAdminSession();

describe.each([
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
])("refunds at $width px", ({ width, height }) => {
  it("records a manual refund from the order dialog and lists it", async () => {
    const order = await createOrder({
      orderNumber: `TW-REF-${randomUUID().slice(0, 6).toUpperCase()}`,
      orderStatus: "DELIVERED",
      totalDiscountedPrice: 990,
    });
    const page = await session.tab();
    await page.setViewportSize({ width, height });
    await page.goto(`${session.shop.baseUrl}/admin/orders?open=${order.orderNumber}`);
    const figures = page.getByTestId("refund-figures");
    await expect.poll(() => figures.textContent()).toContain("left ৳990");

    const form = page.getByTestId("refund-form");
    await form.getByLabel("Amount (at most ৳990)").fill("200");
    await form.getByLabel("Reason").fill("Wrong size, customer kept the other item");
    await form.getByLabel("Reference (transfer id, receipt)").fill("bKash 8XY77ZZ");
    await form.getByRole("button", { name: "Refund" }).click();

    await expect
      .poll(() => page.getByTestId("refund-status").textContent())
      .toBe("Refund of ৳200 completed");
    const listed = page.getByTestId("refund").first();
    await expect.poll(() => listed.textContent()).toContain("৳200completedby hand · bKash 8XY77ZZ");
    await expect.poll(() => figures.textContent()).toContain("left ৳790");
    const stored = (await Order.findById(order._id).lean())!;
    expect(stored.refunds.map((refund) => [refund.amount, refund.method, refund.status])).toEqual([
      [200, "manual", "completed"],
    ]);
  });
});
