/**
 * The browser's data flow on React Router's own tools, in Chromium: cart changes through fetchers with
 * an optimistic cart (the new quantity or the removal shows while the server is asked, and a refusal
 * brings the line back with the same message as before), and the route error boundaries (a storefront
 * screen whose loader fails, an admin screen that fails) showing a page with a way back.
 */
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { User } from "../../models/user.model";
import { createUser } from "../factories/user";
import { adminTab, signInAdmin } from "./admin-shop";
import { allowBrowserProblems } from "./guard";
import { launchBrowser, waitForHydration, type Browser } from "./harness";
import { addToGuestCart } from "./pages/cart-page";
import { useShoppingSession } from "./shop-harness";

const shop = useShoppingSession();

/** Holds the matching requests until the test answers them. */
function holdRequests(page: Page, pattern: string) {
  const held: Route[] = [];
  void page.route(pattern, (route) => void held.push(route));
  return {
    count: () => held.length,
    answer: async (status: number, body: unknown) => {
      for (const route of held.splice(0))
        await route.fulfill({
          status,
          contentType: "application/json",
          body: JSON.stringify(body),
        });
      await page.unroute(pattern);
    },
  };
}

describe("optimistic cart (375 px)", () => {
  it("shows a quantity change and a removal at once, and rolls both back with the server's message", async () => {
    // The refusals this test provokes (more than the stock; a line that is gone).
    allowBrowserProblems(
      /^400 PUT \/api\/cart\/update\/[0-9a-f]{24}$/,
      /^404 DELETE \/api\/cart\/remove\/[0-9a-f]{24}$/,
    );
    const { page, errors, failedResponses } = await shop.newPage(375);
    await addToGuestCart(page);
    await page.goto("/cart?guest=true");
    const line = page.getByTestId("cart-line");
    await line.waitFor();
    await waitForHydration(page);
    const quantity = line.locator("output");
    const badge = page.getByTestId("cart-badge");
    expect(await quantity.textContent()).toBe("1");

    // More of it: the line and the header badge say 2 while the server has not answered yet.
    const update = holdRequests(page, "**/api/cart/update/**");
    await line.getByRole("button", { name: "Increase quantity" }).click();
    await expect.poll(update.count).toBe(1);
    expect(await quantity.textContent()).toBe("2");
    expect(await badge.textContent()).toBe("2");
    expect(await line.getAttribute("aria-busy")).toBe("true");
    // Refused: back to 1, with the server's text on the line, and the buttons work again.
    await update.answer(400, { message: "Only 1 left in stock" });
    await expect.poll(() => quantity.textContent()).toBe("1");
    expect(await line.getByRole("alert").textContent()).toBe("Only 1 left in stock");
    expect(await badge.textContent()).toBe("1");
    await expect.poll(() => line.getByRole("button", { name: /^Remove / }).isEnabled()).toBe(true);

    // Removed: the cart is empty at once; the cart was gone meanwhile, so the line comes back.
    const removal = holdRequests(page, "**/api/cart/remove/**");
    await line.getByRole("button", { name: /^Remove / }).click();
    await page.getByText("Your cart is empty.").waitFor();
    // The optimistic render and the request it sends are not ordered: the held request reaches
    // this process through Playwright's route event, maybe after the empty cart was seen.
    await expect.poll(removal.count).toBe(1);
    expect(await badge.textContent()).toBe("0");
    await removal.answer(404, { message: "Cart item not found" });
    await line.waitFor();
    expect(await line.getByRole("alert").textContent()).toBe(
      "Cart not found. Please try refreshing the page.",
    );
    expect(await quantity.textContent()).toBe("1");

    // Accepted for real this time: the server's cart replaces the line.
    await line.getByRole("button", { name: "Increase quantity" }).click();
    await expect.poll(() => quantity.textContent()).toBe("2");
    await expect.poll(() => line.getAttribute("aria-busy")).toBe("false");
    expect(await line.getByRole("alert").count()).toBe(0);
    await page.reload();
    await expect
      .poll(() => page.getByTestId("cart-line").locator("output").textContent())
      .toBe("2");

    expect(errors).toEqual([]);
    expect(
      failedResponses.filter((entry) => !entry.startsWith("400 PUT /api/cart/update/")),
    ).toEqual([expect.stringMatching(/^404 DELETE \/api\/cart\/remove\//)]);
  }, 90_000);
});

describe("route error boundaries", () => {
  it("a storefront screen whose loader fails shows a page with the header and a way back", async () => {
    allowBrowserProblems(/^500 GET \/product\/[\w-]+\.data$/); // the loader made to fail
    const { page, errors } = await shop.newPage(1280);
    await page.goto("/products");
    await waitForHydration(page);
    // The product page's loader answers 500 (as a failing database would make it).
    await page.route("**/product/*.data*", (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "Unexpected Server Error" }),
    );
    await page.locator('main a[href^="/product/"]').first().click();
    const boundary = page.getByTestId("route-error");
    await boundary.waitFor();
    expect(await boundary.getByRole("heading", { level: 1 }).textContent()).toMatch(
      /^(Something went wrong|Error 500)$/,
    );
    // Not a blank page: the shop's header stays, and the way back works.
    expect(await page.getByRole("link", { name: /^Cart, \d+ items?$/ }).count()).toBe(1);
    await page.unroute("**/product/*.data*");
    await boundary.getByRole("link", { name: "Back to the shop" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByTestId("route-error").count()).toBe(0);
    expect(errors.every((text) => text.includes("[route] error boundary"))).toBe(true);
  });

  it("an admin screen that fails shows a page with a way back to the dashboard", async () => {
    // The screen made to fail renders an object (React error #31), reported by React and the boundary.
    allowBrowserProblems(/^console: .*Minified React error #31;/);
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser({ width: 1280, height: 900 });
      const token = await signInAdmin({ baseUrl: shop.baseUrl, close: async () => undefined });
      const consoleErrors: string[] = [];
      const page = await adminTab(browser, token, consoleErrors);
      // A customer list the screen cannot show (a name that is not text) makes it fail to render.
      await page.route("**/api/users/admin/customers*", (route) =>
        route.fulfill({
          status: 200,
          contentType: "application/json",
          body: JSON.stringify({
            customers: [{ _id: "x", firstName: { broken: true }, email: "x@example.com" }],
            total: 1,
            page: 1,
            totalPages: 1,
          }),
        }),
      );
      await page.goto(`${shop.baseUrl}/admin/customers`);
      const boundary = page.getByTestId("route-error");
      await boundary.waitFor();
      expect(await boundary.getByRole("heading", { level: 1 }).textContent()).toBe(
        "Something went wrong",
      );
      await page.unroute("**/api/users/admin/customers*");
      await boundary.getByRole("link", { name: "Back to the dashboard" }).click();
      await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
      await page.getByRole("navigation", { name: "Admin" }).waitFor();
    } finally {
      await browser?.close();
    }
  }, 60_000);
});

describe("a sign-in that ran out, met by a screen's loader", () => {
  // A loader runs before the navigation is done: the API client's 401 rule would remember the page
  // the click came from. The screen asked for is the one the sign-in must lead back to.
  it("/account and an admin screen send to /login and remember the screen asked for", async () => {
    // The sign-in that ran out: both screens' first calls answer 401 (the orders screen asks for
    // its list, queues and couriers at once), which the admin loader logs.
    allowBrowserProblems(
      "401 GET /api/orders/user",
      /^401 GET \/api\/admin\/(orders|orders\/queues|couriers)$/,
      /^console: \[admin\] load failed ApiError: Please login to continue\./,
    );
    const { user, token } = await createUser();
    const { page, errors } = await shop.newPage(1280);
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate((jwt) => localStorage.setItem("jwt", jwt), token);
    await page.goto("/products");
    await waitForHydration(page);
    // The page's own first calls (cart, profile) answered while the sign-in was still good: only
    // the click below meets the revoked one (on a loaded machine they could still be under way).
    await page.waitForLoadState("networkidle");
    // Signed out elsewhere (a password change revokes older tokens).
    await User.updateOne({ _id: user._id }, { $inc: { tokenVersion: 1 } });
    await page.getByRole("link", { name: "Account" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("redirectAfterLogin")))
      .toBe("/account");
    expect(await page.evaluate(() => localStorage.getItem("jwt"))).toBeNull();
    expect(errors).toEqual([]);

    let browser: Browser | undefined;
    try {
      browser = await launchBrowser({ width: 1280, height: 900 });
      const { user: admin, token: adminToken } = await createUser({
        role: "ADMIN",
        staffRole: "owner",
      });
      const adminErrors: string[] = [];
      const tab = await adminTab(browser, adminToken, adminErrors);
      await tab.goto(`${shop.baseUrl}/admin`);
      await tab.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
      await User.updateOne({ _id: admin._id }, { $inc: { tokenVersion: 1 } });
      await tab
        .getByRole("navigation", { name: "Admin" })
        .getByRole("link", { name: "Orders", exact: true })
        .click();
      await tab.waitForURL((url) => url.pathname === "/login");
      await expect
        .poll(() => tab.evaluate(() => localStorage.getItem("redirectAfterLogin")))
        .toBe("/admin/orders");
    } finally {
      await browser?.close();
    }
  }, 60_000);
});
