/**
 * Recording a shipment with any courier from the admin order dialog, in a real browser at 375 and
 * 1280 px, and the shopper's tracking page saying who brings the parcel and how to follow it, in
 * English and Bangla; and the orders shown booked with Steadfast's bulk call in one click
 * (docs/couriers.md); and both by a packer whose back office is in Bangla.
 *
 * The shop serves a private copy of the build (tests/e2e/admin-shop.ts).
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { createOrder } from "../factories/order";
import { createAdmin } from "../factories/user";
import { useSteadfastStub } from "../setup/couriers";
import type { SteadfastStub } from "../stubs/steadfast";
import { useAdminSession } from "./admin-shop";
import { ARTIFACTS, waitForHydration } from "./harness";

let steadfast: SteadfastStub;
// Steadfast is configured before the shop starts (its variables are read then).
useSteadfastStub((stub) => (steadfast = stub));
const session = useAdminSession();

describe.each([
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
])("a manual shipment at $width px", ({ width, height }) => {
  it("is recorded in the order dialog and shown to the shopper in English and Bangla", async () => {
    const mobile = `017${String(Date.now()).slice(-8)}`;
    const order = await createOrder({
      orderNumber: `TW-SHIP-${randomUUID().slice(0, 4).toUpperCase()}`,
      orderStatus: "CONFIRMED",
      mobile,
    });
    const trackingNumber = `SB-${width}`;
    const page = await session.tab();
    await page.setViewportSize({ width, height });
    await session.screen(page).visit(`/admin/orders?open=${String(order._id)}`);
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: `Order #${order.orderNumber}` }).waitFor();
    const form = dialog.getByTestId("shipment-form");
    await form.getByLabel("Ship with").selectOption("manual");
    await form.getByLabel("Courier name").fill("Sundarban Courier");
    await form.getByLabel("Tracking number").fill(trackingNumber);
    await form
      .getByLabel("Tracking link (optional)")
      .fill("https://track.example.bd/?id={tracking}");
    // Nothing of the form sticks out of the dialog on a phone.
    const overflow = await form.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await form.getByRole("button", { name: "Record shipment" }).click();
    await session
      .screen(page)
      .toast(`Shipment recorded: Sundarban Courier ${trackingNumber}`)
      .waitFor();
    const stored = await Order.findById(order._id).lean();
    expect(stored!.orderStatus).toBe("SHIPPED");
    expect(stored!.shipment).toMatchObject({
      courier: "manual",
      courierName: "Sundarban Courier",
      trackingNumber,
      trackingUrl: `https://track.example.bd/?id=${trackingNumber}`,
    });
    await dialog
      .getByTestId("shipment")
      .getByText(`Shipped with Sundarban Courier: tracking ${trackingNumber}`, { exact: false })
      .waitFor();
    expect(await dialog.getByTestId("shipment-form").count()).toBe(0);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, `admin-order-shipment-${width}.png`) });

    for (const [prefix, heading, follow] of [
      ["", "Bringing your parcel: Sundarban Courier", "Follow the parcel (Sundarban Courier)"],
      [
        "/bn",
        "আপনার পার্সেল পৌঁছে দিচ্ছে: Sundarban Courier",
        "পার্সেলটি অনুসরণ করুন (Sundarban Courier)",
      ],
    ]) {
      await page.goto(
        `${session.shop.baseUrl}${prefix}/order/guest/track/${order.orderNumber}?phone=${mobile}`,
      );
      await waitForHydration(page);
      const note = page.getByTestId("shipment");
      await note.getByText(heading).waitFor();
      expect(await note.textContent()).toContain(trackingNumber);
      const link = note.getByRole("link", { name: follow });
      expect(await link.getAttribute("href")).toBe(
        `https://track.example.bd/?id=${trackingNumber}`,
      );
      await page.screenshot({
        path: path.join(ARTIFACTS, `tracking-shipment${prefix.replace("/", "-")}-${width}.png`),
      });
    }
    await page.close();
    expect(session.consoleErrors.filter((text) => !/Failed to load resource/.test(text))).toEqual(
      [],
    );
  });
});

describe.each([
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
])("booking many at $width px", ({ width, height }) => {
  it("books every unbooked order shown with Steadfast in one bulk call", async () => {
    const batch = `TW-BULK-${randomUUID().slice(0, 4).toUpperCase()}`;
    const orders = await Promise.all(
      [1, 2].map((index) =>
        createOrder({ orderNumber: `${batch}-${index}`, orderStatus: "CONFIRMED" }),
      ),
    );
    const calls = steadfast.bookingCalls;
    const page = await session.tab();
    await page.setViewportSize({ width, height });
    await session.screen(page).visit(`/admin/orders?search=${batch}`);
    const panel = page.getByTestId("bulk-shipment");
    await panel.getByLabel("Book the 2 unbooked orders shown with").waitFor();
    expect(await panel.getByRole("combobox").inputValue()).toBe("steadfast");
    await panel.getByRole("button", { name: "Book 2 orders" }).click();
    await session.screen(page).toast("2 parcels booked").waitFor();
    expect(steadfast.bookingCalls).toBe(calls + 1);
    expect(
      steadfast.consignments.filter((entry) => String(entry.invoice).startsWith(batch)),
    ).toHaveLength(2);
    for (const order of orders)
      expect((await Order.findById(order._id).lean())!.shipment).toMatchObject({
        courier: "steadfast",
        status: "in_review",
      });
    // Booked: nothing is left for the panel to offer.
    await expect.poll(() => panel.count()).toBe(0);
    await page.screenshot({ path: path.join(ARTIFACTS, `admin-orders-bulk-${width}.png`) });
    await page.close();
  });
});

describe.each([
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
])("a packer's booking in Bangla at $width px", ({ width, height }) => {
  it("records a manual shipment and books the orders shown with Steadfast, every word in Bangla", async () => {
    const { token } = await createAdmin({ staffRole: "packer", adminLocale: "bn" });
    const batch = `TW-BN-${randomUUID().slice(0, 4).toUpperCase()}`;
    const [single, ...many] = await Promise.all(
      [0, 1, 2].map((index) =>
        createOrder({ orderNumber: `${batch}-${index}`, orderStatus: "CONFIRMED" }),
      ),
    );
    const page = await session.tab(token);
    await page.setViewportSize({ width, height });
    const screen = session.screen(page);

    await screen.visit(`/admin/orders?open=${String(single._id)}`);
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: `অর্ডার #${single.orderNumber}` }).waitFor();
    const form = dialog.getByTestId("shipment-form");
    await form.getByLabel("যে কুরিয়ারে পাঠাবেন").selectOption("manual");
    await form.getByLabel("কুরিয়ারের নাম").fill("Sundarban Courier");
    await form.getByLabel("ট্র্যাকিং নম্বর").fill(`SB-BN-${width}`);
    await form.getByLabel("ট্র্যাকিং লিংক (ঐচ্ছিক)").waitFor();
    expect(await screen.offScreen(form)).toEqual([]);
    await form.getByRole("button", { name: "শিপমেন্ট লিখে রাখুন" }).click();
    await screen.toast(`শিপমেন্ট লেখা হয়েছে: Sundarban Courier SB-BN-${width}`).waitFor();
    expect((await Order.findById(single._id).lean())!.shipment).toMatchObject({
      courier: "manual",
      trackingNumber: `SB-BN-${width}`,
    });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    const calls = steadfast.bookingCalls;
    await screen.visit(`/admin/orders?search=${batch}`);
    const panel = page.getByTestId("bulk-shipment");
    await panel.getByLabel("দেখানো ২টি বুক না হওয়া অর্ডার বুক করুন এই কুরিয়ারে").waitFor();
    expect(await screen.offScreen(panel)).toEqual([]);
    await panel.getByRole("button", { name: "২টি অর্ডার বুক করুন" }).click();
    await screen.toast("২টি পার্সেল বুক হয়েছে").waitFor();
    expect(steadfast.bookingCalls).toBe(calls + 1);
    for (const order of many)
      expect((await Order.findById(order._id).lean())!.shipment).toMatchObject({
        courier: "steadfast",
      });
    await page.screenshot({ path: path.join(ARTIFACTS, `admin-booking-bangla-${width}.png`) });
    await page.close();
  });
});
