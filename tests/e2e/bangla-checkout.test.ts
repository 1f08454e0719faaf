/**
 * Issue 20's browser walk in Bangla at 375 px, buying part: a phone whose browser prefers Bangla
 * has a guest cart, and goes cart → guest checkout with cash on delivery (a wrong field first) →
 * order confirmation → guest tracking (by the confirmation's link, and by mobile number), and no
 * page shows English UI text (tests/e2e/bangla-detector.ts says what counts and how brand names and
 * codes are told apart). The order is placed in Bangla (`locale: "bn"`) and its SMS reaches the
 * gateway stub in Bangla as Unicode. With the shop asking for phone confirmation, the code step, the
 * API's refusal of a wrong code and the code's SMS are Bangla too. (The district and thana pickers
 * in Bangla: checkout-place-picker.test.ts.)
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { formatMoney } from "#contract/i18n/format";
import { changeShopSettings } from "../factories/shop-settings";
import { setEnv } from "../setup/env";
import { placedSmsLink } from "../setup/sms";
import { otpIn, smsEnv, startSmsGatewayStub, type SmsGatewayStub } from "../stubs/sms-gateway";
import { englishUiText } from "./bangla-detector";
import { banglaChecks, type BanglaChecks } from "./bangla-page";
import { allowBrowserProblems } from "./guard";
import { waitForHydration } from "./harness";
import { addToGuestCart } from "./pages/cart-page";
import { CheckoutPage } from "./pages/checkout-page";
import { startShoppingSession, type ShoppingSession } from "./shop-harness";

let shop: ShoppingSession;
let sms: SmsGatewayStub;
let restoreEnv: () => void;
/**
 * Latin-letter names the page may show that are not UI text: the shop's name, product brands,
 * the shop's contact lines and the payment gateways' names. Delivery cities are not among them:
 * a Bangla page names them in Bangla.
 */
let allowed: string[];
let expectBanglaPage: BanglaChecks["expectBanglaPage"];

beforeAll(async () => {
  sms = await startSmsGatewayStub();
  restoreEnv = setEnv(smsEnv(sms));
  shop = await startShoppingSession();
  ({ allowed, expectBanglaPage } = await banglaChecks(shop.publicUrl, ["SSLCommerz"]));
}, 120_000);

afterAll(async () => {
  await shop?.close();
  await sms?.close();
  restoreEnv?.();
});

/** Two units of a product with a Bangla title in this browser's guest cart; answers the product. */
async function fillGuestCart(page: Page) {
  const product = await addToGuestCart(page, 2, {
    startAt: "/bn",
    filter: { titleBn: { $exists: true, $ne: "" } },
  });
  expect(product.titleBn).toBeTruthy();
  return product;
}

/** The Bangla address form, as a shopper fills it in. */
async function fillAddress(page: Page, mobile: string) {
  await page.getByLabel("নামের প্রথম অংশ").fill("নুসরাত");
  await page.getByLabel("মোবাইল নম্বর").fill(mobile);
  await page.getByLabel("বাড়ি, রোড ও এলাকা").fill("বাড়ি ৩, রোড ৭, মিরপুর");
  // The district and thana typed in Bangla and chosen with Enter.
  const checkout = new CheckoutPage(page);
  expect(await checkout.choosePlace("district", "ঢাকা")).toBe("ঢাকা");
  expect(await checkout.choosePlace("thana", "মিরপুর")).toBe("মিরপুর");
}

describe("buying in Bangla on a phone (375 px)", () => {
  it("walks cart → guest COD checkout → confirmation → tracking in Bangla, and the order's SMS is Bangla", async () => {
    allowBrowserProblems(/^404 GET \/api\/orders\/guest\/track\//);
    const { context, page, errors } = await shop.newPage(375);
    await context.setExtraHTTPHeaders({ "Accept-Language": "bn-BD,bn;q=0.9,en;q=0.8" });
    const product = await fillGuestCart(page);

    // The cart: the product's Bangla title, Bangla money and counts.
    await page.goto("/cart");
    await page.waitForURL((url) => url.pathname === "/bn/cart");
    await waitForHydration(page);
    await page.getByTestId("cart-line").waitFor();
    expect(await page.getByTestId("cart-line").textContent()).toContain(product.titleBn);
    expect(await page.getByTestId("grand-total").textContent()).toMatch(/^৳[০-৯,]+$/);
    await expectBanglaPage(page, "cart");

    // The checkout as a guest; its link keeps the language.
    await page.getByTestId("go-to-checkout").click();
    await page.waitForURL((url) => url.pathname === "/bn/checkout");
    expect(new URL(page.url()).searchParams.get("guest")).toBe("true");
    await waitForHydration(page);
    // The district picker, labelled and searched in Bangla (checkout-place-picker.test.ts has more).
    await page.getByRole("combobox", { name: "জেলা", exact: true }).waitFor();
    await expectBanglaPage(page, "checkout");

    // A wrong mobile number: the API's own rule, its message in Bangla.
    await fillAddress(page, "12345");
    await page.getByTestId("terms-accepted").check();
    await page.getByTestId("place-order").click();
    await page.locator("#addr-mobile-error").waitFor();
    expect(await page.locator("#addr-mobile-error").textContent()).toBe(
      "বাংলাদেশি মোবাইল নম্বর 01 দিয়ে শুরু হয় (01XXXXXXXXX)",
    );
    expect(await englishUiText(page, [...allowed, "12345"])).toEqual([]);

    // Cash on delivery with a good number typed on a Bangla keyboard: the order is placed in Bangla
    // (and its SMS goes to 8801712345375 below).
    await page.getByLabel("মোবাইল নম্বর").fill("০১৭১২৩৪৫৩৭৫");
    await page.getByTestId("delivery-charge").filter({ hasText: /৳/ }).waitFor();
    expect(await page.getByTestId("place-order").textContent()).toMatch(/^অর্ডার করুন · ৳[০-৯,]+$/);
    await page.getByTestId("terms-accepted").check();
    await page.getByTestId("place-order").click();
    await page.waitForURL((url) => url.pathname === "/bn/order-confirmation");
    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    await page.getByTestId("order-number").waitFor();
    await expectBanglaPage(page, "order-confirmation");
    // The thana as stored, its English name marked not to translate; the district in Bangla.
    expect(await page.getByText("বাড়ি ৩, রোড ৭, মিরপুর, Mirpur, ঢাকা").count()).toBe(1);
    expect(await page.locator('[translate="no"]', { hasText: /^Mirpur$/ }).count()).toBe(1);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("অর্ডারের জন্য ধন্যবাদ!");
    expect(await page.getByTestId("order-status").textContent()).toContain("অর্ডার হয়েছে");

    const order = await Order.findById(orderId).lean();
    expect(order).toMatchObject({ locale: "bn", paymentMethod: "COD" });
    await expect
      .poll(() => sms.messages.filter((message) => message.number === "8801712345375").length)
      .toBe(1);
    const placedSms = sms.messages.find((message) => message.number === "8801712345375")!;
    expect(placedSms.type).toBe("unicode");
    expect(placedSms.message).toBe(
      `Tweest: নুসরাত, আপনার অর্ডার ${order!.orderNumber} গ্রহণ করা হয়েছে। মোট ${formatMoney(order!.totalDiscountedPrice, "bn")} (ক্যাশ অন ডেলিভারি)। ধন্যবাদ!${placedSmsLink("bn")}`,
    );

    // The confirmation's tracking link: the tracking page, in Bangla.
    await page.getByTestId("guest-tracking-link").click();
    await page.waitForURL((url) => url.pathname === `/bn/order/guest/track/${orderId}`);
    await page.getByTestId("tracked-order").waitFor();
    expect(await page.getByTestId("tracked-order").textContent()).toContain(product.titleBn);
    await expectBanglaPage(page, "tracking");

    // Tracking by mobile number: a wrong number is refused in Bangla, the right one finds it.
    await page.goto(`/bn/order/guest/track/${orderId}`);
    await waitForHydration(page);
    await page.getByLabel("চেকআউটে দেওয়া মোবাইল নম্বর").fill("01812345000");
    await page.getByRole("button", { name: "অর্ডার ট্র্যাক করুন" }).click();
    await page.getByTestId("track-error").waitFor();
    expect(await page.getByTestId("track-error").textContent()).toBe(
      "এই অর্ডার নম্বর ও মোবাইল নম্বরে কোনো অর্ডার পাওয়া যায়নি। দুটোই দেখে আবার চেষ্টা করুন।",
    );
    await expectBanglaPage(page, "tracking-not-found", ["01812345000"]);
    await page.getByLabel("চেকআউটে দেওয়া মোবাইল নম্বর").fill("01712345375");
    await page.getByRole("button", { name: "অর্ডার ট্র্যাক করুন" }).click();
    await page.getByTestId("tracked-order").waitFor();
    await expectBanglaPage(page, "tracking-by-phone", ["01712345375"]);
    expect(errors).toEqual([]);
  });

  it("refuses a cart past the order caps in Bangla, at checkout and on the product page, pointing to the bulk order page", async () => {
    allowBrowserProblems("422 POST /api/orders", "422 PUT /api/cart/add");
    const { context, page, errors } = await shop.newPage(375);
    await context.setExtraHTTPHeaders({ "Accept-Language": "bn" });
    const product = await fillGuestCart(page);
    // The caps lowered after the cart was filled: 2 pieces where 1 is allowed now.
    await changeShopSettings((settings) => {
      settings.orderCaps.maxUnits = 1;
    });
    try {
      const unitsRefusal =
        "একটি অর্ডারে মোট সর্বোচ্চ ১টি পিস রাখা যায়। কার্ট থেকে কিছু সরিয়ে দিন, অথবা বেশি পরিমাণে কিনতে আমাদের বাল্ক টি-শার্ট অর্ডার পেজ ব্যবহার করুন।";
      await page.goto("/bn/checkout?guest=true");
      await waitForHydration(page);
      await fillAddress(page, "01711000377");
      await page.getByTestId("terms-accepted").check();
      await page.getByTestId("place-order").click();
      const refusal = page.getByTestId("place-order-error");
      await refusal.getByTestId("order-cap-hint").waitFor();
      expect(await refusal.textContent()).toBe(`${unitsRefusal}কার্ট বদলানবাল্ক টি-শার্ট অর্ডার`);
      expect(
        await refusal.getByRole("link", { name: "বাল্ক টি-শার্ট অর্ডার" }).getAttribute("href"),
      ).toBe("/bn/bulk-order");
      expect(await refusal.getByRole("link", { name: "কার্ট বদলান" }).getAttribute("href")).toBe(
        "/bn/cart",
      );
      await expectBanglaPage(page, "checkout-order-caps");
      expect(await Order.countDocuments({ "shippingAddress.mobile": "01711000377" })).toBe(0);

      // Adding more on the product page: the same refusal under the button, with the same way out.
      await page.goto(`/bn/product/${product.slug}`);
      await waitForHydration(page);
      await page
        .getByRole("radiogroup", { name: "সাইজ" })
        .locator("button:not([disabled])")
        .first()
        .click();
      await page.getByTestId("add-to-cart").click();
      // The cart was filled through the API, so the page asks once how to go on.
      await page.getByTestId("continue-as-guest").click();
      const alert = page.getByRole("alert").filter({ hasText: "বাল্ক টি-শার্ট" });
      await alert.getByTestId("order-cap-hint").waitFor();
      expect(await alert.textContent()).toBe(`${unitsRefusal}বাল্ক টি-শার্ট অর্ডার`);
      await expectBanglaPage(page, "product-order-caps");
      expect(errors).toEqual([]);
    } finally {
      await changeShopSettings((settings) => {
        settings.orderCaps.maxUnits = 50;
      });
    }
  });

  it("asks for the phone's code in Bangla, sends the code's SMS in Bangla and refuses a wrong code in Bangla", async () => {
    allowBrowserProblems("428 POST /api/orders", "400 POST /api/orders");
    await changeShopSettings((settings) => {
      settings.cod.phoneConfirmation = "always";
    });
    try {
      const phone = "01611000376";
      const { context, page, errors } = await shop.newPage(375);
      await context.setExtraHTTPHeaders({ "Accept-Language": "bn" });
      await fillGuestCart(page);
      await page.goto("/bn/checkout?guest=true");
      await waitForHydration(page);
      await fillAddress(page, phone);
      await page.getByTestId("terms-accepted").check();
      await page.getByTestId("place-order").click();

      const step = page.getByTestId("phone-confirmation");
      await step.waitFor();
      await expectBanglaPage(page, "checkout-phone-confirmation");
      await step.getByRole("button", { name: "কোড পাঠান" }).click();
      await step.getByText(`${phone} নম্বরে একটি কোড পাঠানো হয়েছে`).waitFor();
      const codeSms = sms.lastTo(phone)!;
      expect(codeSms.type).toBe("unicode");
      const code = otpIn(codeSms.message);
      expect(codeSms.message).toBe(`Tweest যাচাই কোড ${code}। ৫ মিনিটের মধ্যে ব্যবহার করুন।`);
      expect(await step.getByTestId("send-code").textContent()).toMatch(
        /^[০-৯]+ সেকেন্ড পরে নতুন কোড পাঠান$/,
      );

      await step.getByLabel("এসএমএসে পাওয়া কোড").fill(code === "000000" ? "111111" : "000000");
      await step.getByRole("button", { name: "নিশ্চিত করে অর্ডার করুন" }).click();
      await step.locator("#phone-code-error").waitFor();
      expect(await step.locator("#phone-code-error").textContent()).toBe(
        "যাচাই কোডটি সঠিক নয়। আর ৪ বার চেষ্টা করতে পারবেন।",
      );
      expect(await englishUiText(page, [...allowed, phone])).toEqual([]);

      await step.getByLabel("এসএমএসে পাওয়া কোড").fill(code);
      await step.getByRole("button", { name: "নিশ্চিত করে অর্ডার করুন" }).click();
      await page.waitForURL((url) => url.pathname === "/bn/order-confirmation");
      const orderId = new URL(page.url()).searchParams.get("orderId")!;
      expect(await Order.findById(orderId).lean()).toMatchObject({
        locale: "bn",
        phoneConfirmed: true,
      });
      expect(errors).toEqual([]);
    } finally {
      await changeShopSettings((settings) => {
        settings.cod.phoneConfirmation = "never";
      });
    }
  });

  it("speaks Bangla on sign-in, registration, the bulk order form, the account redirect, a failed payment and a failed order load", async () => {
    allowBrowserProblems("401 POST /auth/signin", /^404 GET \/api\/orders\/0{24}$/);
    const { context, page } = await shop.newPage(375);
    await context.setExtraHTTPHeaders({ "Accept-Language": "bn" });

    // The account without a session: the Bangla sign-in screen.
    await page.goto("/bn/account");
    await page.waitForURL((url) => url.pathname === "/bn/login");
    await waitForHydration(page);
    await expectBanglaPage(page, "login");
    await page.getByLabel("ইমেইল").fill("nobody@example.com");
    await page.getByLabel("পাসওয়ার্ড").fill("wrong-password");
    await page.getByRole("button", { name: "সাইন ইন" }).click();
    await page.getByTestId("form-error").waitFor();
    expect(await page.getByTestId("form-error").textContent()).toBe("ইমেইল বা পাসওয়ার্ড সঠিক নয়");
    expect(await englishUiText(page, [...allowed, "nobody@example.com"])).toEqual([]);

    // Registration: the API's own field rules, in Bangla.
    await page.getByRole("link", { name: "অ্যাকাউন্ট খুলুন" }).click();
    await page.waitForURL((url) => url.pathname === "/bn/register");
    await waitForHydration(page);
    await page.getByLabel("পাসওয়ার্ড", { exact: true }).fill("short");
    await page.getByRole("button", { name: "অ্যাকাউন্ট খুলুন" }).click();
    await page.getByText("নামের প্রথম অংশ দিন").waitFor();
    await page.getByText("পাসওয়ার্ডে অন্তত ৮টি অক্ষর থাকতে হবে").waitFor();
    await expectBanglaPage(page, "register-errors");

    // The bulk order form, sent empty.
    await page.goto("/bn/bulk-order");
    await waitForHydration(page);
    await page.getByRole("button", { name: "দাম জানতে চান" }).click();
    await page.getByText("নাম দিন").waitFor();
    await expectBanglaPage(page, "bulk-order-errors");

    // A failed payment's result page: its outcome from the Bangla URL, the reason in Bangla.
    await page.goto("/bn/payment-failed?reason=failure");
    await waitForHydration(page);
    expect(await page.getByTestId("payment-result").getAttribute("data-outcome")).toBe("failed");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("পেমেন্ট সম্পন্ন হয়নি");
    await page.getByText("কারণ: ব্যর্থ").waitFor();
    await expectBanglaPage(page, "payment-failed");
    // A reason the shop writes: in Bangla. A gateway's own words (here SSLCommerz's): explained in
    // Bangla, the words quoted as the gateway wrote them (marked English).
    await page.goto("/bn/payment-failed?reason=amount+differs+from+the+order+total");
    await waitForHydration(page);
    expect(await page.getByTestId("payment-failure-reason").textContent()).toBe(
      "কারণ: পেমেন্টের পরিমাণ অর্ডারের মোটের সাথে মেলেনি",
    );
    await page.goto("/bn/payment-failed?reason=Invalid+expiration+date");
    await waitForHydration(page);
    const reason = page.getByTestId("payment-failure-reason");
    expect(await reason.textContent()).toBe(
      "কারণ: পেমেন্ট গেটওয়ে পেমেন্টটি গ্রহণ করেনি। গেটওয়ের বার্তা: Invalid expiration date",
    );
    expect(await reason.locator('q[lang="en"]').textContent()).toBe("Invalid expiration date");
    await expectBanglaPage(page, "payment-failed-gateway-words");

    // An order that cannot be loaded: the message and "try again" in Bangla.
    await page.goto(`/bn/order-confirmation?orderId=${"0".repeat(24)}`);
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toMatch(
      /^অর্ডারটি পাওয়া যায়নি\s*আবার চেষ্টা করুন$/,
    );
    await expectBanglaPage(page, "order-confirmation-error");

    // Signed in (the demo customer): the account with its profile, phone and orders in Bangla.
    await page.goto("/bn/login?redirect=/bn/account");
    await waitForHydration(page);
    await page.getByLabel("ইমেইল").fill("customer@tweest.local");
    await page.getByLabel("পাসওয়ার্ড").fill("customer123");
    await page.getByRole("button", { name: "সাইন ইন" }).click();
    await page.waitForURL((url) => url.pathname === "/bn/account");
    await page.getByRole("heading", { name: "আমার অ্যাকাউন্ট" }).waitFor();
    await page.getByRole("heading", { name: "আমার অর্ডার" }).waitFor();
    await expectBanglaPage(page, "account", ["Rahim", "Uddin"]);
  });
});
