/**
 * Photos by colour, at 4:5, and free delivery in the cart, in a real browser at 375 and 1280 px in
 * English and Bangla: a listing filtered by White shows the White photo; the product page shows the
 * photo of the colour picked; a White cart line shows the White photo; cards, the gallery and the
 * cart line show a portrait (4:5) photo whole in a 4:5 box; the cart tells how much more each zone
 * needs for free delivery (the zone's own threshold, else the shop's) and what counts, in the
 * page's language and digits.
 */
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { saveResponsiveWebp } from "../../server/lib/images";
import { catalogReadModel } from "../../server/services/catalog-read-model";
import { readShopSettings } from "../../server/services/shop-settings.service";
import { formatMoney, type Locale } from "#contract/i18n";
import { createCategory } from "../factories/category";
import { createProduct } from "../factories/product";
import { changeShopSettings } from "../factories/shop-settings";
import { waitForHydration } from "./harness";
import { addLineInBrowser } from "./pages/cart-page";
import { screenshot, useShoppingSession } from "./shop-harness";

const shop = useShoppingSession();

let slug: string;
let productId: string;
let categorySlug: string;
/** Each photo's stored name without its width (the browser picks a width from the srcset). */
const photo = { black: "", white: "" };
let zoneNames: { name: string; nameBn: string }[];

/** A portrait (4:5) photo of one colour, stored as an admin upload is. */
async function portraitPhoto(background: string): Promise<string> {
  const png = await sharp({ create: { width: 800, height: 1000, channels: 3, background } })
    .png()
    .toBuffer();
  return saveResponsiveWebp(png, "products");
}

beforeAll(async () => {
  const [black, white] = [await portraitPhoto("#111111"), await portraitPhoto("#eeeeee")];
  photo.black = black.replace(/-800\.webp$/, "");
  photo.white = white.replace(/-800\.webp$/, "");
  const category = await createCategory({ name: "Polos" });
  categorySlug = category.slug;
  const product = await createProduct({
    title: "Pique Polo",
    categoryPath: [category],
    variants: [
      { color: "Black", size: "M", stock: 5 },
      { color: "White", size: "M", stock: 5 },
    ],
    images: [black, white],
  });
  slug = product.slug;
  productId = String(product._id);
  // Inside Dhaka free from 1,500; the other zones use the shop's 3,000.
  await changeShopSettings((settings) => {
    settings.delivery.freeDeliveryThreshold = 3000;
    settings.delivery.zones[0].freeDeliveryThreshold = 1500;
  });
  // The catalogue read model and the server's page modules load now, not in the first page's 15 s.
  await catalogReadModel.ensureFresh();
  expect((await fetch(`${shop.baseUrl}/products?category=${categorySlug}`)).status).toBe(200);
  const { delivery } = (await readShopSettings()).settings;
  zoneNames = [...delivery.zones, delivery.fallbackZone];
});

/** Waits for the image to load; answers its photo (without width), box and pixel shape. */
async function shown(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  return image.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    return {
      photo: new URL(img.currentSrc).pathname.replace(/-\d+\.webp$/, ""),
      box: Math.round((box.height / box.width) * 100) / 100,
      pixels: Math.round((img.naturalHeight / img.naturalWidth) * 100) / 100,
      fit: getComputedStyle(img).objectFit,
    };
  });
}

/** A 4:5 photo in a 4:5 box, shown whole. */
const WHOLE_PORTRAIT = { box: 1.25, pixels: 1.25, fit: "contain" };

const addWhiteToCart = (page: Page, productId: string) =>
  addLineInBrowser(page, { productId, color: "White", size: "M", quantity: 1 });

const FREE_DELIVERY = {
  en: (zones: string, threshold: string, amount: string) =>
    `${zones}: free delivery from ${threshold}, add ${amount} more.`,
  bn: (zones: string, threshold: string, amount: string) =>
    `${zones}: ${threshold} বা তার বেশি কেনাকাটায় ডেলিভারি ফ্রি, আরও ${amount}-এর পণ্য যোগ করুন।`,
};
const WHAT_COUNTS = {
  en: "What counts: the goods after discounts and the promo code, not the delivery charge.",
  bn: "হিসাবে ধরা হয় ছাড় ও প্রোমো কোডের পরে পণ্যের দাম, ডেলিভারি চার্জ নয়।",
};

describe.each([375, 1280])("photos by colour and free delivery at %i px", (width) => {
  it.each(["en", "bn"] as Locale[])("in %s", async (locale) => {
    const prefix = locale === "bn" ? "/bn" : "";
    const { page } = await shop.newPage(width);

    // The listing filtered by White: the card shows the White photo, whole, at 4:5.
    await page.goto(`${prefix}/products?category=${categorySlug}&colors=White`);
    await waitForHydration(page);
    expect(await shown(page.locator("article img"))).toEqual({
      photo: photo.white,
      ...WHOLE_PORTRAIT,
    });

    // The product page opens on the Black photo (the colour chosen first); picking White shows White.
    await page.locator("article a").click();
    await page.waitForURL((url) => url.pathname === `${prefix}/product/${slug}`);
    await waitForHydration(page);
    const gallery = page.getByTestId("gallery-main");
    expect(await shown(gallery)).toEqual({ photo: photo.black, ...WHOLE_PORTRAIT });
    await page.getByRole("radiogroup").first().getByRole("radio").nth(1).click();
    await expect.poll(async () => (await shown(gallery)).photo).toBe(photo.white);

    // A White line in the cart shows the White photo; the cart tells what free delivery needs.
    await addWhiteToCart(page, productId);
    await page.goto(`${prefix}/cart`);
    await waitForHydration(page);
    expect(await shown(page.getByTestId("cart-line").locator("img"))).toEqual({
      photo: photo.white,
      ...WHOLE_PORTRAIT,
    });
    const name = (zone: { name: string; nameBn: string }) =>
      locale === "bn" ? zone.nameBn : zone.name;
    const money = (amount: number) => formatMoney(amount, locale);
    // Goods: one polo at 800 (after its discount).
    await expect
      .poll(() => page.getByTestId("free-delivery").locator("p").allTextContents())
      .toEqual([
        FREE_DELIVERY[locale](name(zoneNames[0]), money(1500), money(700)),
        FREE_DELIVERY[locale](zoneNames.slice(1).map(name).join(", "), money(3000), money(2200)),
        WHAT_COUNTS[locale],
      ]);
    if (locale === "bn")
      expect(await page.getByTestId("free-delivery").textContent()).not.toMatch(/[0-9]/);
    await screenshot(page, `cart-free-delivery-${locale}-${width}`);
  });
});
