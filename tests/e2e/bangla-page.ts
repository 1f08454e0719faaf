/**
 * What the Bangla browser walks (tests/e2e/bangla*.test.ts) check on every page: the URL keeps /bn,
 * <html lang="bn">, the hreflang alternates (with the query) and no English UI text left
 * (tests/e2e/bangla-detector.ts says what counts).
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { Product } from "../../models/product.model";
import { storefrontSettings } from "../../server/services/shop-settings.service";
import { englishUiText } from "./bangla-detector";
import { screenshot } from "./shop-harness";

export interface BanglaChecks {
  /**
   * Latin-letter names the shop writes itself, which are not UI text: its name, the products'
   * brands, its contact lines and the walk's own extra names.
   */
  allowed: string[];
  /**
   * Asserts the page is a Bangla page (URL, lang, hreflang) with no English UI text left, and
   * screenshots it as `bangla-<name>-375`; `typed` is what the shopper wrote themselves (a search
   * term shown back), which is not UI text.
   */
  expectBanglaPage(page: Page, name: string, typed?: string[]): Promise<void>;
}

/**
 * The names the shop writes in Latin letters on any page, read from the seeded database (so a new
 * brand needs no edit here): its name, the products' brands and its contact lines, plus `extra`.
 */
export async function latinShopNames(extra: readonly string[] = []): Promise<string[]> {
  const brands = (await Product.distinct("brand")) as string[];
  const { contact } = await storefrontSettings();
  return [
    "Tweest",
    ...extra,
    ...brands,
    ...[contact.address, contact.hours, contact.email, contact.phone],
  ].filter((text): text is string => Boolean(text));
}

/**
 * The checks for a shop served at `publicUrl`; `extraNames` adds the walk's own Latin names (e.g.
 * a payment gateway's) to `latinShopNames()`.
 */
export async function banglaChecks(
  publicUrl: string,
  extraNames: readonly string[] = [],
): Promise<BanglaChecks> {
  const allowed = await latinShopNames(extraNames);

  async function expectBanglaPage(page: Page, name: string, typed: string[] = []) {
    await page.getByTestId("page-spinner").waitFor({ state: "detached" });
    const url = new URL(page.url());
    expect(url.pathname, name).toMatch(/^\/bn(\/|$)/);
    expect(await page.getAttribute("html", "lang"), name).toBe("bn");
    const english = url.pathname.replace(/^\/bn/, "") || "/";
    const alternates = await page.$$eval('link[rel="alternate"][hreflang]', (links) =>
      Object.fromEntries(
        links.map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]),
      ),
    );
    expect(alternates, name).toEqual({
      en: `${publicUrl}${english}${url.search}`,
      bn: `${publicUrl}${url.pathname}${url.search}`,
      "x-default": `${publicUrl}${english}${url.search}`,
    });
    expect(await englishUiText(page, [...allowed, ...typed]), name).toEqual([]);
    await screenshot(page, `bangla-${name}-375`);
  }

  return { allowed, expectBanglaPage };
}
