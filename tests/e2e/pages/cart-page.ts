import { Screen } from "./screen";

/** The cart: lines, promo codes, the way to checkout. */
export class CartPage extends Screen {
  get lines() {
    return this.page.getByTestId("cart-line");
  }

  /** Types a code and presses Apply (the answer shows in `promoStatus`). */
  async applyPromo(code: string): Promise<void> {
    await this.page.getByLabel("Promo code", { exact: true }).fill(code);
    await this.page.getByRole("button", { name: "Apply" }).click();
  }

  promoStatus() {
    return this.page.getByTestId("promo-status").textContent();
  }

  /** Goes on to checkout as a guest. */
  async checkOutAsGuest(): Promise<void> {
    await this.page.getByTestId("go-to-checkout").click();
    await this.page.waitForURL("**/checkout?guest=true");
  }
}
