/**
 * Edges a shopper on a phone (375 px) hits in a real Chromium: cart line buttons after a change, the
 * cart loaded once per page, sign-in that goes back where it started, Google sign-in only when set
 * up, focus given back when a dialog closes, the add_to_cart of the item added after sign-in, the
 * guest tracking link's text, a failed recovery link explained on the cart and the header search field.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { Category } from "../../models/category.model";
import { hashTrackingToken } from "../../server/services/orders.service";
import { createOrder } from "../factories/order";
import { expectFocusReturns } from "./dialog-focus";
import { dataLayer, waitForHydration } from "./harness";
import { CUSTOMER, LoginPage } from "./pages/login-page";
import { ProductPage } from "./pages/product-page";
import { addToGuestCart, productWithStock } from "./pages/cart-page";
import { useShoppingSession } from "./shop-harness";

beforeAll(() => {
  // A default install: Google sign-in is not configured.
  delete process.env.GOOGLE_CLIENT_ID;
});
const shop = useShoppingSession();

/** GET /api/cart requests made by a page from now on. */
function countCartLoads(page: Page): { count: () => number } {
  let loads = 0;
  page.on("request", (request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname === "/api/cart") loads += 1;
  });
  return { count: () => loads };
}

describe("cart lines (375 px)", () => {
  it("a line's minus, plus and remove buttons work again after each quantity change", async () => {
    const { page, errors } = await shop.newPage(375);
    await addToGuestCart(page, 1);
    await page.goto("/cart?guest=true");
    const line = page.getByTestId("cart-line");
    await line.waitFor();
    const quantity = line.locator("output");
    const plus = line.getByRole("button", { name: "Increase quantity" });
    const minus = line.getByRole("button", { name: "Decrease quantity" });
    const remove = line.getByRole("button", { name: /^Remove / });
    expect(await quantity.textContent()).toBe("1");

    await plus.click();
    await expect.poll(() => quantity.textContent()).toBe("2");
    await expect.poll(() => plus.isEnabled()).toBe(true);
    expect(await minus.isEnabled()).toBe(true);
    expect(await remove.isEnabled()).toBe(true);
    expect(await line.getAttribute("aria-busy")).toBe("false");

    await plus.click();
    await expect.poll(() => quantity.textContent()).toBe("3");
    await expect.poll(() => minus.isEnabled()).toBe(true);
    await minus.click();
    await expect.poll(() => quantity.textContent()).toBe("2");
    await expect.poll(() => remove.isEnabled()).toBe(true);
    await remove.click();
    await page.getByText("Your cart is empty.").waitFor();
    expect(errors).toEqual([]);
  });
});

const signInOnLoginPage = (page: Page) => new LoginPage(page).signIn(CUSTOMER);

describe("sign-in goes back where it started (375 px)", () => {
  it("'Sign in' under a product's reviews signs in and lands back on that product", async () => {
    const { page, errors } = await shop.newPage(375);
    const { product } = await productWithStock(1);
    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    await page
      .locator("p", { hasText: "to rate and review this product" })
      .getByRole("link", { name: "Sign in" })
      .click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe(`/product/${product.slug}`);
    await signInOnLoginPage(page);
    await page.waitForURL((url) => url.pathname === `/product/${product.slug}`);
    expect(await page.evaluate(() => localStorage.getItem("jwt"))).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it("'Create an account' keeps the way back; registration lands on the product too", async () => {
    const { page, errors } = await shop.newPage(375);
    const { product } = await productWithStock(1);
    await page.goto(`/login?redirect=${encodeURIComponent(`/product/${product.slug}`)}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL((url) => url.pathname === "/register");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe(`/product/${product.slug}`);
    await page.getByLabel("First name").fill("Rafi");
    await page.getByLabel("Email").fill("rafi.redirect@example.com");
    await page.getByLabel("Password", { exact: true }).fill("rafi-secret-1");
    await page.getByLabel("Repeat password").fill("rafi-secret-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL((url) => url.pathname === `/product/${product.slug}`);
    expect(errors).toEqual([]);
  });

  it("a return path to another host is not followed (the server's rule)", async () => {
    const { page } = await shop.newPage(375);
    await page.goto(`/login?redirect=${encodeURIComponent("/\\evil.example/x")}`);
    await signInOnLoginPage(page);
    await page.waitForURL((url) => url.pathname === "/");
    expect(new URL(page.url()).host).toBe(new URL(shop.baseUrl).host);
  });
});

describe("Google sign-in only when configured (375 px)", () => {
  it("a default install shows no Google buttons; with GOOGLE_CLIENT_ID they appear", async () => {
    const { resetEnvForTests } = await import("../../server/env");
    const { page, failedResponses } = await shop.newPage(375);
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    expect(await page.getByRole("link", { name: /Google/ }).count()).toBe(0);
    expect(await page.getByText("or", { exact: true }).count()).toBe(0);
    await page.goto("/register");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Create account" }).waitFor();
    expect(await page.getByRole("link", { name: /Google/ }).count()).toBe(0);

    process.env.GOOGLE_CLIENT_ID = "tweest-e2e.apps.googleusercontent.com";
    resetEnvForTests();
    try {
      await page.goto(`/login?redirect=${encodeURIComponent("/products?category=men")}`);
      await waitForHydration(page);
      expect(
        await page.getByRole("link", { name: "Continue with Google" }).getAttribute("href"),
      ).toBe(`/auth/google?${new URLSearchParams({ redirect: "/products?category=men" })}`);
      await page.goto("/register");
      await waitForHydration(page);
      expect(await page.getByRole("link", { name: "Sign up with Google" }).count()).toBe(1);
    } finally {
      delete process.env.GOOGLE_CLIENT_ID;
      resetEnvForTests();
    }
    expect(failedResponses).toEqual([]);
  });
});

describe("storefront dialogs give focus back to their opener (375 px)", () => {
  it("the add-to-cart question (closed, or answered 'Continue as guest'), the size guide and the filters", async () => {
    const { page, errors } = await shop.newPage(375);
    // A T-shirt: its category has a size guide (the link shows only then).
    const tees = await Category.findOne({ slug: "men-t-shirts" }).lean();
    const { product } = await productWithStock(3, { category: tees!._id });
    const productPage = new ProductPage(page);
    await productPage.open(product.slug);
    await productPage.chooseFirstAvailableSize();
    const addToCart = productPage.addToCartButton;
    await expectFocusReturns(page, addToCart);
    await expectFocusReturns(
      page,
      addToCart,
      () => addToCart.click(),
      () => page.getByTestId("continue-as-guest").click(),
    );
    await page.getByTestId("added-to-cart").waitFor();
    expect(await addToCart.evaluate((element) => element === document.activeElement)).toBe(true);

    await expectFocusReturns(page, page.getByRole("button", { name: "Size guide" }));

    await page.goto("/products?category=men");
    await waitForHydration(page);
    await expectFocusReturns(page, page.getByTestId("open-filters"));
    expect(errors).toEqual([]);
  });
});

describe("tracking of the item added after sign-in (375 px)", () => {
  it("sends add_to_cart and add_to_cart_stape with the payload of a direct add", async () => {
    const { page, errors } = await shop.newPage(375);
    const { product } = await productWithStock(3);
    const productPage = new ProductPage(page);
    await productPage.open(product.slug);
    await productPage.chooseFirstAvailableSize();
    await productPage.addToCartButton.click();
    await page.getByRole("dialog").getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await signInOnLoginPage(page);
    await page.waitForURL((url) => url.pathname !== "/login");
    await expect.poll(() => page.getByTestId("cart-badge").textContent()).toBe("1");

    await expect.poll(async () => (await dataLayer(page, "add_to_cart")).length).toBe(1);
    const [afterSignIn] = await dataLayer(page, "add_to_cart");
    expect(await dataLayer(page, "add_to_cart_stape")).toHaveLength(1);
    const items = (afterSignIn.ecommerce as { items: Record<string, string>[] }).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      item_id: String(product._id),
      item_name: product.title,
      price: (product.discountedPrice ?? product.price).toFixed(2),
      quantity: "1.00",
    });

    // The same item added directly, now signed in, on a fresh load of the product page.
    await productPage.open(product.slug);
    await productPage.chooseFirstAvailableSize();
    await productPage.addToCart();
    const [direct] = await dataLayer(page, "add_to_cart");
    expect(direct.ecommerce).toEqual(afterSignIn.ecommerce);
    expect(errors).toEqual([]);
  });
});

describe("small things at 375 px", () => {
  it("/cart and /checkout each load the cart once", async () => {
    const { page, errors } = await shop.newPage(375);
    await addToGuestCart(page, 1);
    const loads = countCartLoads(page);
    await page.goto("/cart?guest=true");
    await page.getByTestId("cart-line").waitFor();
    // Nothing to wait for: a second load would have no event of its own; it would come from the
    // hydrated page's effects, well within a second.
    await page.waitForTimeout(1000);
    expect(loads.count()).toBe(1);

    await page.goto("/checkout?guest=true");
    await page.getByTestId("place-order").waitFor();
    await page.waitForTimeout(1000);
    expect(loads.count()).toBe(2);
    expect(errors).toEqual([]);
  });

  it("a recovery link that restores nothing says so on the cart, in English and Bangla, the cart kept", async () => {
    const { page, errors } = await shop.newPage(375);
    await addToGuestCart(page, 1);
    const note = page.getByTestId("restore-failed");
    // A link an SMS app cut short, or an expired one: the cart page, with the reason.
    await page.goto("/cart/restore?t=not-a-real-link");
    await page.waitForURL((url) => url.pathname === "/cart" && url.search === "?restore=failed");
    await waitForHydration(page);
    expect(await note.textContent()).toBe(
      "This link has expired or is not valid. Your cart is as you left it.",
    );
    await page.getByTestId("cart-line").waitFor();
    await page.goto("/bn/cart?restore=failed");
    await waitForHydration(page);
    expect(await note.textContent()).toBe(
      "এই লিংকের মেয়াদ শেষ হয়ে গেছে অথবা লিংকটি সঠিক নয়। আপনার কার্ট যেমন ছিল তেমনই আছে।",
    );
    await page.getByTestId("cart-line").waitFor();
    // Any other visit to the cart says nothing of links.
    await page.goto("/cart");
    await waitForHydration(page);
    await page.getByTestId("cart-line").waitFor();
    expect(await note.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("the guest tracking link names the order by its number, not its database id", async () => {
    const token = "guest-tracking-token-for-the-e2e-test";
    const order = await createOrder({ orderStatus: "PLACED" });
    await order.collection.updateOne(
      { _id: order._id },
      { $set: { trackingTokenHash: hashTrackingToken(token) } },
    );
    const { page, errors } = await shop.newPage(375);
    await page.goto(`/order-confirmation?orderId=${order._id}&token=${token}`);
    const link = page.getByTestId("guest-tracking-link");
    await link.waitFor();
    expect(await link.textContent()).toBe(`Track order ${order.orderNumber}`);
    expect(await link.getAttribute("href")).toBe(`/order/guest/track/${order._id}?token=${token}`);
    expect(errors).toEqual([]);
  });

  it("the header search field shows its whole placeholder", async () => {
    const { page } = await shop.newPage(375);
    await page.goto("/");
    await waitForHydration(page);
    const { text, room } = await page.locator("#site-search").evaluate((element) => {
      const input = element as HTMLInputElement;
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return {
        text: context.measureText(input.placeholder).width,
        room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      };
    });
    expect(await page.locator("#site-search").getAttribute("placeholder")).toBe("Search products");
    expect(text).toBeGreaterThan(0);
    expect(text).toBeLessThanOrEqual(room);
  });
});
