/**
 * The booking dialog in a real browser at 375 and 1280 px (docs/couriers.md, "The suggested
 * courier"; docs/cod.md, "The couriers' record of a number"): for one order, the suggested courier
 * is chosen with its numbers shown, the number's Steadfast record sits beside the shop's own
 * counts ("could not be read" when Steadfast fails, never zero), and the parcel is booked with the
 * suggestion; for many, the couriers suggested for the orders shown are named and the one
 * suggested most is chosen. The back office is English only (docs/i18n.md), so is this test.
 *
 * The shop serves a private copy of the build (tests/e2e/admin-shop.ts), Steadfast and RedX are
 * their local stubs.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import {
  createCourierRecord,
  createOrder,
  moveOrderTo,
  type ParcelPlace,
} from "../factories/order";
import { useRedxStub, useSteadfastStub } from "../setup/couriers";
import type { SteadfastStub } from "../stubs/steadfast";
import { useAdminSession } from "./admin-shop";
import { ARTIFACTS } from "./harness";

let steadfast: SteadfastStub;
// Both couriers are configured before the shop starts (their variables are read then).
useSteadfastStub((stub) => (steadfast = stub));
useRedxStub(() => undefined);
const session = useAdminSession();

const BHOLA: ParcelPlace = { city: "Bhola", districtId: "bhola" };
const CHANDPUR: ParcelPlace = { city: "Chandpur", districtId: "chandpur" };

// The shop's own finished parcels, before any screen asks (the server keeps its figures a while).
beforeAll(async () => {
  await createCourierRecord("steadfast", BHOLA, 23, 2); // 92% of 25
  await createCourierRecord("redx", BHOLA, 8, 2); // 80% of 10
  await createCourierRecord("redx", CHANDPUR, 12, 0); // 100% of 12
  await createCourierRecord("steadfast", CHANDPUR, 5, 5); // 50% of 10
});

let mobiles = 0;
/** A number no other test of this run has used (Steadfast's record is per number). */
const uniqueMobile = () =>
  `017${String(Date.now()).slice(-6)}${String(mobiles++ % 100).padStart(2, "0")}`;

async function orderTo(place: ParcelPlace, overrides: Parameters<typeof createOrder>[0] = {}) {
  const order = await createOrder({ orderStatus: "CONFIRMED", ...overrides });
  await moveOrderTo(order._id, place);
  return order;
}

describe.each([
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
])("the booking dialog at $width px", ({ width, height }) => {
  it("suggests the courier with its numbers, shows the number's record, and books with the suggestion", async () => {
    const mobile = uniqueMobile();
    steadfast.records[mobile] = { delivered: 12, cancelled: 3 };
    const order = await orderTo(BHOLA, { mobile });
    const page = await session.tab();
    await page.setViewportSize({ width, height });
    await session.screen(page).visit(`/admin/orders?open=${String(order._id)}`);
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: `Order #${order.orderNumber}` }).waitFor();

    const record = dialog.getByTestId("courier-record");
    await record.getByText("12 delivered, 3 cancelled (80% delivered)").waitFor();
    expect(await record.getAttribute("data-state")).toBe("ok");
    expect(await record.textContent()).toMatch(/^Steadfast:12 delivered, 3 cancelled/);

    const form = dialog.getByTestId("shipment-form");
    const suggestion = form.getByTestId("courier-suggestion");
    await suggestion.getByText("Suggested: Steadfast", { exact: true }).waitFor();
    await suggestion
      .getByText("Steadfast: 92% delivered in Bhola (25 parcels); RedX: 80% (10)", { exact: true })
      .waitFor();
    await suggestion.getByText(/^Rule: the highest share delivered/).waitFor();
    expect(await form.getByLabel("Ship with").inputValue()).toBe("steadfast");
    // Nothing of the form sticks out of the dialog on a phone.
    const overflow = await form.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, `admin-booking-suggested-${width}.png`) });

    await form.getByRole("button", { name: "Book with Steadfast" }).click();
    await session
      .screen(page)
      .toast(/^Shipment recorded: Steadfast SF/)
      .waitFor();
    expect((await Order.findById(order._id).lean())!.shipment).toMatchObject({
      courier: "steadfast",
      status: "in_review",
    });
    await page.close();
  });

  it("says the record could not be read when Steadfast fails, and lets the owner pick another courier", async () => {
    steadfast.fraudCheckFails = "error";
    const order = await orderTo(CHANDPUR, { mobile: uniqueMobile() });
    const page = await session.tab();
    await page.setViewportSize({ width, height });
    await session.screen(page).visit(`/admin/orders?open=${String(order._id)}`);
    const dialog = page.getByRole("dialog");
    const record = dialog.getByTestId("courier-record");
    await record.getByText("could not be read").waitFor();
    expect(await record.getAttribute("data-state")).toBe("unavailable");
    expect(await record.textContent()).not.toMatch(/\d/);

    const form = dialog.getByTestId("shipment-form");
    await form.getByText("Suggested: RedX", { exact: true }).waitFor();
    await form
      .getByText("RedX: 100% delivered in Chandpur (12 parcels); Steadfast: 50% (10)", {
        exact: true,
      })
      .waitFor();
    expect(await form.getByLabel("Ship with").inputValue()).toBe("redx");
    await form.getByLabel("Ship with").selectOption("manual");
    await form.getByLabel("Courier name").waitFor();
    expect(await form.getByRole("button", { name: "Record shipment" }).count()).toBe(1);
    await page.close();
  });
});

describe.each([
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
])("booking many at $width px", ({ width, height }) => {
  it("names the couriers suggested for the orders shown and chooses the one suggested most", async () => {
    const batch = `TW-HINT-${randomUUID().slice(0, 4).toUpperCase()}`;
    const orders = [
      await orderTo(BHOLA, { orderNumber: `${batch}-1` }),
      await orderTo(BHOLA, { orderNumber: `${batch}-2` }),
      await orderTo(CHANDPUR, { orderNumber: `${batch}-3` }),
    ];
    const calls = steadfast.bookingCalls;
    const page = await session.tab();
    await page.setViewportSize({ width, height });
    await session.screen(page).visit(`/admin/orders?search=${batch}`);
    const panel = page.getByTestId("bulk-shipment");
    const hint = panel.getByTestId("bulk-suggestion");
    await hint.getByText("Suggested: Steadfast for 2 orders, RedX for 1 order").waitFor();
    expect(await hint.textContent()).toContain("Rule: the highest share delivered");
    expect(await panel.getByRole("combobox").inputValue()).toBe("steadfast");
    const overflow = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(ARTIFACTS, `admin-bulk-suggested-${width}.png`) });

    await panel.getByRole("button", { name: "Book 3 orders" }).click();
    await session.screen(page).toast("3 parcels booked").waitFor();
    expect(steadfast.bookingCalls).toBe(calls + 1);
    for (const order of orders)
      expect((await Order.findById(order._id).lean())!.shipment).toMatchObject({
        courier: "steadfast",
      });
    await page.close();
    expect(session.consoleErrors.filter((text) => !/Failed to load resource/.test(text))).toEqual(
      [],
    );
  });
});
