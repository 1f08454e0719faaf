/**
 * Small things a shopper meets on the way to the cart, in a real Chromium at 375 and 1280 px, in
 * English and Bangla: the campaign popup's links (the shop's own pages in this tab, another site in
 * a new one), the header search keeping the query, the "Choose a size" prompt going once a size is
 * chosen, and the guest question's buttons big enough to tap.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Category } from "../../models/category.model";
import { Product } from "../../models/product.model";
import { waitForHydration } from "./harness";
import { useShoppingSession } from "./shop-harness";

const shop = useShoppingSession();

const EXTERNAL_LINK = "https://example.org/eid-sale";

const TEXT = {
  en: {
    home: "/",
    next: "Next image",
    previous: "Previous image",
    visit: "Visit Link",
    size: "Size",
    chooseSize: "Choose a size",
    signIn: "Sign in",
  },
  bn: {
    home: "/bn",
    next: "পরের ছবি",
    previous: "আগের ছবি",
    visit: "লিংকে যান",
    size: "সাইজ",
    chooseSize: "একটি সাইজ বেছে নিন",
    signIn: "সাইন ইন",
  },
} as const;

/**
 * Shows the campaign popup on this tab (the session's tabs count it as seen) with the seeded
 * images, the second one linking to another site; `window.open` is recorded instead of opening
 * (another site is not reachable from the test).
 */
async function withPopup(page: Page) {
  await page.addInitScript(() => {
    // The first document of the tab shows the popup; later ones keep the session's rule.
    if (!window.sessionStorage.getItem("e2ePopupReset")) {
      window.sessionStorage.setItem("e2ePopupReset", "1");
      window.sessionStorage.removeItem("hasShownPopup");
    }
    const opened: string[][] = [];
    Object.assign(window, { e2eOpened: opened });
    window.open = (...args: Parameters<typeof window.open>) => {
      opened.push(args.map(String));
      return null;
    };
  });
  await page.route("**/api/popup-images/active", async (route) => {
    const images = (await (await route.fetch()).json()) as { link?: string }[];
    images[1].link = EXTERNAL_LINK;
    await route.fulfill({ json: images });
  });
}

const windowOpens = (page: Page) =>
  page.evaluate(() => (window as unknown as { e2eOpened: string[][] }).e2eOpened);

/** A T-shirt with some stock. */
async function aTShirt() {
  const category = await Category.findOne({ slug: "men-t-shirts" }).lean();
  const product = await Product.findOne({
    category: category!._id,
    isActive: true,
    "variants.stock": { $gte: 2 },
  }).lean();
  return product!;
}

describe.each([
  { width: 375, locale: "en" as const },
  { width: 1280, locale: "en" as const },
  { width: 375, locale: "bn" as const },
  { width: 1280, locale: "bn" as const },
])("at $width px in $locale", ({ width, locale }) => {
  const text = TEXT[locale];
  const prefix = locale === "bn" ? "/bn" : "";

  it("popup links, the header search, 'Choose a size' and the guest question's buttons", async () => {
    const { context, page, errors } = await shop.newPage(width);
    await withPopup(page);
    await page.goto(text.home);
    const dialog = page.getByTestId("campaign-popup");
    await dialog.waitFor();
    await waitForHydration(page);

    // The first image links to a page of the shop: same tab, no target; the second to another
    // site: a new tab without an opener.
    const visit = dialog.getByRole("link", { name: text.visit });
    expect(await visit.getAttribute("target")).toBeNull();
    expect(await visit.getAttribute("href")).toBe(`${prefix}/products?category=men-hoodies`);
    await dialog.getByRole("button", { name: text.next }).click();
    expect(await visit.getAttribute("target")).toBe("_blank");
    expect(await visit.getAttribute("rel")).toBe("noopener noreferrer");
    await page.getByTestId("popup-active-image").getByRole("link").click();
    expect(await windowOpens(page)).toEqual([[EXTERNAL_LINK, "_blank", "noopener,noreferrer"]]);
    expect(await dialog.isVisible()).toBe(true);

    // Back to the first image: a tap on it closes the popup and moves this tab there, without
    // loading a new document (the marker set on this one survives).
    await dialog.getByRole("button", { name: text.previous }).click();
    await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
    await page.getByTestId("popup-active-image").getByRole("link").click();
    await page.waitForURL(
      (url) => url.pathname === `${prefix}/products` && url.search === "?category=men-hoodies",
    );
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => "e2eSameDocument" in window)).toBe(true);
    expect(await windowOpens(page)).toHaveLength(1);
    expect(context.pages()).toHaveLength(1);

    // The header search: after a search, the box on the results page still holds the words.
    const box = page.locator("#site-search");
    await box.fill("polo");
    await box.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("search") === "polo");
    await expect.poll(() => box.inputValue()).toBe("polo");

    // "Choose a size" until a size is chosen, then gone.
    const product = await aTShirt();
    await page.goto(`${prefix}/product/${product.slug}`);
    await waitForHydration(page);
    const addToCart = page.getByTestId("add-to-cart");
    await addToCart.click();
    const prompt = page.getByRole("alert").filter({ hasText: text.chooseSize });
    await prompt.waitFor();
    expect(await prompt.textContent()).toBe(text.chooseSize);
    await page
      .getByRole("radiogroup", { name: text.size })
      .locator("button:not([disabled])")
      .first()
      .click();
    await prompt.waitFor({ state: "detached" });

    // The guest question's two buttons are tap targets of at least 44 px.
    await addToCart.click();
    const question = page.getByRole("dialog");
    const buttons = [
      question.getByRole("button", { name: text.signIn, exact: true }),
      question.getByTestId("continue-as-guest"),
    ];
    for (const button of buttons) {
      const target = (await button.boundingBox())!;
      expect(target.height).toBeGreaterThanOrEqual(44);
      expect(target.width).toBeGreaterThanOrEqual(44);
    }
    await page.keyboard.press("Escape");
    await question.waitFor({ state: "detached" });
    expect(errors).toEqual([]);
  }, 60_000);
});
