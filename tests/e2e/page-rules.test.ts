/**
 * Two rules of the storefront that live in the browser, at 375 and 1280 px in English and Bangla:
 * - every path change scrolls the page to the top (a link followed inside the app, and back);
 * - the Google callback screen's loop guard: sessionStorage 'google_callback_visits' counts the
 *   screen's visits in the tab; past three it stops with its message, forgets the count and the token.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../factories/user";
import {
  launchBrowser,
  openTab,
  startShop,
  waitForHydration,
  type Browser,
  type Shop,
} from "./harness";

let shop: Shop;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const LOCALES = [
  { width: 375, height: 812, language: "English", prefix: "" },
  { width: 1280, height: 900, language: "Bangla", prefix: "/bn" },
  { width: 375, height: 812, language: "Bangla", prefix: "/bn" },
  { width: 1280, height: 900, language: "English", prefix: "" },
] as const;

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Marks the document: a client-side navigation keeps the mark, a full page load loses it. */
const markDocument = (page: Page) =>
  page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument);

describe.each(LOCALES)("at $width px in $language", ({ width, height, prefix }) => {
  it("a path change scrolls to the top, forwards and back", async () => {
    const page = await openTab(browser.context);
    await page.setViewportSize({ width, height });
    await page.goto(`${shop.baseUrl}${prefix}/products`);
    await waitForHydration(page);
    await markDocument(page);

    // From the bottom of the listing, the footer's "Track order" link.
    const track = page.locator(`footer a[href="${prefix}/order/track"]`);
    await track.scrollIntoViewIfNeeded();
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(200);
    await track.click();
    await page.waitForURL((url) => url.pathname === `${prefix}/order/track`);
    await expect.poll(() => scrollY(page)).toBe(0);

    // Back to the listing, which was left scrolled down: a path change too, so the top again.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === `${prefix}/products`);
    await expect.poll(() => scrollY(page)).toBe(0);
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  });
});

describe.each([
  {
    width: 375,
    language: "English",
    prefix: "",
    incomplete: "Google sign-in did not complete.",
    loop: "Google sign-in keeps coming back here. Please sign in again.",
  },
  {
    width: 1280,
    language: "Bangla",
    prefix: "/bn",
    incomplete: "গুগল সাইন ইন সম্পন্ন হয়নি।",
    loop: "গুগল সাইন ইন বারবার এখানে ফিরে আসছে। আবার সাইন ইন করুন।",
  },
])(
  "the Google callback's loop guard at $width px in $language",
  ({ width, prefix, incomplete, loop }) => {
    it("counts the visits in google_callback_visits and stops past three", async () => {
      // Signed in: the guard's last step signs the tab out (a token left by a looping sign-in).
      const page = await openTab(browser.context, (await createUser()).token);
      await page.setViewportSize({ width, height: 812 });
      const visits = () => page.evaluate(() => sessionStorage.getItem("google_callback_visits"));
      const visitCallback = async () => {
        await page.goto(`${shop.baseUrl}${prefix}/auth/google/callback`);
        await waitForHydration(page);
      };
      for (const count of ["1", "2", "3"]) {
        await visitCallback();
        await page.getByRole("alert").filter({ hasText: incomplete }).waitFor();
        expect(await visits()).toBe(count);
        expect(await page.evaluate(() => localStorage.getItem("jwt"))).not.toBeNull();
      }
      await visitCallback();
      await page.getByRole("alert").filter({ hasText: loop }).waitFor();
      expect(await visits()).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem("jwt"))).toBeNull();
      await page.close();
    });
  },
);
