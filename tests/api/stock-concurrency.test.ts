import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { Product } from "../../models/product.model";
import { createApp } from "../../server/app";
import { releaseLine, reserveLine, reserveStock } from "../../server/services/stock.service";
import { clearDatabase } from "../setup/db";
import { shippingAddress } from "../factories/address";
import { shopper } from "../factories/cart";
import { createProduct, TEST_CANCEL, TEST_SALE, variantStock } from "../factories/product";

const app = createApp();

beforeEach(async () => {
  await clearDatabase();
});

describe("stock.service", () => {
  it("reserves a variant with one conditional update and keeps the derived totals in step", async () => {
    const product = await createProduct();
    expect(
      await reserveLine(
        { productId: product._id, color: "Black", size: "M", quantity: 4 },
        TEST_SALE,
      ),
    ).toBe(true);
    const stored = await Product.findById(product._id).lean();
    expect(stored!.variants.find((v) => v.color === "Black" && v.size === "M")!.stock).toBe(6);
    expect(stored!.variants.find((v) => v.color === "White" && v.size === "M")!.stock).toBe(10);
    expect(stored!.quantity).toBe(26);
    expect(stored!.soldCount).toBe(4);
    expect(stored!.sizes.find((s) => s.name === "M")!.quantity).toBe(16);
    expect(stored!.sizes.find((s) => s.name === "L")!.quantity).toBe(10);

    expect(
      await reserveLine(
        { productId: product._id, color: "Black", size: "M", quantity: 7 },
        TEST_SALE,
      ),
    ).toBe(false);
    expect(await variantStock(product._id, "Black", "M")).toBe(6);

    await releaseLine(
      { productId: product._id, color: "Black", size: "M", quantity: 4 },
      TEST_CANCEL,
    );
    const back = await Product.findById(product._id).lean();
    expect(back!.variants.find((v) => v.color === "Black" && v.size === "M")!.stock).toBe(10);
    expect(back!.quantity).toBe(30);
    expect(back!.soldCount).toBe(0);
    expect(back!.sizes.find((s) => s.name === "M")!.quantity).toBe(20);
  });

  it("takes every line or none, naming the variant that ran out", async () => {
    const product = await createProduct({
      title: "Polo",
      variants: [
        { color: "Navy", size: "M", stock: 5 },
        { color: "Navy", size: "XL", stock: 1 },
      ],
    });
    await expect(
      reserveStock(
        [
          { productId: product._id, color: "Navy", size: "M", quantity: 3 },
          { productId: product._id, color: "Navy", size: "XL", quantity: 2 },
        ],
        TEST_SALE,
      ),
    ).rejects.toMatchObject({ status: 409, message: "Only 1 left of Polo (Navy, XL)" });
    expect(await variantStock(product._id, "Navy", "M")).toBe(5);
    expect(await variantStock(product._id, "Navy", "XL")).toBe(1);
  });
});

describe("POST /api/orders under concurrency", () => {
  it("sells exactly 5 units to 50 simultaneous guest checkouts", async () => {
    const product = await createProduct({
      title: "Last Drop Tee",
      variants: [{ color: "Red", size: "M", stock: 5 }],
    });
    const shoppers = Array.from({ length: 50 }, () => shopper(app));
    // Each guest gets a cart (while stock lasts, adding is allowed: 1 of 5).
    for (const guest of shoppers)
      expect((await guest.add(product._id, "Red", "M", 1)).status).toBe(200);

    const answers = await Promise.all(
      shoppers.map((guest, index) =>
        guest.order({
          shippingAddress: shippingAddress({ mobile: `0171${String(1000000 + index)}` }),
        }),
      ),
    );
    const created = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const answer of refused)
      expect(answer.body.message).toBe("Last Drop Tee (Red, M) is out of stock");
    expect(await Order.countDocuments({})).toBe(5);
    const stored = await Product.findById(product._id).lean();
    expect(stored!.variants[0].stock).toBe(0);
    expect(stored!.quantity).toBe(0);
    expect(stored!.soldCount).toBe(5);
    expect(stored!.sizes[0].quantity).toBe(0);
    // The unknown-id read is a 404 whoever asks (sanity for the reading rules).
    expect((await request(app).get(`/api/orders/${created[0].body._id}`)).status).toBe(404);
  });
});
