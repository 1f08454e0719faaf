/**
 * The checkout's call notice and its silent save, in a real browser at 375 px, in English and in
 * Bangla: the one-line notice under the mobile field, and once a valid mobile is typed the checkout
 * is saved for the shop's call list (docs/call-list.md), in the page's language.
 */
import { describe, expect, it } from "vitest";
import { IncompleteCheckout } from "../../models/incomplete-checkout.model";
import { waitForHydration } from "./harness";
import { addToGuestCart } from "./pages/cart-page";
import { screenshot, useShoppingSession } from "./shop-harness";

const shop = useShoppingSession();

async function savedFor(phone: string) {
  for (let tries = 0; tries < 40; tries += 1) {
    const saved = await IncompleteCheckout.findOne({ phone }).lean();
    if (saved) return saved;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no saved checkout for ${phone}`);
}

describe.each([
  {
    locale: "en",
    prefix: "",
    phone: "01911000101",
    mobileLabel: "Mobile number",
    nameLabel: "First name",
    name: "Nusrat",
    notice: "We may call this number about your order.",
  },
  {
    locale: "bn",
    prefix: "/bn",
    phone: "01911000102",
    mobileLabel: "মোবাইল নম্বর",
    nameLabel: "নামের প্রথম অংশ",
    name: "নুসরাত",
    notice: "আপনার অর্ডার নিয়ে আমরা এই নম্বরে ফোন করতে পারি।",
  },
])("the checkout's call notice in $locale at 375 px", (language) => {
  it("shows the notice under the mobile and saves the checkout once the mobile is valid", async () => {
    const { page, errors } = await shop.newPage(375);
    // From the cart page (a light page to start a cold browser on).
    await addToGuestCart(page, 2, { startAt: `${language.prefix}/cart` });
    // The checkout as a guest, as the cart's button leads there.
    await page.goto(`${language.prefix}/checkout?guest=true`, { waitUntil: "domcontentloaded" });
    await waitForHydration(page);
    await page.locator("#addr-mobile").waitFor();
    const notice = page.locator("#addr-mobile-call-notice");
    expect(await notice.textContent()).toBe(language.notice);
    // Under the field, inside the page's width.
    const field = (await page.locator("#addr-mobile").boundingBox())!;
    const box = (await notice.boundingBox())!;
    expect(box.y).toBeGreaterThan(field.y + field.height - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(375);

    // Half a number saves nothing; the whole one (typed in Bangla digits in Bangla) does.
    await page.getByLabel(language.mobileLabel).fill(language.phone.slice(0, 6));
    await page.getByLabel(language.nameLabel).fill(language.name);
    await page.waitForTimeout(1800);
    expect(await IncompleteCheckout.countDocuments({ phone: language.phone })).toBe(0);
    const typed =
      language.locale === "bn"
        ? language.phone.replace(/\d/g, (digit) => "০১২৩৪৫৬৭৮৯"[Number(digit)])
        : language.phone;
    await page.getByLabel(language.mobileLabel).fill(typed);
    const saved = await savedFor(language.phone);
    expect(saved).toMatchObject({ firstName: language.name, locale: language.locale });
    await screenshot(page, `checkout-call-notice-${language.locale}`);
    expect(errors).toEqual([]);
  });
});
