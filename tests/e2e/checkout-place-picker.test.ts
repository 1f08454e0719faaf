/**
 * The checkout's district and thana pickers in Chromium, in English (/checkout) and Bangla
 * (/bn/checkout), at 375 and 1280 px, with the keyboard only: Tab into the district, type, arrows,
 * Enter, Escape; an old spelling (Chittagong, Bogra), Bangla script and Bangla digits ("মিরপুর ১০");
 * the thana list is the chosen district's and a new district clears the thana; the delivery charge
 * follows the place (Dhanmondi inside Dhaka, Bhola outside); the placed order keeps both ids, and
 * so does the address kept in the browser.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import type { Locale } from "#contract/i18n";
import { formatMoney } from "#contract/i18n/format";
import { findDistrict, thanasOf, type DistrictId } from "#contract/locations";
import { addToGuestCart } from "./pages/cart-page";
import { CheckoutPage, ConfirmationPage } from "./pages/checkout-page";
import { screenshot, useShoppingSession } from "./shop-harness";

const shop = useShoppingSession();

/** The shop's default charges (shop settings): inside Dhaka, and anywhere else. */
const INSIDE_DHAKA = 60;
const OUTSIDE_DHAKA = 120;

const LABELS: Record<Locale, { district: string; thana: string; matches: RegExp }> = {
  en: { district: "District", thana: "Thana / upazila", matches: /^Matches: \d+$/ },
  bn: { district: "জেলা", thana: "থানা / উপজেলা", matches: /^মিলেছে: [০-৯]+টি$/ },
};

const nameIn = (locale: Locale, place: { name: string; nameBn: string }) =>
  locale === "bn" ? place.nameBn : place.name;
const district = (id: DistrictId, locale: Locale) => nameIn(locale, findDistrict(id)!);
const thana = (id: string, locale: Locale) =>
  nameIn(
    locale,
    thanasOf(id.split("/")[0] as DistrictId).find((item) => item.id === id)!,
  );

/** The open list's option texts, in order. */
const optionTexts = (page: Page) =>
  page.locator('[role="listbox"]:visible [role="option"]').allTextContents();

async function walk(locale: Locale, width: number) {
  const { page, errors } = await shop.newPage(width);
  const prefix = locale === "bn" ? "/bn" : "";
  // One cheap line: the cart stays under the free-delivery threshold.
  await addToGuestCart(page, 1, {
    startAt: `${prefix}/`,
    filter: { discountedPrice: { $lt: 1000 } },
  });
  await page.goto(`${prefix}/checkout?guest=true`);
  const checkout = new CheckoutPage(page);
  const labels = LABELS[locale];
  const districtBox = page.getByRole("combobox", { name: labels.district, exact: true });
  const thanaBox = page.getByRole("combobox", { name: labels.thana, exact: true });
  await districtBox.waitFor();
  await page.locator("#addr-firstName").fill("Nusrat");
  // A number per walk: the shop's per-number order rules never see two of these orders.
  await page
    .locator("#addr-mobile")
    .fill(`017110${String(width).padStart(4, "0")}${locale === "bn" ? 1 : 0}`);
  await page.locator("#addr-streetAddress").fill("House 3, Road 7");
  expect(await thanaBox.isDisabled()).toBe(true);

  // Tab into the district; typing opens the list on the best match, announced with the count.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("addr-city");
  await page.keyboard.type("B");
  await expect.poll(() => districtBox.getAttribute("aria-expanded")).toBe("true");
  const bDistricts = await optionTexts(page);
  expect(bDistricts.length).toBeGreaterThan(3);
  expect(await checkout.highlighted("district")).toBe(bDistricts[0]);
  expect(await page.getByRole("status").filter({ hasText: labels.matches }).count()).toBe(1);
  // The arrows move the highlight (aria-activedescendant), focus stays in the input.
  await page.keyboard.press("ArrowDown");
  expect(await checkout.highlighted("district")).toBe(bDistricts[1]);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  expect(await checkout.highlighted("district")).toBe(bDistricts.at(-1));
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("addr-city");
  // Escape closes the list and puts back what was chosen (nothing yet).
  await page.keyboard.press("Escape");
  expect(await districtBox.getAttribute("aria-expanded")).toBe("false");
  expect(await districtBox.inputValue()).toBe("");

  // Old spellings find today's names.
  await page.keyboard.type("Chittagong");
  expect(await checkout.highlighted("district")).toBe(district("chattogram", locale));
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Bogra");
  expect(await checkout.highlighted("district")).toBe(district("bogura", locale));
  await page.keyboard.press("Enter");
  expect(await districtBox.inputValue()).toBe(district("bogura", locale));
  expect(await districtBox.getAttribute("aria-expanded")).toBe("false");
  await screenshot(page, `place-picker-${locale}-${width}`);

  // The thana list is Bogura's: every thana, in the page's reading order.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("addr-zone");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => thanaBox.getAttribute("aria-expanded")).toBe("true");
  const boguraThanas = thanasOf("bogura").map((item) => nameIn(locale, item));
  await expect
    .poll(() => optionTexts(page))
    .toEqual(
      locale === "en" ? boguraThanas : boguraThanas.toSorted(new Intl.Collator("bn").compare),
    );
  await page.keyboard.press("Escape");

  // Bangla script in the district; the new district clears the thana; an alias finds the thana.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("ভোলা");
  await page.keyboard.press("Enter");
  expect(await districtBox.inputValue()).toBe(district("bhola", locale));
  await expect.poll(() => thanaBox.inputValue()).toBe("");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Charfesson");
  expect(await checkout.highlighted("thana")).toBe(thana("bhola/char-fasson", locale));
  await page.keyboard.press("Enter");
  await expect.poll(() => checkout.deliveryCharge()).toBe(formatMoney(OUTSIDE_DHAKA, locale));

  // Dhaka, then Dhanmondi: inside Dhaka's charge.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(locale === "bn" ? "ঢাকা" : "dhaka");
  await page.keyboard.press("Enter");
  await expect.poll(() => thanaBox.inputValue()).toBe("");
  await page.keyboard.press("Tab");
  await page.keyboard.type("dhanm");
  expect(await checkout.highlighted("thana")).toBe(thana("dhaka/dhanmondi", locale));
  await page.keyboard.press("Enter");
  expect(await thanaBox.inputValue()).toBe(thana("dhaka/dhanmondi", locale));
  await expect.poll(() => checkout.deliveryCharge()).toBe(formatMoney(INSIDE_DHAKA, locale));

  // A section number in Bangla digits finds the thana by the words before it; Escape keeps the
  // thana chosen before.
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("মিরপুর ১০");
  expect(await checkout.highlighted("thana")).toBe(thana("dhaka/mirpur", locale));
  await page.keyboard.press("Escape");
  expect(await thanaBox.inputValue()).toBe(thana("dhaka/dhanmondi", locale));

  // The order keeps the names (English) and both ids; so does the address kept in the browser.
  await checkout.placeOrder();
  const orderId = await new ConfirmationPage(page).orderId();
  const order = await Order.findById(orderId).lean();
  expect(order!.shippingAddress).toMatchObject({
    city: "Dhaka",
    zone: "Dhanmondi",
    districtId: "dhaka",
    thanaId: "dhaka/dhanmondi",
  });
  expect(order!.deliveryCharge).toBe(INSIDE_DHAKA);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("customerInfo")!));
  expect(stored).toMatchObject({
    city: "Dhaka",
    zone: "Dhanmondi",
    districtId: "dhaka",
    thanaId: "dhaka/dhanmondi",
  });
  expect(errors).toEqual([]);
}

describe("the checkout's district and thana pickers, keyboard only", () => {
  for (const locale of ["en", "bn"] as const)
    for (const width of [375, 1280])
      it(
        `${locale === "en" ? "English" : "Bangla"} checkout at ${width} px`,
        () => walk(locale, width),
        90_000,
      );
});
