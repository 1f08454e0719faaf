import { Screen } from "./screen";

/** A product page: sizes, add to cart and the question a guest answers first. */
export class ProductPage extends Screen {
  async open(slug: string): Promise<void> {
    await this.visit(`/product/${slug}`);
  }

  get addToCartButton() {
    return this.page.getByTestId("add-to-cart");
  }

  /** Picks the first size still in stock for the preselected colour. */
  async chooseFirstAvailableSize(): Promise<void> {
    await this.page
      .getByRole("radiogroup", { name: "Size" })
      .locator("button:not([disabled])")
      .first()
      .click();
  }

  /**
   * Adds the chosen size and waits for the confirmation; `asGuest` answers the guest question
   * (asked once per visit) with "Continue as guest".
   */
  async addToCart({ asGuest = false } = {}): Promise<void> {
    await this.addToCartButton.click();
    if (asGuest) await this.page.getByTestId("continue-as-guest").click();
    await this.page.getByTestId("added-to-cart").waitFor();
  }
}
