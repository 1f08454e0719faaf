/**
 * The back office in a real Chromium: every dialog gives keyboard focus back to the button that
 * opened it when it closes, and the admin can sign out.
 */
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../factories/order";
import { createTshirtOrder } from "../factories/tshirt-order";
import { adminTab, signInAdmin, startPrivateShop } from "./admin-shop";
import { expectFocusReturns } from "./dialog-focus";
import { launchBrowser, type Browser, type Shop } from "./harness";
import { AdminPage } from "./pages/admin-page";

let shop: Shop;
let adminToken: string;
const browsers: Browser[] = [];

beforeAll(async () => {
  shop = await startPrivateShop();
  adminToken = await signInAdmin(shop);
}, 120_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => undefined);
  await shop?.close();
});

async function adminPage(width: number): Promise<{ page: Page; errors: string[] }> {
  const browser = await launchBrowser({ width, height: width < 600 ? 812 : 900 });
  browsers.push(browser);
  const errors: string[] = [];
  return { page: await adminTab(browser, adminToken, errors), errors };
}

const open = (page: Page, pathname: string) => new AdminPage(page, shop.baseUrl).open(pathname);

const button = (page: Page, name: string | RegExp): Locator =>
  page.getByRole("main").getByRole("button", { name }).first();

describe("admin dialogs give focus back to their opener (1280 px)", () => {
  it("on every screen: editors, order details, password reset and delete confirmations", async () => {
    const order = await createOrder({ orderStatus: "PLACED", firstName: "Focus" });
    await createTshirtOrder({
      name: "Focus Club",
      mobile: "01712345678",
      email: "club@example.com",
      color: "Black",
      printType: "SCREEN",
      sizes: { S: 5, M: 5, L: 0, XL: 0, XXL: 0 },
      quantity: 10,
    });
    const { page, errors } = await adminPage(1280);

    const screens: [string, (string | RegExp)[]][] = [
      ["/admin/products", ["New product", /^Edit /, /^Delete /]],
      ["/admin/categories", ["New category", /^Add a sub-category to /, /^Edit /, /^Delete /]],
      ["/admin/customers", [/^Edit /, /^Reset the password of /, /^Delete /]],
      ["/admin/promo-codes", ["New promo code", /^Edit /, /^Delete /]],
      ["/admin/tshirt-orders", [/^Edit the order of /, /^Delete /]],
      ["/admin/size-guides", ["New size guide", /^Edit /, /^Delete /]],
      ["/admin/popup-images", ["Upload image", /^Edit /, /^Delete /]],
    ];
    for (const [pathname, openers] of screens) {
      await open(page, pathname);
      for (const name of openers) await expectFocusReturns(page, button(page, name));
    }

    // The order dialog: closed with Escape and with its close button.
    await open(page, `/admin/orders?search=${order.orderNumber}`);
    const orderButton = button(page, `#${order.orderNumber}`);
    await expectFocusReturns(page, orderButton);
    await expectFocusReturns(
      page,
      orderButton,
      () => orderButton.click(),
      () => page.getByRole("dialog").getByRole("button", { name: "Close" }).click(),
    );
    // A confirmation inside the order dialog gives focus back to its button in that dialog.
    await orderButton.click();
    const deleteOrder = page.getByRole("dialog").getByRole("button", { name: "Delete" });
    await deleteOrder.evaluate((element) => element.setAttribute("data-focus-probe", "delete"));
    await deleteOrder.click();
    await page.getByRole("alertdialog").waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("alertdialog").count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-focus-probe")))
      .toBe("delete");
    expect(await page.getByRole("dialog").count()).toBe(1);
    expect(errors).toEqual([]);
    // Every screen of the back office in one walk: about 25 s on two quiet cores.
  }, 60_000);
});

describe("admin sign-out (375 px)", () => {
  it("signs the admin out from the back office and shows the sign-in screen", async () => {
    const { page, errors } = await adminPage(375);
    await open(page, "/admin");
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("button", { name: "Sign out" })
      .click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(await page.evaluate(() => localStorage.getItem("jwt"))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("redirectAfterLogin"))).toBeNull();
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    expect(errors).toEqual([]);
  });
});
