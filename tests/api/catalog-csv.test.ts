import { parse } from "csv-parse/sync";
import sharp from "sharp";
import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { AuditEntry } from "../../models/audit-entry.model";
import { Product } from "../../models/product.model";
import { StockLedgerEntry } from "../../models/stock-ledger.model";
import { VariantCode } from "../../models/variant-code.model";
import { createApp } from "../../server/app";
import { csvText } from "../../server/lib/csv";
import { getImageStore } from "../../server/storage";
import { openAllStockLedgers } from "../../server/services/stock-ledger";
import { changeLine } from "../../server/services/stock.service";
import { createProduct } from "../factories/product";
import { createAdmin, createUser } from "../factories/user";
import { useSeededCatalog } from "../setup/catalog";

const app = createApp();
const seeded = useSeededCatalog();
let admin: { Authorization: string };

beforeEach(async () => {
  admin = { Authorization: `Bearer ${(await createAdmin()).token}` };
  await openAllStockLedgers();
});

const EXPORT = "/api/admin/products/export.csv";
const IMPORT = "/api/admin/products/import";

const COLUMNS = [
  "title",
  "slug",
  "description",
  "titleBn",
  "descriptionBn",
  "brand",
  "price",
  "discountedPrice",
  "category",
  "isActive",
  "isFeatured",
  "images",
  "color",
  "size",
  "stock",
  "sku",
  "barcode",
];

async function exported(): Promise<string> {
  const answer = await request(app).get(EXPORT).set(admin);
  expect(answer.status).toBe(200);
  return answer.text;
}

/** The rows of a CSV text as objects by header. */
function rowsOf(text: string): Record<string, string>[] {
  return parse(text, { bom: true, columns: true }) as Record<string, string>[];
}

function importCsv(text: string, dryRun = true) {
  return request(app)
    .post(`${IMPORT}?dryRun=${dryRun}`)
    .set(admin)
    .attach("file", Buffer.from(text, "utf8"), "catalogue.csv");
}

/** A file of the given rows (by column name), with the export's columns. */
function fileOf(rows: Record<string, string | number>[]): string {
  return csvText(
    COLUMNS,
    rows.map((row) => COLUMNS.map((column) => row[column] ?? "")),
  );
}

/** Each variant's sum of ledger entries, keyed `colour/size`, next to its stock. */
async function stockAndLedger(productId: unknown) {
  const product = await Product.findById(productId).lean();
  const entries = await StockLedgerEntry.find({ productId }).lean();
  const sums: Record<string, number> = {};
  for (const entry of entries)
    sums[`${entry.color}/${entry.size}`] =
      (sums[`${entry.color}/${entry.size}`] ?? 0) + entry.delta;
  const stock = Object.fromEntries(
    product!.variants.map((variant) => [`${variant.color}/${variant.size}`, variant.stock]),
  );
  return { stock, sums: Object.fromEntries(Object.entries(sums).filter(([, sum]) => sum !== 0)) };
}

describe("GET /api/admin/products/export.csv", () => {
  it("writes one row per variant with the declared columns, a BOM, and neutralised formula cells", async () => {
    await Product.updateOne(
      { _id: seeded.products.classic._id },
      { $set: { titleBn: "ক্লাসিক টি", title: '=HYPERLINK("http://evil.example","x")' } },
    );
    const answer = await request(app).get(EXPORT).set(admin);
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(answer.headers["content-disposition"]).toBe('attachment; filename="catalogue.csv"');
    const text = answer.text;
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.split("\r\n")[0]).toBe(`\uFEFF${COLUMNS.join(",")}`);
    const rows = rowsOf(text);
    expect(rows).toHaveLength(12);
    const classic = rows.filter((row) => row.slug === "classic-cotton-tee");
    expect(classic.map((row) => `${row.color}/${row.size}/${row.stock}`)).toEqual([
      "Black/M/5",
      "Black/L/3",
      "White/M/0",
    ]);
    expect(classic[0]).toMatchObject({
      title: `'=HYPERLINK("http://evil.example","x")`,
      titleBn: "ক্লাসিক টি",
      category: "men-t-shirts",
      price: "1000",
      discountedPrice: "800",
      isActive: "true",
      sku: "CLASSIC-COTTON-TEE-BLACK-M",
    });
  });

  it("is for admins only", async () => {
    expect((await request(app).get(EXPORT)).status).toBe(401);
    const user = await createUser();
    const refused = await request(app)
      .get(EXPORT)
      .set({ Authorization: `Bearer ${user.token}` });
    expect(refused.status).toBe(403);
  });
});

describe("POST /api/admin/products/import", () => {
  it("imports its own export as unchanged, twice, writing nothing", async () => {
    const text = await exported();
    const entriesBefore = await StockLedgerEntry.countDocuments();
    const dry = await importCsv(text);
    expect(dry.status).toBe(200);
    expect(dry.body.dryRun).toBe(true);
    expect(dry.body.counts).toEqual({
      created: 0,
      changed: 0,
      unchanged: 12,
      refused: 0,
      failed: 0,
    });
    const applied = await importCsv(text, false);
    expect(applied.status).toBe(200);
    expect(applied.body.counts.unchanged).toBe(12);
    expect(await StockLedgerEntry.countDocuments()).toBe(entriesBefore);
  });

  it("reports changes in a dry run without writing, applies them once, then finds them unchanged", async () => {
    const rows = rowsOf(await exported()).filter((row) => row.slug === "classic-cotton-tee");
    rows[0].price = "1100";
    rows[1].stock = "9";
    for (const row of rows) row.price = "1100";
    rows.push({
      ...rows[0],
      color: "Olive",
      size: "XL",
      stock: "4",
      sku: "CCT-OLIVE-XL",
      barcode: "",
    });
    const text = fileOf(rows);

    const dry = await importCsv(text);
    expect(dry.status).toBe(200);
    expect(dry.body.counts).toEqual({
      created: 1,
      changed: 2,
      unchanged: 1,
      refused: 0,
      failed: 0,
    });
    expect(dry.body.rows).toEqual([
      {
        row: 2,
        sku: "CLASSIC-COTTON-TEE-BLACK-M",
        slug: "classic-cotton-tee",
        status: "changed",
        changes: ["price: 1000 → 1100"],
        errors: [],
      },
      {
        row: 3,
        sku: "CLASSIC-COTTON-TEE-BLACK-L",
        slug: "classic-cotton-tee",
        status: "changed",
        changes: ["stock: 3 → 9"],
        errors: [],
      },
      {
        row: 4,
        sku: "CLASSIC-COTTON-TEE-WHITE-M",
        slug: "classic-cotton-tee",
        status: "unchanged",
        changes: [],
        errors: [],
      },
      {
        row: 5,
        sku: "CCT-OLIVE-XL",
        slug: "classic-cotton-tee",
        status: "created",
        changes: [],
        errors: [],
      },
    ]);
    expect((await Product.findById(seeded.products.classic._id).lean())!.price).toBe(1000);

    const applied = await importCsv(text, false);
    expect(applied.status).toBe(200);
    expect(applied.body.counts).toEqual({
      created: 1,
      changed: 2,
      unchanged: 1,
      refused: 0,
      failed: 0,
    });
    const product = (await Product.findById(seeded.products.classic._id).lean())!;
    expect(product.price).toBe(1100);
    expect(
      product.variants.map((v) => `${v.color}/${v.size}/${v.stock}/${v.sku}/${v.barcode}`),
    ).toEqual([
      "Black/M/5/CLASSIC-COTTON-TEE-BLACK-M/CLASSIC-COTTON-TEE-BLACK-M",
      "Black/L/9/CLASSIC-COTTON-TEE-BLACK-L/CLASSIC-COTTON-TEE-BLACK-L",
      "White/M/0/CLASSIC-COTTON-TEE-WHITE-M/CLASSIC-COTTON-TEE-WHITE-M",
      "Olive/XL/4/CCT-OLIVE-XL/CCT-OLIVE-XL",
    ]);
    expect(await VariantCode.exists({ _id: "CCT-OLIVE-XL", product: product._id })).toBeTruthy();
    // Stock moved through the ledger, reason import, and equals the sum of its entries.
    const imports = await StockLedgerEntry.find({ productId: product._id, reason: "import" })
      .sort({ color: 1 })
      .lean();
    expect(imports.map((entry) => `${entry.color}/${entry.size}:${entry.delta}`)).toEqual([
      "Black/L:6",
      "Olive/XL:4",
    ]);
    const { stock, sums } = await stockAndLedger(product._id);
    expect(sums).toEqual(Object.fromEntries(Object.entries(stock).filter(([, n]) => n !== 0)));

    const again = await importCsv(text, false);
    expect(again.body.counts).toEqual({
      created: 0,
      changed: 0,
      unchanged: 4,
      refused: 0,
      failed: 0,
    });
    expect(await StockLedgerEntry.countDocuments({ reason: "import" })).toBe(2);
  });

  it("changes prices and stock in one guarded write per product while adjustments land, the stock still the ledger's sum", async () => {
    const classic = seeded.products.classic;
    const rows = rowsOf(await exported()).filter((row) => row.slug === "classic-cotton-tee");
    for (const row of rows) row.price = "1200";
    rows[0].stock = "8"; // Black/M: 5 → 8
    rows[1].stock = ""; // Black/L: kept, so the adjustments below all stay
    const received = { reason: "received" as const, by: "admin:stock@test" };
    const blackL = { productId: classic._id, color: "Black", size: "L", quantity: 0 };
    const [applied, ...adjusted] = await Promise.all([
      importCsv(fileOf(rows), false),
      ...Array.from({ length: 6 }, () => changeLine(blackL, 1, received)),
    ]);
    expect(applied.status).toBe(200);
    expect(applied.body.counts).toEqual({
      created: 0,
      changed: 1,
      unchanged: 2,
      refused: 0,
      failed: 0,
    });
    expect(adjusted).toEqual(Array(6).fill(true));
    const product = (await Product.findById(classic._id).lean())!;
    expect(product).toMatchObject({ price: 1200, discountPercent: 33, quantity: 8 + 9 + 0 });
    expect(product.variants.map((v) => `${v.color}/${v.size}/${v.stock}`)).toEqual([
      "Black/M/8",
      "Black/L/9",
      "White/M/0",
    ]);
    expect(product.stockLedgerOutbox).toBeUndefined();
    const { stock, sums } = await stockAndLedger(classic._id);
    expect(sums).toEqual(Object.fromEntries(Object.entries(stock).filter(([, n]) => n !== 0)));
    const audit = await AuditEntry.findOne({ entityId: String(classic._id), action: "update" });
    expect(audit?.changes.map(({ field, before, after }) => [field, before, after])).toEqual([
      ["price", 1000, 1200],
    ]);
  });

  it("creates new products with their codes claimed and their stock as import entries", async () => {
    const text = fileOf([
      {
        title: "Eid Panjabi",
        slug: "eid-panjabi",
        titleBn: "ঈদ পাঞ্জাবি",
        price: 2500,
        discountedPrice: 2200,
        category: "men",
        color: "White",
        size: "M",
        stock: 3,
        sku: "EID-W-M",
      },
      {
        slug: "eid-panjabi",
        color: "White",
        size: "L",
        stock: 2,
        sku: "EID-W-L",
        barcode: "8901234",
      },
    ]);
    const applied = await importCsv(text, false);
    expect(applied.status).toBe(200);
    expect(applied.body.counts.created).toBe(2);
    const product = (await Product.findOne({ slug: "eid-panjabi" }).lean())!;
    expect(product).toMatchObject({ title: "Eid Panjabi", titleBn: "ঈদ পাঞ্জাবি", quantity: 5 });
    expect(String(product.category)).toBe(String(seeded.categories.men._id));
    expect(
      (await VariantCode.find({ product: product._id }).lean()).map((c) => c._id).sort(),
    ).toEqual(["8901234", "EID-W-L", "EID-W-M"]);
    const entries = await StockLedgerEntry.find({ productId: product._id }).lean();
    expect(entries.map((entry) => `${entry.reason}:${entry.delta}`).sort()).toEqual([
      "import:2",
      "import:3",
    ]);
    const again = await importCsv(text, false);
    expect(again.body.counts).toEqual({
      created: 0,
      changed: 0,
      unchanged: 2,
      refused: 0,
      failed: 0,
    });
    expect(await Product.countDocuments({ slug: /^eid-panjabi/ })).toBe(1);
  });

  it("stores formula cells as plain text and neutralises them again on export", async () => {
    const text = fileOf([
      {
        title: "=1+1",
        slug: "formula-tee",
        description: "'=SUM(A1:A9)",
        price: 500,
        discountedPrice: 500,
        category: "men",
        color: "Black",
        size: "M",
        stock: 1,
        sku: "FORMULA-1",
      },
    ]);
    expect((await importCsv(text, false)).status).toBe(200);
    const product = (await Product.findOne({ slug: "formula-tee" }).lean())!;
    expect(product.title).toBe("=1+1");
    expect(product.description).toBe("=SUM(A1:A9)");
    const row = rowsOf(await exported()).find((candidate) => candidate.slug === "formula-tee")!;
    expect(row.title).toBe("'=1+1");
    expect(row.description).toBe("'=SUM(A1:A9)");
  });

  it("refuses rows with the schema's reasons, and applying then writes nothing", async () => {
    const rows = rowsOf(await exported()).filter((row) => row.slug === "graphic-street-tee");
    rows[0].stock = "many";
    rows[1].price = "500";
    rows[1].discountedPrice = "700";
    const good = rowsOf(await exported()).find((row) => row.slug === "linen-panjabi")!;
    good.price = "2600";
    const text = fileOf([
      ...rows,
      good,
      { slug: "no-sku", title: "No SKU", color: "Red", size: "M" },
      { ...good, slug: "another-panjabi", sku: "ANOTHER-1", barcode: "CLASSIC-COTTON-TEE-BLACK-M" },
    ]);
    const dry = await importCsv(text);
    expect(dry.status).toBe(200);
    expect(dry.body.counts).toEqual({
      created: 0,
      changed: 1,
      unchanged: 0,
      refused: 4,
      failed: 0,
    });
    const byRow = Object.fromEntries(
      (dry.body.rows as { row: number; errors: unknown[] }[]).map((row) => [row.row, row.errors]),
    );
    expect(byRow[2]).toEqual([
      { column: "stock", message: "Invalid input: expected number, received NaN" },
    ]);
    expect(byRow[3]).toEqual([
      { column: "price", message: "Differs from row 2: a product has one price" },
      {
        column: "discountedPrice",
        message: "Differs from row 2: a product has one discountedPrice",
      },
    ]);
    expect(byRow[5]).toEqual([
      { column: "sku", message: "Every row needs its SKU (it names the variant)" },
    ]);
    expect(byRow[6]).toEqual([
      {
        column: "barcode",
        message: "The code CLASSIC-COTTON-TEE-BLACK-M belongs to another variant",
      },
    ]);

    const applied = await importCsv(text, false);
    expect(applied.status).toBe(422);
    expect(applied.body.code).toBe("IMPORT_REFUSED");
    expect(applied.body.message).toBe(
      "4 rows are refused: nothing was imported. Run the dry run to see why.",
    );
    expect((await Product.findById(seeded.products.panjabi._id).lean())!.price).toBe(2500);
    expect(await Product.exists({ slug: "another-panjabi" })).toBeNull();
  });

  it("refuses a discounted price above the price with the editor's message", async () => {
    const rows = rowsOf(await exported()).filter((row) => row.slug === "graphic-street-tee");
    for (const row of rows) row.discountedPrice = "900";
    const dry = await importCsv(fileOf(rows));
    expect(dry.body.rows[0].errors).toEqual([
      { column: "discountedPrice", message: "discountedPrice cannot exceed price" },
    ]);
    expect(dry.body.rows[1].errors).toEqual([
      { column: "", message: "Row 2 of the same product is refused" },
    ]);
  });

  it("takes images of the shop's own storage and refuses foreign ones", async () => {
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .webp()
      .toBuffer();
    await getImageStore().put("products/imported-800.webp", webp);
    const rows = rowsOf(await exported()).filter((row) => row.slug === "graphic-street-tee");
    rows[0].images = "http://localhost:5454/uploads/products/imported-800.webp";
    expect((await importCsv(fileOf(rows), false)).body.counts.changed).toBe(1);
    expect((await Product.findById(seeded.products.graphic._id).lean())!.images).toEqual([
      "/uploads/products/imported-800.webp",
    ]);

    rows[0].images = "https://evil.example/a.webp";
    const foreign = await importCsv(fileOf(rows));
    expect(foreign.body.rows[0].errors).toEqual([
      {
        column: "images",
        message:
          "https://evil.example/a.webp is not an image of this shop: images are URLs of its own storage (/uploads/...)",
      },
    ]);
    rows[0].images = "/uploads/products/missing-800.webp";
    expect((await importCsv(fileOf(rows))).body.rows[0].errors).toEqual([
      {
        column: "images",
        message: "There is no image at /uploads/products/missing-800.webp in the shop's storage",
      },
    ]);
    // An empty cell leaves the images as they are.
    rows[0].images = "";
    expect((await importCsv(fileOf(rows))).body.counts.unchanged).toBe(2);
  });

  it("never leaves a half-claimed code when a claim was taken between the check and the write", async () => {
    const other = await createProduct({ title: "Other" });
    await VariantCode.create({ _id: "RACE-2", product: other._id, claimedAt: new Date() });
    const text = fileOf([
      {
        title: "Race Tee",
        slug: "race-tee",
        price: 500,
        discountedPrice: 500,
        category: "men",
        color: "Black",
        size: "M",
        stock: 1,
        sku: "RACE-1",
      },
      { slug: "race-tee", color: "Black", size: "L", stock: 1, sku: "RACE-2" },
    ]);
    const applied = await importCsv(text, false);
    expect(applied.status).toBe(200);
    expect(applied.body.counts.failed).toBe(2);
    expect(applied.body.rows[0].errors).toEqual([
      { column: "", message: "The code RACE-2 belongs to another variant" },
    ]);
    expect(await Product.exists({ slug: "race-tee" })).toBeNull();
    expect(await VariantCode.exists({ _id: "RACE-1" })).toBeNull();
  });

  it("answers a clear 400 or 413 for a file that is not a catalogue, changing nothing", async () => {
    const post = () => request(app).post(`${IMPORT}?dryRun=false`).set(admin);
    const postFile = (bytes: Buffer) => post().attach("file", bytes, "a.csv");
    const missing = await post();
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Send the CSV file in the field "file"');
    const unknown = await postFile(Buffer.from("sku,slug,colour\r\nA,b,c\r\n"));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      `Unknown column "colour": the columns are ${COLUMNS.join(", ")}`,
    );
    const noSku = await postFile(Buffer.from("slug,price\r\na,1\r\n"));
    expect(noSku.body.message).toBe('The file has no "sku" column: every row names its sku');
    const binary = await postFile(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0]));
    expect(binary.body.message).toBe("The file is not a CSV text file");
    const many = `sku,slug\r\n${"A,b\r\n".repeat(5001)}`;
    const tooMany = await postFile(Buffer.from(many));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(
      "The file has more than 5000 rows: split it into smaller files",
    );
    const huge = await postFile(Buffer.alloc(8 * 1024 * 1024 + 1, 0x41));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe("The file is larger than 8 MB: split it");
    expect(await Product.countDocuments()).toBe(6);
  });

  it("is for admins only", async () => {
    const file = Buffer.from("sku,slug\r\nA,b\r\n");
    expect((await request(app).post(IMPORT).attach("file", file, "a.csv")).status).toBe(401);
    const user = await createUser();
    const refused = await request(app)
      .post(IMPORT)
      .set({ Authorization: `Bearer ${user.token}` })
      .attach("file", file, "a.csv");
    expect(refused.status).toBe(403);
  });
});
