/**
 * Server paging of the admin lists in a real browser (issue 8): the payments and promo-code screens
 * ask GET /api/payments and GET /api/admin/promo-codes for one page at a time, keep the page and
 * filters in the address (a deep link opens page 2) and show the server's totals.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Payment } from "../../models/payment.model";
import { PromoCode } from "../../models/promo-code.model";
import { createOrder } from "../factories/order";
import { createPayment } from "../factories/payment";
import { createPromo } from "../factories/promo-code";
import { useAdminSession } from "./admin-shop";

const session = useAdminSession();
const open = (page: Page, pathname: string) => session.screen(page).open(pathname);
const pager = (page: Page) => session.screen(page).pager;

describe("admin lists page on the server", () => {
  it("pages and filters payments through GET /api/payments", async () => {
    const order = await createOrder({ orderStatus: "PLACED" });
    const now = Date.now();
    for (let index = 0; index < 27; index += 1)
      await createPayment({
        order: order._id,
        method: index % 9 === 0 ? "BKASH" : "SSLCOMMERZ",
        amount: 1000 + index,
        status: index % 2 ? "COMPLETED" : "FAILED",
        createdAt: new Date(now - index * 60_000),
      });
    const total = await Payment.countDocuments();
    expect(total).toBe(27);

    const page = await session.tab();
    const firstPage = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === "/api/payments" &&
        new URL(response.url()).searchParams.get("page") === "1",
    );
    await open(page, "/admin/payments");
    const first = (await (await firstPage).json()) as Record<string, unknown>;
    expect(first).toMatchObject({ success: true, total: 27, page: 1, totalPages: 2 });
    expect((first.payments as unknown[]).length).toBe(25);
    await page.getByText("27 payments, newest first.").waitFor();
    expect(await pager(page).textContent()).toContain("Page 1 of 2 · 27 in all");
    expect(await page.getByTestId("payment-row").count()).toBe(25);

    const secondPage = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === "/api/payments" &&
        new URL(response.url()).searchParams.get("page") === "2",
    );
    await pager(page).getByRole("button", { name: "Next page" }).click();
    expect(((await (await secondPage).json()) as { payments: unknown[] }).payments).toHaveLength(2);
    await expect.poll(() => page.getByTestId("payment-row").count()).toBe(2);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    expect(await pager(page).textContent()).toContain("Page 2 of 2");

    // A filter starts again at page 1 and counts on the server.
    await page.getByLabel("Method").selectOption("BKASH");
    await expect.poll(() => page.getByTestId("payment-row").count()).toBe(3);
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    expect(new URL(page.url()).searchParams.get("method")).toBe("BKASH");
    expect(await pager(page).textContent()).toContain("Page 1 of 1 · 3 in all");
    await page.getByLabel("Status").selectOption("FAILED");
    await expect.poll(() => page.getByTestId("payment-row").count()).toBe(2);

    // Search by transaction id.
    const wanted = await Payment.findOne({ amount: 1013 }).lean();
    await open(page, "/admin/payments");
    const search = page.getByLabel("Search payments");
    await search.fill(wanted!.transactionId);
    await search.press("Enter");
    await expect.poll(() => page.getByTestId("payment-row").count()).toBe(1);
    expect(await page.getByTestId("payment-row").textContent()).toContain(wanted!.transactionId);
    await page.close();
  });

  it("opens page 2 of the promo codes from the address and filters inactive codes", async () => {
    for (let index = 0; index < 20; index += 1)
      await createPromo({
        code: `PAGE${String(index).padStart(2, "0")}`,
        type: "FIXED",
        value: 50 + index,
        isActive: index !== 7,
      });
    const total = await PromoCode.countDocuments();
    const inactive = await PromoCode.countDocuments({ isActive: false });
    expect(total).toBeGreaterThan(20);

    const page = await session.tab();
    await open(page, "/admin/promo-codes?page=2");
    await expect.poll(() => page.getByTestId("promo-row").count()).toBe(total - 20);
    expect(await pager(page).textContent()).toContain(`Page 2 of 2 · ${total} in all`);
    // Newest first: the 20 new codes fill page 1, the seeded ones are on page 2.
    expect(await page.getByTestId("promo-row").filter({ hasText: "PAGE" }).count()).toBe(0);

    await page.getByLabel("Active", { exact: true }).selectOption("false");
    await expect.poll(() => page.getByTestId("promo-row").count()).toBe(inactive);
    expect(await page.getByTestId("promo-row").first().textContent()).toContain("PAGE07");
    expect(new URL(page.url()).searchParams.get("isActive")).toBe("false");
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    await page.close();
    expect(session.consoleErrors.filter((text) => !/Failed to load resource/.test(text))).toEqual(
      [],
    );
  });
});
