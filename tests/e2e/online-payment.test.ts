/**
 * Paying online from the storefront, against the local SSLCommerz stub (SSLCommerz's v4 API): the checkout
 * offers the configured gateway, places the order, starts the payment and sends the browser to the
 * gateway's page; the gateway's success or failure post brings the shopper to the one payment-result
 * screen with the right data-layer events.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { sslCommerzEnv, startSslCommerzStub, type SslCommerzStub } from "../stubs/sslcommerz";
import { dataLayer } from "./harness";
import { guestCheckoutOf } from "./pages/checkout-page";
import { screenshot, startGatewayShoppingSession, type ShoppingSession } from "./shop-harness";

let ssl: SslCommerzStub;
let shop: ShoppingSession;

beforeAll(async () => {
  ssl = await startSslCommerzStub();
  shop = await startGatewayShoppingSession(sslCommerzEnv(ssl));
}, 120_000);

afterAll(async () => {
  await shop?.close();
  await ssl?.close();
});

/** Guest: add one item, check out with SSLCommerz, land on the gateway; answers the order id and tran_id. */
async function payWithSslCommerz(page: Page) {
  // The gateway's hosted page (the stub speaks only the API): a plain page the shopper lands on.
  await page.route(`${ssl.url}/EasyCheckOut/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<h1>SSLCommerz hosted page</h1>",
    }),
  );
  const checkout = await guestCheckoutOf(page, "men-polo-shirts-urban");
  await checkout.fillAddress({
    firstName: "Tania",
    lastName: "Akter",
    mobile: "01612345678",
    streetAddress: "Road 11, Banani",
    district: "Dhaka",
    thana: "Dhanmondi",
  });
  await expect.poll(() => checkout.deliveryCharge()).toBe("৳60");
  await page.getByLabel(/Card, mobile or net banking/).check();
  const sessionsBefore = ssl.sessions.length;
  await checkout.placeOrder();
  await page.waitForURL(`${ssl.url}/EasyCheckOut/**`);
  expect(ssl.sessions).toHaveLength(sessionsBefore + 1);
  const fields = ssl.sessions.at(-1)!.fields;
  const order = await Order.findOne({ "shippingAddress.mobile": "01612345678" })
    .sort({ createdAt: -1 })
    .lean();
  expect(order!.orderStatus).toBe("PENDING");
  expect(order!.paymentMethod).toBe("SSLCOMMERZ");
  expect(Number(fields.total_amount)).toBe(order!.totalDiscountedPrice);
  return { orderId: String(order!._id), tranId: fields.tran_id };
}

/** What the gateway's page does: POST the outcome form to the shop's callback. */
async function gatewayPosts(page: Page, target: { url: string; form: Record<string, string> }) {
  await page.evaluate(({ url, form }) => {
    const element = document.createElement("form");
    element.method = "POST";
    element.action = url;
    for (const [name, value] of Object.entries(form)) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      element.append(input);
    }
    document.body.append(element);
    element.submit();
  }, target);
}

describe("online payment (SSLCommerz stub)", () => {
  it("offers SSLCommerz, goes to the gateway, and a paid order lands on /payment-success with purchase", async () => {
    const { page, errors } = await shop.newPage(375);
    const { orderId, tranId } = await payWithSslCommerz(page);
    await gatewayPosts(page, ssl.pay(tranId, "success"));
    await page.waitForURL(/\/payment-success\?/);
    expect(new URL(page.url()).searchParams.get("orderId")).toBe(orderId);
    await page.getByTestId("order-number").waitFor();
    await screenshot(page, "payment-success-375");
    const order = await Order.findById(orderId).lean();
    expect(order!.orderStatus).toBe("PLACED");
    await expect
      .poll(
        async () => (await dataLayer(page)).filter((entry) => entry.event === "purchase").length,
      )
      .toBe(1);
    const purchase = (await dataLayer(page)).find((entry) => entry.event === "purchase")!;
    expect(purchase.ecommerce).toMatchObject({
      transaction_id: orderId,
      value: order!.totalDiscountedPrice,
    });
    // A reload of the result page shows the order again but does not count the sale twice.
    await page.reload();
    await page.getByTestId("order-number").waitFor();
    await expect
      .poll(async () => (await dataLayer(page)).some((entry) => entry.event === "page_view_stape"))
      .toBe(true);
    // Nothing to wait for: the screen decides silently not to send it (once the order shows).
    await page.waitForTimeout(1000);
    expect(
      (await dataLayer(page)).filter((entry) => String(entry.event).startsWith("purchase")),
    ).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it("a failed payment shows the failure, fires payment_failed_stape at step 3 and offers to pay again", async () => {
    const { page, errors } = await shop.newPage(1280);
    const { orderId, tranId } = await payWithSslCommerz(page);
    await gatewayPosts(page, ssl.pay(tranId, "fail"));
    await page.waitForURL(/\/payment-failed\?/);
    await page.getByTestId("order-number").waitFor();
    expect(await page.locator("h1").textContent()).toBe("Payment failed");
    const failed = (await dataLayer(page)).find((entry) => entry.event === "payment_failed_stape");
    expect(failed).toMatchObject({ checkout_step: 3, transaction_id: orderId });
    expect(failed!.label).toBe("Invalid expiration date");
    expect((await Order.findById(orderId).lean())!.orderStatus).toBe("PENDING");
    await screenshot(page, "payment-failed-1280");
    const sessions = ssl.sessions.length;
    await page.getByRole("button", { name: "Try paying again" }).click();
    await page.waitForURL(`${ssl.url}/EasyCheckOut/**`);
    expect(ssl.sessions).toHaveLength(sessions + 1);
    expect(errors).toEqual([]);
  }, 120_000);
});
