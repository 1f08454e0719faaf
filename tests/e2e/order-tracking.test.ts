/**
 * A guest on a phone (375 px) finds an order without the confirmation's link: the header's
 * "Track order", the order number and the mobile typed on a Bangla keyboard, in English and in
 * Bangla; the page heads itself with the order number and reads the status as a word.
 */
import { describe, expect, it } from "vitest";
import { toBanglaDigits } from "#contract/i18n";
import { newOrderNumber } from "../../server/services/order-placement";
import { NO_ORDER_FOR_NUMBER_AND_MOBILE } from "../../server/services/orders.service";
import { createOrder } from "../factories/order";
import { allowBrowserProblems } from "./guard";
import { waitForHydration } from "./harness";
import { TrackOrderPage } from "./pages/track-order-page";
import { screenshot, useShoppingSession } from "./shop-harness";

const shop = useShoppingSession();
const MOBILE = "01912345678";

describe("tracking an order by number and mobile (375 px)", () => {
  it("from the header, with Bangla digits, on an English page", async () => {
    const { page, errors, failedResponses } = await shop.newPage(375);
    const order = await createOrder({
      orderNumber: newOrderNumber(),
      mobile: MOBILE,
      orderStatus: "CONFIRMED",
    });
    // The file's first page: the shop renders its first home page cold (on a busy machine, slowly).
    await page.goto("/", { waitUntil: "domcontentloaded", timeout: 60_000 });
    await waitForHydration(page);
    const link = page.getByTestId("header-track-order");
    // In sight on a phone without scrolling the header.
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await link.click();
    await page.waitForURL((url) => url.pathname === "/order/track");
    await waitForHydration(page);
    const tracking = new TrackOrderPage(page);

    // A wrong mobile: the same words as for a number that does not exist.
    allowBrowserProblems(`404 GET /api/orders/guest/track/${order.orderNumber}`);
    await tracking.trackByNumber(toBanglaDigits(order.orderNumber), "০১৮১২৩৪৫৬৭৮");
    await expect
      .poll(() => page.getByTestId("track-error").textContent())
      .toBe(NO_ORDER_FOR_NUMBER_AND_MOBILE);
    // A mobile too short: said before any request.
    await tracking.trackByNumber(toBanglaDigits(order.orderNumber), "০১৯১২৩৪৫");
    await expect
      .poll(() => page.locator("#track-phone-error").textContent())
      .toBe("This mobile number is too short: it needs 11 digits (01XXXXXXXXX)");

    await tracking.trackByNumber(toBanglaDigits(order.orderNumber), toBanglaDigits(MOBILE));
    await tracking.trackedOrder.waitFor();
    expect((await page.getByTestId("track-heading").textContent())?.trim()).toBe(
      `Order ${order.orderNumber}`,
    );
    expect(await page.getByTestId("order-status").getAttribute("data-status")).toBe("CONFIRMED");
    const shown = await tracking.trackedOrder.textContent();
    expect(shown).toContain("Confirmed");
    expect(shown).not.toMatch(/PLACED|CONFIRMED|PENDING/);
    // The phone's screen holds the page: nothing wider than 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await screenshot(page, "order-track-375");
    // The mobile never went into the address bar.
    expect(page.url()).not.toContain("phone");

    expect(errors).toEqual([]);
    expect(failedResponses).toEqual([`404 GET /api/orders/guest/track/${order.orderNumber}`]);
  });

  it("from the Bangla header, in Bangla", async () => {
    const { page, errors, failedResponses } = await shop.newPage(375);
    const order = await createOrder({ orderNumber: newOrderNumber(), mobile: MOBILE });
    await page.goto("/bn");
    await waitForHydration(page);
    await page.getByTestId("header-track-order").click();
    await page.waitForURL((url) => url.pathname === "/bn/order/track");
    await waitForHydration(page);
    await new TrackOrderPage(page).trackByNumber(
      toBanglaDigits(order.orderNumber.toLowerCase()),
      toBanglaDigits(MOBILE),
      {
        number: "অর্ডার নম্বর",
        mobile: "চেকআউটে দেওয়া মোবাইল নম্বর",
        button: "অর্ডার ট্র্যাক করুন",
      },
    );
    await page.getByTestId("tracked-order").waitFor();
    expect((await page.getByTestId("track-heading").textContent())?.trim()).toBe(
      `অর্ডার ${order.orderNumber}`,
    );
    expect(await page.getByTestId("order-status").textContent()).toContain("অর্ডার হয়েছে");
    await screenshot(page, "order-track-bn-375");
    expect(errors).toEqual([]);
    expect(failedResponses).toEqual([]);
  });
});
