import { Screen } from "./screen";

export interface ListingFilters {
  minPrice?: number;
  maxPrice?: number;
  inStockOnly?: boolean;
}

/** A product listing (/products): its filters (a sheet on a phone, a sidebar from 1024 px) and cards. */
export class ListingPage extends Screen {
  async open(query = ""): Promise<void> {
    await this.visit(`/products${query}`);
  }

  get heading() {
    return this.page.locator("h1");
  }

  /** The filter form: the sheet must be opened first on a phone (`openFilterSheet`). */
  get filters() {
    return this.isPhone()
      ? this.page.getByRole("dialog", { name: "Filters" })
      : this.page.getByRole("complementary", { name: "Filters" });
  }

  isPhone(): boolean {
    return (this.page.viewportSize()?.width ?? 0) < 1024;
  }

  async openFilterSheet(): Promise<void> {
    await this.page.getByTestId("open-filters").click();
  }

  /**
   * Types the prices and ticks "In stock only" in the open filter form. In the sidebar a checkbox
   * applies the whole form at once (typed prices included); the sheet waits for `showResults`.
   */
  async setFilters({ minPrice, maxPrice, inStockOnly }: ListingFilters): Promise<void> {
    const form = this.filters;
    if (minPrice !== undefined)
      await form.getByLabel("Minimum price in taka").fill(String(minPrice));
    if (maxPrice !== undefined)
      await form.getByLabel("Maximum price in taka").fill(String(maxPrice));
    if (inStockOnly) await form.getByText("In stock only").click();
  }

  async showResults(): Promise<void> {
    await this.filters.getByRole("button", { name: "Show results" }).click();
  }

  /** The links that remove one active filter each. */
  get removeFilterLinks() {
    return this.page.getByRole("link", { name: /Remove filter/ });
  }

  get productLinks() {
    return this.page.getByRole("region", { name: "Products" }).locator("article a");
  }
}
