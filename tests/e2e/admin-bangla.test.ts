/**
 * The back office edits Bangla catalogue text next to the English (issue 20): in Chromium, the
 * product, category and size-guide editors show the seeded Bangla, save a change, and the API
 * answers it.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Category } from "../../models/category.model";
import { Product } from "../../models/product.model";
import { SizeGuide } from "../../models/size-guide.model";
import { useAdminSession } from "./admin-shop";

const session = useAdminSession();

/** A new admin tab on the back-office screen at `pathname`, its list loaded. */
async function open(pathname: string): Promise<Page> {
  const page = await session.tab();
  await session.screen(page).open(pathname);
  return page;
}

describe("Bangla fields in the back office", () => {
  it("edits a product's Bangla title and description under the English ones", async () => {
    const page = await open("/admin/products?search=Heritage");
    await page.getByRole("button", { name: "Edit Heritage Panjabi", exact: true }).click();
    const editor = page.getByRole("dialog");
    const titleBn = editor.getByLabel("শিরোনাম (বাংলা)");
    expect(await titleBn.inputValue()).toBe("হেরিটেজ পাঞ্জাবি");
    expect(await titleBn.getAttribute("lang")).toBe("bn");
    expect(await editor.getByLabel("Title", { exact: true }).inputValue()).toBe("Heritage Panjabi");
    await titleBn.fill("হেরিটেজ সুতি পাঞ্জাবি");
    await editor.getByLabel("বিবরণ (বাংলা)").fill("ঈদের জন্য আরামদায়ক সুতি পাঞ্জাবি।");
    await editor.getByRole("button", { name: "Save product" }).click();
    await session.screen(page).toast("Product saved").waitFor();
    const stored = await Product.findOne({ slug: "men-panjabi-heritage" }).lean();
    expect(stored!.titleBn).toBe("হেরিটেজ সুতি পাঞ্জাবি");
    expect(stored!.descriptionBn).toBe("ঈদের জন্য আরামদায়ক সুতি পাঞ্জাবি।");
    expect(stored!.title).toBe("Heritage Panjabi");
    await page.close();
  });

  it("edits a category's and a size guide's Bangla name", async () => {
    const page = await open("/admin/categories");
    await page.getByRole("button", { name: "Edit Kids", exact: true }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByLabel("নাম (বাংলা)").inputValue()).toBe("শিশুদের");
    await dialog.getByLabel("নাম (বাংলা)").fill("বাচ্চাদের");
    await dialog.getByRole("button", { name: "Save" }).click();
    await session.screen(page).toast("Category saved").waitFor();
    expect((await Category.findOne({ slug: "kids" }).lean())!.nameBn).toBe("বাচ্চাদের");

    await session.screen(page).open("/admin/size-guides");
    await page.getByRole("button", { name: "Edit Men's T-Shirt" }).click();
    const guide = page.getByRole("dialog");
    expect(await guide.getByLabel("নাম (বাংলা)").inputValue()).toBe("ছেলেদের টি-শার্ট");
    await guide.getByLabel("নোট (বাংলা)").fill("সমতলে রেখে মাপা।");
    await guide.getByRole("button", { name: "Save" }).click();
    await session.screen(page).toast("Size guide saved").waitFor();
    expect((await SizeGuide.findOne({ name: "Men's T-Shirt" }).lean())!.noteBn).toBe(
      "সমতলে রেখে মাপা।",
    );
    expect(session.consoleErrors).toEqual([]);
    await page.close();
  });
});
