/**
 * The Buyers screen in a real browser at 375 px (cards) and 1280 px (table): a guest's and a
 * signed-in customer's orders to one number are one buyer, found by the number in Bangla digits;
 * the buyer's dialog lists the orders (each opening the order), takes and edits a note, and blocks
 * and unblocks the number through the block list's endpoints.
 */
import { describe, expect, it } from "vitest";
import { Buyer } from "../../models/buyer.model";
import { PhoneBlockModel } from "../../models/phone-block.model";
import { toBanglaDigits } from "#contract/i18n/digits";
import { createOrder } from "../factories/order";
import { createUser } from "../factories/user";
import { useAdminSession } from "./admin-shop";
import { screenshots } from "./harness";

const session = useAdminSession();

describe.each([
  { width: 375, height: 812, phone: "01611000375", item: "buyer-card" },
  { width: 1280, height: 900, phone: "01611001280", item: "buyer-row" },
])("buyers at $width px", ({ width, height, phone, item }) => {
  it("finds a buyer by number, opens the orders, keeps a note and blocks the number", async () => {
    const { user } = await createUser({ email: `buyer-${width}@example.com` });
    await createOrder({
      mobile: phone,
      orderStatus: "DELIVERED",
      firstName: "Nusrat",
      lastName: "Jahan",
    });
    const latest = await createOrder({
      user: user._id,
      mobile: `+88${phone}`,
      orderStatus: "PLACED",
      firstName: "Nusrat",
      lastName: "Jahan",
    });
    const page = await session.tab();
    await page.setViewportSize({ width, height });

    await session.screen(page).openFromNavigation("Buyers", "/admin/buyers");
    await page.getByRole("heading", { name: "Buyers", level: 1 }).waitFor();

    await page.getByLabel("Search buyers").fill(toBanglaDigits(phone));
    await page.getByLabel("Search buyers").press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === toBanglaDigits(phone));
    // The address changes before the search's answer lands: the earlier test's buyer may still be
    // listed for a moment, so wait for the list to narrow.
    await expect.poll(() => page.getByTestId(item).count()).toBe(1);
    const listed = page.getByTestId(item).filter({ hasText: phone });
    await listed.waitFor();
    expect(await listed.textContent()).toContain("Nusrat Jahan");
    // Two orders, one delivered: as the card's line, or the table's count cells.
    if (item === "buyer-card")
      expect(await listed.textContent()).toContain("2 orders · 1 delivered · 0 returned");
    else
      expect((await listed.locator("td").allTextContents()).slice(1, 7)).toEqual([
        phone,
        "2",
        "1",
        "0",
        "0",
        "৳500",
      ]);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await screenshots(page, "admin-buyers");

    await (
      item === "buyer-card" ? listed : listed.getByRole("button", { name: "Nusrat Jahan" })
    ).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("buyer-detail").waitFor();
    expect(await dialog.getByRole("link", { name: latest.orderNumber }).getAttribute("href")).toBe(
      `/admin/orders?open=${latest._id}`,
    );

    await dialog.getByLabel("Add a note").fill("Calls back after 6 pm");
    await dialog.getByRole("button", { name: "Add note" }).click();
    const note = dialog.getByTestId("buyer-note");
    await note.filter({ hasText: "Calls back after 6 pm" }).waitFor();
    await note.getByRole("button", { name: "Edit" }).click();
    await dialog.getByLabel("Edit the note").fill("Prefers WhatsApp");
    await dialog.getByRole("button", { name: "Save note" }).click();
    await note.filter({ hasText: "Prefers WhatsApp" }).waitFor();
    expect((await Buyer.findById(phone).lean())!.notes.map((n) => n.text)).toEqual([
      "Prefers WhatsApp",
    ]);

    await dialog.getByRole("button", { name: "Block number" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByLabel("Reason").fill("Refused two parcels");
    await confirm.getByRole("button", { name: "Block number" }).click();
    await session.screen(page).toast(`${phone} blocked: no cash on delivery`).waitFor();
    await dialog.getByTestId("risk-badge").filter({ hasText: "Blocked" }).waitFor();
    expect(await PhoneBlockModel.findOne({ phone, liftedAt: null }).lean()).toMatchObject({
      reason: "Refused two parcels",
    });
    await screenshots(page, "admin-buyer-detail");

    await dialog.getByRole("button", { name: "Lift block" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Lift block" }).click();
    await session.screen(page).toast(`Block on ${phone} lifted`).waitFor();
    await dialog.getByRole("button", { name: "Block number" }).waitFor();

    await dialog.getByRole("link", { name: latest.orderNumber }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === "/admin/orders" && url.searchParams.get("open") === String(latest._id),
    );
    await page.close();
  });
});
