/**
 * The header's search combobox in Chromium at 375 px, used with the keyboard only: suggestions for
 * a mistyped word, arrow keys through them, Escape closes, Enter opens the highlighted product, and
 * Enter without a highlighted suggestion searches the typed text.
 */
import { describe, expect, it } from "vitest";
import { waitForHydration } from "./harness";
import { SearchBox } from "./pages/search-box";
import { screenshot, useShoppingSession } from "./shop-harness";

const session = useShoppingSession();

describe("header search combobox at 375 px", () => {
  it("suggests while typing with a typo and is driven by the keyboard", async () => {
    const { page, errors, failedResponses } = await session.newPage(375);
    await page.goto("/");
    await waitForHydration(page);

    const box = page.getByRole("combobox", { name: "Search products" });
    const list = page.getByRole("listbox", { name: "Suggested products" });
    const search = new SearchBox(page, box, list);
    const titles = await search.typeAndWaitForSuggestions("panjbi");
    const options = search.options;
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toMatch(/Panjabi/);
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    expect(await box.getAttribute("aria-activedescendant")).toBeNull();

    // The list fits the phone's width (nothing scrolls sideways).
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const listBox = await list.boundingBox();
    expect(listBox!.x).toBeGreaterThanOrEqual(0);
    expect(listBox!.x + listBox!.width).toBeLessThanOrEqual(375);
    await screenshot(page, "search-combobox-375");

    // ArrowDown highlights the first option, again the second, ArrowUp back to the first.
    await page.keyboard.press("ArrowDown");
    const first = options.nth(0);
    expect(await first.getAttribute("aria-selected")).toBe("true");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));
    if (titles.length > 1) {
      await page.keyboard.press("ArrowDown");
      expect(await options.nth(1).getAttribute("aria-selected")).toBe("true");
      expect(await first.getAttribute("aria-selected")).toBe("false");
      await page.keyboard.press("ArrowUp");
    }
    expect(await first.getAttribute("aria-selected")).toBe("true");

    // Escape closes the list and keeps the text; ArrowDown opens it again.
    await page.keyboard.press("Escape");
    await list.waitFor({ state: "hidden" });
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(await box.inputValue()).toBe("panjbi");
    await page.keyboard.press("ArrowDown");
    await list.waitFor({ state: "visible" });

    // Enter opens the highlighted product.
    const chosen = (await first.locator("span.font-medium").textContent()) ?? "";
    expect(chosen).toMatch(/Panjabi/);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/product\//);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(chosen);

    // Enter without a highlighted suggestion searches the typed words (prefix "hood").
    const again = page.getByRole("combobox", { name: "Search products" });
    await again.focus();
    await page.keyboard.type("hood", { delay: 40 });
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/products\?search=hood/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/hood/);
    const cards = await page.locator("main h3, main h2").allTextContents();
    expect(cards.some((text) => /Hoodie/.test(text))).toBe(true);

    expect(errors).toEqual([]);
    expect(failedResponses).toEqual([]);
  }, 120_000);
});
