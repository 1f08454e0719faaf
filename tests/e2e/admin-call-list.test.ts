/**
 * The call list in a real browser at 375 px and 1280 px (docs/call-list.md): reached from the admin
 * nav, a saved checkout as a card (number with call and WhatsApp links, its lines and total at
 * today's prices), nothing wider than the screen; a call recorded with its note; the recovery SMS.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Cart } from "../../models/cart.model";
import { IncompleteCheckout } from "../../models/incomplete-checkout.model";
import { createProduct } from "../factories/product";
import { useAdminSession } from "./admin-shop";
import { screenshots } from "./harness";

const session = useAdminSession();

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
    firstName: "Nusrat",
    lastName: "Jahan",
    streetAddress: "House 3, Road 7",
    districtId: "dhaka",
    thanaId: "dhaka/mirpur",
    locale: "bn",
  });
}

describe.each([
  { width: 375, height: 812, phone: "01911100375" },
  { width: 1280, height: 900, phone: "01911101280" },
])("the call list at $width px", ({ width, height, phone }) => {
  it("shows the saved checkout, records a call and sends the recovery SMS", async () => {
    const saved = await savedCheckout(phone);
    const page = await session.tab();
    await page.setViewportSize({ width, height });
    await session.screen(page).openFromNavigation("Call list", "/admin/call-list");
    const card = page.getByTestId("incomplete-checkout").filter({ hasText: phone });
    await card.waitFor();
    const text = await card.textContent();
    expect(text).toContain("Nusrat Jahan");
    expect(text).toContain("Mirpur, Dhaka");
    expect(text).toContain(`Call list tee ${phone} · Black / M × 2`);
    expect(await card.getByRole("link", { name: phone }).getAttribute("href")).toBe(`tel:${phone}`);
    expect(await card.getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toBe(
      `https://wa.me/88${phone}`,
    );
    // Nothing wider than the screen, buttons big enough for a thumb.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    const save = card.getByRole("button", { name: "Save call" });
    expect((await save.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await card.getByLabel("Call outcome").selectOption("call-back");
    await card.getByLabel("Note").fill("after 6 pm");
    await save.click();
    await session.screen(page).toast("Call recorded").waitFor();
    await card
      .getByRole("list", { name: "Calls" })
      .filter({ hasText: "Call back — after 6 pm" })
      .waitFor();
    expect((await IncompleteCheckout.findById(saved._id).lean())!.calls[0]).toMatchObject({
      outcome: "call-back",
      note: "after 6 pm",
    });

    await card.getByRole("button", { name: "Send recovery SMS" }).click();
    await session.screen(page).toast("Recovery SMS sent").waitFor();
    expect((await IncompleteCheckout.findById(saved._id).lean())!.smsCount).toBe(1);
    await screenshots(page, "admin-call-list");
    expect(session.consoleErrors).toEqual([]);
  });
});
