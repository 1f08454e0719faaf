/**
 * Search synonyms in a real browser, at 375 px and 1280 px: the settings screen lists the default
 * groups, names a refused word on its group's field and saves nothing, and a group the owner adds
 * is what the storefront's listing search finds with (docs/catalog.md, "Synonyms").
 */
import { describe, expect, it } from "vitest";
import { useAdminSession } from "./admin-shop";
import { waitForHydration, screenshots } from "./harness";

const session = useAdminSession();

async function settingsVersion(): Promise<number> {
  const answer = await fetch(`${session.shop.baseUrl}/api/admin/settings`, {
    headers: { Authorization: `Bearer ${session.adminToken}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { version: number }).version;
}

describe.each([
  { width: 375, height: 812, word: "eid" },
  { width: 1280, height: 900, word: "puja" },
])("search synonyms at $width px", ({ width, height, word }) => {
  it("are edited on the settings screen and used by the storefront's search", async () => {
    const page = await session.tab();
    await page.setViewportSize({ width, height });
    await page.goto(`${session.shop.baseUrl}/admin/settings`);
    await waitForHydration(page);
    const panel = page.getByRole("list", { name: "Search synonyms" });
    await panel.waitFor();
    expect(await page.getByLabel("Group 2: words that mean the same").inputValue()).toBe(
      "genji, ganji, গেঞ্জি",
    );

    // Nothing of the seeded shop answers the word yet.
    await page.goto(`${session.shop.baseUrl}/products?search=${word}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.locator('a[href^="/product/"]').count()).toBe(0);

    await page.goto(`${session.shop.baseUrl}/admin/settings`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add a group" }).click();
    const rows = await panel.locator("li").count();
    const words = page.getByLabel(`Group ${rows}: words that mean the same`);
    await words.fill(`${word}, tee (.*`);
    await page.getByLabel(`Group ${rows}: also finds`).fill("panjabi");
    const version = await settingsVersion();
    await page.getByRole("button", { name: "Save settings" }).click();
    const error = page.locator(`#settings-search-synonyms-${rows - 1}-words-error`);
    await error.waitFor();
    expect(await error.textContent()).toBe(
      "“tee (.*”: Letters, digits, spaces, hyphens and apostrophes only",
    );
    expect(await settingsVersion()).toBe(version);
    await error.scrollIntoViewIfNeeded();
    await screenshots(page, `admin-search-synonyms-refused-${width}`);

    await words.fill(word);
    await page.getByRole("button", { name: "Save settings" }).click();
    await session.screen(page).toast("Settings saved").waitFor();
    await page
      .getByRole("list", { name: "Settings changes" })
      .locator("li", { hasText: `Search synonyms: added ${word} (also finds panjabi)` })
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );

    await page.goto(`${session.shop.baseUrl}/products?search=${word}`);
    await page.locator('a[href^="/product/"]').first().waitFor();
    const cards = await page
      .locator('a[href^="/product/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((href) => href!.includes("panjabi"))).toBe(true);
    await page.close();
    // Two settings saves and three page loads: over the default 30 s on a busy machine.
  }, 60_000);
});
