/**
 * The shop settings screen in a real browser, at 375 px and 1280 px: reached from the admin nav, a
 * bad value named on its field and nothing saved, a save shown in the change log and in the
 * storefront's footer, and a save over someone else's newer one refused with a way to reload.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { STALE_SETTINGS_MESSAGE } from "../../server/services/shop-settings.service";
import { formatBDT } from "#contract/money";
import { useAdminSession } from "./admin-shop";
import { allowBrowserProblems } from "./guard";
import { screenshots, waitForHydration } from "./harness";

const session = useAdminSession();

interface SettingsAnswer {
  version: number;
  settings: {
    delivery: {
      zones: { name: string; charge: number }[];
      fallbackZone: { name: string; charge: number };
      freeDeliveryThreshold: number;
    };
    [key: string]: unknown;
  };
}

async function settingsFromApi(): Promise<SettingsAnswer> {
  const answer = await fetch(`${session.shop.baseUrl}/api/admin/settings`, {
    headers: { Authorization: `Bearer ${session.adminToken}` },
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as SettingsAnswer;
}

async function openSettingsFromNav(page: Page) {
  await page.goto(`${session.shop.baseUrl}/admin`);
  await waitForHydration(page);
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Settings" })
    .click();
  await page.waitForURL((url) => url.pathname === "/admin/settings");
  await page.getByRole("heading", { name: "Shop settings", level: 1 }).waitFor();
  await page.getByLabel(INSIDE_CHARGE).waitFor();
}

// The zones' charges, labelled with their names (docs/delivery-zones.md).
const INSIDE_CHARGE = "Inside Dhaka: charge (৳)";
const OUTSIDE_CHARGE = "Every other place: charge (৳)";

describe.each([
  { width: 375, height: 812, inside: 65, phone: "01711000375" },
  { width: 1280, height: 900, inside: 70, phone: "01711001280" },
])("admin settings at $width px", ({ width, height, inside, phone }) => {
  it("refuses a bad value on its field, saves a good one into the log and the footer", async () => {
    const page = await session.tab();
    await page.setViewportSize({ width, height });
    await openSettingsFromNav(page);
    const before = await settingsFromApi();
    expect(await page.getByLabel(INSIDE_CHARGE).inputValue()).toBe(
      String(before.settings.delivery.zones[0].charge),
    );

    await page.getByLabel(INSIDE_CHARGE).fill("-5");
    await page.getByLabel("Phone", { exact: true }).fill("12345");
    await page.getByLabel("Different items per order").fill("0");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.locator("#settings-delivery-zones-0-charge-error").waitFor();
    expect(await page.locator("#settings-orderCaps-maxLines-error").textContent()).toBe(
      "Too small: expected number to be >=1",
    );
    await page.getByLabel("Different items per order").scrollIntoViewIfNeeded();
    await screenshots(page, `admin-settings-caps-${width}`);
    expect(await page.locator("#settings-contact-phone-error").textContent()).toBe(
      "A Bangladeshi mobile number starts with 01 (01XXXXXXXXX)",
    );
    expect((await settingsFromApi()).version).toBe(before.version);

    await page.getByLabel(INSIDE_CHARGE).fill(String(inside));
    await page.getByLabel("Phone", { exact: true }).fill(phone);
    await page.getByLabel("Different items per order").fill(String(width === 375 ? 15 : 25));
    const keepDays = width === 375 ? 10 : 14;
    await page.getByLabel("Keep incomplete checkouts for (days)").fill(String(keepDays));
    const minParcels = width === 375 ? 6 : 8;
    await page.getByLabel("Suggest a courier from (finished parcels)").fill(String(minParcels));
    await page.getByRole("button", { name: "Save settings" }).click();
    await session.screen(page).toast("Settings saved").waitFor();
    await page
      .getByTestId("settings-version")
      .filter({ hasText: `Version ${before.version + 1}` })
      .waitFor();
    const log = page.getByRole("list", { name: "Settings changes" });
    await log
      .locator("li", {
        hasText: `Zone inside-dhaka: charge (৳): ${before.settings.delivery.zones[0].charge} → ${inside}`,
      })
      .first()
      .waitFor();
    const saved = await settingsFromApi();
    expect(saved.settings.delivery.zones[0].charge).toBe(inside);
    expect(saved.settings.orderCaps).toMatchObject({ maxLines: width === 375 ? 15 : 25 });
    expect(saved.settings.callList).toEqual({ keepDays });
    expect(saved.settings.courierSuggestion).toEqual({ minParcels, days: 365 });
    await log
      .locator("li", {
        hasText: `Different items per order: ${(before.settings.orderCaps as { maxLines: number }).maxLines} → ${width === 375 ? 15 : 25}`,
      })
      .first()
      .waitFor();
    // Nothing wider than the screen on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await screenshots(page, `admin-settings-saved-${width}`);

    // The storefront shows the new charge and phone (same instance: at once).
    await page.goto(`${session.shop.baseUrl}/`);
    await waitForHydration(page);
    const { zones, fallbackZone, freeDeliveryThreshold } = saved.settings.delivery;
    const free = freeDeliveryThreshold > 0 ? `; free from ${formatBDT(freeDeliveryThreshold)}` : "";
    const charges = [...zones, fallbackZone]
      .map((zone) => `${zone.name} ${formatBDT(zone.charge)}`)
      .join(", ");
    expect(charges).toContain(`Inside Dhaka ${formatBDT(inside)}`);
    await expect
      .poll(() => page.getByTestId("footer-delivery").textContent())
      .toBe(`Prices include VAT. Delivery: ${charges}${free}.`);
    expect(await page.getByRole("link", { name: phone }).getAttribute("href")).toBe(`tel:${phone}`);
    await page.close();
  });

  it("refuses a save over a newer one and reloads the latest on request", async () => {
    allowBrowserProblems("409 PUT /api/admin/settings"); // the stale save, on purpose
    const page = await session.tab();
    await page.setViewportSize({ width, height });
    await openSettingsFromNav(page);

    // Another admin saves meanwhile.
    const other = await settingsFromApi();
    other.settings.delivery.fallbackZone.charge = other.settings.delivery.fallbackZone.charge + 5;
    const saved = await fetch(`${session.shop.baseUrl}/api/admin/settings`, {
      method: "PUT",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${session.adminToken}`,
      },
      body: JSON.stringify({ version: other.version, settings: other.settings }),
    });
    expect(saved.status).toBe(200);

    await page.getByLabel(INSIDE_CHARGE).fill("99");
    await page.getByRole("button", { name: "Save settings" }).click();
    const stale = page.getByRole("alert").filter({ hasText: STALE_SETTINGS_MESSAGE });
    await stale.waitFor();
    await screenshots(page, `admin-settings-stale-${width}`);
    expect((await settingsFromApi()).settings.delivery.zones[0].charge).not.toBe(99);

    await page.getByRole("button", { name: "Load the latest settings" }).click();
    await expect
      .poll(() => page.getByLabel(OUTSIDE_CHARGE).inputValue())
      .toBe(String(other.settings.delivery.fallbackZone.charge));
    expect(await page.getByLabel(INSIDE_CHARGE).inputValue()).not.toBe("99");
    await page.close();
  });
});

describe("console", () => {
  it("logged no errors but the refused requests (400, 409)", () => {
    const unexpected = session.consoleErrors.filter((text) => !/\b(400|409)\b/.test(text));
    expect(unexpected).toEqual([]);
  });
});
