import request from "supertest";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Order } from "../../models/order.model";
import { Product } from "../../models/product.model";
import { StockLedgerEntry, type PendingStockEntry } from "../../models/stock-ledger.model";
import { createApp } from "../../server/app";
import mongoose from "mongoose";
import { changeLine, reserveStock } from "../../server/services/stock.service";
import { openAllStockLedgers, reconcileStockLedger } from "../../server/services/stock-ledger";
import { clearDatabase } from "../setup/db";
import { shippingAddress } from "../factories/address";
import { shopper } from "../factories/cart";
import { createProduct, TEST_SALE, variantStock } from "../factories/product";
import { bearer, createAdmin, createUser } from "../factories/user";

/**
 * The stock ledger (docs/stock-ledger.md): every stock write is an entry, admins adjust with a
 * reason (never below 0), and each variant's stock equals the sum of its entries once the
 * reconciliation job has run, however the writes interleave or a writer dies.
 */
const app = createApp();
let admin: { token: string; email: string };

beforeEach(async () => {
  await clearDatabase();
  const created = await createAdmin();
  admin = { token: created.token, email: created.user.email };
});

const adjust = (body: Record<string, unknown>, token = admin.token) =>
  request(app).post("/api/admin/stock/adjustments").set(bearer(token)).send(body);

const history = (query: Record<string, unknown>) =>
  request(app).get("/api/admin/stock/adjustments").set(bearer(admin.token)).query(query);

/** Each variant's sum of ledger entries, keyed `colour/size`. */
async function ledgerSums(productId: unknown): Promise<Record<string, number>> {
  const entries = await StockLedgerEntry.find({ productId }).lean();
  const sums: Record<string, number> = {};
  for (const entry of entries)
    sums[`${entry.color}/${entry.size}`] =
      (sums[`${entry.color}/${entry.size}`] ?? 0) + entry.delta;
  return Object.fromEntries(Object.entries(sums).filter(([, sum]) => sum !== 0));
}

async function stockOf(productId: unknown): Promise<Record<string, number>> {
  const product = await Product.findById(productId).lean();
  return Object.fromEntries(
    product!.variants
      .filter((variant) => variant.stock !== 0)
      .map((variant) => [`${variant.color}/${variant.size}`, variant.stock]),
  );
}

/** The factory's tee (Black/M, Black/L, White/M: 10 each) with its ledger opened. */
async function openedProduct(variants?: { color: string; size: string; stock: number }[]) {
  const product = await createProduct(variants ? { variants } : {});
  await reconcileStockLedger();
  return product;
}

describe("POST /api/admin/stock/adjustments", () => {
  it("adds received units as one entry and answers the new stock", async () => {
    const product = await openedProduct();
    const answer = await adjust({
      productId: String(product._id),
      color: "Black",
      size: "M",
      delta: 12,
      reason: "received",
      note: "From the tailor, invoice 42",
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      message: "Stock adjusted",
      stock: 22,
      entry: {
        productId: String(product._id),
        productTitle: "Classic Tee",
        color: "Black",
        size: "M",
        delta: 12,
        reason: "received",
        note: "From the tailor, invoice 42",
        by: `admin:${admin.email}`,
        orderId: null,
      },
    });
    expect(await variantStock(product._id, "Black", "M")).toBe(22);
    // An adjustment is not a sale.
    expect((await Product.findById(product._id).lean())!.soldCount).toBe(0);
    expect(await ledgerSums(product._id)).toEqual(await stockOf(product._id));
  });

  it("refuses to take a variant below 0, naming what is there, and writes nothing", async () => {
    const product = await openedProduct();
    const answer = await adjust({
      productId: String(product._id),
      color: "Black",
      size: "M",
      delta: -11,
      reason: "damaged",
      note: "",
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      message: "Only 10 in stock of Classic Tee (Black, M): removing 11 would take it below 0",
      code: "STOCK_BELOW_ZERO",
    });
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
    expect(await StockLedgerEntry.countDocuments({ reason: "damaged" })).toBe(0);
    // Exactly to 0 is allowed.
    expect(
      (
        await adjust({
          productId: String(product._id),
          color: "Black",
          size: "M",
          delta: -10,
          reason: "damaged",
        })
      ).body.stock,
    ).toBe(0);
  });

  it("refuses a reason's wrong direction, a zero change, an unknown variant and a made-up reason", async () => {
    const product = await openedProduct();
    const base = { productId: String(product._id), color: "Black", size: "M" };
    const received = await adjust({ ...base, delta: -1, reason: "received" });
    expect(received.status).toBe(400);
    expect(received.body.errors).toEqual([
      { path: "delta", message: "Received stock adds units: enter a positive number" },
    ]);
    const damaged = await adjust({ ...base, delta: 2, reason: "damaged" });
    expect(damaged.body.errors).toEqual([
      { path: "delta", message: "Damaged stock removes units: enter a negative number" },
    ]);
    const zero = await adjust({ ...base, delta: 0, reason: "correction" });
    expect(zero.body.errors).toEqual([{ path: "delta", message: "Enter a change other than 0" }]);
    // The shop's own reasons are not an admin's to give.
    expect((await adjust({ ...base, delta: -1, reason: "sale" })).status).toBe(400);
    const missing = await adjust({ ...base, size: "XXL", delta: 1, reason: "correction" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      message: "Classic Tee (Black, XXL) does not exist",
      code: "VARIANT_NOT_FOUND",
    });
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
  });

  it("is the back office's alone: a shopper is refused, a visitor asked to sign in", async () => {
    const product = await openedProduct();
    const body = {
      productId: String(product._id),
      color: "Black",
      size: "M",
      delta: 5,
      reason: "received",
    };
    const customer = await createUser();
    expect((await adjust(body, customer.token)).status).toBe(403);
    expect((await request(app).post("/api/admin/stock/adjustments").send(body)).status).toBe(401);
    expect(
      (await request(app).get("/api/admin/stock/adjustments").set(bearer(customer.token))).status,
    ).toBe(403);
    expect((await request(app).get("/api/admin/stock/low")).status).toBe(401);
    expect(await variantStock(product._id, "Black", "M")).toBe(10);
  });

  it("opens the ledger of a product written around the services before adjusting it", async () => {
    const product = await createProduct({ variants: [{ color: "Red", size: "S", stock: 4 }] });
    const answer = await adjust({
      productId: String(product._id),
      color: "Red",
      size: "S",
      delta: -1,
      reason: "correction",
    });
    expect(answer.status).toBe(201);
    const entries = await StockLedgerEntry.find({ productId: product._id })
      .sort({ at: 1, _id: 1 })
      .lean();
    expect(entries.map((entry) => [entry.reason, entry.delta])).toEqual([
      ["opening", 4],
      ["correction", -1],
    ]);
  });
});

describe("GET /api/admin/stock/adjustments", () => {
  it("pages one product's entries newest first, with its variants' stock and thresholds", async () => {
    const product = await openedProduct();
    const other = await openedProduct([{ color: "Blue", size: "L", stock: 3 }]);
    for (const delta of [1, 2, 3])
      await adjust({
        productId: String(product._id),
        color: "White",
        size: "M",
        delta,
        reason: "received",
        note: `batch ${delta}`,
      }).expect(201);
    const first = await history({ productId: String(product._id), page: 1, limit: 2 });
    expect(first.status).toBe(200);
    // 3 opening entries and 3 adjustments.
    expect(first.body).toMatchObject({ total: 6, page: 1, totalPages: 3 });
    expect(first.body.entries.map((entry: { note: string }) => entry.note)).toEqual([
      "batch 3",
      "batch 2",
    ]);
    const second = await history({ productId: String(product._id), page: 2, limit: 2 });
    expect(second.body.entries.map((entry: { note: string }) => entry.note)).toEqual([
      "batch 1",
      "Stock before the ledger",
    ]);
    expect(first.body.product).toEqual({
      _id: String(product._id),
      title: "Classic Tee",
      variants: [
        { color: "Black", size: "M", stock: 10, lowStockThreshold: null, threshold: 5 },
        { color: "Black", size: "L", stock: 10, lowStockThreshold: null, threshold: 5 },
        { color: "White", size: "M", stock: 16, lowStockThreshold: null, threshold: 5 },
      ],
    });
    // Without a product: every product's entries.
    const all = await history({ limit: 100 });
    expect(all.body.total).toBe(7);
    expect(all.body.product).toBeNull();
    expect(
      all.body.entries.filter(
        (entry: { productId: string }) => entry.productId === String(other._id),
      ),
    ).toHaveLength(1);
    expect((await history({ productId: "not-an-id" })).status).toBe(400);
  });
});

describe("every path that changes stock writes its entry", () => {
  it("checkout, cancellation, return and an order deleted: sale and cancel entries naming the order", async () => {
    const product = await openedProduct();
    const buyer = shopper(app);
    await buyer.add(product._id, "Black", "M", 2).expect(200);
    const placed = await buyer.order();
    expect(placed.status).toBe(201);
    await request(app)
      .put(`/api/admin/orders/${placed.body._id}/cancelled`)
      .set(bearer(admin.token))
      .send({})
      .expect(200);
    const entries = (await history({ productId: String(product._id), limit: 10 })).body.entries;
    expect(
      entries
        .filter((entry: { reason: string }) => entry.reason !== "opening")
        .map((entry: Record<string, unknown>) => [
          entry.reason,
          entry.delta,
          entry.by,
          entry.orderNumber,
          entry.orderId,
        ]),
    ).toEqual([
      ["cancel", 2, `admin:${admin.email}`, placed.body.orderNumber, placed.body._id],
      ["sale", -2, "guest", placed.body.orderNumber, placed.body._id],
    ]);
    expect(await ledgerSums(product._id)).toEqual(await stockOf(product._id));
  });

  it("a checkout that runs out on its second line gives the first back as a cancel entry", async () => {
    const product = await openedProduct([
      { color: "Navy", size: "M", stock: 5 },
      { color: "Navy", size: "XL", stock: 1 },
    ]);
    // The checkout's reserve step, as placeOrder runs it after the plain stock check passed and
    // someone else bought the last XL in between.
    const sale = {
      reason: "sale",
      by: "guest",
      reservationId: new mongoose.Types.ObjectId(),
    } as const;
    await expect(
      reserveStock(
        [
          { productId: product._id, color: "Navy", size: "M", quantity: 2 },
          { productId: product._id, color: "Navy", size: "XL", quantity: 2, title: "Tee" },
        ],
        sale,
      ),
    ).rejects.toMatchObject({ status: 409, code: "OUT_OF_STOCK" });
    const reasons = (
      await StockLedgerEntry.find({ productId: product._id }).sort({ at: 1, _id: 1 }).lean()
    )
      .filter((entry) => entry.color === "Navy" && entry.size === "M")
      .map((entry) => [entry.reason, entry.delta, entry.note, entry.by]);
    expect(reasons).toEqual([
      ["opening", 5, "Stock before the ledger", "system"],
      ["sale", -2, "", "guest"],
      ["cancel", 2, "Checkout not completed", "guest"],
    ]);
    expect(await ledgerSums(product._id)).toEqual(await stockOf(product._id));
  });

  it("the product editor's stock change is a correction of the difference; a removed variant gives back what it held", async () => {
    const product = await openedProduct();
    const variants = [
      { color: "Black", size: "M", stock: 7 },
      { color: "White", size: "M", stock: 10 },
      { color: "Green", size: "S", stock: 4 },
    ];
    const answer = await request(app)
      .put(`/api/admin/products/${String(product._id)}`)
      .set(bearer(admin.token))
      .field("variants", JSON.stringify(variants));
    expect(answer.status).toBe(200);
    const corrections = await StockLedgerEntry.find({
      productId: product._id,
      reason: "correction",
    }).lean();
    expect(
      corrections
        .map((entry) => [`${entry.color}/${entry.size}`, entry.delta, entry.by])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ["Black/L", -10, `admin:${admin.email}`],
      ["Black/M", -3, `admin:${admin.email}`],
      ["Green/S", 4, `admin:${admin.email}`],
    ]);
    expect(await ledgerSums(product._id)).toEqual(await stockOf(product._id));
  });

  it("a product created in the back office opens its ledger with the stock it was given", async () => {
    const created = await createProduct({ variants: [] });
    const answer = await request(app)
      .post("/api/admin/products")
      .set(bearer(admin.token))
      .field("title", "Ledger Polo")
      .field("price", "900")
      .field("discountedPrice", "900")
      .field("category", String(created.category))
      .field(
        "variants",
        JSON.stringify([
          { color: "Blue", size: "M", stock: 6 },
          { color: "Blue", size: "L", stock: 0 },
        ]),
      );
    expect(answer.status).toBe(201);
    const entries = await StockLedgerEntry.find({ productId: answer.body._id }).lean();
    expect(
      entries.map((entry) => [entry.reason, entry.color, entry.size, entry.delta, entry.by]),
    ).toEqual([["opening", "Blue", "M", 6, `admin:${admin.email}`]]);
  });
});

describe("the stock equals the sum of its entries", () => {
  it("after a burst of checkouts, adjustments and cancellations at once", async () => {
    const product = await openedProduct([
      { color: "Red", size: "M", stock: 8 },
      { color: "Red", size: "L", stock: 3 },
    ]);
    // Four orders to cancel during the burst.
    const earlier: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const buyer = shopper(app);
      await buyer.add(product._id, "Red", "M", 1).expect(200);
      const placed = await buyer.order({
        shippingAddress: shippingAddress({ mobile: `0181${String(1000000 + index)}` }),
      });
      expect(placed.status).toBe(201);
      earlier.push(placed.body._id as string);
    }
    const buyers = Array.from({ length: 16 }, () => shopper(app));
    for (const [index, buyer] of buyers.entries())
      await buyer.add(product._id, "Red", index % 2 === 0 ? "M" : "L", 1).expect(200);
    const base = { productId: String(product._id), color: "Red" };
    const answers = await Promise.all([
      ...buyers.map((buyer, index) =>
        buyer.order({
          shippingAddress: shippingAddress({ mobile: `0171${String(1000000 + index)}` }),
        }),
      ),
      ...Array.from({ length: 4 }, () =>
        adjust({ ...base, size: "M", delta: 1, reason: "received" }),
      ),
      ...Array.from({ length: 4 }, () =>
        adjust({ ...base, size: "L", delta: -1, reason: "damaged" }),
      ),
      ...earlier.map((id) =>
        request(app).put(`/api/admin/orders/${id}/cancelled`).set(bearer(admin.token)).send({}),
      ),
    ]);
    const statuses = answers.map((answer) => answer.status);
    // Every request answered: sold, adjusted or cancelled, or refused for want of stock.
    expect(statuses.every((status) => [200, 201, 409].includes(status))).toBe(true);
    const sold = await Order.countDocuments({ orderStatus: "PLACED" });
    expect(sold).toBeGreaterThan(0);
    const stock = await stockOf(product._id);
    expect(Object.values(stock).every((units) => units >= 0)).toBe(true);
    await reconcileStockLedger();
    expect(await ledgerSums(product._id)).toEqual(stock);
    // The sales in the ledger are the orders' units; the outbox is empty.
    const sales = await StockLedgerEntry.find({ productId: product._id, reason: "sale" }).lean();
    const lines = await Order.find({}, { orderItems: 1 }).lean();
    expect(sales.reduce((sum, entry) => sum - entry.delta, 0)).toBe(
      lines.reduce((sum, order) => sum + order.orderItems[0].quantity, 0),
    );
    expect((await Product.findById(product._id).lean())!.stockLedgerOutbox).toBeUndefined();
  });

  it("a writer that dies before copying its entry leaves it in the product; the job copies it once", async () => {
    const product = await openedProduct();
    // The copy into the ledger fails (the process is gone): the stock write has landed with its entry.
    const insert = vi
      .spyOn(StockLedgerEntry, "insertMany")
      .mockRejectedValue(new Error("connection closed"));
    try {
      expect(
        await changeLine(
          { productId: product._id, color: "Black", size: "L", quantity: 3 },
          -3,
          TEST_SALE,
        ),
      ).toBe(true);
    } finally {
      insert.mockRestore();
    }
    expect(await variantStock(product._id, "Black", "L")).toBe(7);
    expect((await ledgerSums(product._id))["Black/L"]).toBe(10);
    const waiting = Object.values(
      (await Product.findById(product._id).lean())!.stockLedgerOutbox as unknown as Record<
        string,
        PendingStockEntry
      >,
    );
    expect(waiting.map((entry) => [entry.reason, entry.delta])).toEqual([["sale", -3]]);
    // Copied but not yet removed (a second crash): copying again makes no second entry.
    const { entryId, ...fields } = waiting[0];
    await StockLedgerEntry.create({ ...fields, _id: entryId, productId: product._id });
    const first = await reconcileStockLedger();
    expect(first).toMatchObject({ flushed: 1, entries: 1 });
    expect(await reconcileStockLedger()).toEqual({ flushed: 0, entries: 0, opened: 0 });
    expect(await ledgerSums(product._id)).toEqual(await stockOf(product._id));
    expect(await StockLedgerEntry.countDocuments({ productId: product._id, reason: "sale" })).toBe(
      1,
    );
  });

  it("the opening migration is safe to run twice, and twice at once", async () => {
    const first = await createProduct({ title: "Old Tee" });
    const second = await createProduct({
      title: "Old Polo",
      variants: [
        { color: "Grey", size: "M", stock: 2 },
        { color: "Grey", size: "L", stock: 0 },
      ],
    });
    const runs = await Promise.all([openAllStockLedgers(), openAllStockLedgers()]);
    expect(runs[0] + runs[1]).toBe(2);
    expect(await openAllStockLedgers()).toBe(0);
    expect(await StockLedgerEntry.countDocuments({ reason: "opening" })).toBe(4);
    expect(await ledgerSums(first._id)).toEqual(await stockOf(first._id));
    expect(await ledgerSums(second._id)).toEqual({ "Grey/M": 2 });
  });
});
