/**
 * Writing many products at once (the catalogue CSV import, docs/catalogue-csv.md): the same
 * documents, codes, ledger entries and audit records as the product service's one-at-a-time
 * create and save, in a few round trips per batch instead of a dozen per product. Still one atomic
 * write per product document (no transactions, docs/database.md).
 */
import mongoose from "mongoose";
import { recordCatalogChange } from "../../models/catalog-version.model.js";
import { deriveStock, Product, type ProductFields } from "../../models/product.model.js";
import { logger } from "../lib/logger.js";
import { codeTaken } from "#contract/schemas/packing";
import { normalizeCode } from "#contract/variant-codes";
import type { ProductCreateInput, ProductPlainKey } from "#contract/schemas/catalog";
import { recordAudits, type AuditRecord } from "./audit.service.js";
import {
  auditedProduct,
  categoryPathOf,
  givenFields,
  newProductDocument,
  productCreated,
  productUpdated,
  type CategoryPlace,
} from "./products.service.js";
import {
  flushAllQuietly,
  outboxSet,
  pendingEntry,
  stockVersionIs,
  type PendingEntry,
  type StockChange,
} from "./stock-ledger.js";
import { claimCodesOfNewProducts, codesOf, releaseCodes } from "./variant-codes.service.js";

type ProductId = mongoose.Types.ObjectId;

/** Why each product of a batch was not written, by its index in the batch. */
export type BatchFailures = Map<number, string>;

/** Each category's place, read once per batch. */
async function categoryPlaces(ids: string[]): Promise<Map<string, CategoryPlace | undefined>> {
  const places = new Map<string, CategoryPlace | undefined>();
  for (const id of new Set(ids)) places.set(id, await categoryPathOf(id));
  return places;
}

/**
 * Creates products whose slug and SKUs are given and checked (the import checked them against the
 * whole catalogue): their codes claimed in one insert, the products in one insert with their
 * opening entries (`change.reason`) in their outboxes, then one copy of those entries into the
 * ledger and one insert of the audit records. A product that cannot have its codes or its slug
 * (someone took them since the check) is not written and answers why.
 */
export async function createProductsAtOnce(
  products: { input: ProductCreateInput & { slug: string }; storedImages?: string[] }[],
  change: Pick<StockChange, "by"> & { reason: "opening" | "import" },
): Promise<BatchFailures> {
  const failures: BatchFailures = new Map();
  const places = await categoryPlaces(products.map(({ input }) => input.category));
  const planned = products.map(({ input, storedImages = [] }, index) => {
    const variants = input.variants.map((variant) => {
      if (!variant.sku)
        throw new Error(`createProductsAtOnce: a variant of ${input.slug} has no SKU`);
      const sku = normalizeCode(variant.sku);
      return { ...variant, sku, barcode: variant.barcode ? normalizeCode(variant.barcode) : sku };
    });
    const id = new mongoose.Types.ObjectId();
    return {
      index,
      id,
      input,
      storedImages,
      variants,
      codes: [...new Set(variants.flatMap(codesOf))],
    };
  });
  for (const product of planned)
    if (!places.get(product.input.category)) failures.set(product.index, "Unknown category");
  const claimable = planned.filter((product) => !failures.has(product.index));
  const { refused } = await claimCodesOfNewProducts(claimable);
  for (const product of claimable) {
    const code = refused.get(String(product.id));
    if (code) failures.set(product.index, codeTaken(code));
  }
  const writable = claimable.filter((product) => !failures.has(product.index));
  if (writable.length === 0) return failures;
  const docs = writable.map(
    ({ id, input, variants, storedImages }) =>
      new Product(
        newProductDocument(id, input, {
          slug: input.slug,
          category: places.get(input.category)!,
          variants,
          images: storedImages,
          by: change.by,
          stockReason: change.reason,
        }),
      ),
  );
  let insertError: unknown;
  try {
    await Product.insertMany(docs, { ordered: false });
  } catch (error) {
    // Some were refused (a slug taken since the check): the others are in; which, is read below.
    insertError = error;
  }
  let written = writable;
  if (insertError) {
    const present = new Set(
      (await Product.find({ _id: { $in: writable.map(({ id }) => id) } }, { _id: 1 }).lean()).map(
        ({ _id }) => String(_id),
      ),
    );
    written = writable.filter(({ id }) => present.has(String(id)));
    const reasons = writeErrorsByIndex(insertError);
    for (const [position, product] of writable.entries()) {
      if (present.has(String(product.id))) continue;
      failures.set(
        product.index,
        reasons.get(position) ?? `${product.input.slug} was not written: import again`,
      );
      await releaseCodes(product.id, product.codes);
    }
  }
  const writtenIds = new Set(written.map(({ id }) => String(id)));
  await flushAllQuietly(written.map(({ id }) => id));
  await recordAudits(
    docs
      .filter((doc) => writtenIds.has(String(doc._id)))
      .map((doc) => productCreated(doc, change.by)),
    change.by,
  );
  return failures;
}

/** The driver's reasons for refused inserts, by the position of the document refused. */
function writeErrorsByIndex(error: unknown): Map<number, string> {
  type WriteError = { index?: number; code?: number; errmsg?: string; err?: WriteError };
  const list = (error as { writeErrors?: WriteError | WriteError[] })?.writeErrors;
  const reasons = new Map<number, string>();
  for (const item of [list ?? []].flat()) {
    const failure = item.err ?? item;
    if (typeof failure.index !== "number") continue;
    reasons.set(
      failure.index,
      failure.code === 11000
        ? "Another product took this slug meanwhile: import again"
        : `Not written: ${failure.errmsg ?? "the database refused it"}`,
    );
  }
  return reasons;
}

/** Changes of one product's own fields and of its variants' stock (by SKU: the figure wanted). */
interface FieldsAndStock {
  id: ProductId;
  fields: Partial<Pick<ProductCreateInput, ProductPlainKey | "category">>;
  stockBySku: Map<string, number>;
}

/** Tries per product before giving up (each miss means a sale or an edit landed between). */
const MAX_ATTEMPTS = 8;

type StoredProduct = ProductFields & { _id: ProductId };

/**
 * One product's fields and stock in one update, a compare-and-set on its `stockVersion` (every
 * stock write and every editor save moves it): the stock set is exactly the figure wanted, the
 * same update carries a ledger entry per variant for the difference, and the derived totals are
 * computed from the product as read. Read again and retried on a miss. Answers its audit record.
 */
async function setFieldsAndStock(
  { id, fields, stockBySku }: FieldsAndStock,
  change: StockChange,
  read: StoredProduct | undefined,
): Promise<AuditRecord> {
  const category = fields.category ? await categoryPathOf(fields.category) : undefined;
  if (fields.category && !category) throw new Error("Unknown category");
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const product = attempt === 1 && read ? read : await Product.findById(id).lean<StoredProduct>();
    if (!product) throw new Error("The product was deleted meanwhile");
    const filter: Record<string, unknown> = {
      _id: product._id,
      stockVersion: stockVersionIs(product.stockVersion),
      stockLedgerOpened: product.stockLedgerOpened ? true : { $ne: true },
    };
    const set: Record<string, unknown> = { ...givenFields(fields), updatedAt: new Date() };
    if (category)
      Object.assign(set, {
        category: new mongoose.Types.ObjectId(fields.category),
        categoryName: category.name,
        categoryPath: category.path,
      });
    const at = new Date();
    const entries: PendingEntry[] = [];
    const variants = product.variants.map((variant, index) => {
      const wanted = variant.sku ? stockBySku.get(variant.sku) : undefined;
      if (wanted === undefined || wanted === variant.stock) return variant;
      filter[`variants.${index}.sku`] = variant.sku;
      set[`variants.${index}.stock`] = wanted;
      entries.push(pendingEntry(variant, wanted - variant.stock, change, at));
      return { ...variant, stock: wanted };
    });
    const after = { ...product, ...set, variants } as StoredProduct;
    Object.assign(set, deriveStock(after));
    if (product.stockLedgerOpened) Object.assign(set, outboxSet(entries));
    const written = await Product.collection.updateOne(filter, {
      $set: set,
      $inc: { stockVersion: 1 },
    });
    if (written.modifiedCount === 1)
      return productUpdated(product, change.by, auditedProduct(product), auditedProduct(after));
  }
  throw new Error("This product is selling fast right now: import again");
}

/** Products changed at once by setFieldsAndStock. */
const PARALLEL_WRITES = 4;

/**
 * Changes many products' fields and stock (setFieldsAndStock each, a few at a time), then copies
 * their ledger entries, records their audit entries and tells the catalogue's read models once.
 */
export async function setFieldsAndStockOfMany(
  changes: FieldsAndStock[],
  change: StockChange,
): Promise<BatchFailures> {
  const failures: BatchFailures = new Map();
  const audits: AuditRecord[] = [];
  const written: ProductId[] = [];
  // Read in one query (the first try of each; a miss reads its product again).
  const read = new Map(
    (await Product.find({ _id: { $in: changes.map(({ id }) => id) } }).lean<StoredProduct[]>()).map(
      (product) => [String(product._id), product],
    ),
  );
  let next = 0;
  const writer = async () => {
    for (let index = next++; index < changes.length; index = next++) {
      try {
        const { id } = changes[index];
        audits.push(await setFieldsAndStock(changes[index], change, read.get(String(id))));
        written.push(changes[index].id);
      } catch (error) {
        failures.set(index, error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_WRITES }, writer));
  if (written.length === 0) return failures;
  await flushAllQuietly(written);
  await recordAudits(audits, change.by);
  try {
    // The writes went around the model's hooks (one record for the batch instead of one each).
    await recordCatalogChange(written.map(String));
  } catch (error) {
    logger.warn({ err: error }, "catalogue change not recorded (readers heal on full reload)");
  }
  return failures;
}
