/**
 * Scan-to-pack in a real browser at 375 and 1280 px (docs/packing.md): reached from the admin
 * navigation, the order's number typed as a USB scanner types it, then each unit's label; a code
 * not in the order and a unit too many are refused in red, the right ones answered in green, and
 * the last unit packs the order and leaves the table ready for the next one.
 */
import { describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { useAdminSession } from "./admin-shop";
import { allowBrowserProblems } from "./guard";
import { screenshots } from "./harness";
import { PackingPage } from "./pages/packing-page";

const session = useAdminSession();

describe.each([
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
])("the packing table at $width px", ({ width, height }) => {
  it("checks each scan at once and packs the order when every unit is in", async () => {
    allowBrowserProblems(/^409 POST \/api\/admin\/orders\/[0-9a-f]{24}\/pack$/);
    const tee = await createProduct({ title: "Packing Tee", slug: `packing-tee-${width}` });
    const shirt = await createProduct({ title: "Packing Shirt", slug: `packing-shirt-${width}` });
    const teeCode = tee.variants[0].sku!;
    const shirtCode = shirt.variants[2].sku!;
    const order = await createOrder({
      orderStatus: "CONFIRMED",
      lines: [
        { product: tee, quantity: 2, color: "Black", size: "M" },
        { product: shirt, quantity: 1, color: "White", size: "M" },
      ],
    });
    const number = order.orderNumber;

    const page = await session.tab();
    await page.setViewportSize({ width, height });
    const packing = new PackingPage(page, session.shop.baseUrl);
    await packing.openFromNavigation("Packing", "/admin/packing");
    await packing.input.waitFor();

    expect(await packing.scan(number)).toEqual({
      state: "right",
      text: `Order ${number}: scan each item`,
    });
    expect(await packing.counts()).toEqual(["0 / 2", "0 / 1"]);
    expect(await packing.scan("NOPE-1")).toEqual({
      state: "wrong",
      text: `NOPE-1 is not in order ${number}`,
    });
    expect(await packing.scan(teeCode)).toEqual({ state: "right", text: `${teeCode} ✓` });
    expect(await packing.scan(shirtCode.toLowerCase())).toMatchObject({ state: "right" });
    expect(await packing.scan(shirtCode)).toEqual({
      state: "wrong",
      text: `${shirtCode}: all 1 ordered already scanned; this one is extra`,
    });
    expect(await packing.counts()).toEqual(["1 / 2", "1 / 1"]);
    // The refused scans changed nothing: one more tee completes the parcel.
    expect(await packing.scan(teeCode)).toEqual({
      state: "packed",
      text: `Packed: order ${number}`,
    });
    expect(await packing.counts()).toEqual(["2 / 2", "1 / 1"]);
    const stored = (await Order.findById(order._id).lean())!;
    expect(stored.packedAt).not.toBeNull();
    expect(stored.packedBy).toMatch(/^admin:/);

    // Nothing wider than the screen; the input keeps the focus for the next scan.
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("scan-input");
    expect(await page.getByText("Scan the order's barcode or type its number").count()).toBe(1);
    await screenshots(page, `admin-packing-${width}`);
  });
});
