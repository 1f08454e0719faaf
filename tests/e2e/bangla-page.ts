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
 * The checks for a shop served at `publicUrl`, its names read from the seeded database (so a new
 * brand needs no edit here); `extraNames` adds the walk's own (e.g. a payment gateway's name).
 */
export async function banglaChecks(
  publicUrl: string,
  extraNames: readonly string[] = [],
): Promise<BanglaChecks> {
  const brands = (await Product.distinct("brand")) as string[];
  const { contact } = await storefrontSettings();
  const allowed = [
    "Tweest",
    ...extraNames,
    ...brands,
    ...[contact.address, contact.hours, contact.email, contact.phone].filter(
      (text): text is string => Boolean(text),
    ),
  ].filter(Boolean);

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
