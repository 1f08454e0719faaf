/**
 * The Stock screen in a real browser at 375 px and 1280 px: a product found by its title, its
 * stock adjusted with a reason (the ledger shows the entry, the variant its new stock), a change
 * below 0 refused with the server's words, a threshold set, and the low-stock list.
 */
import { describe, expect, it } from "vitest";
import { Product } from "../../models/product.model";
import { StockLedgerEntry } from "../../models/stock-ledger.model";
import { createProduct, variantStock } from "../factories/product";
import { useAdminSession } from "./admin-shop";
import { allowBrowserProblems } from "./guard";
import { screenshots } from "./harness";

const session = useAdminSession();

describe.each([
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
])("stock at $width px", ({ width, height }) => {
  it("adjusts a variant's stock, refuses going below 0 and lists what is low", async () => {
    // "0 …": first among the demo shop's sold-out variants in the low-stock list (by stock, title).
    const title = `0 Ledger Tee ${width}`;
    const product = await createProduct({
      title,
      variants: [
        { color: "Black", size: "M", stock: 10 },
        { color: "White", size: "L", stock: 0 },
      ],
    });
    const page = await session.tab();
    await page.setViewportSize({ width, height });
    const screen = session.screen(page);

    await screen.openFromNavigation("Stock", "/admin/stock");
    await page.getByRole("heading", { name: "Stock", level: 1 }).waitFor();
    await page.getByLabel("Find a product").fill(title);
    await page.getByLabel("Find a product").press("Enter");
    await page
      .getByRole("list", { name: "Products found" })
      .getByRole("link", { name: title })
      .click();
    await page.waitForURL((url) => url.searchParams.get("productId") === String(product._id));

    const form = page.getByRole("form", { name: "Adjust stock" });
    await form.getByLabel("Variant").selectOption({ label: "Black / M (10 in stock)" });
    await form.getByLabel("Reason").selectOption({ label: "Received" });
    await form.getByLabel("Change (pieces)").fill("12");
    await form.getByLabel("Note").fill("From the tailor");
    await form.getByRole("button", { name: "Adjust stock" }).click();
    await screen.toast("Stock adjusted").waitFor();
    const entry = page.getByTestId("stock-entry").filter({ hasText: "From the tailor" });
    await entry.waitFor();
    expect(await entry.textContent()).toContain("+12");
    expect(await entry.textContent()).toContain("Received");
    await page.getByTestId("stock-variant").filter({ hasText: "22" }).waitFor();
    expect(await variantStock(product._id, "Black", "M")).toBe(22);

    // The refusal below is the server's 409, as the admin sees it.
    allowBrowserProblems("409 POST /api/admin/stock/adjustments");
    await form.getByLabel("Reason").selectOption({ label: "Damaged" });
    await form.getByLabel("Change (pieces)").fill("-30");
    await form.getByRole("button", { name: "Adjust stock" }).click();
    const refusal = `Only 22 in stock of ${title} (Black, M): removing 30 would take it below 0`;
    await screen.toast(refusal).waitFor();
    await form.getByRole("alert").filter({ hasText: refusal }).waitFor();
    expect(await variantStock(product._id, "Black", "M")).toBe(22);
    expect(
      await StockLedgerEntry.countDocuments({ productId: product._id, reason: "damaged" }),
    ).toBe(0);

    await page.getByLabel("Low-stock threshold of Black / M").fill("25");
    await page
      .getByTestId("stock-variant")
      .filter({ hasText: "Black / M" })
      .getByRole("button", { name: "Save" })
      .click();
    await screen.toast("Threshold saved").waitFor();
    expect(
      (await Product.findById(product._id).lean())!.variants.find((v) => v.color === "Black")!
        .lowStockThreshold,
    ).toBe(25);
    // Nothing wider than the screen (the tables scroll inside their frame).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await screenshots(page, "admin-stock-history");

    await page
      .getByRole("navigation", { name: "Stock views" })
      .getByRole("link", { name: "Low stock" })
      .click();
    await page.waitForURL((url) => url.searchParams.get("view") === "low");
    const row = page.getByTestId("low-stock-row").filter({ hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain("White / L");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await screenshots(page, "admin-stock-low");
    await page.close();
  });
});
