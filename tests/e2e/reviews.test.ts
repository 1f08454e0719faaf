/**
 * Reviews in a real browser, at 375 px and 1280 px, in English and Bangla: a shopper who has not
 * received the product is told why there is no form; once delivered, they post stars, words and a
 * photo, see the stars and the thumbnail (opening larger), and a second post replaces the first in
 * place. The owner answers and hides a review from the back office; the product page follows.
 */
import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { Product } from "../../models/product.model";
import { createOrder } from "../factories/order";
import { createUser } from "../factories/user";
import { useAdminSession } from "./admin-shop";
import { screenshots } from "./harness";
import { ProductPage } from "./pages/product-page";

const session = useAdminSession();
let product: { _id: unknown; slug: string; title: string; price: number };

beforeAll(async () => {
  const found = await Product.findOne({ isActive: true }).sort({ createdAt: 1 }).lean();
  product = found!;
});

const pathOf = (locale: "en" | "bn") => `${locale === "bn" ? "/bn" : ""}/product/${product.slug}`;

async function openProduct(page: Page, locale: "en" | "bn") {
  await new ProductPage(page, session.shop.baseUrl).visit(pathOf(locale));
  await page.locator("#reviews-heading").scrollIntoViewIfNeeded();
}

function reviewNamed(page: Page, firstName: string) {
  return page.getByTestId("review").filter({ hasText: firstName });
}

async function deliverTo(userId: unknown, firstName: string) {
  await createOrder({
    user: userId,
    firstName,
    orderStatus: "DELIVERED",
    lines: [
      {
        product: {
          _id: product._id,
          title: product.title,
          price: product.price,
          discountedPrice: product.price,
        },
        color: "Black",
        size: "M",
      },
    ],
  });
}

const TEXTS = {
  en: {
    refusal: "Only shoppers who received this product can review it.",
    stars: (n: string) => `${n} out of 5 stars`,
    four: "4 stars",
    send: "Send",
    saved: "Thank you, saved.",
    addPhotos: "Add photos (up to 3)",
    reply: "Reply from the shop",
  },
  bn: {
    refusal: "শুধু যাঁরা এই পণ্যটি হাতে পেয়েছেন, তাঁরাই এর রিভিউ দিতে পারেন।",
    stars: (n: string) => `৫-এর মধ্যে ${n} তারা`,
    four: "৪ তারা",
    send: "পাঠান",
    saved: "ধন্যবাদ, সংরক্ষণ করা হয়েছে।",
    addPhotos: "ছবি যোগ করুন (সর্বোচ্চ ৩টি)",
    reply: "দোকানের উত্তর",
  },
} as const;

describe.each([
  { width: 375, height: 812, locale: "en" as const, name: "Nadia" },
  { width: 1280, height: 900, locale: "bn" as const, name: "Rafi" },
])("a shopper's review at $width px ($locale)", ({ width, height, locale, name }) => {
  it("is refused before delivery, then posted with stars and a photo; a second post replaces it", async () => {
    const text = TEXTS[locale];
    const shopper = await createUser({ firstName: name });
    const page = await session.tab(shopper.token);
    await page.setViewportSize({ width, height });

    await openProduct(page, locale);
    await page.getByTestId("review-refusal").filter({ hasText: text.refusal }).waitFor();
    expect(await page.locator("#review-text").count()).toBe(0);

    await deliverTo(shopper.user._id, name);
    await openProduct(page, locale);
    await page.getByRole("radio", { name: text.four, exact: true }).click();
    await page.locator("#review-text").fill(`Fits well, says ${name}`);
    const photo = await sharp({
      create: { width: 900, height: 1200, channels: 3, background: "#8e44ad" },
    })
      .jpeg()
      .toBuffer();
    await page.getByText(text.addPhotos).waitFor();
    await page
      .locator("#review-photos")
      .setInputFiles({ name: "kurti.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: text.send, exact: true }).click();
    await page.getByText(text.saved).waitFor();

    const mine = reviewNamed(page, name);
    await mine.getByRole("img", { name: text.stars(locale === "bn" ? "৪" : "4") }).waitFor();
    const thumbnail = mine.locator("img[loading=lazy]");
    expect(await thumbnail.getAttribute("src")).toMatch(/^\/uploads\/reviews\/.+-400\.webp$/);
    await screenshots(page, `review-posted-${locale}`);

    await thumbnail.click();
    const large = page.getByRole("dialog").locator("img");
    await large.waitFor();
    expect(await large.getAttribute("src")).toMatch(/-1200\.webp$/);
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(900);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // Writing again: the form holds the review and its photo; the list keeps one review, in its
    // place, changed at once.
    const photoSrc = await thumbnail.getAttribute("src");
    await openProduct(page, locale);
    expect(await page.locator("#review-text").inputValue()).toBe(`Fits well, says ${name}`);
    await page.locator("#review-photos ~ ul img").first().waitFor();
    await page.locator("#review-text").fill(`Still fits after washing, says ${name}`);
    // The list item shown before saving: the saved review (same _id, the list's key) must take
    // its place, not be added beside it.
    const shownBefore = await reviewNamed(page, name).elementHandle();
    await page.getByRole("button", { name: text.send, exact: true }).click();
    await page.getByText(text.saved).waitFor();
    await reviewNamed(page, name).filter({ hasText: "Still fits after washing" }).waitFor();
    expect(await reviewNamed(page, name).count()).toBe(1);
    expect(await shownBefore!.evaluate((item) => item.isConnected && item.textContent)).toContain(
      `Still fits after washing, says ${name}`,
    );
    // The photo shown in the form was kept.
    expect(await reviewNamed(page, name).locator("img[loading=lazy]").getAttribute("src")).toBe(
      photoSrc,
    );
  });
});

describe.each([
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
])("the owner's reviews screen at $width px", ({ width, height }) => {
  it("answers a review (shown under it in both languages) and hides it (gone from the page)", async () => {
    const author = `Mita${width}`;
    const shopper = await createUser({ firstName: author });
    await deliverTo(shopper.user._id, author);
    const posted = await fetch(`${session.shop.baseUrl}/api/reviews/create`, {
      method: "POST",
      headers: { Authorization: `Bearer ${shopper.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        productId: String(product._id),
        review: `Colour faded, says ${author}`,
        rating: 2,
      }),
    });
    expect(posted.status).toBe(201);

    const admin = await session.tab();
    await admin.setViewportSize({ width, height });
    const screen = session.screen(admin);
    await screen.open("/admin/reviews");
    const card = admin.getByTestId("admin-review").filter({ hasText: author });
    await card.getByRole("button", { name: "Reply", exact: true }).click();
    await card.getByLabel("Reply shown under the review").fill("Sorry! We will exchange it.");
    await card.getByRole("button", { name: "Save reply" }).click();
    await screen.toast("Reply saved").waitFor();
    await card.getByTestId("admin-reply").filter({ hasText: "We will exchange it" }).waitFor();
    await screenshots(admin, `admin-reviews-${width}`);

    const shopperTab = await session.tab("");
    await shopperTab.setViewportSize({ width, height });
    for (const locale of ["en", "bn"] as const) {
      await openProduct(shopperTab, locale);
      const reply = reviewNamed(shopperTab, author).getByTestId("review-reply");
      await reply.filter({ hasText: TEXTS[locale].reply }).waitFor();
      expect(await reply.textContent()).toContain("Sorry! We will exchange it.");
      await reviewNamed(shopperTab, author)
        .getByRole("img", { name: TEXTS[locale].stars(locale === "bn" ? "২" : "2") })
        .waitFor();
    }

    await card.getByRole("button", { name: "Hide" }).click();
    await screen.toast("Review hidden").waitFor();
    await card.getByRole("button", { name: "Show again" }).waitFor();
    await openProduct(shopperTab, "en");
    // The list has loaded (the other reviews show) without the hidden one.
    await shopperTab.locator('[aria-busy="false"]').getByTestId("review-list").waitFor();
    await expect.poll(() => reviewNamed(shopperTab, author).count()).toBe(0);
  });
});
