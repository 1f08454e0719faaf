import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { ProductSuggestion } from "#contract/answers/catalog";
import { localized, type Locale } from "#contract/i18n";

/**
 * The header's search box (a combobox with suggestions while typing). Keys typed one by one may
 * leave a pause longer than the box's debounce on a loaded machine, so the list can first show the
 * answer for a part of the text ("pa", "panj"): `typeAndWaitForSuggestions` waits for the server's
 * answer to the whole text and for the list to show exactly that answer.
 */
export class SearchBox {
  constructor(
    readonly page: Page,
    readonly box: Locator,
    readonly list: Locator,
  ) {}

  get options() {
    return this.list.getByRole("option");
  }

  /** Types `text` into the box; answers the suggested titles (in `locale`) once the list shows them. */
  async typeAndWaitForSuggestions(text: string, locale: Locale = "en"): Promise<string[]> {
    const answered = this.page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === "/api/products/suggest" && url.searchParams.get("q") === text;
    });
    await this.box.focus();
    await this.page.keyboard.type(text, { delay: 40 });
    const { products } = (await (await answered).json()) as { products: ProductSuggestion[] };
    const titles = products.map((product) => localized(product, "title", locale));
    await expect
      .poll(() => this.options.locator("span.font-medium").allTextContents())
      .toEqual(titles);
    await this.list.waitFor({ state: "visible" });
    return titles;
  }
}
