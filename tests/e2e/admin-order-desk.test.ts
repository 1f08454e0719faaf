/**
 * The order desk in a real browser at 375 and 1280 px (docs/order-desk.md): the queue tabs with
 * their counts, each order's phone, district, items, risk and note in the list (cards on a phone),
 * two orders selected and confirmed at once, and the order dialog's Call and WhatsApp buttons
 * beside the number with the shopper's note. One order is written in Bangla (name, address, note),
 * as most of the shop's customers write, the other in English: both show whole, nothing leaves the
 * screen or is cut, and every control on a phone takes a thumb (AdminPage.offScreen,
 * smallTapTargets). The back office's own labels are English.
 *
 * The shop serves a private copy of the build (tests/e2e/admin-shop.ts).
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { createOrder } from "../factories/order";
import { useAdminSession } from "./admin-shop";
import { ARTIFACTS } from "./harness";

const session = useAdminSession();

/** A customer who wrote in Bangla, as most do: name, street and the note for the rider. */
const BANGLA = {
  firstName: "নুসরাত",
  lastName: "জাহান",
  street: "বাড়ি ১২, রোড ৫, মিরপুর ১০, শাহ আলী মাজারের পাশে",
  note: "বিকেল ৫টার পর ফোন দিবেন, গেটে দারোয়ানের কাছে রেখে যাবেন না",
};

describe.each([
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
])("the order desk at $width px", ({ width, height }) => {
  it("shows the queues and each order's details, and confirms two orders at once", async () => {
    const batch = `TW-DESK-${randomUUID().slice(0, 4).toUpperCase()}`;
    const orders = await Promise.all(
      [1, 2].map((index) =>
        createOrder({
          orderNumber: `${batch}-${index}`,
          orderStatus: "PLACED",
          mobile: `0171${String(Date.now()).slice(-6)}${index}`,
        }),
      ),
    );
    await Order.updateOne(
      { _id: orders[0]._id },
      {
        $set: {
          "shippingAddress.firstName": BANGLA.firstName,
          "shippingAddress.lastName": BANGLA.lastName,
          "shippingAddress.streetAddress": BANGLA.street,
          "shippingAddress.districtId": "sylhet",
          "shippingAddress.thanaId": "sylhet/beanibazar",
          "shippingAddress.area": "Mathiura",
          note: BANGLA.note,
        },
      },
    );
    await Order.updateOne(
      { _id: orders[1]._id },
      { $set: { "shippingAddress.firstName": "Rahim", note: "Call after 5 pm" } },
    );
    const page = await session.tab();
    const screen = session.screen(page);
    await page.setViewportSize({ width, height });
    await screen.visit(`/admin/orders?queue=to-confirm&search=${batch}`);
    await page.getByTestId("queue-tab-to-confirm").waitFor();
    expect(await page.getByTestId("queue-tab-to-confirm").getAttribute("aria-selected")).toBe(
      "true",
    );
    const rows = page.getByTestId("order-row");
    await expect.poll(() => rows.count()).toBe(2);
    const first = rows.filter({ hasText: `${batch}-1` });
    expect(await first.textContent()).toContain(`${BANGLA.firstName} ${BANGLA.lastName}`);
    expect(await first.getByTestId("order-district").textContent()).toBe("Sylhet");
    expect(await first.getByTestId("order-items").textContent()).toBe("1 item");
    expect(await first.getByTestId("order-row-note").textContent()).toBe(`Note: ${BANGLA.note}`);
    await first.getByTestId("risk-badge").waitFor();
    const second = rows.filter({ hasText: `${batch}-2` });
    expect(await second.getByTestId("order-row-note").textContent()).toBe("Note: Call after 5 pm");
    // Nothing wider than the screen, nothing cut, every control big enough for a thumb on a phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const desk = [page.getByRole("tablist", { name: "Queues" }), page.locator("div:has(> table)")];
    for (const part of desk) {
      expect(await screen.offScreen(part)).toEqual([]);
      if (width < 768) expect(await screen.smallTapTargets(part)).toEqual([]);
    }
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, `admin-order-desk-${width}.png`) });

    // The dialog: the number with Call and WhatsApp, and the note.
    await first.getByRole("button", { name: `#${batch}-1` }).click();
    const dialog = page.getByRole("dialog");
    const contact = dialog.getByTestId("order-contact");
    await contact.waitFor();
    const mobile = orders[0].shippingAddress.mobile;
    expect(await contact.getByTestId("call-link").getAttribute("href")).toBe(`tel:${mobile}`);
    expect(await contact.getByTestId("whatsapp-link").getAttribute("href")).toBe(
      `https://wa.me/88${mobile}`,
    );
    expect(await contact.getByTestId("order-note").textContent()).toBe(
      `Customer's note: ${BANGLA.note}`,
    );
    // Where the parcel goes, read back on the confirmation call: thana and district by name.
    expect(
      await contact.getByTestId("order-deliver-to").locator("span > span").allTextContents(),
    ).toEqual([BANGLA.street, "Mathiura", "Beanibazar, Sylhet"]);
    // The invoice (the name and the address) loads after the dialog opens.
    await dialog.getByText(`${BANGLA.firstName} ${BANGLA.lastName}`).first().waitFor();
    const dialogText = await dialog.textContent();
    expect(dialogText).toContain(`${BANGLA.firstName} ${BANGLA.lastName}`);
    expect(dialogText).toContain(BANGLA.street);
    const dialogOverflow = await dialog.evaluate(
      (element) => element.scrollWidth - element.clientWidth,
    );
    expect(dialogOverflow).toBeLessThanOrEqual(0);
    expect(await screen.offScreen(dialog)).toEqual([]);
    if (width < 768) expect(await screen.smallTapTargets(contact)).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, `admin-order-desk-dialog-${width}.png`) });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // One order, then the page (its box above the cards on a phone, in the table's head on a desk).
    await page.getByLabel(`Select order #${batch}-1`).check();
    expect(await page.getByTestId("selection-count").textContent()).toBe("1 order selected");
    await page.getByRole("checkbox", { name: "Select the orders shown" }).check();
    const bar = page.getByTestId("selection-bar");
    expect(await bar.getByTestId("selection-count").textContent()).toBe("2 orders selected");
    const confirm = bar.getByRole("button", { name: "Confirm 2 orders" });
    expect(await screen.offScreen(bar)).toEqual([]);
    if (width < 768) expect(await screen.smallTapTargets(bar)).toEqual([]);
    await confirm.click();
    await screen.toast("2 orders confirmed").waitFor();
    await expect
      .poll(async () =>
        (await Order.find({ _id: { $in: orders.map((order) => order._id) } }).lean()).map(
          (order) => order.orderStatus,
        ),
      )
      .toEqual(["CONFIRMED", "CONFIRMED"]);
    await page.getByText("No orders match.").waitFor();
    await page.close();
    expect(session.consoleErrors.filter((text) => !/Failed to load resource/.test(text))).toEqual(
      [],
    );
  });
});
