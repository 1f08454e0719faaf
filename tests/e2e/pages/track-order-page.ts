import { Screen } from "./screen";

/** A guest's order tracking page (/order/guest/track/:id). */
export class TrackOrderPage extends Screen {
  async open(orderId: string): Promise<void> {
    await this.visit(`/order/guest/track/${orderId}`);
  }

  /** Types the mobile number used at checkout and asks for the order. */
  async track(mobile: string): Promise<void> {
    await this.page.getByLabel("Mobile number used at checkout").fill(mobile);
    await this.page.getByRole("button", { name: "Track order" }).click();
  }

  get trackedOrder() {
    return this.page.getByTestId("tracked-order");
  }
}
