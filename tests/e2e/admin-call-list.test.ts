/**
 * The call list in a real browser at 375 px and 1280 px (docs/call-list.md): reached from the admin
 * nav, a saved checkout typed in Bangla (name, street, note) as a card (number with call and
 * WhatsApp links, its lines and total at today's prices), shown whole: nothing leaves the screen or
 * is cut, every control takes a thumb on a phone; a call recorded with its note; the recovery SMS;
 * then the order placed from the card by the staff member on the call.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Cart } from "../../models/cart.model";
import { IncompleteCheckout } from "../../models/incomplete-checkout.model";
import { Order } from "../../models/order.model";
import { createProduct } from "../factories/product";
import { useAdminSession } from "./admin-shop";
import { screenshots } from "./harness";

const session = useAdminSession();

/** What the shopper typed at checkout, in Bangla. */
const BANGLA = {
  firstName: "নুসরাত",
  lastName: "জাহান",
  streetAddress: "বাড়ি ৩, রোড ৭, পল্লবী, মিরপুর সাড়ে এগারো নম্বর বাসস্ট্যান্ডের উল্টো দিকে",
  note: "সন্ধ্যা ৭টার পরে ফোন দিবেন",
};

/** A saved checkout of two ৳800 tees, as the checkout's save leaves it. */
async function savedCheckout(phone: string) {
  const product = await createProduct({ title: `Call list tee ${phone}` });
  const cartId = randomUUID();
  await Cart.create({
    guestId: cartId,
    cartItems: [{ product: product._id, color: "Black", size: "M", quantity: 2 }],
  });
  return IncompleteCheckout.create({
    phone,
    ownerKey: `guest:${randomUUID()}`,
    cartId,
    ...BANGLA,
    districtId: "dhaka",
    thanaId: "dhaka/mirpur",
    locale: "bn",
  });
}

describe.each([
  { width: 375, height: 812, phone: "01911100375" },
  { width: 1280, height: 900, phone: "01911101280" },
])("the call list at $width px", ({ width, height, phone }) => {
  it("shows the saved checkout, records a call, sends the recovery SMS and places the order", async () => {
    const saved = await savedCheckout(phone);
    const page = await session.tab();
    const screen = session.screen(page);
    await page.setViewportSize({ width, height });
    await screen.openFromNavigation("Call list", "/admin/call-list");
    const card = page.getByTestId("incomplete-checkout").filter({ hasText: phone });
    await card.waitFor();
    const text = await card.textContent();
    expect(text).toContain(`${BANGLA.firstName} ${BANGLA.lastName}`);
    expect(text).toContain(`${BANGLA.streetAddress} · Mirpur, Dhaka`);
    expect(text).toContain(`Note: ${BANGLA.note}`);
    expect(text).toContain(`Call list tee ${phone} · Black / M × 2`);
    expect(await card.getByRole("link", { name: phone }).getAttribute("href")).toBe(`tel:${phone}`);
    expect(await card.getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toBe(
      `https://wa.me/88${phone}`,
    );
    // Nothing wider than the screen or cut, every control big enough for a thumb.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    expect(await screen.offScreen(card)).toEqual([]);
    if (width < 768) expect(await screen.smallTapTargets(card)).toEqual([]);
    const save = card.getByRole("button", { name: "Save call" });

    await card.getByLabel("Call outcome").selectOption("call-back");
    await card.getByLabel("Note").fill("after 6 pm");
    await save.click();
    await screen.toast("Call recorded").waitFor();
    await card
      .getByRole("list", { name: "Calls" })
      .filter({ hasText: "Call back — after 6 pm" })
      .waitFor();
    expect((await IncompleteCheckout.findById(saved._id).lean())!.calls[0]).toMatchObject({
      outcome: "call-back",
      note: "after 6 pm",
    });

    await card.getByRole("button", { name: "Send recovery SMS" }).click();
    await screen.toast("Recovery SMS sent").waitFor();
    expect((await IncompleteCheckout.findById(saved._id).lean())!.smsCount).toBe(1);

    // The shopper says yes on the call: the order, from the card, with the Bangla name as typed.
    await card.getByRole("button", { name: "Create order" }).click();
    expect(await card.getByLabel("First name").inputValue()).toBe(BANGLA.firstName);
    expect(await card.getByLabel("House, road and area").inputValue()).toBe(BANGLA.streetAddress);
    expect(await screen.offScreen(card)).toEqual([]);
    if (width < 768) expect(await screen.smallTapTargets(card)).toEqual([]);
    await screenshots(page, "admin-call-list");
    await card.getByRole("button", { name: "Place the order" }).click();
    await screen.toast(/^Order TW-\d{6}-\w{4} placed$/).waitFor();
    const order = await Order.findOne({ deliveryPhone: phone }).lean();
    expect(order).toMatchObject({
      source: "phone",
      createdBy: expect.stringMatching(/^admin:/),
      phoneConfirmed: true,
      note: BANGLA.note,
      shippingAddress: { firstName: BANGLA.firstName, streetAddress: BANGLA.streetAddress },
    });
    expect(await IncompleteCheckout.exists({ _id: saved._id })).toBeNull();
    expect(session.consoleErrors).toEqual([]);
  });
});
