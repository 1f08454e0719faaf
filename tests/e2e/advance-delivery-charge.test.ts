/**
 * Cash on delivery with the delivery charge paid in advance (docs/cod.md), in the browser against the
 * local bKash stub: the checkout says how much is paid now and on delivery and why, offers the
 * gateways, places the order, sends the shopper to bKash for the delivery charge only, and the
 * payment-result screen shows the two parts. At 375 and 1280 px.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { resetBkashTokenForTests } from "../../server/integrations/bkash";
import { formatBDT } from "#contract/money";
import { bkashEnv, startBkashStub, type BkashStub } from "../stubs/bkash";
import { changeShopSettings } from "../factories/shop-settings";
import { createOrder } from "../factories/order";
import { ADVANCE_METHOD_REQUIRED } from "../../server/services/advance-delivery-charge.service";
import { allowBrowserProblems } from "./guard";
import { guestCheckoutOf } from "./pages/checkout-page";
import { screenshot, startGatewayShoppingSession, type ShoppingSession } from "./shop-harness";

let bkash: BkashStub;
let shop: ShoppingSession;

beforeAll(async () => {
  bkash = await startBkashStub();
  resetBkashTokenForTests();
  shop = await startGatewayShoppingSession(bkashEnv(bkash));
  await changeShopSettings((settings) => {
    settings.cod.advanceDeliveryCharge = {
      outsideDhaka: true,
      riskyNumbers: true,
      aboveAmount: 0,
    };
  });
}, 120_000);

afterAll(async () => {
  await shop?.close();
  await bkash?.close();
});

describe("advance delivery charge at checkout (bKash stub)", () => {
  for (const [width, mobile] of [
    [375, "01912000375"],
    [1280, "01912001280"],
  ] as const)
    it(`outside Dhaka at ${width} px: told before placing, pays ৳120 with bKash, the rest on delivery`, async () => {
      const { page, errors } = await shop.newPage(width);
      // bKash's wallet page (the stub speaks only the API): a plain page the shopper lands on.
      await page.route(`${bkash.url}/checkout/pay**`, (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<h1>bKash wallet</h1>" }),
      );
      const checkout = await guestCheckoutOf(page, "men-polo-shirts-urban");
      await checkout.fillAddress({
        firstName: "Rafi",
        lastName: "Hasan",
        mobile,
        streetAddress: "Station Road, Agrabad",
        district: "Chattogram",
        thana: "Panchlaish",
      });
      await expect.poll(() => checkout.deliveryCharge()).toBe("৳120");

      // Told before placing the order: how much now, how much at the door, and why.
      const panel = page.getByTestId("advance-delivery-charge");
      await panel.waitFor();
      expect(await page.getByTestId("advance-pay-now").textContent()).toBe("৳120");
      expect(await page.getByTestId("advance-reasons").textContent()).toBe(
        "Why: delivery outside Dhaka.",
      );
      const onDelivery = await page.getByTestId("advance-on-delivery").textContent();
      // The first gateway offered is chosen before the shopper touches the choice.
      expect(await panel.getByLabel(/bKash/).isChecked()).toBe(true);
      await panel.getByLabel(/bKash/).check();
      expect(await page.getByTestId("place-order").textContent()).toBe(
        "Pay delivery charge ৳120 and place order",
      );
      await screenshot(page, `advance-checkout-${width}`);

      await checkout.placeOrder();
      await page.waitForURL(`${bkash.url}/checkout/pay**`);
      const order = await Order.findOne({ "shippingAddress.mobile": mobile }).lean();
      expect(order).toMatchObject({
        paymentMethod: "COD",
        orderStatus: "PENDING",
        deliveryCharge: 120,
        advanceDeliveryCharge: { amount: 120, method: "BKASH", status: "PENDING" },
      });
      const collect = order!.totalDiscountedPrice - 120;
      expect(onDelivery).toBe(formatBDT(collect));
      const paymentID = new URL(page.url()).searchParams.get("paymentID")!;
      expect(bkash.payments.get(paymentID)!.amount).toBe("120");

      // The shopper approves in the wallet; bKash sends the browser back to the shop.
      await page.goto(bkash.visit(paymentID, "success"));
      await page.waitForURL(/\/payment-success\?/);
      await page.getByTestId("payment-parts").waitFor();
      expect(await page.getByTestId("payment-part-online").textContent()).toBe(
        "Delivery charge paid online ৳120 via bKash",
      );
      expect(await page.getByTestId("payment-part-cod").textContent()).toBe(
        `Collect on delivery ${formatBDT(collect)}`,
      );
      const paid = await Order.findById(order!._id).lean();
      expect(paid!.orderStatus).toBe("PLACED");
      expect(paid!.advanceDeliveryCharge!.status).toBe("PAID");
      await screenshot(page, `advance-paid-${width}`);
      expect(errors).toEqual([]);
    }, 120_000);

  it("a risky number in Dhaka at 375 px: the checkout names no history, the order asks the advance when placed", async () => {
    allowBrowserProblems("400 POST /api/orders");
    const mobile = "01912000400";
    await createOrder({ mobile, orderStatus: "RETURNED" });
    const { page, errors } = await shop.newPage(375);
    await page.route(`${bkash.url}/checkout/pay**`, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<h1>bKash wallet</h1>" }),
    );
    const checkout = await guestCheckoutOf(page, "men-polo-shirts-urban");
    await checkout.fillAddress({
      firstName: "Rafi",
      mobile,
      streetAddress: "House 3, Road 7, Mirpur",
      district: "Dhaka",
      thana: "Dhanmondi",
    });
    await expect.poll(() => checkout.deliveryCharge()).toBe("৳60");
    // The quote is the same as for anyone: no advance shown before placing.
    expect(await page.getByTestId("advance-delivery-charge").count()).toBe(0);
    expect(await page.getByTestId("place-order").textContent()).toMatch(/^Place order · ৳/);

    await checkout.placeOrder();
    const refusal = page.getByTestId("place-order-error");
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(ADVANCE_METHOD_REQUIRED);
    const panel = page.getByTestId("advance-delivery-charge");
    await panel.waitFor();
    expect(await page.getByTestId("advance-pay-now").textContent()).toBe("৳60");
    // No reason given: the number's history is not the shopper's to read.
    expect(await panel.getByTestId("advance-reasons").count()).toBe(0);
    expect(await page.textContent("body")).not.toMatch(/earlier orders|risky/i);
    expect(await panel.getByLabel(/bKash/).isChecked()).toBe(true);
    expect(await page.getByTestId("place-order").textContent()).toBe(
      "Pay delivery charge ৳60 and place order",
    );
    await screenshot(page, "advance-asked-at-placement-375");

    await checkout.placeOrder();
    await page.waitForURL(`${bkash.url}/checkout/pay**`);
    expect(
      await Order.findOne({ "shippingAddress.mobile": mobile, orderStatus: "PENDING" }).lean(),
    ).toMatchObject({
      paymentMethod: "COD",
      advanceDeliveryCharge: {
        amount: 60,
        method: "BKASH",
        reasons: ["riskyNumber"],
        status: "PENDING",
      },
    });
    expect(errors).toEqual([]);
  }, 120_000);
});
