/**
 * Back-office changes go through the screen's route clientAction (issue 17): in Chromium, a refused
 * save keeps the editor open with the server's message on its field and loads nothing again; a
 * save or a delete closes the editor and React Router loads the list again.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Category } from "../../models/category.model";
import { PopupImage } from "../../models/popup-image.model";
import { createCategory } from "../factories/category";
import { useAdminSession } from "./admin-shop";
import { allowBrowserProblems } from "./guard";

const session = useAdminSession();

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]", { hasText: text }).first();

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
    await toast(page, refusal).waitFor();
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
    await toast(page, "Category saved").waitFor();
    await dialog.waitFor({ state: "detached" });
    await rows.filter({ hasText: "Frame Renamed" }).waitFor();
    expect(loads()).toBeGreaterThan(loadsBefore);
    expect((await Category.findById(frame._id).lean())!.name).toBe("Frame Renamed");

    // A delete: the server's message, and the row leaves with the reloaded tree.
    await page.getByRole("button", { name: "Delete Frame Inner", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toast(page, "Category deleted").waitFor();
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
    await toast(page, "Popup image not found").waitFor();
    await expect.poll(ids).toEqual(loaded);
    expect(await sequences()).toEqual(stored);
    await page.close();
  });
});
