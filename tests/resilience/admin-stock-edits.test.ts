import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Product } from "../../models/product.model";
import { createApp } from "../../server/app";
import { reserveLine } from "../../server/services/stock.service";
import { createProduct, TEST_SALE, variantStock } from "../factories/product";
import { createAdmin } from "../factories/user";
import { clearDatabase } from "../setup/db";

/**
 * An admin saving a product while it sells: the save is a compare-and-set on the product's stock
 * version and the stock grid moves by what the admin changed, so no sale is overwritten.
 */
const app = createApp();
let admin: { Authorization: string };

beforeEach(async () => {
  await clearDatabase();
  admin = { Authorization: `Bearer ${(await createAdmin()).token}` };
});

const grid = (stockM: number, stockL: number) => [
  { color: "Black", size: "M", stock: stockM },
  { color: "White", size: "L", stock: stockL },
];

function save(productId: unknown, fields: Record<string, string>) {
  const call = request(app)
    .put(`/api/admin/products/${String(productId)}`)
    .set(admin);
  for (const [name, value] of Object.entries(fields)) void call.field(name, value);
  return call;
}

describe("an admin's stock edit", () => {
  it("keeps units sold while the form was open: the typed change is applied to today's stock", async () => {
    const product = await createProduct({ variants: grid(10, 4) });
    // The form is opened (10 and 4), then 3 Black M sell, then the admin adds 5 Black M.
    for (let sold = 0; sold < 3; sold += 1)
      expect(
        await reserveLine(
          { productId: product._id, color: "Black", size: "M", quantity: 1 },
          TEST_SALE,
        ),
      ).toBe(true);
    const answer = await save(product._id, {
      variants: JSON.stringify(grid(15, 4)),
      variantsSeen: JSON.stringify(grid(10, 4)),
    });
    expect(answer.status).toBe(200);
    expect(await variantStock(product._id, "Black", "M")).toBe(12);
    expect(await variantStock(product._id, "White", "L")).toBe(4);
    const stored = (await Product.findById(product._id).lean())!;
    expect(stored.quantity).toBe(16);
    expect(stored.soldCount).toBe(3);
    expect(stored.sizes.find((size) => size.name === "M")!.quantity).toBe(12);
  });

  it("never goes below zero, and sets the typed stock when the loaded grid is not sent", async () => {
    const product = await createProduct({ variants: grid(5, 4) });
    for (let sold = 0; sold < 4; sold += 1)
      await reserveLine(
        { productId: product._id, color: "Black", size: "M", quantity: 1 },
        TEST_SALE,
      );
    const lowered = await save(product._id, {
      variants: JSON.stringify(grid(2, 4)),
      variantsSeen: JSON.stringify(grid(5, 4)),
    });
    expect(lowered.status).toBe(200);
    expect(await variantStock(product._id, "Black", "M")).toBe(0);
    const absolute = await save(product._id, { variants: JSON.stringify(grid(9, 4)) });
    expect(absolute.status).toBe(200);
    expect(await variantStock(product._id, "Black", "M")).toBe(9);
  });

  it("saved while 20 units sell at the same moment loses none of the sales", async () => {
    for (let round = 0; round < 3; round += 1) {
      await clearDatabase();
      admin = { Authorization: `Bearer ${(await createAdmin()).token}` };
      const product = await createProduct({ title: "Busy Tee", variants: grid(50, 4) });
      const sales = Array.from({ length: 20 }, () =>
        reserveLine({ productId: product._id, color: "Black", size: "M", quantity: 1 }, TEST_SALE),
      );
      const edit = save(product._id, {
        title: `Busy Tee ${round}`,
        variants: JSON.stringify(grid(50, 6)),
        variantsSeen: JSON.stringify(grid(50, 4)),
      });
      const [answer, ...sold] = await Promise.all([edit, ...sales]);
      expect(answer.status).toBe(200);
      expect(sold.every(Boolean)).toBe(true);
      const stored = (await Product.findById(product._id).lean())!;
      expect(stored.title).toBe(`Busy Tee ${round}`);
      expect(stored.variants.find((variant) => variant.color === "Black")!.stock).toBe(30);
      expect(stored.variants.find((variant) => variant.color === "White")!.stock).toBe(6);
      expect(stored.soldCount).toBe(20);
      expect(stored.quantity).toBe(36);
    }
  });
});
