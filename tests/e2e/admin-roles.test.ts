/**
 * The back office as a role sees it (docs/staff-roles.md), in a real browser: each role at 1280 px
 * (the order desk also at 375 px). Each sees only its screens in the navigation, lands on the
 * first of them, does one thing its role allows, and does not see what it cannot do (buttons in
 * the order dialog, a screen opened by its address); the server refuses the rest anyway
 * (tests/api/staff-roles.test.ts).
 */
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Category } from "../../models/category.model";
import { Order } from "../../models/order.model";
import { createOrder } from "../factories/order";
import { createAdmin } from "../factories/user";
import { useAdminSession } from "./admin-shop";

const session = useAdminSession();

const orderNumber = () => `TW-ROLE-${randomUUID().slice(0, 6).toUpperCase()}`;

/** A tab of a new staff member of `staffRole` at 1280 px, on `path`. */
async function staffTab(
  staffRole: "owner" | "manager" | "catalogue" | "accountant",
  path: string,
): Promise<Page> {
  const { token } = await createAdmin({
    staffRole,
    email: `${staffRole}-${randomUUID()}@tweest.local`,
  });
  const page = await session.tab(token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${session.shop.baseUrl}${path}`);
  return page;
}

/** The navigation's links, once the first of them is shown. */
async function navigationOf(page: Page, first: string): Promise<string[]> {
  const nav = page.getByRole("navigation", { name: "Admin" });
  await nav.getByRole("link", { name: first, exact: true }).waitFor();
  return nav.getByRole("link").allTextContents();
}

/**
 * A screen the role's navigation does not offer, opened by its address: a note naming the screen
 * and the role, and a way to the first screen the role may open, not the screen.
 */
async function expectRefusedScreen(
  page: Page,
  path: string,
  { role, screen, home }: { role: string; screen: string; home: string },
) {
  await page.goto(`${session.shop.baseUrl}${path}`);
  const note = page.getByTestId("screen-refused");
  await note.waitFor();
  expect(await note.getByRole("heading").textContent()).toBe(screen);
  expect(await note.getByRole("paragraph").textContent()).toBe(
    `The ${role} role cannot open this screen. Ask the shop owner if you need it.`,
  );
  expect(await note.getByRole("link").textContent()).toBe(`Go to ${home}`);
}

/** The order dialog of `order`, once its actions are shown; and the texts of its buttons. */
async function openOrder(page: Page, number: string) {
  await page.goto(`${session.shop.baseUrl}/admin/orders?open=${number}`);
  const dialog = page.getByRole("dialog");
  // The actions row is empty (so hidden) for a role that may not move the order: wait for the details.
  await dialog.getByText(/Terms accepted|Placed before the checkout/).waitFor();
  const buttons = async () =>
    (await dialog.getByRole("button").allTextContents()).map((text) => text.trim());
  return { dialog, buttons };
}

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
    expect(await dialog.getByRole("button", { name: "Edit delivery details" }).count()).toBe(0);
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

  it("catalogue at 1280 px: its seven screens, adds a category, never sees the orders", async () => {
    const page = await staffTab("catalogue", "/admin");
    // No dashboard for the catalogue: the first screen it may open.
    await page.waitForURL((url) => url.pathname === "/admin/products");
    expect(await navigationOf(page, "Products")).toEqual([
      "Products",
      "Categories",
      "Stock",
      "Size guides",
      "Reviews",
      "Popup images",
      "Shop pages",
    ]);
    await page.goto(`${session.shop.baseUrl}/admin/categories`);
    await page.getByRole("button", { name: "New category" }).click();
    const name = `Role Tees ${randomUUID().slice(0, 4)}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("category-row").filter({ hasText: name }).waitFor();
    expect(await Category.countDocuments({ name })).toBe(1);
    await expectRefusedScreen(page, "/admin/orders", {
      role: "Catalogue",
      screen: "Orders",
      home: "Products",
    });
  });

  it("an accountant at 1280 px: the figures and money, records collected cash, reads orders without moving them", async () => {
    const parcel = await createOrder({
      orderNumber: orderNumber(),
      orderStatus: "DELIVERED",
      totalDiscountedPrice: 1160,
    });
    const open = await createOrder({ orderNumber: orderNumber(), orderStatus: "PLACED" });
    const page = await staffTab("accountant", "/admin");
    expect(await navigationOf(page, "Dashboard")).toEqual([
      "Dashboard",
      "Orders",
      "Payments",
      "Courier cash",
      "Buyers",
    ]);
    // The low-stock figure, without a link to the stock screen it may not open.
    const lowStock = page.getByTestId("stat-low-stock");
    expect(await lowStock.textContent()).toContain("Variants at or below their threshold");
    expect(await page.locator("a", { has: lowStock }).count()).toBe(0);
    await page.goto(`${session.shop.baseUrl}/admin/courier-cash`);
    const collected = page.getByLabel(`Collected on ${parcel.orderNumber} (taka)`);
    await collected.fill("1100");
    await page.locator("form", { has: collected }).getByRole("button", { name: "Record" }).click();
    await expect
      .poll(async () => (await Order.findById(parcel._id).lean())?.cashCollected?.amount)
      .toBe(1100);

    await page.goto(`${session.shop.baseUrl}/admin/orders`);
    await page.getByRole("heading", { name: "Orders" }).waitFor();
    expect(await page.getByTestId("new-order").count()).toBe(0);
    const { dialog, buttons } = await openOrder(page, open.orderNumber);
    for (const hidden of [
      "Confirm",
      "Cancel order",
      "Book courier",
      "Delete",
      "Edit delivery details",
    ])
      expect(await buttons()).not.toContain(hidden);
    expect(await dialog.getByRole("link", { name: "Print invoice" }).count()).toBe(0);
    await expectRefusedScreen(page, "/admin/products", {
      role: "Accountant",
      screen: "Products",
      home: "Dashboard",
    });
  });

  it("a manager at 1280 px: everything but staff and credentials; edits the delivery details and confirms", async () => {
    const order = await createOrder({ orderNumber: orderNumber(), orderStatus: "PLACED" });
    const page = await staffTab("manager", "/admin");
    const nav = await navigationOf(page, "Dashboard");
    for (const hidden of ["Couriers", "Payment gateways", "Staff", "Staff figures"])
      expect(nav).not.toContain(hidden);
    expect(nav).toContain("Audit");
    // A role that may open Stock gets there from the low-stock figure.
    expect(
      await page.locator("a", { has: page.getByTestId("stat-low-stock") }).getAttribute("href"),
    ).toBe("/admin/stock?view=low");

    const { dialog } = await openOrder(page, order.orderNumber);
    await dialog.getByRole("button", { name: "Edit delivery details" }).click();
    const form = dialog.getByRole("form", { name: "Delivery details" });
    await form.getByLabel("Street address").fill("House 7, Road 11, Dhanmondi");
    await form.getByLabel("Note").fill("Call before coming");
    await form.getByRole("button", { name: "Save details" }).click();
    await form.waitFor({ state: "detached" });
    await dialog.getByText("House 7, Road 11, Dhanmondi").first().waitFor();
    const edited = (await Order.findById(order._id).lean())!;
    expect(edited.shippingAddress.streetAddress).toBe("House 7, Road 11, Dhanmondi");
    expect(edited.note).toBe("Call before coming");
    expect(edited.shippingAddress.firstName).toBe("Rahim");

    await dialog.getByTestId("order-actions").getByRole("button", { name: "Confirm" }).click();
    await expect
      .poll(async () => (await Order.findById(order._id).lean())?.orderStatus)
      .toBe("CONFIRMED");
    await expectRefusedScreen(page, "/admin/staff", {
      role: "Manager",
      screen: "Staff",
      home: "Dashboard",
    });
  });

  it("the owner at 1280 and 375 px: every screen; the staff figures, with a skeleton while they load", async () => {
    const agent = await createAdmin({
      staffRole: "orderDesk",
      firstName: "Figures",
      lastName: randomUUID().slice(0, 6),
      email: `agent-${randomUUID()}@tweest.local`,
    });
    const order = await createOrder({ orderNumber: orderNumber(), orderStatus: "PLACED" });
    const confirmed = await fetch(
      `${session.shop.baseUrl}/api/admin/orders/${order._id}/confirmed`,
      {
        method: "PUT",
        headers: { Authorization: `Bearer ${agent.token}`, "Content-Type": "application/json" },
        body: "{}",
      },
    );
    expect(confirmed.status).toBe(200);

    const page = await staffTab("owner", "/admin");
    const nav = await navigationOf(page, "Dashboard");
    for (const shown of ["Couriers", "Payment gateways", "Staff", "Staff figures", "Audit"])
      expect(nav).toContain(shown);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/admin/staff/figures**", async (route) => {
      await held;
      await route.continue();
    });
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Staff figures" })
      .click();
    await page.getByTestId("admin-skeleton").waitFor();
    release();
    const name = `Figures ${agent.user.lastName}`;
    const card = page.getByRole("listitem", { name });
    await card.waitFor();
    expect(await card.getByTestId("confirmed").textContent()).toBe("1");
    expect(await card.textContent()).toContain("Still open1");
    const screen = session.screen(page);
    expect(await screen.offScreen(page.locator("main"))).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    await card.waitFor();
    expect(await screen.offScreen(page.locator("main"))).toEqual([]);
  });
});
