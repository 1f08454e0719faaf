/**
 * Courier booking from the admin order screen in a real browser (issue 8), against the local Pathao
 * merchant API stub (tests/stubs/pathao.ts): a CONFIRMED order opened by its deep link
 * (/admin/orders?open=<id>, read through GET /api/admin/orders/:id) is booked with "Book courier";
 * the stored courier, the parcel Pathao received and the screen all show the consignment.
 *
 * The shop serves a private copy of the build (tests/e2e/admin-shop.ts).
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { createOrder } from "../factories/order";
import { usePathaoStub } from "../setup/pathao";
import type { PathaoStub } from "../stubs/pathao";
import { useAdminSession } from "./admin-shop";
import { ARTIFACTS } from "./harness";

let pathao: PathaoStub;
// Pathao is configured before the app exists (getEnv() is read when the shop starts): these hooks
// run before the admin session's.
usePathaoStub((stub) => (pathao = stub));

const session = useAdminSession();
const adminTab = (): Promise<Page> => session.tab();

describe("admin order screen: courier booking with Pathao", () => {
  it("books a CONFIRMED order opened by its deep link and shows the consignment", async () => {
    const order = await createOrder({
      // Upper case like real numbers (TW-YYMMDD-XXXX): a deep link by number is upper-cased.
      orderNumber: `TW-COURIER-${randomUUID().slice(0, 4).toUpperCase()}`,
      orderStatus: "CONFIRMED",
      firstName: "Sadia",
      lastName: "Akter",
      lines: [{ category: "Shirts", unitPrice: 750, quantity: 2 }],
    });
    const page = await adminTab();
    await session.screen(page).visit(`/admin/orders?open=${String(order._id)}`);
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: `Order #${order.orderNumber}` }).waitFor();
    // The full order from GET /api/admin/orders/:id: the invoice shows the shipping address.
    await dialog.getByTestId("invoice").getByText("House 1, Road 2").first().waitFor();
    const actions = dialog.getByTestId("order-actions");
    expect(await actions.getByRole("button", { name: "Mark shipped" }).count()).toBe(1);

    await actions.getByRole("button", { name: "Book courier" }).click();
    const toast = session.screen(page).toast(/^Parcel booked: DL/);
    await toast.waitFor();

    // Stored: Pathao and the consignment id it answered; Pathao got one parcel for this order.
    const stored = await Order.findById(order._id).lean();
    expect(stored!.courier).toMatchObject({ name: "Pathao", status: "Pending" });
    const consignmentId = stored!.courier!.consignmentId!;
    expect(consignmentId).toMatch(/^DL/);
    expect(await toast.textContent()).toBe(`Parcel booked: ${consignmentId}`);
    expect(pathao.orders).toHaveLength(1);
    expect(pathao.orders[0]).toMatchObject({
      consignment_id: consignmentId,
      merchant_order_id: order.orderNumber,
      recipient_name: "Sadia Akter",
      recipient_phone: "01712345678",
      amount_to_collect: 1560,
      item_quantity: 2,
      store_id: pathao.storeId,
    });
    expect(stored!.orderStatus).toBe("CONFIRMED");

    // The screen shows the consignment and offers no second booking.
    const courierLine = dialog.getByText(`Courier Pathao: consignment ${consignmentId}`, {
      exact: false,
    });
    await courierLine.waitFor();
    expect(await actions.getByRole("button", { name: "Book courier" }).count()).toBe(0);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-order-courier-1280.png") });

    // A fresh visit of the deep link (by order number this time) reads the booking back.
    await session.screen(page).visit(`/admin/orders?open=${order.orderNumber.toLowerCase()}`);
    await page
      .getByRole("dialog")
      .getByText(`Courier Pathao: consignment ${consignmentId}`, { exact: false })
      .waitFor();
    expect(
      await page
        .getByRole("dialog")
        .getByTestId("order-actions")
        .getByRole("button", { name: "Book courier" })
        .count(),
    ).toBe(0);

    // Closing the dialog drops ?open= from the address, and the list row stays CONFIRMED.
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => !url.searchParams.has("open"));
    expect(pathao.orders).toHaveLength(1);
    await page.close();
    expect(session.consoleErrors.filter((text) => !/Failed to load resource/.test(text))).toEqual(
      [],
    );
  });
});
