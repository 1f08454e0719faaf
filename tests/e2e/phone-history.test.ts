/**
 * Customer history by phone and the block list in a real browser, at 375 px and 1280 px: the order
 * dialog shows the number's earlier orders by outcome, its risk badge and the code confirmation;
 * "Block this number" leads to the block list with the number filled in; the block shows on the
 * order, and lifting it (from the admin nav's "Blocked numbers") keeps it listed as lifted.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { PhoneBlockModel } from "../../models/phone-block.model";
import { formatDate } from "../../app/components/admin/common";
import { createOrder } from "../factories/order";
import { createUser } from "../factories/user";
import { useAdminSession } from "./admin-shop";
import { screenshots, waitForHydration } from "./harness";

const session = useAdminSession();

/**
 * Earlier orders of `phone` (1 delivered, 2 returned, 1 cancelled by the customer, 1 by the shop,
 * which does not count) and the order being viewed.
 */
async function customerWithHistory(phone: string) {
  await createOrder({ mobile: phone, orderStatus: "DELIVERED" });
  await createOrder({ mobile: `+88${phone}`, orderStatus: "RETURNED" });
  await createOrder({ mobile: phone, orderStatus: "RETURNED" });
  await createOrder({ mobile: phone, orderStatus: "CANCELLED", cancelledBy: "customer" });
  await createOrder({ mobile: phone, orderStatus: "CANCELLED", cancelledBy: "shop" });
  const viewed = await createOrder({ mobile: phone, orderStatus: "PLACED" });
  await Order.updateOne(
    { _id: viewed._id },
    { $set: { phoneConfirmed: true, phoneConfirmedAt: new Date() } },
  );
  return viewed;
}

async function openOrder(page: Page, orderId: string) {
  await page.goto(`${session.shop.baseUrl}/admin/orders?open=${orderId}`);
  await waitForHydration(page);
  const history = page.getByTestId("phone-history");
  await history.getByTestId("risk-badge").waitFor();
  return history;
}

describe.each([
  { width: 375, height: 812, phone: "01911000375" },
  { width: 1280, height: 900, phone: "01911001280" },
])("customer history and block list at $width px", ({ width, height, phone }) => {
  it("shows the history on the order, blocks the number from there and lifts the block", async () => {
    const order = await customerWithHistory(phone);
    const page = await session.tab();
    await page.setViewportSize({ width, height });

    const history = await openOrder(page, String(order._id));
    const count = (name: string) => history.getByTestId(`count-${name}`).locator("dd");
    expect(await count("delivered").textContent()).toBe("1");
    expect(await count("returned").textContent()).toBe("2");
    expect(await count("cancelled").textContent()).toBe("1");
    // The order being viewed is not one of its own earlier orders.
    expect(await count("open").textContent()).toBe("0");
    expect(await history.getByTestId("risk-badge").textContent()).toBe("Risky");
    expect(await history.getByTestId("phone-confirmed").textContent()).toContain(
      "Phone confirmed by code",
    );
    await screenshots(page, "admin-phone-history");

    await history.getByRole("link", { name: "Block this number" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/phone-blocks");
    await page.getByRole("heading", { name: "Blocked numbers", level: 1 }).waitFor();
    expect(await page.getByLabel("Mobile number").inputValue()).toBe(phone);
    // No reason: named on the field, nothing saved.
    await page.getByRole("button", { name: "Block number" }).click();
    expect(await page.locator("#block-reason-error").textContent()).toBe(
      "Give a reason for the block",
    );
    expect(await PhoneBlockModel.countDocuments({ phone })).toBe(0);
    await page.getByLabel("Reason").fill("Refused two parcels");
    await page.getByRole("button", { name: "Block number" }).click();
    await session.screen(page).toast(`${phone} blocked: no cash on delivery`).waitFor();
    const row = page.getByTestId("phone-block").filter({ hasText: phone });
    await row.waitFor();
    const block = (await PhoneBlockModel.findOne({ phone }).lean())!;
    expect(await row.textContent()).toBe(
      `${phone}Refused two parcels` +
        `Blocked ${formatDate(block.blockedAt, true)} by ${block.blockedBy!.name} (${block.blockedBy!.email})` +
        " Lift block", // the button, its label after the icon
    );
    expect(await page.getByLabel("Mobile number").inputValue()).toBe("");
    await screenshots(page, "admin-phone-blocks");

    const blocked = await openOrder(page, String(order._id));
    await blocked.getByTestId("risk-badge").filter({ hasText: "Blocked" }).waitFor();
    expect(await blocked.textContent()).toContain("Refused two parcels");

    // A customer account with that mobile shows the same history in its dialog.
    const { user } = await createUser({ mobile: phone, email: `history-${width}@example.com` });
    await page.goto(`${session.shop.baseUrl}/admin/customers?search=${user.email}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: `Edit ${user.email}` }).click();
    const customerHistory = page.getByRole("dialog").getByTestId("phone-history");
    await customerHistory.getByTestId("risk-badge").filter({ hasText: "Blocked" }).waitFor();
    // All six orders to the number (none is being viewed here): one still open.
    expect(await customerHistory.getByTestId("count-open").locator("dd").textContent()).toBe("1");
    await page.keyboard.press("Escape");

    // The block list from the admin nav; lifting asks first.
    await page.goto(`${session.shop.baseUrl}/admin`);
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Blocked numbers" })
      .click();
    await page.waitForURL((url) => url.pathname === "/admin/phone-blocks");
    const listed = page.getByTestId("phone-block").filter({ hasText: phone });
    await listed.getByRole("button", { name: "Lift block" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Lift block" }).click();
    await session.screen(page).toast(`Block on ${phone} lifted`).waitFor();
    await listed.waitFor({ state: "detached" });
    expect(await PhoneBlockModel.findOne({ phone }).lean()).toMatchObject({
      liftedAt: expect.any(Date),
      liftedBy: { email: expect.stringContaining("@") },
    });
    await page.getByRole("button", { name: "All, with lifted" }).click();
    const lifted = page.getByTestId("phone-block").filter({ hasText: phone });
    await lifted.waitFor();
    // The whole row: who blocked and why, and who lifted it when (times as the screen writes them).
    const stored = (await PhoneBlockModel.findOne({ phone }).lean())!;
    expect(await lifted.textContent()).toBe(
      `${phone}Refused two parcels` +
        `Blocked ${formatDate(stored.blockedAt, true)} by ${stored.blockedBy!.name} (${stored.blockedBy!.email})` +
        ` · lifted ${formatDate(stored.liftedAt, true)} by ${stored.liftedBy!.name}`,
    );
    await page.close();
  });

  it("cancels an order only once the admin says who cancelled it; the customer's counts against the number", async () => {
    const cancelPhone = `0171${phone.slice(4)}`;
    const order = await createOrder({ mobile: cancelPhone, orderStatus: "PLACED" });
    const page = await session.tab();
    await page.setViewportSize({ width, height });
    const history = await openOrder(page, String(order._id));
    expect(await history.getByTestId("risk-badge").textContent()).toBe("New customer");

    await page.getByTestId("order-actions").getByRole("button", { name: "Cancel order" }).click();
    const ask = page.getByRole("alertdialog");
    await ask.getByRole("heading", { name: "Cancel this order?" }).waitFor();
    const confirm = ask.getByRole("button", { name: "Cancel order" });
    // Nothing is picked for the admin: the order cannot be cancelled until they say who did it.
    expect(await ask.getByRole("radio", { checked: true }).count()).toBe(0);
    expect(await confirm.isDisabled()).toBe(true);
    // The whole dialog, both choices and its buttons are inside the window.
    const box = (await ask.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    await ask.getByRole("radio", { name: /The customer/ }).check();
    expect(await confirm.isDisabled()).toBe(false);
    await screenshots(page, "admin-cancel-order-who");
    await confirm.click();

    await session.screen(page).toast(`Order ${order.orderNumber}: Cancelled`).waitFor();
    expect(await Order.findById(order._id).lean()).toMatchObject({
      orderStatus: "CANCELLED",
      cancelledBy: "customer",
    });
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByTestId("cancelled-by").textContent()).toBe("by the customer");
    // The number's next order shows it: one customer cancellation and nothing delivered, risky.
    const next = await createOrder({ mobile: cancelPhone, orderStatus: "PLACED" });
    const nextHistory = await openOrder(page, String(next._id));
    expect(await nextHistory.getByTestId("count-cancelled").locator("dd").textContent()).toBe("1");
    expect(await nextHistory.getByTestId("risk-badge").textContent()).toBe("Risky");
    await page.close();
  });
});
