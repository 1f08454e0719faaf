/**
 * The back office in Bangla (docs/i18n.md, "The back office in Bangla"), in a real browser: an
 * order-desk agent on a 375 px phone switches the back office to Bangla, works the orders list
 * (Bangla words, digits, money and dates), opens an order, has the number to call and confirms it
 * after the call; nothing leaves the screen and every control takes a thumb. The choice is the
 * agent's own (the server keeps it: a reload without the browser's memory is still Bangla) and
 * switching back gives the English back office, word for word as before.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { User } from "../../models/user.model";
import { createOrder } from "../factories/order";
import { createAdmin } from "../factories/user";
import { useAdminSession } from "./admin-shop";
import { ARTIFACTS } from "./harness";

const session = useAdminSession();

/** The back office's navigation, named in the language shown. */
const navigation = (page: Page, name: "Admin" | "অ্যাডমিন") =>
  page.getByRole("navigation", { name, exact: true });

describe("the back office in Bangla", () => {
  it("an order-desk agent at 375 px switches to Bangla, confirms an order after calling, and back", async () => {
    const { user: agent, token } = await createAdmin({ staffRole: "orderDesk" });
    const orderNumber = `TW-BN-${randomUUID().slice(0, 6).toUpperCase()}`;
    const order = await createOrder({
      orderNumber,
      orderStatus: "PLACED",
      // 16:30 in Dhaka; a total past a lakh shows the grouping.
      createdAt: new Date("2026-01-05T10:30:00Z"),
      totalDiscountedPrice: 125000,
    });
    const page = await session.tab(token);
    const screen = session.screen(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await screen.visit(`/admin/orders?search=${orderNumber}`);
    await navigation(page, "Admin").getByRole("link", { name: "Orders", exact: true }).waitFor();

    // The switch names the other language in its own script.
    const language = page.getByTestId("admin-language");
    expect(await language.textContent()).toBe("বাংলা");
    await language.click();
    const nav = navigation(page, "অ্যাডমিন");
    await nav.getByRole("link", { name: "অর্ডার", exact: true }).waitFor();
    expect(await nav.getByRole("link").allTextContents()).toEqual([
      "অর্ডার",
      "কল তালিকা",
      "ক্রেতা",
      "ব্লক করা নম্বর",
      "বাল্ক অর্ডার",
    ]);
    expect(await language.textContent()).toBe("English");
    // Kept on the agent's account, nobody else's.
    await expect.poll(async () => (await User.findById(agent._id).lean())?.adminLocale).toBe("bn");

    // The list in Bangla: no reload happened, the same row now reads in Bangla.
    await page.getByRole("heading", { name: "অর্ডার", exact: true }).waitFor();
    const row = page.getByTestId("order-row").filter({ hasText: orderNumber });
    await expect.poll(() => row.getByTestId("order-items").textContent()).toBe("১টি পণ্য");
    const rowText = await row.textContent();
    expect(rowText).toContain("৳১,২৫,০০০");
    expect(rowText).toContain("৫ জানুয়ারি ২০২৬, ৪:৩০ অপরাহ্ন");
    expect(rowText).toContain("অর্ডার হয়েছে");
    expect(await page.getByTestId("queue-tab-to-confirm").textContent()).toMatch(
      /^কনফার্ম বাকি[০-৯]+$/,
    );
    const desk = [
      page.getByRole("tablist", { name: "কাজের তালিকা" }),
      page.locator("div:has(> table)"),
    ];
    for (const part of desk) {
      expect(await screen.offScreen(part)).toEqual([]);
      expect(await screen.smallTapTargets(part)).toEqual([]);
    }
    expect(await screen.offScreen(nav)).toEqual([]);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-bangla-desk-375.png") });

    // The order: the number to call, then Confirm once the customer said yes on the phone.
    await row.getByRole("button", { name: `#${orderNumber}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: `অর্ডার #${orderNumber}` }).waitFor();
    const contact = dialog.getByTestId("order-contact");
    const call = contact.getByTestId("call-link");
    expect((await call.textContent())?.trim()).toBe("কল করুন");
    expect(await call.getAttribute("href")).toBe(`tel:${order.shippingAddress.mobile}`);
    await dialog.getByTestId("phone-history").getByText("এই নম্বরের আগের অর্ডার").waitFor();
    expect(await screen.offScreen(dialog)).toEqual([]);
    expect(await screen.smallTapTargets(contact)).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-bangla-desk-dialog-375.png") });
    await dialog.getByRole("button", { name: "কনফার্ম করুন", exact: true }).click();
    await screen.toast(`অর্ডার ${orderNumber}: নিশ্চিত হয়েছে`).waitFor();
    expect((await Order.findById(order._id).lean())?.orderStatus).toBe("CONFIRMED");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // The server remembers the choice: a reload without the browser's own memory stays Bangla.
    await page.evaluate(() => localStorage.removeItem("adminLocale"));
    await page.reload();
    await navigation(page, "অ্যাডমিন").getByRole("link", { name: "অর্ডার", exact: true }).waitFor();

    // Back to English: the words the back office always had.
    await page.getByTestId("admin-language").click();
    await navigation(page, "Admin").getByRole("link", { name: "Orders", exact: true }).waitFor();
    await expect.poll(() => row.getByTestId("order-items").textContent()).toBe("1 item");
    expect(await row.textContent()).toContain("৳1,25,000");
    expect(await row.textContent()).toContain("05 Jan 2026, 16:30");
    expect((await User.findById(agent._id).lean())?.adminLocale).toBe("en");
  });

  it("another staff member's back office stays English", async () => {
    const { user: owner, token } = await createAdmin({ adminLocale: "en" });
    await createAdmin({ staffRole: "packer", adminLocale: "bn" });
    const page = await session.tab(token);
    await session.screen(page).open("/admin/orders");
    expect(await page.getByRole("heading", { name: "Orders", exact: true }).count()).toBe(1);
    expect(await page.getByTestId("admin-language").textContent()).toBe("বাংলা");
    expect((await User.findById(owner._id).lean())?.adminLocale).toBe("en");
  });
});
