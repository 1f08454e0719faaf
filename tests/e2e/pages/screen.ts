import type { Page } from "playwright-core";
import { waitForHydration } from "../harness";

/**
 * The base of every page object: a tab and the shop's address (empty when the tab's `goto` already
 * resolves paths against the shop, as the shopping session's tabs do).
 */
export class Screen {
  constructor(
    readonly page: Page,
    readonly baseUrl = "",
  ) {}

  /** Opens `path` of the shop and waits until React has hydrated it. */
  async visit(path: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}${path}`);
    await waitForHydration(this.page);
  }

  /** The number in the header's cart badge. */
  cartBadge() {
    return this.page.getByTestId("cart-badge").textContent();
  }
}
