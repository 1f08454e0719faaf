import type { Page } from "playwright-core";
import { expect } from "vitest";
import { Product } from "../../../models/product.model";
import { waitForHydration } from "../harness";
import { Screen } from "./screen";

/**
 * An active product with a variant holding at least `stock` units (and matching `filter`, e.g. a
 * Bangla title), and that variant.
 */
export async function productWithStock(stock: number, filter: Record<string, unknown> = {}) {
  // FerretDB has no $elemMatch on sub-documents: any variant with enough stock, picked here.
  const product = await Product.findOne({
    isActive: true,
    "variants.stock": { $gte: stock },
    ...filter,
  }).lean();
  if (!product) throw new Error(`no product with ${stock} in stock`);
  const variant = product.variants.find((entry) => entry.stock >= stock)!;
  return { product, variant };
}

/**
 * Puts `quantity` units of a product with 5 in stock (matching `filter`) into this browser's guest
 * cart through the API, from the page at `startAt` (the guest cookie is the browser's, so the
 * pages see the line); answers the product.
 */
export async function addToGuestCart(
  page: Page,
  quantity = 1,
  { startAt = "/", filter = {} }: { startAt?: string; filter?: Record<string, unknown> } = {},
) {
  const { product, variant } = await productWithStock(5, filter);
  await page.goto(startAt);
  await waitForHydration(page);
  await addLineInBrowser(page, {
    productId: String(product._id),
    color: variant.color,
    size: variant.size,
    quantity,
  });
  return product;
}

/** Adds a line through the API from the open page, with the browser's own cookie or token. */
export async function addLineInBrowser(
  page: Page,
  line: { productId: string; color: string; size: string; quantity: number },
): Promise<void> {
  const status = await page.evaluate(
    async (body) =>
      (
        await fetch("/api/cart/add", {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        })
      ).status,
    line,
  );
  expect(status).toBe(200);
}

/** The cart: lines, promo codes, the way to checkout. */
export class CartPage extends Screen {
  get lines() {
    return this.page.getByTestId("cart-line");
  }

  /** Types a code and presses Apply (the answer shows in `promoStatus`). */
  async applyPromo(code: string): Promise<void> {
    await this.page.getByLabel("Promo code", { exact: true }).fill(code);
    await this.page.getByRole("button", { name: "Apply" }).click();
  }

  promoStatus() {
    return this.page.getByTestId("promo-status").textContent();
  }

  /** Goes on to checkout as a guest. */
  async checkOutAsGuest(): Promise<void> {
    await this.page.getByTestId("go-to-checkout").click();
    await this.page.waitForURL("**/checkout?guest=true");
  }
}
