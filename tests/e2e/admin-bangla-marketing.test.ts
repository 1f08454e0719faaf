/**
 * The back office's marketing, customer and owner screens in Bangla (docs/i18n.md, "The back office
 * in Bangla"), in a real browser: an owner whose back office is Bangla opens the popup images,
 * promo codes, reviews, customers, shop pages, audit and staff figures screens and the printed
 * documents, each with its editor or dialog, at 1280 px and 375 px. The detector
 * (tests/e2e/bangla-detector.ts) finds no English UI text; one real action a screen works and
 * answers in Bangla; money reads ৳ with Bangla digits and lakh grouping.
 *
 * Left to the detector as names and codes: what the shop or a person wrote in Latin letters (the
 * staff's names, the popups' and shop pages' titles, the pages' addresses), read from the
 * database like the storefront walk's brands; and the image formats JPEG, PNG, WebP and GIF.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { Page as ShopPage } from "../../models/page.model";
import { PopupImage } from "../../models/popup-image.model";
import { Product } from "../../models/product.model";
import { PromoCode } from "../../models/promo-code.model";
import { Review } from "../../models/review.model";
import { User } from "../../models/user.model";
import { createOrder } from "../factories/order";
import { createPopupImage } from "../factories/popup-image";
import { createPromo } from "../factories/promo-code";
import { createReview } from "../factories/review";
import { createAdmin, createUser } from "../factories/user";
import { useAdminSession } from "./admin-shop";
import { englishUiText } from "./bangla-detector";

const session = useAdminSession();

/** The whole walk, screen after screen in one tab: 30 to 60 s here while other helpers test. */
const WALK_MS = 240_000;

const PHONE = { width: 375, height: 812 };
const DESK = { width: 1280, height: 900 };

/**
 * What may stay in Latin letters: the shop's name in every document title ("… — Tweest admin"),
 * the image formats, and what people wrote, read from the database: people's names (the staff's,
 * and the shoppers' in reviews and the customer list), the popup images' and the shop pages' titles
 * (in the buttons' names, "Edit {title}"), the pages' addresses, the promo codes (in the buttons'
 * names too). A test's random suffix may be hex letters alone ("EIDBBCCEE"), which the detector
 * cannot tell from a word by itself: hence names and codes from the database, not patterns.
 * The audit's codes and values and the popups' titles and links in their rows need no entry: the
 * screens mark them as shown as written (`translate="no"`).
 */
async function namesAndCodes(): Promise<string[]> {
  const people = await User.find().lean();
  const popups = await PopupImage.find().lean();
  const pages = await ShopPage.find().lean();
  const promos = await PromoCode.find().lean();
  return [
    "Tweest admin",
    "Tweest",
    "JPEG",
    "PNG",
    "WebP",
    "GIF",
    ...people.flatMap((person) => [`${person.firstName} ${person.lastName}`, person.firstName]),
    ...popups.map((popup) => popup.title),
    ...pages.flatMap((page) => [page.title.en, `/pages/${page.slug}`]),
    ...promos.map((promo) => promo.code),
  ].filter((text): text is string => Boolean(text));
}

/**
 * The back office's own parts (its shell, a dialog, a printed document), read whatever language the
 * page declares: a Bangla walk must not pass because the page says it is English.
 */
const BACK_OFFICE = ".admin-shell, [role=dialog], .print-page";

async function noEnglish(page: Page, where: string) {
  expect(await englishUiText(page, await namesAndCodes(), BACK_OFFICE), where).toEqual([]);
}

describe("the back office's marketing screens in Bangla", () => {
  it(
    "an owner works popups, promo codes, reviews, customers, pages, audit, staff figures and prints, at 1280 and 375 px",
    { timeout: WALK_MS },
    async () => {
      const suffix = randomUUID().slice(0, 6).toUpperCase();
      const { token } = await createAdmin({
        adminLocale: "bn",
        firstName: "Nadia",
        lastName: `Owner${suffix}`,
        email: `owner-${suffix.toLowerCase()}@tweest.local`,
      });
      // The seeded popup's file, so the list's thumbnail loads.
      const seeded = (await PopupImage.findOne().lean())!;
      const popup = await createPopupImage({ title: `Eid ${suffix}`, imagePath: seeded.imagePath });
      const promo = await createPromo({
        code: `EID${suffix}`,
        type: "FIXED",
        value: 500,
        minOrderAmount: 125000,
      });
      const { user: shopper } = await createUser({
        firstName: "Ayesha",
        lastName: `Rahman${suffix}`,
        email: `ayesha-${suffix.toLowerCase()}@tweest.local`,
      });
      const product = (await Product.findOne().lean())!;
      const review = await createReview({ user: shopper._id, product: product._id });
      const order = await createOrder({
        orderNumber: `TW-BN-${suffix}`,
        orderStatus: "CONFIRMED",
        totalDiscountedPrice: 125000,
        lines: [{ unitPrice: 125000, color: "Black", size: "L" }],
      });

      const page = await session.tab(token);
      const screen = session.screen(page);
      const main = page.locator("main");
      /** An admin screen in Bangla: its navigation named in Bangla, the list loaded. */
      const open = async (pathname: string, heading: string) => {
        await page.setViewportSize(DESK);
        await screen.visit(pathname);
        await page.getByRole("navigation", { name: "অ্যাডমিন", exact: true }).waitFor();
        await page.getByTestId("admin-skeleton").first().waitFor({ state: "detached" });
        await page.getByRole("heading", { name: heading, exact: true }).waitFor();
        await noEnglish(page, `${pathname} at 1280 px`);
      };
      /** The same screen (or dialog) on a phone: still Bangla, nothing of `scope` cut off. */
      const onPhone = async (where: string, scope: typeof main | null = main) => {
        await page.setViewportSize(PHONE);
        await noEnglish(page, `${where} at 375 px`);
        if (scope) expect(await screen.offScreen(scope), where).toEqual([]);
      };

      // Popup images: the list, the editor, a save answered in Bangla.
      await open("/admin/popup-images", "পপআপ ছবি");
      const popupRow = page.getByTestId("popup-image-row").filter({ hasText: popup.title });
      await popupRow.getByRole("button", { name: `${popup.title} এডিট করুন` }).click();
      const popupEditor = page.getByRole("dialog");
      await popupEditor.getByRole("heading", { name: "পপআপ ছবি এডিট করুন" }).waitFor();
      await noEnglish(page, "popup editor at 1280 px");
      await onPhone("popup editor", popupEditor);
      await popupEditor.getByLabel("শিরোনাম (বাংলা)").fill("ঈদের অফার");
      await popupEditor.getByRole("button", { name: "সেভ করুন", exact: true }).click();
      await screen.toast("পপআপ ছবি সংরক্ষণ হয়েছে").waitFor();
      await popupEditor.waitFor({ state: "detached" });
      expect((await PopupImage.findById(popup._id).lean())?.titleBn).toBe("ঈদের অফার");
      // The rows shorten a long title or link with an ellipsis on purpose.
      await onPhone("popup images", page.getByRole("heading", { name: "পপআপ ছবি", exact: true }));

      // Promo codes: taka in Bangla digits with lakh grouping, the editor, a deactivation.
      await open(`/admin/promo-codes?search=${promo.code}`, "প্রোমো কোড");
      const promoRow = page.getByTestId("promo-row").filter({ hasText: promo.code });
      const promoText = await promoRow.textContent();
      expect(promoText).toContain("৳৫০০");
      expect(promoText).toContain("৳১,২৫,০০০");
      expect(promoText).toContain("সবসময়");
      await promoRow.getByRole("button", { name: `${promo.code} এডিট করুন` }).click();
      const promoEditor = page.getByRole("dialog");
      await promoEditor.getByLabel("সর্বনিম্ন অর্ডার (৳)").waitFor();
      await noEnglish(page, "promo editor at 1280 px");
      await onPhone("promo editor", promoEditor);
      await page.keyboard.press("Escape");
      await promoEditor.waitFor({ state: "detached" });
      await promoRow.getByRole("button", { name: `${promo.code} বন্ধ করুন` }).click();
      await screen.toast(`${promo.code} বন্ধ করা হয়েছে`).waitFor();
      expect((await PromoCode.findById(promo._id).lean())?.isActive).toBe(false);
      await onPhone("promo codes");

      // Reviews: who may review, the card, a hide.
      await open("/admin/reviews", "রিভিউ");
      const card = page.getByTestId("admin-review").filter({ hasText: shopper.email });
      await card.getByRole("button", { name: "উত্তর দিন" }).click();
      await card.getByLabel("রিভিউয়ের নিচে দেখানো উত্তর").waitFor();
      await noEnglish(page, "reviews with the reply form at 1280 px");
      await onPhone("reviews with the reply form");
      await card.getByRole("button", { name: "বাতিল" }).click();
      await card.getByRole("button", { name: "লুকান" }).click();
      await screen.toast("রিভিউ লুকানো হয়েছে").waitFor();
      await expect.poll(async () => (await Review.findById(review._id).lean())?.hidden).toBe(true);

      // Customers: the list, the editor, a save.
      await open(`/admin/customers?search=${shopper.email}`, "গ্রাহক");
      const customerRow = page.getByTestId("customer-row").filter({ hasText: shopper.email });
      await customerRow.getByRole("button", { name: `${shopper.email} এডিট করুন` }).click();
      const customerEditor = page.getByRole("dialog");
      await customerEditor.getByRole("heading", { name: "গ্রাহক এডিট করুন" }).waitFor();
      await noEnglish(page, "customer editor at 1280 px");
      await onPhone("customer editor", customerEditor);
      await customerEditor.getByLabel("নামের প্রথম অংশ").fill("Ayesha Siddiqua");
      await customerEditor.getByRole("button", { name: "সেভ করুন", exact: true }).click();
      await screen.toast("গ্রাহক সংরক্ষণ হয়েছে").waitFor();
      expect((await User.findById(shopper._id).lean())?.firstName).toBe("Ayesha Siddiqua");
      await onPhone("customers");

      // Shop pages: the list, the editor, a save that makes a new version.
      await open("/admin/pages", "শপের পেজ");
      const terms = (await ShopPage.findOne({ slug: "terms" }).lean())!;
      const termsRow = page.getByTestId("page-row").filter({ hasText: "/pages/terms" });
      await termsRow.getByRole("button", { name: `${terms.title.en} এডিট করুন` }).click();
      const pageEditor = page.getByRole("dialog");
      await pageEditor.getByText("মার্কডাউনে লিখুন", { exact: false }).waitFor();
      await noEnglish(page, "page editor at 1280 px");
      await onPhone("page editor", pageEditor);
      await pageEditor.locator("#page-description-bn").fill("কেনাকাটার শর্তাবলি");
      await pageEditor.getByRole("button", { name: "সেভ করুন", exact: true }).click();
      await screen.toast("পেজ সংরক্ষণ হয়েছে").waitFor();
      expect((await ShopPage.findOne({ slug: "terms" }).lean())?.description.bn).toBe(
        "কেনাকাটার শর্তাবলি",
      );
      await onPhone("shop pages");

      // Audit: the promo code's deactivation, found by the Bangla filter.
      await open("/admin/audit", "অডিট");
      await main.getByRole("combobox").selectOption({ label: "প্রোমো কোড" });
      await expect.poll(() => page.url()).toContain("entity=promo-code");
      await main.getByText(promo.code).first().waitFor();
      await noEnglish(page, "audit filtered at 1280 px");
      await onPhone("audit");

      // Staff figures: an order desk agent confirmed one order this month; counts in Bangla digits.
      const agent = await createAdmin({
        staffRole: "orderDesk",
        firstName: "Rafiq",
        lastName: `Desk${suffix}`,
        email: `desk-${suffix.toLowerCase()}@tweest.local`,
      });
      const placed = await createOrder({ orderNumber: `TW-FG-${suffix}`, orderStatus: "PLACED" });
      const confirmed = await fetch(
        `${session.shop.baseUrl}/api/admin/orders/${placed._id}/confirmed`,
        {
          method: "PUT",
          headers: { Authorization: `Bearer ${agent.token}`, "Content-Type": "application/json" },
          body: "{}",
        },
      );
      expect(confirmed.status).toBe(200);
      await open("/admin/staff-figures", "কর্মীদের হিসাব");
      const agentCard = page.getByRole("listitem", { name: `Rafiq Desk${suffix}` });
      expect(await agentCard.getByTestId("confirmed").textContent()).toBe("১");
      expect(await agentCard.textContent()).toContain("এখনো চলমান১");
      expect(await agentCard.textContent()).toContain("অর্ডার ডেস্ক");
      await onPhone("staff figures");

      // The printed invoice and label: the document's words in Bangla, money in Bangla digits.
      for (const doc of ["invoice", "label"]) {
        await page.setViewportSize(DESK);
        await screen.visit(`/admin/print?doc=${doc}&orders=${order._id}`);
        const sheet = page.locator("article.doc-sheet");
        await sheet.waitFor();
        expect(await sheet.getByTestId("doc-collect-amount").textContent()).toBe("৳১,২৫,০০০");
        expect(await sheet.textContent()).toContain("আদায় করতে হবে");
        await noEnglish(page, `${doc} at 1280 px`);
        await page.setViewportSize(PHONE);
        await noEnglish(page, `${doc} at 375 px`);
      }
      const invoice = page.locator("article.doc-sheet");
      await screen.visit(`/admin/print?doc=invoice&orders=${order._id}`);
      expect(await invoice.getByTestId("doc-totals").textContent()).toContain("মোট৳১,২৫,০০০");
      expect((await Order.findById(order._id).lean())?.orderStatus).toBe("CONFIRMED");
      expect(session.consoleErrors).toEqual([]);
    },
  );
});
