/**
 * The catalogue screens of the back office in Bangla (docs/i18n.md, "The back office in Bangla"), in
 * a real browser: a staff member whose back office is in Bangla opens the products list and the
 * product editor, the catalogue CSV import, the categories, the stock screen, the search synonyms
 * and the size guides, at 375 px and 1280 px. No English UI text is left (names, colours, sizes,
 * SKUs and codes the shop wrote stay as written) and nothing leaves a phone's screen; one real
 * action per screen works and answers in Bangla, money and counts in Bangla digits.
 */
import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { Category } from "../../models/category.model";
import { Product } from "../../models/product.model";
import { SizeGuide } from "../../models/size-guide.model";
import { csvText } from "../../server/lib/csv";
import { createProduct, variantStock } from "../factories/product";
import { createAdmin } from "../factories/user";
import { useAdminSession } from "./admin-shop";
import { englishUiText } from "./bangla-detector";
import { screenshots } from "./harness";

const session = useAdminSession();

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
];

/**
 * Latin text on these screens that is not UI text: what the shop itself wrote (product titles,
 * brands, colours, sizes, category and size-guide names, measurement columns and notes), the shop's name in
 * the page title, and the short forms the Bangla back office keeps (SKU, CSV, image formats).
 */
async function shopWritten(): Promise<string[]> {
  const distinct = async (values: Promise<unknown[]>) => (await values).map(String);
  return [
    "Tweest admin",
    "Tweest",
    "SKU",
    "CSV",
    "JPEG",
    "PNG",
    "WebP",
    "GIF",
    ...(await distinct(Product.distinct("title"))),
    ...(await distinct(Product.distinct("brand"))),
    ...(await distinct(Product.distinct("variants.color"))),
    ...(await distinct(Product.distinct("variants.size"))),
    ...(await distinct(Category.distinct("name"))),
    ...(await distinct(SizeGuide.distinct("name"))),
    ...(await distinct(SizeGuide.distinct("columns"))),
    ...(await distinct(SizeGuide.distinct("note"))),
  ];
}

let token = "";
let allowed: string[] = [];
let product: Awaited<ReturnType<typeof createProduct>>;
const title = `Bangla Walk Tee ${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  ({ token } = await createAdmin({ adminLocale: "bn" }));
  // A photo the shop serves: the seeded Panjabi's.
  const seeded = await Product.findOne({ slug: "men-panjabi-heritage" }).lean();
  product = await createProduct({
    title,
    images: seeded!.images,
    price: 1500,
    discountedPrice: 1200,
    variants: [
      { color: "Black", size: "M", stock: 10 },
      { color: "White", size: "L", stock: 4 },
    ],
  });
  allowed = await shopWritten();
});

/** A back-office screen opened in Bangla: hydrated, the Bangla navigation shown, its list loaded. */
async function open(page: Page, pathname: string): Promise<void> {
  await session.screen(page).visit(pathname);
  await page.getByRole("navigation", { name: "অ্যাডমিন", exact: true }).waitFor();
  await page.getByTestId("admin-skeleton").first().waitFor({ state: "detached" });
}

/**
 * The back office's part of the page: its shell and its dialogs (portalled out of it). The page
 * around it is the storefront's, English by the URL (/admin), so it is not read.
 */
const BACK_OFFICE = ".admin-shell, [role=dialog]";

/** No English UI text in the back office, nothing cut off in `parts` on a phone. */
async function expectBangla(page: Page, parts: Locator[], typed: string[] = []) {
  expect(await englishUiText(page, [...allowed, ...typed], BACK_OFFICE)).toEqual([]);
  for (const part of parts) expect(await session.screen(page).offScreen(part)).toEqual([]);
}

/** Runs `walk` on a new tab at each width, then closes it. */
async function atEachWidth(walk: (page: Page, width: number) => Promise<void>) {
  for (const size of WIDTHS) {
    const page = await session.tab(token);
    await page.setViewportSize(size);
    await walk(page, size.width);
    await page.close();
  }
}

/** A count in Bangla digits, as the screens write it. */
const bangla = (count: number) => count.toLocaleString("bn-BD");

describe("the back office's catalogue screens in Bangla", () => {
  it("products: the list and the editor in Bangla; a price saved shows ৳ in Bangla digits", async () => {
    // The discounted price shown: the first width saves a new one.
    let price = "৳১,২০০";
    await atEachWidth(async (page, width) => {
      await open(page, `/admin/products?search=${encodeURIComponent(title)}`);
      await page.getByRole("heading", { name: "পণ্য", exact: true }).waitFor();
      const row = page.getByTestId("product-row").filter({ hasText: title });
      expect(await row.textContent()).toContain(price);
      expect(await page.title()).toBe("পণ্য — Tweest admin");
      await expectBangla(page, [page.locator(".admin-shell")]);

      await row.getByRole("button", { name: `${title} বদলান`, exact: true }).click();
      const editor = page.getByRole("dialog");
      await editor.getByRole("heading", { name: `${title} বদলান` }).waitFor();
      await editor.getByTestId("variant-codes").locator("summary").click();
      await expectBangla(page, [editor]);
      if (width === 375) await screenshots(page, "admin-bangla-product-editor");
      if (width !== 375) return;

      await editor.getByLabel("ছাড়ের দাম (৳)").fill("125000");
      await editor.getByLabel("দাম (৳)", { exact: true }).fill("150000");
      await editor.getByRole("button", { name: "প্রোডাক্ট সেভ করুন" }).click();
      await session.screen(page).toast("প্রোডাক্ট সেভ হয়েছে").waitFor();
      await editor.waitFor({ state: "detached" });
      price = "৳১,২৫,০০০";
      await expect.poll(() => row.textContent()).toContain(price);
      expect((await Product.findById(product._id).lean())?.discountedPrice).toBe(125000);
    });
  }, 120_000);

  it("catalogue CSV: the import's dry run and its apply speak Bangla", async () => {
    const exported = await fetch(`${session.shop.baseUrl}/api/admin/products/export.csv`, {
      headers: { Authorization: `Bearer ${token}`, Accept: "text/csv" },
    });
    expect(exported.status).toBe(200);
    const rows = parse(await exported.text(), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    const ours = rows.filter((row) => row.slug === product.slug);
    expect(ours.map((row) => `${row.color}/${row.size}`)).toContain("White/L");
    const columns = Object.keys(ours[0]);
    /** The shop's rows with White / L's stock set to `stock`. */
    const fileWith = (stock: string) =>
      csvText(
        columns,
        ours.map((row) =>
          columns.map((column) =>
            column === "stock" && row.color === "White" && row.size === "L" ? stock : row[column],
          ),
        ),
      );

    await atEachWidth(async (page, width) => {
      await open(page, "/admin/products");
      await page.getByRole("button", { name: "CSV ইমপোর্ট" }).click();
      const dialog = page.getByTestId("catalogue-import");
      await dialog.getByRole("heading", { name: "CSV থেকে প্রোডাক্ট ইমপোর্ট" }).waitFor();
      await dialog.getByLabel("CSV ফাইল").setInputFiles({
        name: "catalogue.csv",
        mimeType: "text/csv",
        // Each width a stock of its own: the first one applies its file.
        buffer: Buffer.from(fileWith(width === 375 ? "9" : "7"), "utf8"),
      });
      await dialog.getByRole("status").filter({ hasText: "যাচাই মাত্র" }).waitFor();
      expect(await dialog.getByTestId("import-counts").textContent()).toBe(
        `নতুন তৈরি: ০বদলেছে: ১বদলায়নি: ${bangla(ours.length - 1)}বাতিল: ০ব্যর্থ: ০`,
      );
      expect(
        await dialog.getByTestId("import-row").filter({ hasText: "WHITE-L" }).textContent(),
      ).toMatch(/^বদলেছেসারি [০-৯]+/);
      await expectBangla(page, [dialog]);
      if (width !== 375) return;

      await dialog.getByRole("button", { name: "প্রয়োগ করুন" }).click();
      await session.screen(page).toast("ইমপোর্ট হয়েছে: ১টি সারি লেখা হয়েছে").waitFor();
      expect(await variantStock(product._id, "White", "L")).toBe(9);
    });
  }, 120_000);

  it("categories: the tree and the editor in Bangla; a new category is saved", async () => {
    const name = `Winter Wear ${randomUUID().slice(0, 4)}`;
    await atEachWidth(async (page, width) => {
      await open(page, "/admin/categories");
      await page.getByRole("heading", { name: "ক্যাটাগরি", exact: true }).waitFor();
      // The category the first width adds is in the tree at the second.
      await expectBangla(page, [page.locator(".admin-shell")], [name]);
      await page.getByRole("button", { name: "নতুন ক্যাটাগরি" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("heading", { name: "নতুন ক্যাটাগরি" }).waitFor();
      await expectBangla(page, [dialog], [name]);
      if (width !== 375) return;

      await dialog.getByLabel("নাম", { exact: true }).fill(name);
      await dialog.getByLabel("নাম (বাংলা)").fill("শীতের পোশাক");
      await dialog.getByRole("button", { name: "সেভ করুন" }).click();
      await session.screen(page).toast("ক্যাটাগরি তৈরি হয়েছে").waitFor();
      await page.getByTestId("category-row").filter({ hasText: name }).waitFor();
      expect((await Category.findOne({ name }).lean())?.nameBn).toBe("শীতের পোশাক");
      await expectBangla(page, [page.locator(".admin-shell")], [name]);
    });
  }, 120_000);

  it("stock: history, adjustment and low stock in Bangla; an adjustment is recorded", async () => {
    await atEachWidth(async (page, width) => {
      await open(page, "/admin/stock");
      await page.getByRole("heading", { name: "স্টক", exact: true, level: 1 }).waitFor();
      await expectBangla(page, [page.locator(".admin-shell")]);

      await open(page, `/admin/stock?productId=${product._id}`);
      const form = page.getByRole("form", { name: "স্টক ঠিক করুন" });
      await form.waitFor();
      await expectBangla(page, [page.locator(".admin-shell")]);
      if (width === 375) {
        await form.getByLabel("ভ্যারিয়েন্ট").selectOption({ label: "Black / M (স্টকে ১০টি)" });
        await form.getByLabel("কারণ").selectOption({ label: "মাল এসেছে" });
        await form.getByLabel("পরিবর্তন (পিস)").fill("12");
        await form.getByLabel("নোট").fill("দর্জির কাছ থেকে");
        await form.getByRole("button", { name: "স্টক ঠিক করুন" }).click();
        await session.screen(page).toast("স্টক ঠিক করা হয়েছে").waitFor();
        const entry = page.getByTestId("stock-entry").filter({ hasText: "দর্জির কাছ থেকে" });
        await entry.waitFor();
        expect(await entry.textContent()).toContain("+১২");
        expect(await entry.textContent()).toContain("মাল এসেছে");
        await page.getByTestId("stock-variant").filter({ hasText: "২২" }).waitFor();
        expect(await variantStock(product._id, "Black", "M")).toBe(22);
        await expectBangla(page, [page.locator(".admin-shell")]);
      }

      await open(page, "/admin/stock?view=low");
      await page.getByRole("table", { name: "স্টক কম" }).waitFor();
      await expectBangla(page, [page.locator(".admin-shell")]);
    });
  }, 120_000);

  it("search synonyms: the settings' panel in Bangla; a group added is saved", async () => {
    // The panel only: the rest of the settings screen is not one of these screens.
    const panelSelector = "section:has(> ol[aria-label='সার্চের সমার্থক শব্দ'])";
    await atEachWidth(async (page, width) => {
      await open(page, "/admin/settings");
      const list = page.getByRole("list", { name: "সার্চের সমার্থক শব্দ" });
      await list.waitFor();
      expect(await page.getByLabel("গ্রুপ ২: একই অর্থের শব্দ").inputValue()).toBe(
        "genji, ganji, গেঞ্জি",
      );
      await page.getByRole("button", { name: "গ্রুপ যোগ করুন" }).click();
      const groups = await list.locator("li").count();
      const number = bangla(groups);
      const words = page.getByLabel(`গ্রুপ ${number}: একই অর্থের শব্দ`);
      await words.waitFor();
      const panel = page.locator(panelSelector);
      const typed = ["genji", "ganji", "tee", "t-shirt", "vest", "panjabi", "eid"];
      expect(await englishUiText(page, [...allowed, ...typed], panelSelector)).toEqual([]);
      expect(await session.screen(page).offScreen(panel)).toEqual([]);
      if (width !== 375) return;

      await words.fill("eid");
      await page.getByLabel(`গ্রুপ ${number}: এগুলোও খুঁজে পায়`).fill("panjabi");
      await page.locator("form", { has: list }).locator('button[type="submit"]').click();
      await page
        .locator("li", { hasText: "যোগ হয়েছে eid (এগুলোও খুঁজে পায়: panjabi)" })
        .first()
        .waitFor();
    });
  }, 120_000);

  it("size guides: the list and the editor in Bangla; a guide is saved", async () => {
    const guide = await SizeGuide.findOne().lean();
    expect(guide).not.toBeNull();
    await atEachWidth(async (page, width) => {
      await open(page, "/admin/size-guides");
      await page.getByRole("heading", { name: "সাইজ গাইড", exact: true }).waitFor();
      await expectBangla(page, [page.locator(".admin-shell")]);
      await page.getByRole("button", { name: `${guide!.name} বদলান` }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("heading", { name: `${guide!.name} বদলান` }).waitFor();
      await expectBangla(page, [dialog]);
      if (width !== 375) return;

      await dialog.getByLabel("নোট (বাংলা)").fill("সমতলে রেখে মাপা।");
      await dialog.getByRole("button", { name: "সেভ করুন" }).click();
      await session.screen(page).toast("সাইজ গাইড সেভ হয়েছে").waitFor();
      expect((await SizeGuide.findById(guide!._id).lean())?.noteBn).toBe("সমতলে রেখে মাপা।");
    });
    expect(session.consoleErrors).toEqual([]);
  }, 120_000);
});
