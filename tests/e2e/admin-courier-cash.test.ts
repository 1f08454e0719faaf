/**
 * The courier cash screen in a real browser, at 375 px and 1280 px (docs/cod.md): reached from the
 * admin nav, it shows what the courier owes per parcel and in total, records a collected amount an
 * admin types, refuses a settlement that does not add up (on its field, nothing saved), and records
 * one that does: the parcels leave the owed list and the settlement can be viewed.
 *
 * The shop serves a private copy of the build (tests/e2e/admin-shop.ts).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CourierSettlement } from "../../models/courier-settlement.model";
import { Order } from "../../models/order.model";
import { formatBDT } from "#contract/money";
import { createOrder } from "../factories/order";
import { useAdminSession } from "./admin-shop";
import { screenshots } from "./harness";

const session = useAdminSession();

async function owedFromApi(): Promise<number> {
  const answer = await fetch(`${session.shop.baseUrl}/api/admin/courier-cash`, {
    headers: { Authorization: `Bearer ${session.adminToken}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { totals: { owed: number } }).totals.owed;
}

/** A delivered COD parcel; `collected`: what Pathao's delivered event reported (null: nothing). */
async function deliveredParcel(total: number, collected: number | null) {
  const order = await createOrder({
    orderNumber: `TW-CASH-${randomUUID().slice(0, 6).toUpperCase()}`,
    orderStatus: "DELIVERED",
    totalDiscountedPrice: total,
  });
  if (collected !== null)
    await Order.updateOne(
      { _id: order._id },
      {
        $set: {
          cashCollected: { amount: collected, at: new Date(), source: "courier", by: "courier" },
        },
      },
    );
  return order;
}

describe.each([
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
])("courier cash at $width px", ({ width, height }) => {
  it("records a collected amount and a settlement of two parcels, to the taka", async () => {
    const byCourier = await deliveredParcel(1660, 1660);
    const typed = await deliveredParcel(990, null);
    const owedBefore = await owedFromApi();
    const reference = `PATHAO-${width}-${randomUUID().slice(0, 4)}`;

    const page = await session.tab();
    await page.setViewportSize({ width, height });
    await session.screen(page).openFromNavigation("Courier cash", "/admin/courier-cash");
    await page.getByRole("heading", { name: "Courier cash", level: 1 }).waitFor();
    const owed = page.getByTestId("owed");
    await expect.poll(() => owed.textContent()).toBe(formatBDT(owedBefore));

    // The parcel Pathao reported nothing for: the admin types what was collected.
    const typedRow = page.getByTestId("owed-parcel").filter({ hasText: typed.orderNumber });
    expect(await typedRow.getByText("not recorded").count()).toBe(1);
    await typedRow.getByLabel(`Collected on ${typed.orderNumber} (taka)`).fill("990");
    await typedRow.getByRole("button", { name: "Record" }).click();
    await session.screen(page).toast(`${typed.orderNumber}: ৳990 collected`).waitFor();
    await expect.poll(() => owed.textContent()).toBe(formatBDT(owedBefore + 990));
    await typedRow.getByText("entered by an admin").waitFor();

    // Both parcels into one settlement; a payout 50 short without fees is refused on its field.
    await page.getByLabel(`Include ${byCourier.orderNumber} in the settlement`).check();
    await page.getByLabel(`Include ${typed.orderNumber} in the settlement`).check();
    await page
      .getByTestId("settlement-chosen")
      .filter({ hasText: "2 parcels chosen, collected ৳2,650" })
      .waitFor();
    await page.getByLabel("Amount received (taka)").fill("2600");
    await page.getByLabel("Reference").fill(reference);
    await page.getByRole("button", { name: "Record settlement" }).click();
    expect(await page.locator("#settlement-amount-error").textContent()).toBe(
      "Amount and deductions must add up to ৳2,650 (৳50 short)",
    );
    expect(await CourierSettlement.countDocuments({ reference })).toBe(0);

    // The courier kept 50 in fees: 2,600 + 50 = 2,650.
    await page.getByLabel("Kept by the courier (fees, taka)").fill("50");
    await page.getByRole("button", { name: "Record settlement" }).click();
    await session
      .screen(page)
      .toast(`Settlement ${reference} recorded: ৳2,600 for 2 parcels`)
      .waitFor();
    await expect.poll(() => owed.textContent()).toBe(formatBDT(owedBefore - 1660));
    expect(
      await page.getByTestId("owed-parcel").filter({ hasText: byCourier.orderNumber }).count(),
    ).toBe(0);

    const settlement = await CourierSettlement.findOne({ reference }).lean();
    expect(settlement).toMatchObject({
      state: "recorded",
      amount: 2600,
      deductions: 50,
      collectedTotal: 2650,
    });
    for (const order of [byCourier, typed])
      expect(String((await Order.findById(order._id).lean())!.cashSettlement)).toBe(
        String(settlement!._id),
      );

    // Listed, and viewed: its parcels and their total.
    const row = page.getByTestId("settlement-row").filter({ hasText: reference });
    await row.getByRole("button", { name: "View" }).click();
    const parcels = page.getByRole("list", { name: `Parcels of ${reference}` });
    await parcels.getByText(typed.orderNumber).waitFor();
    expect(await parcels.getByText(byCourier.orderNumber).count()).toBe(1);
    expect(await parcels.locator("li").last().textContent()).toContain("৳2,650");

    // Nothing wider than the screen on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await screenshots(page, `admin-courier-cash-${width}`);
    await page.close();
  });
});

describe("console", () => {
  it("logged no errors", () => {
    expect(session.consoleErrors).toEqual([]);
  });
});
