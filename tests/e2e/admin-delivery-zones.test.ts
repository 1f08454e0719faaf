/**
 * The settings screen's "Delivery zones" panel in a real browser, at 375 px and 1280 px: a zone
 * added with its names, charge and places found by the location search (a place another zone
 * lists moves), a place removed, a bad charge named on its field, the save in force on the quote,
 * and a zone removed again.
 */
import type { Page } from "playwright-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ShopSettings } from "#contract/schemas/shop-settings";
import { useAdminSession } from "./admin-shop";
import { screenshots, waitForHydration } from "./harness";

const session = useAdminSession();

interface SettingsAnswer {
  version: number;
  settings: ShopSettings;
}

async function api(method: "GET" | "PUT", body?: object): Promise<SettingsAnswer> {
  const answer = await fetch(`${session.shop.baseUrl}/api/admin/settings`, {
    method,
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${session.adminToken}`,
    },
    body: body && JSON.stringify(body),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as SettingsAnswer;
}

/** The zone charged for an address, by the anonymous quote (empty cart: the zone only). */
async function zoneFor(address: Record<string, string>): Promise<string> {
  const answer = await fetch(`${session.shop.baseUrl}/api/checkout/quote`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ shippingAddress: address }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { zone: { id: string } }).zone.id;
}

let firstStart: ShopSettings["delivery"];

beforeAll(async () => {
  firstStart = (await api("GET")).settings.delivery;
});

// Each width starts from the first-start zones.
beforeEach(async () => {
  const current = await api("GET");
  await api("PUT", {
    version: current.version,
    settings: { ...current.settings, delivery: firstStart },
  });
});

async function openSettings(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.goto(`${session.shop.baseUrl}/admin/settings`);
  await waitForHydration(page);
  await page.getByRole("heading", { name: "Delivery zones" }).waitFor();
}

/** Types into a zone's place search and picks the result with this text. */
async function addPlace(page: Page, zone: string, typed: string, result: string) {
  await page.getByLabel(`Add a district or thana to ${zone}`).fill(typed);
  await page.getByRole("button", { name: result }).click();
}

describe.each([
  { width: 375, height: 812, charge: 100 },
  { width: 1280, height: 900, charge: 110 },
])("delivery zones panel at $width px", ({ width, height, charge }) => {
  it("adds a zone with places, moves and removes places, saves, and removes the zone", async () => {
    const page = await session.tab();
    await openSettings(page, width, height);
    const zones = page.getByRole("list", { name: "Delivery zones" });
    expect(await zones.locator(":scope > li").count()).toBe(2);
    const suburbs = page.getByRole("list", { name: "Places in Dhaka suburbs" });
    await suburbs.getByText("Savar, Dhaka").waitFor();

    await page.getByRole("button", { name: "Add a zone" }).click();
    await page.getByLabel("Zone 3: name").fill("Chattogram city");
    await page.getByLabel("Chattogram city: Bangla name").fill("চট্টগ্রাম শহর");
    await page.getByLabel("Chattogram city: charge (৳)").fill("-5");
    // Found by its old spelling, and in Bangla.
    await addPlace(page, "Chattogram city", "panch", "Add Panchlaish, Chattogram");
    await addPlace(page, "Chattogram city", "কোতোয়ালী", "Add Kotwali, Chattogram");
    // Savar is in the suburbs: picking it here moves it.
    await addPlace(page, "Chattogram city", "savar", "Add Savar, Dhaka (moves from Dhaka suburbs)");
    const added = page.getByRole("list", { name: "Places in Chattogram city" });
    await added.getByText("Savar, Dhaka").waitFor();
    expect(await suburbs.getByText("Savar, Dhaka").count()).toBe(0);
    // …and back out again.
    await page.getByRole("button", { name: "Remove Savar, Dhaka from Chattogram city" }).click();
    expect(await added.getByText("Savar, Dhaka").count()).toBe(0);

    await page.getByRole("button", { name: "Save settings" }).click();
    const chargeError = page.locator("#settings-delivery-zones-2-charge-error");
    await chargeError.waitFor();
    expect(await chargeError.textContent()).toBe("An amount cannot be negative");
    await page.getByLabel("Chattogram city: charge (৳)").fill(String(charge));
    await page.getByLabel("Chattogram city: free delivery from (৳)").fill("0");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await added.scrollIntoViewIfNeeded();
    await screenshots(page, `admin-delivery-zones-${width}`);
    await page.getByRole("button", { name: "Save settings" }).click();
    await session.screen(page).toast("Settings saved").waitFor();

    const saved = (await api("GET")).settings.delivery;
    const zone = saved.zones[2];
    expect(zone).toMatchObject({
      name: "Chattogram city",
      nameBn: "চট্টগ্রাম শহর",
      charge,
      freeDeliveryThreshold: 0,
      districts: [],
      thanas: ["chattogram/panchlaish", "chattogram/kotwali"],
    });
    expect(zone.id).toMatch(/^zone-[a-z0-9]+$/);
    // Savar went back to no zone at all (it was moved out of the suburbs, then removed).
    expect(saved.zones[1].thanas).not.toContain("dhaka/savar");
    const panchlaish = {
      city: "Chattogram",
      districtId: "chattogram",
      thanaId: "chattogram/panchlaish",
    };
    expect(await zoneFor(panchlaish)).toBe(zone.id);
    expect(await zoneFor({ city: "Savar" })).toBe("inside-dhaka"); // its district's zone now
    await page
      .getByRole("list", { name: "Settings changes" })
      .locator("li", { hasText: `Zone ${zone.id}` })
      .first()
      .waitFor();

    await page.getByRole("button", { name: "Remove zone Chattogram city" }).click();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(async () => (await api("GET")).settings.delivery.zones.length).toBe(2);
    expect(await zoneFor(panchlaish)).toBe("outside-dhaka");
    await page.close();
  });
});

describe("console", () => {
  it("logged no errors", () => {
    expect(session.consoleErrors).toEqual([]);
  });
});
