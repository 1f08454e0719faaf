/**
 * The back office's Couriers screen in a real browser at 375 and 1280 px (docs/couriers.md,
 * "Configuration"): each courier's state, its secrets shown only as set / not set, a refused value
 * named under its field, a new secret saved sealed, the switch turning a courier off (and out of
 * the order dialog's "Ship with"), and cancelling a shipment from the order dialog.
 *
 * The shop serves a private copy of the build (tests/e2e/admin-shop.ts).
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CourierSettingsModel } from "../../models/courier-settings.model";
import { Order } from "../../models/order.model";
import { invalidateCourierSettings } from "../../server/services/courier-settings.service";
import { createOrder } from "../factories/order";
import { useSteadfastStub } from "../setup/couriers";
import type { SteadfastStub } from "../stubs/steadfast";
import { useAdminSession } from "./admin-shop";
import { allowBrowserProblems } from "./guard";
import { ARTIFACTS } from "./harness";

let steadfast: SteadfastStub;
// Steadfast is configured through its variables before the shop starts.
useSteadfastStub((stub) => (steadfast = stub));
const session = useAdminSession();

afterEach(async () => {
  // Back to the environment's settings for the next width.
  await CourierSettingsModel.deleteMany({});
  invalidateCourierSettings();
});

describe.each([
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
])("the Couriers screen at $width px", ({ width, height }) => {
  it(
    "shows each courier's state, saves a new secret and the switch, and names a refused value",
    {
      timeout: 60_000,
    },
    async () => {
      const page = await session.tab();
      await page.setViewportSize({ width, height });
      await session.screen(page).visit("/admin");
      await page
        .getByRole("navigation", { name: "Admin" })
        .getByRole("link", { name: "Couriers" })
        .click();
      await page.getByRole("heading", { name: "Couriers", level: 1 }).waitFor();

      const form = page.getByRole("form", { name: "Steadfast settings" });
      await form.waitFor();
      expect(await page.getByTestId("courier-steadfast-state").textContent()).toBe("Ready to book");
      const apiKey = form.getByLabel("API key");
      // Set from the environment, never shown: the input is empty and says so.
      expect(await apiKey.inputValue()).toBe("");
      await form.getByText("Set · From STEADFAST_API_KEY").first().waitFor();
      expect(await page.content()).not.toContain(steadfast.apiKey);
      // Nothing sticks out sideways on a phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      // A refused value is named under its field; nothing is saved.
      allowBrowserProblems("400 PUT /api/admin/couriers/redx");
      const redx = page.getByRole("form", { name: "RedX settings" });
      await redx.getByLabel("Pickup store id").fill("12.5");
      await redx.getByRole("button", { name: "Save RedX" }).click();
      await redx.getByText("Enter a whole number").waitFor();
      expect(await CourierSettingsModel.countDocuments({ _id: "redx" })).toBe(0);

      // A new key and the switch off: saved, the key sealed, the state says so.
      const typedKey = `typed-key-${width}-${randomUUID().slice(0, 6)}`;
      await apiKey.fill(typedKey);
      await form.getByRole("switch", { name: "Offer Steadfast for bookings" }).uncheck();
      await form.getByRole("button", { name: "Save Steadfast" }).click();
      await session.screen(page).toast("Steadfast saved").waitFor();
      await expect
        .poll(() => page.getByTestId("courier-steadfast-state").textContent())
        .toBe("Switched off");
      await form.getByText("Set · Saved here").waitFor();
      expect(await apiKey.inputValue()).toBe("");
      // Another courier's save leaves RedX's form as typed.
      expect(await redx.getByLabel("Pickup store id").inputValue()).toBe("12.5");
      const stored = (await CourierSettingsModel.findById("steadfast").lean())!;
      expect(stored.enabled).toBe(false);
      expect(String(stored.values.apiKey)).toMatch(/^v1\./);
      expect(String(stored.values.apiKey)).not.toContain(typedKey);
      expect(await page.content()).not.toContain(typedKey);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({
        path: path.join(ARTIFACTS, `admin-couriers-${width}.png`),
        fullPage: true,
      });

      // Switched off: the order dialog does not offer it.
      const order = await createOrder({
        orderNumber: `TW-CFG-${randomUUID().slice(0, 4).toUpperCase()}`,
        orderStatus: "CONFIRMED",
      });
      await session.screen(page).visit(`/admin/orders?open=${String(order._id)}`);
      const shipWith = page
        .getByRole("dialog")
        .getByTestId("shipment-form")
        .getByLabel("Ship with");
      // Until the list of couriers is in, every one is offered; then Steadfast is not.
      const couriersOffered = async () =>
        (await shipWith.locator("option").allTextContents()).map((text) =>
          text.replace(" (not configured)", ""),
        );
      await expect.poll(couriersOffered).toEqual(["Pathao", "RedX", "Other courier"]);
      await page.close();
      expect(session.consoleErrors.filter((text) => !/Failed to load resource/.test(text))).toEqual(
        [],
      );
    },
  );

  it("cancels a shipment from the order dialog; the order may be booked again", async () => {
    const order = await createOrder({
      orderNumber: `TW-CXL-${randomUUID().slice(0, 4).toUpperCase()}`,
      orderStatus: "CONFIRMED",
    });
    const page = await session.tab();
    await page.setViewportSize({ width, height });
    await session.screen(page).visit(`/admin/orders?open=${String(order._id)}`);
    const dialog = page.getByRole("dialog");
    const form = dialog.getByTestId("shipment-form");
    await form.getByLabel("Ship with").selectOption("steadfast");
    await form.getByRole("button", { name: "Book with Steadfast" }).click();
    await dialog.getByTestId("shipment").waitFor();
    const tracking = String(
      steadfast.consignments.find((entry) => entry.invoice === order.orderNumber)!.tracking_code,
    );
    await dialog.getByRole("button", { name: "Cancel shipment" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel shipment" }).click();
    await session
      .screen(page)
      .toast(
        `Booking with Steadfast released (tracking ${tracking}, not picked up); cancel the parcel in Steadfast's panel too`,
      )
      .waitFor();
    await dialog.getByTestId("shipment-form").waitFor();
    expect((await Order.findById(order._id).lean())!.shipment).toBeNull();
    await page.close();
  });
});
