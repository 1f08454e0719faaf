/**
 * Edges a shopper on a phone (375 px) hits in a real Chromium: cart line buttons after a change, the
 * cart loaded once per page, sign-in that goes back where it started, Google sign-in only when set
 * up, focus given back when a dialog closes, the add_to_cart of the item added after sign-in, the
 * guest tracking link's text and the header search field.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Product } from "../../models/product.model";
import { waitForHydration } from "./harness";
import { startShoppingSession, type ShoppingSession } from "./shop-harness";

let shop: ShoppingSession;

beforeAll(async () => {
  // A default install: Google sign-in is not configured.
  delete process.env.GOOGLE_CLIENT_ID;
  shop = await startShoppingSession();
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

/** An active product with a colour/size that has at least `stock` left. */
async function productWithStock(stock: number) {
  // FerretDB has no $elemMatch on sub-documents: any variant with enough stock, picked here.
  const product = await Product.findOne({
    isActive: true,
    "variants.stock": { $gte: stock },
  }).lean();
  if (!product) throw new Error(`no product with ${stock} in stock`);
  const variant = product.variants.find((entry) => entry.stock >= stock)!;
  return { product, variant };
}

/** Puts a line in this browser's guest cart through the API (the guest cookie is the browser's). */
async function addToGuestCart(page: Page, quantity: number) {
  const { product, variant } = await productWithStock(5);
  await page.goto("/");
  await waitForHydration(page);
  const status = await page.evaluate(
    async (body) =>
      (
        await fetch("/api/cart/add", {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        })
      ).status,
    { productId: String(product._id), color: variant.color, size: variant.size, quantity },
  );
  expect(status).toBe(200);
  return product;
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
