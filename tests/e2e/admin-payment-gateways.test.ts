/**
 * The back office's Payment gateways screen in a real browser at 375 and 1280 px (docs/payments.md,
 * "A gateway's settings"): reached from the navigation, a form per gateway built from its
 * declarations (mode as a choice, secrets only as set / not set), nothing wider than a phone, and
 * the switch saved.
 *
 * The shop serves a private copy of the build (tests/e2e/admin-shop.ts).
 */
import { afterEach, describe, expect, it } from "vitest";
import { PaymentGatewaySettingsModel } from "../../models/payment-gateway-settings.model";
import { invalidateProviderSettings } from "../../server/lib/provider-settings";
import { useAdminSession } from "./admin-shop";

const session = useAdminSession();

afterEach(async () => {
  // Back to the environment's settings for the next width.
  await PaymentGatewaySettingsModel.deleteMany({});
  invalidateProviderSettings();
});

describe.each([
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
])("the Payment gateways screen at $width px", ({ width, height }) => {
  it("lists each gateway's form and saves its switch", { timeout: 60_000 }, async () => {
    const page = await session.tab();
    await page.setViewportSize({ width, height });
    await session.screen(page).visit("/admin");
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Payment gateways" })
      .click();
    await page.getByRole("heading", { name: "Payment gateways", level: 1 }).waitFor();

    const form = page.getByRole("form", { name: "bKash settings" });
    await form.waitFor();
    await page.getByRole("form", { name: "SSLCommerz settings" }).waitFor();
    expect(await form.getByLabel("Mode").inputValue()).toMatch(/^(sandbox|live)$/);
    // A secret's input is empty whatever is stored: typing replaces it.
    expect(await form.getByLabel("App secret").inputValue()).toBe("");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByTestId("gateway-BKASH-enabled").uncheck();
    await page.getByTestId("gateway-BKASH-save").click();
    await expect
      .poll(async () => (await PaymentGatewaySettingsModel.findById("BKASH").lean())?.enabled)
      .toBe(false);
    // The screen loads again after the save: the state follows.
    await page
      .getByTestId("gateway-BKASH-state")
      .getByText("Switched off", { exact: true })
      .waitFor();
  });
});
