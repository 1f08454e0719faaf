import type { Page } from "playwright-core";
import { expect } from "vitest";
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
  /** Typed in the district picker; its best match is chosen (Enter). */
  district: string;
  /** Typed in the thana picker once the district's thanas are there; its best match is chosen. */
  thana: string;
}

/** The district and thana pickers (combobox inputs), whatever the page's language. */
export type PlacePicker = "district" | "thana";
const PICKER_IDS: Record<PlacePicker, string> = { district: "#addr-city", thana: "#addr-zone" };

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
    await this.choosePlace("district", address.district);
    await this.choosePlace("thana", address.thana);
  }

  picker(which: PlacePicker) {
    return this.page.locator(PICKER_IDS[which]);
  }

  /** The picker's highlighted option (its aria-activedescendant), once there is one. */
  async highlighted(which: PlacePicker): Promise<string> {
    const picker = this.picker(which);
    await expect.poll(() => picker.getAttribute("aria-activedescendant")).toBeTruthy();
    const id = await picker.getAttribute("aria-activedescendant");
    return (await this.page.locator(`[id="${id}"]`).textContent()) ?? "";
  }

  /**
   * With the keyboard only: focuses the picker, types, waits for the list, and chooses the
   * highlighted (best) match with Enter; answers what the picker then shows.
   */
  async choosePlace(which: PlacePicker, typed: string): Promise<string> {
    const picker = this.picker(which);
    await expect.poll(() => picker.isEnabled()).toBe(true);
    await picker.focus();
    await picker.press("ControlOrMeta+a");
    await picker.pressSequentially(typed);
    await expect.poll(() => picker.getAttribute("aria-expanded")).toBe("true");
    const choice = await this.highlighted(which);
    await picker.press("Enter");
    await expect.poll(() => picker.inputValue()).toBe(choice);
    return choice;
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
