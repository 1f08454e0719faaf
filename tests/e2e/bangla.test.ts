/**
 * Issue 20's browser walk in Bangla at 375 px, browse part: a phone whose browser prefers Bangla
 * opens the shop, lands on /bn, goes home → category listing (filters, sort) → product (size, add
 * to cart), and no page shows English UI text (tests/e2e/bangla-detector.ts says what counts and
 * how brand names and codes are told apart). Also: URLs keep /bn, <html lang="bn">, hreflang
 * alternates, the Bangla font only on Bangla pages, tag-manager events under their spec names, and
 * the header's switch moving to English and back (kept in the `lang` cookie).
 * The buying part (cart → guest COD checkout → confirmation → tracking) extends this walk.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { Product } from "../../models/product.model";
import { SizeGuide } from "../../models/size-guide.model";
import { englishUiText } from "./bangla-detector";
import { banglaChecks, type BanglaChecks } from "./bangla-page";
import { allowBrowserProblems } from "./guard";
import { dataLayer, launchBrowser, waitForHydration } from "./harness";
import { SearchBox } from "./pages/search-box";
import { screenshot, useShoppingSession } from "./shop-harness";

const shop = useShoppingSession();
/** Latin-letter names the shop writes itself (brand, product brands, contact lines). */
let allowed: string[];
let expectBanglaPage: BanglaChecks["expectBanglaPage"];

beforeAll(async () => {
  ({ allowed, expectBanglaPage } = await banglaChecks(shop.publicUrl));
});

/** Whether the page draws with the Bangla web font (app.css names it "Tweest Bangla"). */
function banglaFontLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.fonts].some(
      (face) => face.family.replaceAll('"', "") === "Tweest Bangla" && face.status === "loaded",
    ),
  );
}

describe("the storefront in Bangla on a phone (375 px)", () => {
  it("walks home, a category and a product in Bangla with no English UI text", async () => {
    const { context, page, errors } = await shop.newPage(375);
    await context.setExtraHTTPHeaders({ "Accept-Language": "bn-BD,bn;q=0.9,en;q=0.8" });
    const fonts: string[] = [];
    page.on("response", (response) => {
      if (/noto-sans-bengali.*\.woff2/.test(response.url())) fonts.push(response.url());
    });

    // A first visit to an English URL follows the browser's language.
    await page.goto("/");
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe("/bn");
    await expectBanglaPage(page, "home");
    // The session's first Bangla page does not spend the link on the web font: the phone's own
    // Bangla font draws it, and the file waits for the shopper to start using the page.
    expect(fonts).toEqual([]);
    expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(0);

    // Header → a category: the link stays in Bangla.
    await page.getByRole("navigation", { name: "ক্যাটাগরি" }).getByRole("link").first().click();
    await page.waitForURL((url) => url.pathname === "/bn/products");
    await waitForHydration(page);
    await expectBanglaPage(page, "listing");
    // Sort and filters keep the language.
    await page.getByLabel("সাজান").selectOption("price_low");
    await page.waitForURL((url) => url.searchParams.get("sort") === "price_low");
    expect(new URL(page.url()).pathname).toBe("/bn/products");
    await page.getByTestId("open-filters").click();
    const sheet = page.getByRole("dialog", { name: "ফিল্টার" });
    await sheet.waitFor();
    expect(await englishUiText(page, allowed)).toEqual([]);
    await sheet.getByRole("button", { name: "ফলাফল দেখুন" }).click();
    await sheet.waitFor({ state: "detached" });
    // The clicks fetched the file; the screens after that are drawn in it, read from the cache.
    await expect.poll(() => banglaFontLoaded(page)).toBe(true);
    expect(
      await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.includes("noto-sans-bengali"))
          .map((entry) =>
            (entry as PerformanceResourceTiming).transferSize > 0 ? "network" : "cache",
          ),
      ),
    ).toEqual(["network", "cache"]);
    expect((await context.cookies()).find((cookie) => cookie.name === "bn_font")?.value).toBe("1");

    // A product card → the product page.
    const product = await Product.findOne({
      isActive: true,
      "variants.stock": { $gte: 2 },
    }).lean();
    expect(product?.titleBn).toBeTruthy();
    await page.goto(`/bn/product/${product?.slug}`);
    await waitForHydration(page);
    // A browser that has the file gets it preloaded (from its cache) with the page.
    expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(1);
    await expect.poll(() => banglaFontLoaded(page)).toBe(true);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe(product?.titleBn);
    await page
      .getByRole("radiogroup", { name: "সাইজ" })
      .locator("button:not([disabled])")
      .first()
      .click();
    await expectBanglaPage(page, "product");
    await page.getByTestId("add-to-cart").click();
    await page.getByTestId("continue-as-guest").click();
    await page.getByTestId("added-to-cart").waitFor();
    expect(await englishUiText(page, allowed)).toEqual([]);
    // Tag-manager events keep their spec names and fields in Bangla: the same names and the
    // catalogue's English text, so reports do not split by language.
    const events = await dataLayer(page);
    expect(events.map((entry) => entry.event)).toEqual(
      expect.arrayContaining([
        "page_view_stape",
        "view_item_stape",
        "add_to_cart",
        "add_to_cart_stape",
      ]),
    );
    const addToCart = events.find((entry) => entry.event === "add_to_cart")!;
    const ecommerce = addToCart.ecommerce as { currency: string; items: Record<string, string>[] };
    expect(ecommerce.currency).toBe("BDT");
    expect(ecommerce.items[0]).toMatchObject({
      item_id: String(product?._id),
      item_name: product?.title,
      price: product?.discountedPrice.toFixed(2),
      quantity: "1.00",
    });

    // The server's refusal (the units went meanwhile) is shown in Bangla too.
    allowBrowserProblems(/^409 PUT \/api\/cart\/add/);
    await Product.updateOne(
      { _id: product!._id },
      { $set: { variants: product!.variants.map((variant) => ({ ...variant, stock: 0 })) } },
    );
    try {
      await page.getByTestId("add-to-cart").click();
      await page.getByRole("alert").filter({ hasText: "স্টকে নেই" }).waitFor();
      expect(await englishUiText(page, allowed)).toEqual([]);
    } finally {
      await Product.updateOne({ _id: product!._id }, { $set: { variants: product!.variants } });
    }
    expect(errors).toEqual([]);
  });

  it("switches to English and back from the header, keeping the page and the choice", async () => {
    const { context, page, errors } = await shop.newPage(375);
    await context.setExtraHTTPHeaders({ "Accept-Language": "bn" });
    const fonts: string[] = [];
    page.on("response", (response) => {
      if (/noto-sans-bengali/.test(response.url())) fonts.push(response.url());
    });
    await page.goto("/bn/products?sort=price_high");
    await waitForHydration(page);
    await page.getByTestId("language-switch").getByRole("link", { name: "English" }).click();
    await page.waitForURL((url) => url.pathname === "/products");
    expect(new URL(page.url()).search).toBe("?sort=price_high");
    await expect.poll(() => page.getAttribute("html", "lang")).toBe("en");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("All products");
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === "lang")?.value).toBe("en");

    // The choice outlives the visit: an English URL stays English despite Accept-Language: bn.
    fonts.length = 0;
    await page.goto("/");
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.getAttribute("html", "lang")).toBe("en");
    // English pages neither preload nor download the Bangla font.
    expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(0);
    expect(fonts).toEqual([]);

    await page.getByTestId("language-switch").getByRole("link", { name: "বাংলা" }).click();
    await page.waitForURL((url) => url.pathname === "/bn");
    await expect.poll(() => page.getAttribute("html", "lang")).toBe("bn");
    await expect.poll(() => page.getByRole("link", { name: "এখনই কিনুন" }).count()).toBe(1);
    await page.goto("/products");
    await page.waitForURL((url) => url.pathname === "/bn/products");
    expect(errors).toEqual([]);
  });

  it("search suggestions, the size guide, an empty search, a 404 and a failed page load speak Bangla", async () => {
    // The 404 and the dropped connection below are on purpose.
    const failedLoad = /^console: \[route\] error boundary TypeError: Failed to fetch/;
    allowBrowserProblems(
      "404 GET /bn/no-such-page",
      /^requestfailed GET \/bn\/products\.data /,
      failedLoad,
    );
    const { context, page, errors } = await shop.newPage(375);
    await context.setExtraHTTPHeaders({ "Accept-Language": "bn" });
    await page.goto("/bn");
    await waitForHydration(page);

    // Suggestions while typing a misspelt romanised word show the Bangla titles.
    const box = page.getByRole("combobox");
    const list = page.getByRole("listbox", { name: "প্রস্তাবিত পণ্য" });
    const search = new SearchBox(page, box, list);
    await search.typeAndWaitForSuggestions("panjbi", "bn");
    for (const option of await search.options.allTextContents()) expect(option).toMatch(/পাঞ্জাবি/);
    expect(await englishUiText(page, allowed)).toEqual([]);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("search") === "panjbi");
    await waitForHydration(page);
    await expectBanglaPage(page, "search", ["panjbi"]);

    // Nothing found: the empty state.
    await page.goto("/bn/products?search=qqqzzzxx");
    await waitForHydration(page);
    await expectBanglaPage(page, "search-empty", ["qqqzzzxx"]);

    // The size guide of a product whose category has one (measurement names are UI words).
    const guide = await SizeGuide.findOne({ columns: { $ne: [] } }).lean();
    const withGuide = await Product.findOne({ isActive: true, category: guide?.category }).lean();
    expect(withGuide).toBeTruthy();
    await page.goto(`/bn/product/${withGuide?.slug}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "সাইজ গাইড" }).click();
    const dialog = page.getByRole("dialog", { name: "সাইজ গাইড" });
    await dialog.getByRole("table").waitFor();
    expect(await englishUiText(page, allowed)).toEqual([]);
    await screenshot(page, "bangla-size-guide-375");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // An unknown page: a Bangla 404.
    const notFound = await page.goto("/bn/no-such-page");
    expect(notFound?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.getAttribute("html", "lang")).toBe("bn");
    expect(await englishUiText(page, allowed)).toEqual([]);
    await screenshot(page, "bangla-404-375");

    // A page whose data cannot load (the connection drops): the error screen in Bangla.
    await page.goto("/bn");
    await waitForHydration(page);
    await page.route("**/bn/products.data*", (route) => route.abort());
    await page.getByRole("navigation", { name: "ক্যাটাগরি" }).getByRole("link").first().click();
    await page.getByTestId("route-error").waitFor();
    expect(await englishUiText(page, allowed)).toEqual([]);
    await screenshot(page, "bangla-load-error-375");
    expect(errors.filter((error) => !failedLoad.test(error))).toEqual([]);
    // The error boundary may log again while the next test runs: this page ends here.
    await context.close();
  });

  it("shows the campaign popup's controls in Bangla", async () => {
    // A fresh session: the popup opens on the first page of a browser session.
    const browser = await launchBrowser({ width: 375, height: 812 });
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await page.goto(`${shop.baseUrl}/bn`);
      const popup = page.getByTestId("campaign-popup");
      await popup.waitFor({ state: "visible" });
      await waitForHydration(page);
      expect(await englishUiText(page, allowed)).toEqual([]);
      await screenshot(page, "bangla-popup-375");
      await page.keyboard.press("Escape");
      await popup.waitFor({ state: "detached" });
    } finally {
      await browser.close();
    }
  });
});
