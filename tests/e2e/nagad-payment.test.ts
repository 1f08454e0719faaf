/**
 * Paying with Nagad from the storefront, against the local Nagad stub (its RSA-sealed merchant
 * checkout): the checkout offers Nagad by name, places the order, the shop opens Nagad's page for
 * the order total, and Nagad's redirect back (success, or the shopper aborting) lands on the
 * result screen once Nagad's verify has said so. At 375 and 1280 px.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { nagadEnv, startNagadStub, type NagadStub } from "../stubs/nagad";
import { guestCheckoutOf } from "./pages/checkout-page";
import { screenshot, startGatewayShoppingSession, type ShoppingSession } from "./shop-harness";

let nagad: NagadStub;
let shop: ShoppingSession;

beforeAll(async () => {
  nagad = await startNagadStub();
  shop = await startGatewayShoppingSession(nagadEnv(nagad));
}, 120_000);

afterAll(async () => {
  await shop?.close();
  await nagad?.close();
});

/** Guest: one item, Nagad chosen at checkout, the order placed; lands on Nagad's page. */
async function payWithNagad(page: Page, mobile: string, width: number) {
  // Nagad's checkout page (the stub speaks only the API): a plain page the shopper lands on.
  await page.route(`${nagad.url}/check-out/pay/**`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Nagad checkout</h1>" }),
  );
  const checkout = await guestCheckoutOf(page, "men-polo-shirts-urban");
  await checkout.fillAddress({
    firstName: "Nusrat",
    lastName: "Jahan",
    mobile,
    streetAddress: "House 5, Road 2, Dhanmondi",
    district: "Dhaka",
    thana: "Dhanmondi",
  });
  await expect.poll(() => checkout.deliveryCharge()).toBe("৳60");
  const choice = page.getByLabel(/^Nagad/);
  expect(await page.getByText("Pay from your Nagad account.").isVisible()).toBe(true);
  await choice.check();
  await screenshot(page, `nagad-checkout-${width}`);
  await checkout.placeOrder();
  await page.waitForURL(`${nagad.url}/check-out/pay/**`);
  const order = await Order.findOne({ "shippingAddress.mobile": mobile }).lean();
  expect(order).toMatchObject({ paymentMethod: "NAGAD", orderStatus: "PENDING" });
  const paymentRefId = new URL(page.url()).pathname.split("/").at(-1)!;
  expect(nagad.payments.get(paymentRefId)!.amount).toBe(order!.totalDiscountedPrice.toFixed(2));
  return { orderId: String(order!._id), paymentRefId };
}

describe("Nagad checkout (Nagad stub)", () => {
  it("at 375 px: pays with Nagad and lands on /payment-success with the order placed", async () => {
    const { page, errors } = await shop.newPage(375);
    const { orderId, paymentRefId } = await payWithNagad(page, "01612000375", 375);
    await page.goto(nagad.visit(paymentRefId, "Success"));
    await page.waitForURL(/\/payment-success\?/);
    expect(new URL(page.url()).searchParams.get("orderId")).toBe(orderId);
    await page.getByTestId("order-number").waitFor();
    await screenshot(page, "nagad-paid-375");
    const order = await Order.findById(orderId).lean();
    expect(order!.orderStatus).toBe("PLACED");
    expect(order!.paymentDetails!.transactionId).toBe(
      nagad.payments.get(paymentRefId)!.issuerPaymentRefNo,
    );
    expect(errors).toEqual([]);
  }, 120_000);

  it("at 1280 px: the shopper aborts on Nagad's page, is told so, and may pay again", async () => {
    const { page, errors } = await shop.newPage(1280);
    const { orderId, paymentRefId } = await payWithNagad(page, "01612001280", 1280);
    await page.goto(nagad.visit(paymentRefId, "Aborted"));
    await page.waitForURL(/\/payment-cancelled\?/);
    await page.getByTestId("order-number").waitFor();
    await screenshot(page, "nagad-aborted-1280");
    expect((await Order.findById(orderId).lean())!.orderStatus).toBe("PENDING");
    await page.getByRole("button", { name: "Try paying again" }).click();
    await page.waitForURL(`${nagad.url}/check-out/pay/**`);
    expect(new URL(page.url()).pathname.split("/").at(-1)).not.toBe(paymentRefId);
    expect(errors).toEqual([]);
  }, 120_000);
});
