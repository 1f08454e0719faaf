/**
 * Phone confirmation for cash on delivery in a real browser, at 375 px and 1280 px: with the shop
 * rule "always", a guest's "Place order" shows the code step inline (same page, cart kept), "Send
 * code" sends the SMS through the gateway stub and then counts down, a wrong code is refused in
 * place, and the right one places the order, marked as phone-confirmed. A blocked number gets the
 * polite refusal under the button, with the cart kept.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { PhoneBlockModel } from "../../models/phone-block.model";
import { PHONE_BLOCKED_MESSAGE } from "#contract/schemas/phone-history";
import { changeShopSettings } from "../factories/shop-settings";
import { setEnv } from "../setup/env";
import { smsEnv, startSmsGatewayStub, type SmsGatewayStub } from "../stubs/sms-gateway";
import { allowBrowserProblems } from "./guard";
import { screenshots, waitForHydration } from "./harness";
import { CheckoutPage, ConfirmationPage } from "./pages/checkout-page";
import { addToGuestCart } from "./pages/cart-page";
import { startShoppingSession, type ShoppingSession } from "./shop-harness";

let shop: ShoppingSession;
let sms: SmsGatewayStub;
let restoreEnv: () => void;

beforeAll(async () => {
  sms = await startSmsGatewayStub();
  restoreEnv = setEnv(smsEnv(sms));
  shop = await startShoppingSession();
  await changeShopSettings((settings) => {
    settings.cod.phoneConfirmation = "always";
  });
}, 120_000);

afterAll(async () => {
  await shop?.close();
  await sms?.close();
  restoreEnv?.();
});

/** A guest cart of one line, the checkout filled in for `phone` (COD), and "Place order" pressed. */
async function placeGuestOrder(page: Page, phone: string): Promise<CheckoutPage> {
  await addToGuestCart(page);
  await page.goto("/checkout?guest=true");
  await waitForHydration(page);
  const checkout = new CheckoutPage(page);
  await checkout.fillAddress({
    firstName: "Sadia",
    mobile: phone,
    streetAddress: "House 3, Road 7, Mirpur",
    district: "Dhaka",
    thana: "Dhanmondi",
  });
  await checkout.placeOrder();
  return checkout;
}

describe.each([
  { width: 375, phone: "01611000375" },
  { width: 1280, phone: "01611001280" },
])("COD phone confirmation at $width px", ({ width, phone }) => {
  it("asks for the code inline, refuses a wrong one and places the order with the right one", async () => {
    allowBrowserProblems("428 POST /api/orders", "400 POST /api/orders");
    const { page } = await shop.newPage(width);
    await placeGuestOrder(page, phone);

    const step = page.getByTestId("phone-confirmation");
    await step.waitFor();
    expect(new URL(page.url()).pathname).toBe("/checkout");
    expect(await step.textContent()).toContain(phone);
    expect(await Order.countDocuments({ deliveryPhone: phone })).toBe(0);

    await step.getByRole("button", { name: "Send code" }).click();
    await expect.poll(() => sms.lastTo(phone)).toBeDefined();
    const code = sms.codeSentTo(phone);
    await step.getByText(`We sent a code to ${phone}`).waitFor();
    expect(await step.getByTestId("send-code").textContent()).toMatch(/Send a new code in \d+ s/);
    expect(await step.getByTestId("send-code").isDisabled()).toBe(true);

    await step.getByLabel("Code from the SMS").fill(code === "000000" ? "111111" : "000000");
    await step.getByRole("button", { name: "Confirm and place order" }).click();
    await step.locator("#phone-code-error").waitFor();
    expect(await step.locator("#phone-code-error").textContent()).toBe(
      "Incorrect verification code. 4 attempts left.",
    );
    // Still the same page with the cart.
    expect(new URL(page.url()).pathname).toBe("/checkout");
    await screenshots(page, "checkout-phone-confirmation");

    await step.getByLabel("Code from the SMS").fill(code);
    await step.getByRole("button", { name: "Confirm and place order" }).click();
    const orderId = await new ConfirmationPage(page).orderId();
    expect(await Order.findById(orderId).lean()).toMatchObject({
      deliveryPhone: phone,
      phoneConfirmed: true,
      phoneConfirmedAt: expect.any(Date),
    });
  });
});

describe("a blocked number at the checkout (375 px)", () => {
  it("shows the refusal and keeps the cart", async () => {
    allowBrowserProblems("403 POST /api/orders");
    const phone = "01611000403";
    await PhoneBlockModel.create({ phone, reason: "Fake orders", blockedAt: new Date() });
    const { page } = await shop.newPage(375);
    const checkout = await placeGuestOrder(page, phone);
    const refusal = page.getByTestId("place-order-error");
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(PHONE_BLOCKED_MESSAGE);
    expect(await page.getByTestId("phone-confirmation").count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/checkout");
    expect(await checkout.cartBadge()).toBe("1");
    expect(await Order.countDocuments({ deliveryPhone: phone })).toBe(0);
  });
});
