import { Screen } from "./screen";

/** The tracking pages: /order/track (number and mobile) and /order/guest/track/:id (mobile only). */
export class TrackOrderPage extends Screen {
  async open(orderId: string): Promise<void> {
    await this.visit(`/order/guest/track/${orderId}`);
  }

  /** Types the mobile number used at checkout and asks for the order. */
  async track(mobile: string): Promise<void> {
    await this.page.getByLabel("Mobile number used at checkout").fill(mobile);
    await this.page.getByRole("button", { name: "Track order" }).click();
  }

  /** On /order/track: types the order number and the mobile (labels in the page's language). */
  async trackByNumber(
    orderNumber: string,
    mobile: string,
    labels = {
      number: "Order number",
      mobile: "Mobile number used at checkout",
      button: "Track order",
    },
  ): Promise<void> {
    await this.page.getByLabel(labels.number).fill(orderNumber);
    await this.page.getByLabel(labels.mobile).fill(mobile);
    await this.page.getByRole("button", { name: labels.button, exact: true }).click();
  }

  get trackedOrder() {
    return this.page.getByTestId("tracked-order");
  }
}
