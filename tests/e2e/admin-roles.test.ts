/**
 * The back office as a role sees it (docs/staff-roles.md), in a real browser: a packer at 1280 px
 * and an order-desk agent at 375 px. Each sees only its screens in the navigation, lands on the
 * first of them, and in the order dialog only the buttons its permissions allow; the server
 * refuses the rest anyway (tests/api/staff-roles.test.ts).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createOrder } from "../factories/order";
import { createAdmin } from "../factories/user";
import { useAdminSession } from "./admin-shop";

const session = useAdminSession();

const orderNumber = () => `TW-ROLE-${randomUUID().slice(0, 6).toUpperCase()}`;

describe("a role's back office", () => {
  it("a packer at 1280 px: Orders and Packing only, ships but never confirms, deletes or refunds", async () => {
    const { token } = await createAdmin({ staffRole: "packer" });
    const order = await createOrder({ orderNumber: orderNumber(), orderStatus: "CONFIRMED" });
    const page = await session.tab(token);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${session.shop.baseUrl}/admin`);
    // No dashboard for a packer: the first screen it may open.
    await page.waitForURL((url) => url.pathname === "/admin/orders");
    const nav = page.getByRole("navigation", { name: "Admin" });
    await nav.getByRole("link", { name: "Orders", exact: true }).waitFor();
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Orders", "Packing"]);

    await page.goto(`${session.shop.baseUrl}/admin/orders?open=${order.orderNumber}`);
    const actions = page.getByRole("dialog").getByTestId("order-actions");
    await actions.getByRole("button", { name: "Mark shipped" }).waitFor();
    const buttons = await actions.getByRole("button").allTextContents();
    for (const hidden of ["Confirm", "Cancel order", "Delete"])
      expect(buttons.map((text) => text.trim())).not.toContain(hidden);
    expect(await actions.getByRole("link", { name: "Print invoice" }).count()).toBe(1);
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByTestId("refund-form").count()).toBe(0);
    expect(await dialog.getByTestId("entity-history").count()).toBe(0);
  });

  it("an order-desk agent at 375 px: confirms and cancels, never ships, prints or deletes", async () => {
    const { token } = await createAdmin({ staffRole: "orderDesk" });
    const order = await createOrder({ orderNumber: orderNumber(), orderStatus: "PLACED" });
    const page = await session.tab(token);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${session.shop.baseUrl}/admin/orders`);
    const nav = page.getByRole("navigation", { name: "Admin" });
    await nav.getByRole("link", { name: "Orders", exact: true }).waitFor();
    expect(await nav.getByRole("link").allTextContents()).toEqual([
      "Orders",
      "Call list",
      "Buyers",
      "Blocked numbers",
      "Bulk orders",
    ]);
    await page.goto(`${session.shop.baseUrl}/admin/orders?open=${order.orderNumber}`);
    const actions = page.getByRole("dialog").getByTestId("order-actions");
    await actions.getByRole("button", { name: "Confirm" }).waitFor();
    const buttons = (await actions.getByRole("button").allTextContents()).map((text) =>
      text.trim(),
    );
    expect(buttons).toContain("Cancel order");
    for (const hidden of ["Book courier", "Delete"]) expect(buttons).not.toContain(hidden);
    expect(await actions.getByRole("link", { name: "Print invoice" }).count()).toBe(0);
  });
});
