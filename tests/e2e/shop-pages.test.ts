/**
 * The shop's own pages, WhatsApp and the terms box in a real browser, at 375 and 1280 px, in English
 * and Bangla: the footer links to the terms page, which renders; the floating chat button and
 * "Order on WhatsApp" open wa.me with the product, colour, size, price and link written in the
 * page's language; the checkout refuses to place an order until "I accept the terms" is ticked,
 * then places it and the order records the terms' version.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { formatMoney, type Locale } from "#contract/i18n";
import { TERMS_NOT_ACCEPTED_MESSAGE } from "#contract/schemas/orders";
import { changeShopSettings } from "../factories/shop-settings";
import { waitForHydration } from "./harness";
import { addToGuestCart } from "./pages/cart-page";
import { CheckoutPage, ConfirmationPage } from "./pages/checkout-page";
import { screenshot, useShoppingSession } from "./shop-harness";

const shop = useShoppingSession();

const WHATSAPP = "01811000000";

beforeAll(async () => {
  await changeShopSettings((settings) => {
    settings.channels.whatsapp = WHATSAPP;
    settings.channels.messenger = "tweest.bd";
  });
});

const TEXT = {
  en: {
    terms: "Terms and conditions",
    hello: "Hello! I would like to order:",
    colour: "Colour: ",
    size: (size: string) => `Size: ${size}`,
    notChosen: "Size: not chosen yet",
    price: (price: string) => `Price: ${price}`,
    termsError: TERMS_NOT_ACCEPTED_MESSAGE,
    labels: ["First name", "Mobile number", "House, road and area"],
    place: { district: "Dhaka", thana: "Mirpur" },
    street: "House 3, Road 7, Mirpur",
  },
  bn: {
    terms: "শর্তাবলি",
    hello: "আসসালামু আলাইকুম! আমি অর্ডার করতে চাই:",
    colour: "রং: ",
    size: (size: string) => `মাপ: ${size}`,
    notChosen: "মাপ: এখনো বাছাই করা হয়নি",
    price: (price: string) => `দাম: ${price}`,
    termsError: "অর্ডার করতে শর্তাবলি মেনে নিন।",
    labels: ["নামের প্রথম অংশ", "মোবাইল নম্বর", "বাড়ি, রোড ও এলাকা"],
    place: { district: "ঢাকা", thana: "মিরপুর" },
    street: "বাড়ি ৩, রোড ৭, মিরপুর",
  },
} as const;

/** The text a wa.me link writes into the chat, line by line. */
async function whatsappLines(page: Page): Promise<string[]> {
  const href = await page.getByTestId("order-on-whatsapp").getAttribute("href");
  const url = new URL(href!);
  expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/8801811000000");
  return url.searchParams.get("text")!.split("\n");
}

describe.each([375, 1280])("the shop's pages, WhatsApp and the terms box at %i px", (width) => {
  it.each(["en", "bn"] as Locale[])("in %s", async (locale) => {
    const text = TEXT[locale];
    const prefix = locale === "bn" ? "/bn" : "";
    const { page } = await shop.newPage(width);

    // The footer's link to the terms, and the page itself.
    await page.goto(`${prefix}/`);
    await waitForHydration(page);
    await page
      .getByTestId("footer-pages")
      .getByRole("link", { name: text.terms, exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === `${prefix}/pages/terms`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(text.terms);
    expect(await page.getByTestId("shop-page").locator("h2").count()).toBeGreaterThan(3);
    const chatLinks = page.getByTestId("chat-button").getByRole("link");
    expect(
      await chatLinks.evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
    ).toEqual(["https://m.me/tweest.bd", "https://wa.me/8801811000000"]);

    // "Order on WhatsApp": the product, its colour and size, price and link in the page's language.
    const product = await addToGuestCart(page, 1, {
      startAt: `${prefix}/`,
      filter: locale === "bn" ? { titleBn: { $exists: true, $ne: "" } } : {},
    });
    await page.goto(`${prefix}/product/${product.slug}`);
    await waitForHydration(page);
    const title = (locale === "bn" && product.titleBn) || product.title;
    const price = formatMoney(product.discountedPrice ?? product.price, locale);
    const link = `${shop.publicUrl}${prefix}/product/${product.slug}`;
    const before = await whatsappLines(page);
    expect(before).toEqual([
      text.hello,
      title,
      expect.stringMatching(new RegExp(`^${text.colour}\\S`)),
      text.notChosen,
      text.price(price),
      link,
    ]);
    const color = product.variants.find((variant) => variant.stock > 0)!.color;
    const size = product.variants.find(
      (variant) => variant.color === color && variant.stock > 0,
    )!.size;
    await page.getByTestId(`size-${size}`).click();
    await expect.poll(async () => (await whatsappLines(page))[3]).toBe(text.size(size));

    // The checkout: unticked terms refuse the order on the page; ticked, it is placed.
    await page.goto(`${prefix}/cart`);
    await waitForHydration(page);
    await page.getByTestId("go-to-checkout").click();
    await page.waitForURL((url) => url.pathname === `${prefix}/checkout`);
    await waitForHydration(page);
    const mobile = `0171${locale === "bn" ? 1 : 2}${String(width).padStart(6, "0")}`;
    const [first, phone, street] = text.labels;
    await page.getByLabel(first).fill(locale === "bn" ? "নুসরাত" : "Nusrat");
    await page.getByLabel(phone).fill(mobile);
    await page.getByLabel(street).fill(text.street);
    const checkout = new CheckoutPage(page);
    await checkout.choosePlace("district", text.place.district);
    await checkout.choosePlace("thana", text.place.thana);
    expect(await checkout.termsBox().isChecked()).toBe(false);
    expect(
      await page.getByRole("link", { name: text.terms, exact: true }).last().getAttribute("href"),
    ).toBe(`${prefix}/pages/terms`);
    await checkout.placeOrder({ acceptTerms: false });
    const termsError = page.locator("#checkout-terms-accepted-error");
    await expect.poll(() => termsError.textContent()).toBe(text.termsError);
    expect(await checkout.termsBox().evaluate((box) => box === document.activeElement)).toBe(true);
    await screenshot(page, `terms-refused-${locale}-${width}`);
    expect(await Order.countDocuments({ "shippingAddress.mobile": mobile })).toBe(0);

    await checkout.placeOrder();
    const orderId = await new ConfirmationPage(page).orderId();
    const order = await Order.findById(orderId).lean();
    expect(order).toMatchObject({ termsAcceptedVersion: 1, locale });
  });
});
