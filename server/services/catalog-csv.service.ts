/**
 * The catalogue in and out as CSV (docs/catalogue-csv.md). Export: one row per variant, the
 * product's fields repeated on each of its rows. Import: every row is checked first (the same zod
 * schema as the product editor's create, on the product as the file would leave it); a dry run
 * answers what each row would do, an apply writes only when no row is refused, through the
 * product service (codes claimed, images, the editor's race-safe save) and the stock ledger
 * (stock moves by changeLine with reason `import`). Rows are matched by SKU, so the same file
 * twice changes nothing the second time.
 */
import { CsvError, parse } from "csv-parse/sync";
import type mongoose from "mongoose";
import { Category } from "../../models/category.model.js";
import { Product } from "../../models/product.model.js";
import { CSV_BOM, csvLine, type CsvValue } from "../lib/csv.js";
import { HttpError, badRequest } from "../lib/http-error.js";
import { getEnv } from "../env.js";
import { getImageStore, keyOfUploadUrl } from "../storage/index.js";
import { updateProduct } from "./products.service.js";
import { changeLine } from "./stock.service.js";
import {
  createProductsAtOnce,
  setFieldsAndStockOfMany,
  type BatchFailures,
} from "./product-batch-writes.js";
import {
  ProductCreateBody,
  ProductEditableFields,
  type ProductCreateInput,
  type ProductUpdateInput,
} from "#contract/schemas/catalog";
import {
  CATALOG_CSV_COLUMNS,
  IMAGES_CSV_COLUMN,
  IMAGE_URL_SEPARATOR,
  IMPORT_REFUSED,
  IMPORT_ROW_STATUSES,
  MAX_IMPORT_ROWS,
  PRODUCT_CSV_COLUMNS,
  REQUIRED_IMPORT_COLUMNS,
  VARIANT_CSV_COLUMNS,
  importRefusedMessage,
  type CatalogCsvColumn,
  type CatalogImportAnswer,
  type CatalogImportRow,
  type ProductCsvColumn,
} from "#contract/schemas/catalog-csv";
import { MAX_PRODUCT_IMAGES } from "#contract/images";
import { barcodeOf, normalizeCode } from "#contract/variant-codes";
import { codeTaken } from "#contract/schemas/packing";

type Cells = Partial<Record<CatalogCsvColumn, string>>;
interface ParsedRow {
  row: number;
  cells: Cells;
}

interface StoredVariant {
  color: string;
  size: string;
  stock: number;
  sku?: string | null;
  barcode?: string | null;
}
interface StoredProduct extends Partial<Record<ProductCsvColumn, unknown>> {
  _id: mongoose.Types.ObjectId;
  slug: string;
  category: mongoose.Types.ObjectId;
  images: string[];
  variants: StoredVariant[];
}

const STORED_FIELDS = [...PRODUCT_CSV_COLUMNS, "images", "variants"].join(" ");

// ---------------------------------------------------------------------------------------------
// Export

/** The catalogue as CSV lines (the mark and header first), products oldest first, a row a variant. */
export async function* catalogueCsv(): AsyncGenerator<string> {
  const categories = await Category.find({}, { slug: 1 }).lean();
  const slugOf = new Map(categories.map((category) => [String(category._id), category.slug]));
  yield CSV_BOM + csvLine(CATALOG_CSV_COLUMNS);
  const cursor = Product.find({}, STORED_FIELDS).sort({ _id: 1 }).lean<StoredProduct[]>().cursor();
  for await (const product of cursor) {
    const productCells = PRODUCT_CSV_COLUMNS.map((column): CsvValue => {
      if (column === "category")
        return slugOf.get(String(product.category)) ?? String(product.category);
      return product[column] as CsvValue;
    });
    const images = product.images.join(` ${IMAGE_URL_SEPARATOR} `);
    for (const variant of product.variants)
      yield csvLine([
        ...productCells,
        images,
        ...VARIANT_CSV_COLUMNS.map((column) => variant[column] as CsvValue),
      ]);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the file

function badFile(message: string): never {
  throw badRequest(message, [{ path: "file", message }]);
}

/** The inverse of csvCell's neutralising: `'=SUM(A1)` was the text `=SUM(A1)`. */
const unneutralised = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** The file's rows as cells by column, each with its line; a 400 for anything not a catalogue. */
function parseCatalogueCsv(file: Buffer | undefined): ParsedRow[] {
  if (!file || file.length === 0) badFile(`Send the CSV file in the field "file"`);
  if (file.includes(0)) badFile("The file is not a CSV text file");
  const text = file.toString("utf8");
  if (text.includes("\uFFFD"))
    badFile("The file is not UTF-8 text: save it from the spreadsheet as CSV UTF-8");
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      max_record_size: 64 * 1024,
      // The header, the rows allowed, and one more to tell a file that holds too many.
      to: MAX_IMPORT_ROWS + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines;
    return badFile(
      `The file is not valid CSV${line ? ` at line ${line}` : ""}: ${error.message.replace(/^Invalid [^:]*: /, "")}`,
    );
  }
  const [header, ...body] = records;
  if (!header) badFile("The file is empty");
  const columns = header.record.map((name) => name.trim());
  const known = new Set<string>(CATALOG_CSV_COLUMNS);
  const unknown = columns.find((name) => !known.has(name));
  if (unknown !== undefined)
    badFile(
      `Unknown column "${unknown.slice(0, 40)}": the columns are ${CATALOG_CSV_COLUMNS.join(", ")}`,
    );
  const twice = columns.find((name, index) => columns.indexOf(name) !== index);
  if (twice) badFile(`The column "${twice}" appears twice`);
  const missing = REQUIRED_IMPORT_COLUMNS.find((name) => !columns.includes(name));
  if (missing) badFile(`The file has no "${missing}" column: every row names its ${missing}`);
  if (body.length === 0) badFile("The file has a header and no rows");
  if (body.length > MAX_IMPORT_ROWS)
    badFile(`The file has more than ${MAX_IMPORT_ROWS} rows: split it into smaller files`);
  return body.map(({ record, info }) => ({
    row: info.lines,
    cells: Object.fromEntries(
      columns.map((name, index) => [name, unneutralised(record[index] ?? "")]),
    ) as Cells,
  }));
}

// ---------------------------------------------------------------------------------------------
// Checking every row

type RowError = CatalogImportRow["errors"][number];

interface RowPlan extends CatalogImportRow {
  cells: Cells;
  /** The variant's index in the product's variants as the file leaves them. */
  variantIndex: number;
}

/** One product of the file: its rows, the product it changes (if any) and what to write. */
interface ProductPlan {
  slug: string;
  rows: RowPlan[];
  existing?: StoredProduct;
  body?: ProductCreateInput;
  images?: string[];
  /** Product fields whose value changes (their names). */
  changedFields: ProductCsvColumn[];
  imagesChanged: boolean;
  /** The variants' colours, sizes or codes change (a save of the variants is needed). */
  variantsChanged: boolean;
}

/** Everything the check reads once: products, categories, who holds which code and image. */
interface Catalogue {
  bySlug: Map<string, StoredProduct>;
  byId: Map<string, StoredProduct>;
  codeOwner: Map<string, string>;
  imageOwner: Map<string, string>;
  categoryId: Map<string, string>;
  categorySlug: Map<string, string>;
}

async function readCatalogue(): Promise<Catalogue> {
  const [products, categories] = await Promise.all([
    Product.find({}, STORED_FIELDS).lean<StoredProduct[]>(),
    Category.find({}, { slug: 1 }).lean(),
  ]);
  const catalogue: Catalogue = {
    bySlug: new Map(products.map((product) => [product.slug, product])),
    byId: new Map(products.map((product) => [String(product._id), product])),
    codeOwner: new Map(),
    imageOwner: new Map(),
    categoryId: new Map(),
    categorySlug: new Map(),
  };
  for (const product of products) {
    const id = String(product._id);
    for (const variant of product.variants)
      for (const code of [variant.sku, variant.barcode])
        if (code) catalogue.codeOwner.set(code, id);
    for (const url of product.images) catalogue.imageOwner.set(url, id);
  }
  for (const category of categories) {
    const id = String(category._id);
    catalogue.categoryId.set(id, id);
    catalogue.categoryId.set(category.slug, id);
    catalogue.categorySlug.set(id, category.slug);
  }
  return catalogue;
}

/** A cell as the schema gets it: empty is absent (the value stays as it is). */
const given = (cell: string | undefined) => (cell === undefined || cell === "" ? undefined : cell);

/** Columns whose schema takes a boolean: a spreadsheet writes TRUE and FALSE in capitals. */
const BOOLEAN_COLUMNS = new Set(
  PRODUCT_CSV_COLUMNS.filter(
    (column) => ProductEditableFields.shape[column].safeParse(true).success,
  ),
);

const sameValue = (a: unknown, b: unknown) =>
  String(a ?? "") === String(b ?? "") ||
  (Array.isArray(a) && Array.isArray(b) && a.join("\n") === b.join("\n"));

const shown = (value: unknown) => {
  const text = String(value ?? "");
  return text.length > 40 ? `${text.slice(0, 37)}...` : text || "(empty)";
};
const change = (column: string, before: unknown, after: unknown) =>
  `${column}: ${shown(before)} → ${shown(after)}`;

/** The image URLs of a cell: the shop's own storage only (an absolute URL of this shop is fine). */
async function checkImages(
  cell: string,
  product: StoredProduct | undefined,
  catalogue: Catalogue,
): Promise<{ images?: string[]; error?: string }> {
  const origin = new URL(getEnv().PUBLIC_URL).origin;
  const urls = cell
    .split(IMAGE_URL_SEPARATOR)
    .map((url) => url.trim())
    .filter(Boolean)
    .map((url) => (url.startsWith(`${origin}/`) ? url.slice(origin.length) : url));
  if (urls.length > MAX_PRODUCT_IMAGES)
    return { error: `A product has at most ${MAX_PRODUCT_IMAGES} images` };
  for (const url of urls) {
    const key = keyOfUploadUrl(url);
    if (!key || !url.startsWith("/"))
      return {
        error: `${shown(url)} is not an image of this shop: images are URLs of its own storage (/uploads/...)`,
      };
    const owner = catalogue.imageOwner.get(url);
    if (owner && owner !== String(product?._id))
      return {
        error: `${url} is an image of another product: upload it again for this one (deleting one product removes its files)`,
      };
    if (!owner && !(await getImageStore().stat(key)))
      return { error: `There is no image at ${url} in the shop's storage` };
  }
  return { images: urls };
}

/** The product's editable values as stored (what the file's empty cells keep). */
function storedValues(product: StoredProduct): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of PRODUCT_CSV_COLUMNS) {
    const value = column === "category" ? String(product.category) : product[column];
    if (value !== undefined && value !== null && value !== "") values[column] = value;
  }
  return values;
}

/** Checks one product's rows against the catalogue; marks refused rows and fills the plan. */
async function planProduct(
  plan: ProductPlan,
  catalogue: Catalogue,
  fileCodes: Map<string, string>,
) {
  const refuse = (row: RowPlan, column: string, message: string) => {
    row.status = "refused";
    row.errors.push({ column, message });
  };
  const [first] = plan.rows;
  // The product this slug's rows change: the one holding their SKUs, else the one with the slug.
  const owners = new Set(plan.rows.flatMap((row) => catalogue.codeOwner.get(row.sku) ?? []));
  if (owners.size > 1) {
    const slugs = [...owners].map((id) => catalogue.byId.get(id)?.slug).join(", ");
    for (const row of plan.rows)
      refuse(row, "sku", `The SKUs of these rows belong to different products (${slugs})`);
    return;
  }
  const bySku = owners.size === 1 ? catalogue.byId.get([...owners][0]) : undefined;
  const bySlug = catalogue.bySlug.get(plan.slug);
  if (bySku && bySlug && bySku !== bySlug) {
    for (const row of plan.rows)
      refuse(row, "slug", `The slug ${plan.slug} belongs to another product than SKU ${row.sku}'s`);
    return;
  }
  const existing = bySku ?? bySlug;
  plan.existing = existing;

  // Product columns: one value per product; rows that disagree are refused.
  const values: Record<string, unknown> = existing ? storedValues(existing) : {};
  const firstRowOf = new Map<string, RowPlan>();
  for (const row of plan.rows)
    for (const column of PRODUCT_CSV_COLUMNS) {
      let cell = given(row.cells[column]);
      if (cell === undefined) continue;
      if (BOOLEAN_COLUMNS.has(column)) cell = cell.toLowerCase();
      if (column === "category") {
        const id = catalogue.categoryId.get(cell) ?? catalogue.categoryId.get(cell.toLowerCase());
        if (!id) {
          refuse(row, column, `Unknown category "${shown(cell)}": give its slug or id`);
          continue;
        }
        cell = id;
      }
      const earlier = firstRowOf.get(column);
      if (earlier && given(earlier.cells[column]) !== given(row.cells[column])) {
        refuse(row, column, `Differs from row ${earlier.row}: a product has one ${column}`);
        continue;
      }
      firstRowOf.set(column, row);
      values[column] = cell;
    }

  // Variants: those the product has, each row's overlaid on the one with its SKU, or added.
  const variants: Record<string, unknown>[] = (existing?.variants ?? []).map((variant) => ({
    color: variant.color,
    size: variant.size,
    stock: variant.stock,
    sku: variant.sku ?? undefined,
    barcode: variant.barcode ?? undefined,
  }));
  const stored = existing?.variants ?? [];
  for (const row of plan.rows) {
    const index = stored.findIndex((variant) => variant.sku === row.sku);
    const overlay = Object.fromEntries(
      VARIANT_CSV_COLUMNS.flatMap((column) => {
        const cell = given(row.cells[column]);
        return cell === undefined ? [] : [[column, cell]];
      }),
    );
    if (index >= 0) {
      Object.assign(variants[index], overlay);
      row.variantIndex = index;
    } else {
      variants.push({ stock: 0, ...overlay });
      row.variantIndex = variants.length - 1;
    }
    for (const column of ["sku", "barcode"] as const) {
      const code = given(row.cells[column]);
      if (code === undefined) continue;
      const normal = normalizeCode(code);
      const owner = catalogue.codeOwner.get(normal);
      if (owner && owner !== String(existing?._id)) refuse(row, column, codeTaken(normal));
      const inFile = fileCodes.get(normal);
      if (inFile && inFile !== plan.slug)
        refuse(row, column, `The code ${normal} is also given to product ${inFile} in this file`);
      fileCodes.set(normal, plan.slug);
    }
  }
  const keyOf = (variant: Record<string, unknown>) =>
    `${String(variant.color ?? "").trim()}\u0000${String(variant.size ?? "").trim()}`;
  for (const row of plan.rows) {
    const key = keyOf(variants[row.variantIndex]);
    const other = variants.findIndex(
      (variant, index) => index !== row.variantIndex && keyOf(variant) === key,
    );
    if (other >= 0)
      refuse(
        row,
        "size",
        `Colour ${String(variants[other].color)} and size ${String(variants[other].size)} are already variant ${String(variants[other].sku ?? other + 1)} of this product`,
      );
  }

  // Images: the cell's URLs, or the product's own when the cell is empty.
  const imagesCell = plan.rows.map((row) => given(row.cells[IMAGES_CSV_COLUMN])).find(Boolean);
  if (imagesCell !== undefined) {
    const checked = await checkImages(imagesCell, existing, catalogue);
    if (checked.error) refuse(first, IMAGES_CSV_COLUMN, checked.error);
    plan.images = checked.images;
    plan.imagesChanged = !checked.error && !sameValue(existing?.images ?? [], checked.images);
  }

  // The same schema as the editor's create, on the product as the file leaves it.
  const parsed = ProductCreateBody.safeParse({ ...values, variants });
  if (!parsed.success) {
    const refusedAlready = plan.rows.some((row) => row.status === "refused");
    for (const issue of parsed.error.issues) {
      const [field, index, column] = issue.path;
      // "Each colour and size appears once": said above, naming the variant.
      if (field === "variants" && index === undefined && refusedAlready) continue;
      const row =
        field === "variants" && typeof index === "number"
          ? (plan.rows.find((candidate) => candidate.variantIndex === index) ?? first)
          : first;
      refuse(
        row,
        field === "variants" ? String(column ?? field) : String(field ?? ""),
        issue.message,
      );
    }
  }
  // Every reason is reported (the schema's too); a product with one refused row is not written.
  if (!parsed.success || plan.rows.some((row) => row.status === "refused")) return;
  plan.body = parsed.data;

  // What changes, row by row (the product's fields on its first row).
  if (!existing) {
    for (const row of plan.rows) row.status = "created";
    return;
  }
  plan.changedFields = PRODUCT_CSV_COLUMNS.filter(
    (column) =>
      parsed.data[column] !== undefined &&
      !sameValue(
        column === "category" ? String(existing.category) : existing[column],
        parsed.data[column],
      ),
  );
  first.changes.push(
    ...plan.changedFields.map((column) =>
      column === "category"
        ? change(
            column,
            catalogue.categorySlug.get(String(existing.category)),
            catalogue.categorySlug.get(parsed.data.category),
          )
        : change(column, existing[column], parsed.data[column]),
    ),
  );
  if (plan.imagesChanged)
    first.changes.push(change(IMAGES_CSV_COLUMN, existing.images.length, plan.images!.length));
  for (const row of plan.rows) {
    const after = parsed.data.variants[row.variantIndex];
    const before = existing.variants[row.variantIndex] as StoredVariant | undefined;
    if (!before) {
      row.status = "created";
      plan.variantsChanged = true;
      continue;
    }
    for (const column of VARIANT_CSV_COLUMNS) {
      // A barcode left out is the SKU (barcodeOf), on either side.
      const [was, now] =
        column === "barcode"
          ? [barcodeOf(before), barcodeOf(after)]
          : [before[column], after[column]];
      if (!sameValue(was, now)) {
        row.changes.push(change(column, was, now));
        if (column !== "stock") plan.variantsChanged = true;
      }
    }
    row.status = row.changes.length > 0 ? "changed" : "unchanged";
  }
}

function emptyRow(parsed: ParsedRow): RowPlan {
  return {
    row: parsed.row,
    sku: normalizeCode(parsed.cells.sku ?? ""),
    slug: (parsed.cells.slug ?? "").trim().toLowerCase(),
    status: "unchanged",
    changes: [],
    errors: [],
    cells: parsed.cells,
    variantIndex: -1,
  };
}

/** Every row checked: the products to write, by slug, and each row's report. */
async function planImport(
  parsedRows: ParsedRow[],
): Promise<{ plans: ProductPlan[]; rows: RowPlan[] }> {
  const catalogue = await readCatalogue();
  const rows = parsedRows.map(emptyRow);
  const plans = new Map<string, ProductPlan>();
  const skuRow = new Map<string, number>();
  for (const row of rows) {
    if (!row.sku)
      row.errors.push({ column: "sku", message: "Every row needs its SKU (it names the variant)" });
    if (!row.slug)
      row.errors.push({
        column: "slug",
        message: "Every row needs its slug (it names the product)",
      });
    const earlier = skuRow.get(row.sku);
    if (row.sku && earlier !== undefined)
      row.errors.push({ column: "sku", message: `SKU ${row.sku} is also on row ${earlier}` });
    if (row.sku && earlier === undefined) skuRow.set(row.sku, row.row);
    if (row.errors.length > 0) {
      row.status = "refused";
      continue;
    }
    const plan = plans.get(row.slug) ?? {
      slug: row.slug,
      rows: [],
      changedFields: [],
      imagesChanged: false,
      variantsChanged: false,
    };
    plan.rows.push(row);
    plans.set(row.slug, plan);
  }
  const fileCodes = new Map<string, string>();
  for (const plan of plans.values()) await planProduct(plan, catalogue, fileCodes);
  // A product is written whole or not at all: one refused row holds back its product's others.
  for (const plan of plans.values()) {
    const refused = plan.rows.find((row) => row.status === "refused");
    if (refused)
      for (const row of plan.rows)
        if (row.status !== "refused") {
          row.status = "refused";
          row.errors.push({
            column: "",
            message: `Row ${refused.row} of the same product is refused`,
          });
        }
  }
  return { plans: [...plans.values()], rows };
}

// ---------------------------------------------------------------------------------------------
// Applying

/** Products written at once by an apply's saves through the editor's path. */
const PARALLEL_WRITES = 4;
/** New products written by one batch (codes, documents, ledger entries, audit records). */
const CREATE_BATCH = 100;

const importChange = (by: string) => ({ reason: "import" as const, by, note: "CSV import" });

/**
 * The stock figures a product's rows give, by SKU. A row with an empty stock cell keeps the stock
 * as it is when written (units sold since the check stay sold), so it is not here.
 */
function stockTargets(plan: ProductPlan): Map<string, number> {
  return new Map(
    plan.rows.flatMap((row) => {
      const variant = plan.body!.variants[row.variantIndex];
      return given(row.cells.stock) === undefined ? [] : [[variant.sku!, variant.stock] as const];
    }),
  );
}

/** Writes one checked product whose variants or images change: the product service, then stock. */
async function applyProduct(plan: ProductPlan, by: string): Promise<void> {
  const body = plan.body!;
  const existing = plan.existing!;
  if (plan.changedFields.length > 0 || plan.imagesChanged || plan.variantsChanged) {
    const update: ProductUpdateInput = Object.fromEntries(
      plan.changedFields.map((column) => [column, body[column]]),
    );
    if (plan.variantsChanged) {
      // Stock stays as it is here (the ledger's import entries below move it): each kept variant
      // is sent with the stock it was read with, and `variantsSeen` carries the same figures.
      const seen = body.variants.map((variant, index) => ({
        ...variant,
        stock: existing.variants[index]?.stock ?? 0,
      }));
      update.variants = seen;
      update.variantsSeen = seen.slice(0, existing.variants.length);
    }
    await updateProduct(String(existing._id), update, [], by, {
      storedImages: plan.imagesChanged ? plan.images : undefined,
      codesChecked: true,
    });
  }
  const now = await Product.findById(existing._id, { variants: 1 }).lean();
  for (const [sku, stock] of stockTargets(plan)) {
    const variant = now?.variants.find((candidate) => candidate.sku === sku);
    const delta = variant ? stock - variant.stock : 0;
    if (!variant || delta === 0) continue;
    const line = { productId: existing._id, color: variant.color, size: variant.size, quantity: 0 };
    if (!(await changeLine(line, delta, importChange(by), { onSaleOnly: false })))
      throw new HttpError(
        409,
        `The stock of ${sku} changed meanwhile: import again`,
        "BUSY_PRODUCT",
      );
  }
}

function answer(rows: RowPlan[], dryRun: boolean): CatalogImportAnswer {
  const counts = Object.fromEntries(
    IMPORT_ROW_STATUSES.map((status) => [status, 0]),
  ) as CatalogImportAnswer["counts"];
  for (const row of rows) counts[row.status] += 1;
  return {
    dryRun,
    counts,
    rows: rows.map(({ row, sku, slug, status, changes, errors }) => ({
      row,
      sku,
      slug,
      status,
      changes,
      errors,
    })),
  };
}

/**
 * Imports a catalogue file: with `dryRun`, what each row would do; without, the same after writing
 * it, or a 422 (IMPORT_REFUSED, nothing written) when any row is refused.
 */
export async function importCatalogue(
  file: Buffer | undefined,
  { dryRun, by }: { dryRun: boolean; by: string },
): Promise<CatalogImportAnswer> {
  const { plans, rows } = await planImport(parseCatalogueCsv(file));
  const refused = rows.filter((row) => row.status === "refused");
  if (dryRun) return answer(rows, true);
  if (refused.length > 0)
    throw new HttpError(
      422,
      importRefusedMessage(refused.length),
      IMPORT_REFUSED,
      refused
        .flatMap((row) =>
          row.errors.map((error): RowError & { path: string } => ({
            ...error,
            path: `rows.${row.row}${error.column ? `.${error.column}` : ""}`,
          })),
        )
        .map(({ path, message }) => ({ path, message })),
    );
  const pending = plans.filter((plan) => plan.rows.some((row) => row.status !== "unchanged"));
  const failed = (plan: ProductPlan, error: unknown) => {
    // Something changed since the check (a code claimed meanwhile): this product is not
    // written, the others are; importing the file again finishes it.
    const message = error instanceof Error ? error.message : String(error);
    for (const row of plan.rows) {
      row.status = "failed";
      row.errors.push({ column: "", message });
    }
  };
  const report = (batch: ProductPlan[], failures: BatchFailures) => {
    for (const [index, message] of failures) failed(batch[index], message);
  };
  const change = importChange(by);
  // New products in batches: their codes, documents, ledger entries and audit records a few
  // round trips per batch.
  const created = pending.filter((plan) => !plan.existing);
  for (let start = 0; start < created.length; start += CREATE_BATCH) {
    const batch = created.slice(start, start + CREATE_BATCH);
    report(
      batch,
      await createProductsAtOnce(
        batch.map((plan) => ({
          input: { ...plan.body!, slug: plan.slug },
          storedImages: plan.images,
        })),
        change,
      ),
    );
  }
  // Products whose own fields or stock change, variants and images as they are: one guarded
  // update each, carrying every stock entry.
  const quick = pending.filter(
    (plan) => plan.existing && !plan.variantsChanged && !plan.imagesChanged,
  );
  report(
    quick,
    await setFieldsAndStockOfMany(
      quick.map((plan) => ({
        id: plan.existing!._id,
        fields: Object.fromEntries(
          plan.changedFields.map((column) => [column, plan.body![column]]),
        ),
        stockBySku: stockTargets(plan),
      })),
      change,
    ),
  );
  // The rest (variants added or recoded, images changed) through the editor's own save.
  const saved = pending.filter((plan) => plan.existing && !quick.includes(plan));
  const writer = async () => {
    for (let plan = saved.shift(); plan; plan = saved.shift()) {
      try {
        await applyProduct(plan, by);
      } catch (error) {
        failed(plan, error);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_WRITES }, writer));
  return answer(rows, false);
}
