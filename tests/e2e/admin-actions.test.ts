/**
 * Back-office changes go through the screen's route clientAction (issue 17): in Chromium, a refused
 * save keeps the editor open with the server's message on its field and loads nothing again; a
 * save or a delete closes the editor and React Router loads the list again. Every intent the
 * existing admin tests do not drive (customers, popup uploads and toggles, row deletes) is driven
 * here once, so a screen whose action lost an intent fails.
 */
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { Category } from "../../models/category.model";
import { Order } from "../../models/order.model";
import { PopupImage } from "../../models/popup-image.model";
import { Product } from "../../models/product.model";
import { PromoCode } from "../../models/promo-code.model";
import { SizeGuide } from "../../models/size-guide.model";
import { TshirtOrder } from "../../models/tshirt-order.model";
import { User } from "../../models/user.model";
import { createCategory } from "../factories/category";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { createPromo } from "../factories/promo-code";
import { createSizeGuide } from "../factories/size-guide";
import { createTshirtOrder } from "../factories/tshirt-order";
import { createUser } from "../factories/user";
import { signIn, useAdminSession } from "./admin-shop";
import { allowBrowserProblems } from "./guard";

const session = useAdminSession();

/** Counts the GETs of `path` the page makes (its clientLoader's loads). */
function countLoads(page: Page, path: string): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

describe("admin mutations through the route's clientAction", () => {
  it("categories: a refused save shows the field error and changes nothing; a save and a delete reload the tree", async () => {
    allowBrowserProblems(/^400 PUT \/api\/admin\/categories\/[0-9a-f]{24}$/);
    const frame = await createCategory({ name: "Frame" });
    const inner = await createCategory({ name: "Frame Inner", parent: frame });
    const page = await session.tab();
    const loads = countLoads(page, "/api/categories");
    await session.screen(page).open("/admin/categories");
    const rows = page.getByTestId("category-row");
    await rows.filter({ hasText: "Frame Inner" }).waitFor();

    // Moving a category under its own sub-category: the server refuses it on the Parent field.
    await page.getByRole("button", { name: "Edit Frame", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Frame Renamed");
    await dialog.getByLabel("Parent").selectOption(String(inner._id));
    const loadsBefore = loads();
    await dialog.getByRole("button", { name: "Save" }).click();
    const refusal = "A category cannot sit under itself or one of its sub-categories";
    await session.screen(page).toast(refusal).waitFor();
    expect(await dialog.locator("#c-parent-error").textContent()).toBe(refusal);
    expect(await dialog.isVisible()).toBe(true);
    const unchanged = await Category.findById(frame._id).lean();
    expect(unchanged!.name).toBe("Frame");
    expect(unchanged!.parentCategory).toBeNull();
    // Nothing changed, so nothing is loaded again.
    expect(loads()).toBe(loadsBefore);

    // The admin puts it back at the top level: saved, the editor closes, the tree is loaded again.
    await dialog.getByLabel("Parent").selectOption("");
    await dialog.getByRole("button", { name: "Save" }).click();
    await session.screen(page).toast("Category saved").waitFor();
    await dialog.waitFor({ state: "detached" });
    await rows.filter({ hasText: "Frame Renamed" }).waitFor();
    expect(loads()).toBeGreaterThan(loadsBefore);
    expect((await Category.findById(frame._id).lean())!.name).toBe("Frame Renamed");

    // A delete: the server's message, and the row leaves with the reloaded tree.
    await page.getByRole("button", { name: "Delete Frame Inner", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await session.screen(page).toast("Category deleted").waitFor();
    await expect.poll(() => rows.filter({ hasText: "Frame Inner" }).count()).toBe(0);
    expect(await Category.findById(inner._id).lean()).toBeNull();
    await page.close();
  });

  it("popup images: a reorder shows at once and the loaded order comes back when the server refuses it", async () => {
    allowBrowserProblems("404 POST /api/popup-images/sequence");
    const page = await session.tab();
    await session.screen(page).open("/admin/popup-images");
    const rows = page.getByTestId("popup-image-row");
    const ids = () => rows.evaluateAll((items) => items.map((item) => item.dataset.id!));
    const loaded = await ids();
    expect(loaded.length).toBeGreaterThanOrEqual(3);
    const sequences = async () =>
      (await PopupImage.find().sort({ sequence: 1, createdAt: 1, _id: 1 }).lean()).map((image) =>
        image._id.toString(),
      );

    // Another admin deletes the last image meanwhile: this screen's new order names it, so the
    // server refuses the whole order and changes nothing.
    await PopupImage.deleteOne({ _id: loaded[loaded.length - 1] });
    const stored = await sequences();
    // The save is held until the new order has been seen on the screen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/popup-images/sequence", async (route) => {
      await held;
      await route.continue();
    });
    await page
      .getByRole("button", { name: /^Move .* down$/ })
      .first()
      .click();
    await expect.poll(ids).toEqual([loaded[1], loaded[0], ...loaded.slice(2)]);
    expect(
      await page
        .getByRole("list", { name: "Popup images in display order" })
        .getAttribute("aria-busy"),
    ).toBe("true");
    release();
    await session.screen(page).toast("Popup image not found").waitFor();
    await expect.poll(ids).toEqual(loaded);
    expect(await sequences()).toEqual(stored);
    await page.close();
  });

  it("customers: a save, a password reset and a delete, each reloading the list", async () => {
    const { user } = await createUser({
      firstName: "Rahim",
      lastName: "Flow",
      email: "rahim.flow@example.com",
    });
    const page = await session.tab();
    await session.screen(page).open("/admin/customers?search=rahim.flow");
    const row = page.getByTestId("customer-row").filter({ hasText: "rahim.flow@example.com" });
    await row.waitFor();

    await row.getByRole("button", { name: "Edit rahim.flow@example.com" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("First name").fill("Rahima");
    await dialog.getByRole("button", { name: "Save" }).click();
    await session.screen(page).toast("Customer saved").waitFor();
    await dialog.waitFor({ state: "detached" });
    await row.getByText("Rahima Flow").waitFor();
    expect((await User.findById(user._id).lean())!.firstName).toBe("Rahima");

    await row.getByRole("button", { name: "Reset the password of rahim.flow@example.com" }).click();
    await dialog.getByLabel("New password").fill("fresh-pass-77");
    await dialog.getByRole("button", { name: "Reset password" }).click();
    await session.screen(page).toast("Password reset successfully").waitFor();
    await dialog.waitFor({ state: "detached" });
    await signIn(session.shop, { email: "rahim.flow@example.com", password: "fresh-pass-77" });

    await row.getByRole("button", { name: "Delete rahim.flow@example.com" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await session.screen(page).toast("Customer deleted successfully").waitFor();
    await expect.poll(() => row.count()).toBe(0);
    expect(await User.findById(user._id).lean()).toBeNull();
    await page.close();
  });

  it("popup images: an upload, an edit, a deactivation and a delete, each reloading the list", async () => {
    const page = await session.tab();
    await session.screen(page).open("/admin/popup-images");
    await page.getByRole("button", { name: "Upload image" }).click();
    const dialog = page.getByRole("dialog");
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: { r: 20, g: 120, b: 90 } },
    })
      .png()
      .toBuffer();
    await dialog
      .getByLabel("Image file")
      .setInputFiles({ name: "flow.png", mimeType: "image/png", buffer: png });
    await dialog.getByLabel("Title").fill("Flow Sale");
    await dialog.getByRole("button", { name: "Upload" }).click();
    await session.screen(page).toast("Popup image uploaded").waitFor();
    await dialog.waitFor({ state: "detached" });
    const row = page.getByTestId("popup-image-row").filter({ hasText: "Flow Sale" });
    await row.waitFor();
    const stored = await PopupImage.findOne({ title: "Flow Sale" }).lean();
    expect(stored!.imagePath).toMatch(/\.webp$/);

    await row.getByRole("button", { name: "Edit Flow Sale" }).click();
    await dialog.getByLabel("Title").fill("Flow Sale Two");
    await dialog.getByRole("button", { name: "Save" }).click();
    await session.screen(page).toast("Popup image saved").waitFor();
    const renamed = page.getByTestId("popup-image-row").filter({ hasText: "Flow Sale Two" });
    await renamed.waitFor();

    await renamed.getByRole("button", { name: "Deactivate Flow Sale Two" }).click();
    await session.screen(page).toast("Image deactivated").waitFor();
    await renamed.getByRole("button", { name: "Activate Flow Sale Two" }).waitFor();
    expect((await PopupImage.findById(stored!._id).lean())!.isActive).toBe(false);

    await renamed.getByRole("button", { name: "Delete Flow Sale Two" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await session.screen(page).toast("Popup image deleted").waitFor();
    await expect.poll(() => renamed.count()).toBe(0);
    expect(await PopupImage.findById(stored!._id).lean()).toBeNull();
    await page.close();
  });

  it("row actions of promo codes, size guides, products, bulk orders and orders reload their lists", async () => {
    const promo = await createPromo({ code: "ROWS10" });
    const guide = await createSizeGuide({ name: "Rowaction Guide" });
    const product = await createProduct({ title: "Rowaction Tee", images: [] });
    const bulk = await createTshirtOrder({ name: "Rowaction Club" });
    const order = await createOrder({ orderStatus: "PLACED", firstName: "Rowaction" });
    const page = await session.tab();
    const confirm = () =>
      page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();

    await session.screen(page).open("/admin/promo-codes?search=ROWS10");
    await page.getByRole("button", { name: "Edit ROWS10" }).click();
    await page.getByRole("dialog").getByLabel("Value").fill("15");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await session.screen(page).toast("Promo code saved").waitFor();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect((await PromoCode.findById(promo._id).lean())!.value).toBe(15);
    await page.getByRole("button", { name: "Deactivate ROWS10" }).click();
    await session.screen(page).toast("ROWS10 deactivated").waitFor();
    await page.getByRole("button", { name: "Activate ROWS10" }).waitFor();
    expect((await PromoCode.findById(promo._id).lean())!.isActive).toBe(false);
    await page.getByRole("button", { name: "Delete ROWS10" }).click();
    await confirm();
    await session.screen(page).toast("Promo code deleted").waitFor();
    await page.getByText("No promo codes yet.").waitFor();
    expect(await PromoCode.findById(promo._id).lean()).toBeNull();

    await session.screen(page).open("/admin/size-guides");
    await page.getByRole("button", { name: "Delete Rowaction Guide" }).click();
    await confirm();
    await session.screen(page).toast("Size guide deleted").waitFor();
    await expect
      .poll(() => page.getByTestId("size-guide-row").filter({ hasText: "Rowaction Guide" }).count())
      .toBe(0);
    expect(await SizeGuide.findById(guide._id).lean()).toBeNull();

    await session.screen(page).open("/admin/products?search=Rowaction");
    await page.getByRole("button", { name: "Delete Rowaction Tee" }).click();
    await confirm();
    await session.screen(page).toast("Product deleted").waitFor();
    await page.getByText("No products match.").waitFor();
    expect(await Product.findById(product._id).lean()).toBeNull();

    await session.screen(page).open("/admin/tshirt-orders?search=Rowaction");
    await page.getByRole("button", { name: "Delete the order of Rowaction Club" }).click();
    await confirm();
    await session.screen(page).toast("T-shirt order deleted").waitFor();
    await page.getByText("No bulk orders.").waitFor();
    expect(await TshirtOrder.findById(bulk._id).lean()).toBeNull();

    await session.screen(page).open(`/admin/orders?search=${order.orderNumber}`);
    await page.getByRole("button", { name: `#${order.orderNumber}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await confirm();
    await session.screen(page).toast("Order deleted").waitFor();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.getByText("No orders match.").waitFor();
    expect(new URL(page.url()).searchParams.get("open")).toBeNull();
    expect(await Order.findById(order._id).lean()).toBeNull();
    await page.close();
  });
});
