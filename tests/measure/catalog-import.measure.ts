import request from "supertest";
import { expect, it } from "vitest";
import { Product } from "../../models/product.model";
import { StockLedgerEntry } from "../../models/stock-ledger.model";
import { createApp } from "../../server/app";
import { csvText } from "../../server/lib/csv";
import { CATALOG_CSV_COLUMNS } from "#contract/schemas/catalog-csv";
import { createCategory } from "../factories/category";
import { createAdmin } from "../factories/user";

/**
 * The figure docs/catalogue-csv.md quotes: a 2,000-row file (400 products of 5 variants, English
 * and Bangla texts) through the dry run, the first apply (every product created), the same file
 * again (unchanged) and a file changing every price and stock.
 */
const PRODUCTS = 400;
const SIZES = ["S", "M", "L", "XL", "XXL"];

function catalogueFile(category: string, round: number): string {
  const rows = [];
  for (let product = 0; product < PRODUCTS; product += 1)
    for (const [index, size] of SIZES.entries())
      rows.push({
        title: `Measured Tee ${product}`,
        slug: `measured-tee-${product}`,
        description: "Soft combed cotton, regular fit. ".repeat(8),
        titleBn: `মাপা টি-শার্ট ${product}`,
        descriptionBn: "নরম কম্বড কটন, রেগুলার ফিট। ".repeat(8),
        price: 1000 + round * 10,
        discountedPrice: 900,
        category,
        color: "Black",
        size,
        stock: 5 + index + round,
        sku: `MT-${product}-${size}`,
      });
  return csvText(
    CATALOG_CSV_COLUMNS,
    rows.map((row) =>
      CATALOG_CSV_COLUMNS.map((column) => (row as Record<string, unknown>)[column] as string),
    ),
  );
}

it("imports 2,000 rows", async () => {
  const app = createApp();
  const admin = { Authorization: `Bearer ${(await createAdmin()).token}` };
  const category = await createCategory({ name: "Measured", slug: "measured" });
  const send = (text: string, dryRun: boolean) =>
    request(app)
      .post(`/api/admin/products/import?dryRun=${dryRun}`)
      .set(admin)
      .attach("file", Buffer.from(text), "catalogue.csv");
  const timed = async (label: string, text: string, dryRun: boolean) => {
    const started = performance.now();
    const answer = await send(text, dryRun);
    const seconds = (performance.now() - started) / 1000;
    console.log(`${label}: ${seconds.toFixed(1)} s`, JSON.stringify(answer.body.counts));
    expect(answer.status).toBe(200);
    return answer.body.counts as Record<string, number>;
  };
  const first = catalogueFile(category.slug, 0);
  console.log(`file: ${(Buffer.byteLength(first) / 1024 / 1024).toFixed(2)} MB`);
  expect((await timed("dry run, all new", first, true)).created).toBe(2000);
  expect((await timed("apply, all new", first, false)).created).toBe(2000);
  expect((await timed("apply again", first, false)).unchanged).toBe(2000);
  expect(
    (await timed("apply, every price and stock changed", catalogueFile(category.slug, 1), false))
      .changed,
  ).toBe(2000);
  expect(await Product.countDocuments()).toBe(PRODUCTS);
  expect(await StockLedgerEntry.countDocuments({ reason: "import" })).toBe(4000);
});
