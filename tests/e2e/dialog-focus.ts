/**
 * `expectFocusReturns(page, opener, open, close)`: opens a dialog from `opener`, closes it, and
 * checks that keyboard focus is back on that very element (not on <body>). The opener is marked
 * with an attribute first, so a re-rendered replacement element does not count.
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

const PROBE = "data-focus-probe";

export async function expectFocusReturns(
  page: Page,
  opener: Locator,
  open: () => Promise<void> = () => opener.click(),
  close: () => Promise<void> = () => page.keyboard.press("Escape"),
): Promise<void> {
  await opener.evaluate((element, name) => element.setAttribute(name, "opener"), PROBE);
  await open();
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]');
  await dialog.first().waitFor();
  await close();
  await expect.poll(() => dialog.count()).toBe(0);
  await expect
    .poll(() =>
      page.evaluate((name) => {
        const active = document.activeElement;
        return active?.getAttribute(name) ?? active?.tagName ?? null;
      }, PROBE),
    )
    .toBe("opener");
  await opener.evaluate((element, name) => element.removeAttribute(name), PROBE);
}
