/**
 * Courier cash per courier and a payout statement matched in one step, in a real browser at 375
 * and 1280 px (docs/cod.md, "Payout statements"): the screen shows what each courier owes and
 * filters by courier; a CSV the screen cannot read is refused with its line and column; a good one
 * is previewed row by row (matched, differing, unknown) and its matched parcels are settled once.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CourierSettlement } from "../../models/courier-settlement.model";
import { Order } from "../../models/order.model";
import type { CourierId } from "#contract/couriers";
import { formatBDT } from "#contract/money";
import { createOrder } from "../factories/order";
import { useAdminSession } from "./admin-shop";
import { allowBrowserProblems } from "./guard";
import { screenshots } from "./harness";

const session = useAdminSession();

/** A delivered COD parcel carried by `courier`, its collected amount recorded (null: not). */
async function delivered(courier: CourierId, total: number, collected: number | null) {
  const suffix = randomUUID().slice(0, 6).toUpperCase();
  const order = await createOrder({
    orderNumber: `TW-ST-${suffix}`,
    orderStatus: "DELIVERED",
    totalDiscountedPrice: total,
  });
  await Order.updateOne(
    { _id: order._id },
    {
      $set: {
        shipment: {
          courier,
          consignmentId: `RX-${suffix}`,
          trackingNumber: `RXT-${suffix}`,
          status: "delivered",
        },
        cashCollected:
          collected === null
            ? null
            : { amount: collected, at: new Date(), source: "courier", by: "courier:RedX" },
      },
    },
  );
  return { orderNumber: order.orderNumber, _id: order._id, tracking: `RXT-${suffix}` };
}

describe.each([
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
])("payout statements at $width px", ({ width, height }) => {
  it("filters by courier, refuses a bad CSV by line and column, settles the matched rows once", async () => {
    const recorded = await delivered("redx", 1200, 1200);
    const unrecorded = await delivered("redx", 800, null);
    const differs = await delivered("redx", 500, 500);
    const steadfast = await delivered("steadfast", 700, 700);
    const payout = `RX-PAY-${width}-${randomUUID().slice(0, 4)}`;

    const page = await session.tab();
    await page.setViewportSize({ width, height });
    await session.screen(page).openFromNavigation("Courier cash", "/admin/courier-cash");
    await page.getByRole("heading", { name: "Courier cash", level: 1 }).waitFor();
    await page.getByTestId("courier-total-redx").waitFor();
    expect(await page.getByTestId("courier-total-steadfast").textContent()).toContain("Steadfast");

    // One courier's parcels: RedX's only.
    await page.getByRole("combobox", { name: "Courier", exact: true }).selectOption("redx");
    await page.waitForURL((url) => url.searchParams.get("courier") === "redx");
    await page.getByText("Owed by RedX").waitFor();
    await page.getByTestId("owed-parcel").filter({ hasText: recorded.orderNumber }).waitFor();
    expect(
      await page.getByTestId("owed-parcel").filter({ hasText: steadfast.orderNumber }).count(),
    ).toBe(0);

    // The statement panel starts on the courier filtered; a bad amount is named by line and column.
    expect(await page.getByLabel("Statement from").inputValue()).toBe("redx");
    const file = (text: string) => ({
      name: "redx-payout.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(text),
    });
    await page
      .getByLabel("Statement (CSV)")
      .setInputFiles(file(`Tracking ID,Cash Collection\n${recorded.tracking},12O0\n`));
    await page.getByLabel("Payout number").fill(payout);
    await page.getByLabel("Payout date").fill("2026-11-26");
    allowBrowserProblems("400 POST /api/admin/courier-cash/statements");
    await page.getByRole("button", { name: "Upload and match" }).click();
    const refusal = page.getByTestId("statement-refusal");
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(
      'Line 2, column "Cash Collection": "12O0" is not an amount in taka',
    );

    const csv = [
      "Tracking ID,Invoice,Cash Collection,Delivery Charge,COD Charge",
      `${recorded.tracking},,"1,200",60,12`,
      `${unrecorded.tracking},,800,60,8`,
      `,${differs.orderNumber},450,60,0`,
      `NOT-OURS,,300,60,0`,
    ].join("\n");
    await page.getByLabel("Statement (CSV)").setInputFiles(file(csv));
    await page.getByRole("button", { name: "Upload and match" }).click();
    const preview = page.getByTestId("statement-preview");
    await preview.waitFor();
    expect(await page.getByTestId("statement-counts").textContent()).toBe(
      "2 matched, 1 differ in amount, 1 unknown, 0 already settled.",
    );
    const rowOf = (text: string) => page.getByTestId("statement-row").filter({ hasText: text });
    expect(await rowOf(recorded.tracking).getAttribute("data-match")).toBe("matched");
    expect(await rowOf(differs.orderNumber).textContent()).toContain(
      "The shop recorded ৳500; the statement says ৳450",
    );
    expect(await rowOf("NOT-OURS").getAttribute("data-match")).toBe("unknown");

    await page.getByRole("button", { name: "Settle 2 matched" }).click();
    await session
      .screen(page)
      .toast(`Settlement ${payout} recorded: ${formatBDT(2000 - 140)} for 2 parcels`)
      .waitFor();
    await page
      .getByTestId("statement-counts")
      .filter({ hasText: "0 matched, 1 differ in amount, 1 unknown, 2 already settled." })
      .waitFor();
    expect(await page.getByRole("button", { name: "Settle 0 matched" }).isDisabled()).toBe(true);
    await expect
      .poll(() => page.getByTestId("owed-parcel").filter({ hasText: recorded.orderNumber }).count())
      .toBe(0);
    const settlement = await CourierSettlement.findOne({ reference: payout }).lean();
    expect(settlement).toMatchObject({
      courier: "redx",
      amount: 1860,
      deductions: 140,
      collectedTotal: 2000,
    });
    expect((await Order.findById(unrecorded._id).lean())!.cashCollected).toMatchObject({
      amount: 800,
      source: "statement",
    });
    await page
      .getByTestId("settlement-row")
      .filter({ hasText: payout })
      .getByText("RedX")
      .waitFor();

    // Nothing wider than the screen on a phone (once the toasts, which slide in from the side, are gone).
    await expect
      .poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 20_000 })
      .toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await screenshots(page, `admin-courier-statement-${width}`);
    await page.close();
  });
});

describe("console", () => {
  it("logged no errors", () => {
    // The refused upload's 400 is the browser's "Failed to load resource" line, nothing else.
    expect(session.consoleErrors.filter((text) => !/Failed to load resource/.test(text))).toEqual(
      [],
    );
  });
});
