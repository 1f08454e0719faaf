import type { Page } from "playwright-core";
import { CartPage } from "./cart-page";
import { ProductPage } from "./product-page";
import { Screen } from "./screen";

/**
 * A guest's way to the checkout through the pages: the product at `slug`, its first size in stock,
 * added to the cart as a guest, the cart, then the checkout; answers the checkout.
 */
export async function guestCheckoutOf(page: Page, slug: string): Promise<CheckoutPage> {
  const productPage = new ProductPage(page);
  await productPage.open(slug);
  await productPage.chooseFirstAvailableSize();
  await productPage.addToCart({ asGuest: true });
  await page.getByRole("link", { name: "View cart" }).click();
  await new CartPage(page).checkOutAsGuest();
  return new CheckoutPage(page);
}

export interface CheckoutAddress {
  firstName: string;
  lastName?: string;
  mobile: string;
  email?: string;
  streetAddress: string;
  city: string;
}

/** The checkout form. */
export class CheckoutPage extends Screen {
  /** Fills the shipping address (fields left out stay as they are). */
  async fillAddress(address: CheckoutAddress): Promise<void> {
    const { page } = this;
    await page.getByLabel("First name").fill(address.firstName);
    if (address.lastName !== undefined) await page.getByLabel("Last name").fill(address.lastName);
    await page.getByLabel("Mobile number").fill(address.mobile);
    if (address.email !== undefined) await page.getByLabel("Email (optional)").fill(address.email);
    await page.getByLabel("House, road and area").fill(address.streetAddress);
    await page.getByLabel("City").selectOption(address.city);
  }

  deliveryCharge() {
    return this.page.getByTestId("delivery-charge").textContent();
  }

  /** "I accept the terms" (the order is refused without it). */
  termsBox() {
    return this.page.getByTestId("terms-accepted");
  }

  /** Ticks the terms box (unless `acceptTerms` is false) and presses "Place order". */
  async placeOrder({ acceptTerms = true }: { acceptTerms?: boolean } = {}): Promise<void> {
    if (acceptTerms) await this.termsBox().check();
    await this.page.getByTestId("place-order").click();
  }
}

/** The order confirmation a checkout lands on. */
export class ConfirmationPage extends Screen {
  /** Waits for the confirmation of a placed order; answers its id. */
  async orderId(): Promise<string> {
    await this.page.waitForURL(/\/order-confirmation\?orderId=/);
    return /orderId=([0-9a-f]{24})/.exec(this.page.url())![1];
  }
}
