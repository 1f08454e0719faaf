import mongoose from "mongoose";
import { Category } from "../../models/category.model.js";
import { Product, type ProductFields } from "../../models/product.model.js";
import { badRequest, conflict, notFound } from "../lib/http-error.js";
import { removeResponsiveWebp, saveResponsiveWebps } from "../lib/images.js";
import { MAX_PRODUCT_IMAGES } from "#contract/images";
import { removeReviewsOfProduct } from "./reviews.service.js";
import {
  assignVariantCodes,
  codesOf,
  releaseCodes,
  releaseUnusedCodes,
} from "./variant-codes.service.js";
import {
  PRODUCT_PLAIN_KEYS,
  type ProductCreateInput,
  type ProductPlainKey,
  type ProductUpdateInput,
} from "#contract/schemas/catalog";
import type { StockReason } from "#contract/schemas/stock";

import {
  CATEGORY_REF_FIELDS,
  toProductAnswer,
  type LeanProductDoc,
  type ProductAnswer,
} from "./product-answer.js";
import { recordAudit, type AuditRecord } from "./audit.service.js";
import {
  editorCorrections,
  flushQuietly,
  keepLowStockThresholds,
  outboxSet,
  pendingEntry,
} from "./stock-ledger.js";

export { toProductAnswer };
export type { LeanProductDoc, ProductAnswer };

// ---------------------------------------------------------------------------------------------
// Single-product reads (every listing is in catalog-listing.ts)

// Lookups filter on `_id` alone and check `isActive` here: FerretDB (SQLite) pushes only a bare
// `_id` equality down to SQL; `{_id, isActive}` reads every product (`npm run bench`, 2,000
// products: p50 120 ms -> 17 ms, 13 -> 62 requests/s). MongoDB answers both from the _id index.
async function findProductDoc(id: string | mongoose.Types.ObjectId) {
  return Product.findById(id).populate("category", CATEGORY_REF_FIELDS).lean<LeanProductDoc>();
}

export async function getProductById(
  id: string,
  options: { includeInactive?: boolean } = {},
): Promise<ProductAnswer> {
  const doc = await findProductDoc(id);
  if (!doc || (!options.includeInactive && doc.isActive !== true))
    throw notFound("Product not found");
  return toProductAnswer(doc);
}

/**
 * Slug -> id of products looked up recently. Only a hint: the document read by id must still carry
 * the slug and be active, else the slug query runs, so a stale entry (renamed, deleted product,
 * another instance's change) never changes the answer. It turns the product page's slug scan on
 * FerretDB into an `_id` lookup.
 */
const SLUG_HINTS_MAX = 5000;
const slugHints = new Map<string, string>();

export async function getProductBySlug(slug: string): Promise<ProductAnswer> {
  const wanted = slug.toLowerCase();
  const hinted = slugHints.get(wanted);
  if (hinted) {
    const doc = await findProductDoc(hinted);
    if (doc && doc.slug === wanted && doc.isActive === true) return toProductAnswer(doc);
    slugHints.delete(wanted);
  }
  const doc = await Product.findOne({ slug: wanted, isActive: true })
    .populate("category", CATEGORY_REF_FIELDS)
    .lean<LeanProductDoc>();
  if (!doc) throw notFound("Product not found");
  if (slugHints.size >= SLUG_HINTS_MAX) slugHints.delete(slugHints.keys().next().value!);
  slugHints.set(wanted, doc._id.toString());
  return toProductAnswer(doc);
}

// ---------------------------------------------------------------------------------------------
// Writes

export function slugify(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "product"
  );
}

async function uniqueProductSlug(base: string, exceptId?: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const candidate = attempt === 1 ? base : `${base}-${attempt}`;
    const taken = await Product.exists({
      slug: candidate,
      ...(exceptId ? { _id: { $ne: exceptId } } : {}),
    });
    if (!taken) return candidate;
  }
}

/** The category's ancestors plus itself, root first. */
export async function categoryPathOf(categoryId: string | mongoose.Types.ObjectId) {
  const path: mongoose.Types.ObjectId[] = [];
  let current = await Category.findById(categoryId).lean();
  if (!current) return undefined;
  const name = current.name;
  while (current && path.length < 10) {
    path.unshift(current._id);
    current = current.parentCategory
      ? await Category.findById(current.parentCategory).lean()
      : null;
  }
  return { path, name };
}

export interface UploadedImage {
  buffer: Buffer;
}

/** Product images: re-encoded into the store's `products/` folder (saveResponsiveWebps). */
function saveImages(files: UploadedImage[]): Promise<string[]> {
  return saveResponsiveWebps(
    files.map((file) => file.buffer),
    "products",
  );
}

/** The editable fields an input gives (the plain ones: variants and category are resolved apart). */
export function givenFields(
  input: Partial<Pick<ProductCreateInput, ProductPlainKey>>,
): Partial<Pick<ProductCreateInput, ProductPlainKey>> {
  return Object.fromEntries(
    PRODUCT_PLAIN_KEYS.flatMap((field) =>
      input[field] === undefined ? [] : [[field, input[field]]],
    ),
  );
}

/** What a catalogue import adds to an update (catalog-csv.service). */
export interface ImportedProductParts {
  /** Images already in the shop's storage (checked by the caller), in place of the product's own. */
  storedImages?: string[];
  /** The import checked the codes against every product (assignVariantCodes' checkedElsewhere). */
  codesChecked?: boolean;
}

/** A category's path and name, as a product stores them. */
export type CategoryPlace = NonNullable<Awaited<ReturnType<typeof categoryPathOf>>>;

/**
 * A new product's document: the editable fields given (those left out take the model's defaults),
 * its category's place, its coded variants and its ledger opened by the typed stock (one entry of
 * `stockReason` per variant holding stock, in its outbox).
 */
export function newProductDocument(
  id: mongoose.Types.ObjectId,
  input: ProductCreateInput,
  parts: {
    slug: string;
    category: CategoryPlace;
    variants: ProductCreateInput["variants"];
    images: string[];
    by: string;
    /** The opening entries' reason: "opening" (the editor) or "import" (a catalogue import). */
    stockReason: Extract<StockReason, "opening" | "import">;
  },
) {
  return {
    _id: id,
    ...givenFields(input),
    slug: parts.slug,
    category: input.category,
    categoryName: parts.category.name,
    categoryPath: parts.category.path,
    variants: parts.variants,
    images: parts.images,
    // Its ledger starts with it: the typed stock is the opening entry of each variant.
    stockLedgerOpened: true,
    stockLedgerOutbox: new Map(
      input.variants
        .filter((variant) => variant.stock !== 0)
        .map((variant) =>
          pendingEntry(variant, variant.stock, { reason: parts.stockReason, by: parts.by }),
        )
        .map(({ key, entry }) => [key, entry]),
    ),
  };
}

export async function createProduct(
  input: ProductCreateInput,
  files: UploadedImage[],
  by = "admin",
): Promise<ProductAnswer> {
  const category = await categoryPathOf(input.category);
  if (!category) throw badRequest("Unknown category");
  const slug = input.slug ?? (await uniqueProductSlug(slugify(input.title)));
  const id = new mongoose.Types.ObjectId();
  const { variants, claimed } = await assignVariantCodes(id, slug, input.variants);
  let images: string[] = [];
  try {
    images = await saveImages(files);
    const doc = await Product.create(
      newProductDocument(id, input, {
        slug,
        category,
        variants,
        images,
        by,
        stockReason: "opening",
      }),
    );
    await flushQuietly(doc._id);
    await recordAudit(productCreated(doc, by));
    return getProductById(doc._id.toString(), { includeInactive: true });
  } catch (error) {
    await Promise.all([
      ...images.map((url) => removeResponsiveWebp(url)),
      releaseCodes(id, claimed),
    ]);
    throw error;
  }
}

type VariantEdit = { color: string; size: string; stock: number; sku?: string; barcode?: string };
const variantKey = (variant: { color: string; size: string }) =>
  `${variant.color}\u0000${variant.size}`;

/**
 * The variants an admin's edit leaves: with the grid as the editor loaded it (`seen`), each kept
 * variant's stock moves by what the admin changed, from the stock it has NOW (units sold while the
 * form was open stay sold, never below 0); new variants take the typed stock. Without `seen` (an
 * API client), the typed stock is set as given.
 */
export function mergeStockEdits(
  current: { color: string; size: string; stock: number }[],
  typed: VariantEdit[],
  seen: VariantEdit[] | undefined,
): VariantEdit[] {
  if (!seen) return typed;
  const now = new Map(current.map((variant) => [variantKey(variant), variant.stock]));
  const loaded = new Map(seen.map((variant) => [variantKey(variant), variant.stock]));
  return typed.map((variant) => {
    const key = variantKey(variant);
    const before = loaded.get(key);
    const stock = now.get(key);
    if (before === undefined || stock === undefined) return variant;
    return { ...variant, stock: Math.max(0, stock + (variant.stock - before)) };
  });
}

/**
 * A product as the audit trail compares it: what staff edit. Stock is not here: every stock change
 * is an entry of the stock ledger already (docs/stock-ledger.md), so variants are kept by name.
 */
export function auditedProduct(
  product: Pick<ProductFields, (typeof ADMIN_EDITED_FIELDS)[number] | "variants">,
) {
  return {
    ...Object.fromEntries(PRODUCT_PLAIN_KEYS.map((field) => [field, product[field]])),
    category: product.categoryName,
    images: [...product.images],
    variants: product.variants.map(
      (variant: { color: string; size: string; sku?: string | null }) =>
        [variant.color, variant.size, variant.sku].filter(Boolean).join(" / "),
    ),
  };
}
type AuditedProduct = ReturnType<typeof auditedProduct>;

const productEntry = (
  product: { _id: unknown; title: string },
  action: string,
  by: string,
): AuditRecord => ({
  entity: "product",
  entityId: String(product._id),
  action,
  by,
  label: product.title,
});

/** The audit record of a product just created. */
export const productCreated = (
  product: Parameters<typeof auditedProduct>[0] & { _id: unknown; title: string },
  by: string,
): AuditRecord => ({ ...productEntry(product, "create", by), after: auditedProduct(product) });

/** The audit record of an update, from the product as it was and as it is. */
export const productUpdated = (
  product: { _id: unknown; title: string },
  by: string,
  before: AuditedProduct,
  after: AuditedProduct,
): AuditRecord => ({ ...productEntry(product, "update", by), before, after });

const MAX_SAVE_ATTEMPTS = 8;
/**
 * What an admin's save writes, carried over to the fresh product when a sale makes the save miss:
 * the editable fields (from their one declaration), the category's place and the images.
 */
export const ADMIN_EDITED_FIELDS = [
  ...PRODUCT_PLAIN_KEYS,
  "category",
  "categoryName",
  "categoryPath",
  "images",
] as const;

/**
 * Saves an admin's edit of a product as a compare-and-set on its stock version: a sale landing
 * between the read and the save makes the save miss, and the edit is applied again to the fresh
 * product (stock merged as above), so no sale is ever overwritten.
 */
async function saveWithStockEdits(
  product: mongoose.HydratedDocument<ProductFields>,
  input: ProductUpdateInput,
  by: string,
  read: AuditedProduct,
): Promise<AuditedProduct> {
  let target = product;
  // What the saved write replaced: the product as read, or as read again after a miss.
  let replaced = read;
  for (let attempt = 1; ; attempt += 1) {
    if (input.variants !== undefined) {
      const before = target.variants.map(({ color, size, stock, lowStockThreshold }) => ({
        color,
        size,
        stock,
        lowStockThreshold,
      }));
      target.set(
        "variants",
        keepLowStockThresholds(before, mergeStockEdits(before, input.variants, input.variantsSeen)),
      );
      // Each variant's change is a correction in the stock ledger, written by this same save.
      if (target.stockLedgerOpened)
        for (const [path, entry] of Object.entries(
          outboxSet(editorCorrections(before, target.variants, by)),
        ))
          target.set(path, entry);
    }
    const version = target.stockVersion ?? 0;
    target.stockVersion = version + 1;
    target.$where = { stockVersion: version };
    try {
      await target.save();
      if (target.stockLedgerOpened) await flushQuietly(target._id);
      return replaced;
    } catch (error) {
      const missed =
        error instanceof mongoose.Error.DocumentNotFoundError ||
        error instanceof mongoose.Error.VersionError;
      if (!missed) throw error;
      if (attempt >= MAX_SAVE_ATTEMPTS)
        throw conflict(
          "This product is selling fast right now. Please save again.",
          "BUSY_PRODUCT",
        );
    }
    const fresh = await Product.findById(product._id);
    if (!fresh) throw notFound("Product not found");
    replaced = auditedProduct(fresh);
    // The admin's own fields carry over; sales' fields (stock, soldCount, reservations) do not.
    for (const field of ADMIN_EDITED_FIELDS) fresh.set(field, product.get(field));
    target = fresh;
  }
}

export async function updateProduct(
  id: string,
  input: ProductUpdateInput,
  files: UploadedImage[],
  by = "admin",
  { storedImages, codesChecked = false }: ImportedProductParts = {},
): Promise<ProductAnswer> {
  const product = await Product.findById(id);
  if (!product) throw notFound("Product not found");
  const read = auditedProduct(product);
  const price = input.price ?? product.price;
  const discountedPrice = input.discountedPrice ?? product.discountedPrice;
  if (discountedPrice > price)
    throw badRequest("Invalid input", [
      { path: "discountedPrice", message: "discountedPrice cannot exceed price" },
    ]);
  const kept = input.existingImages
    ? product.images.filter((url) => input.existingImages!.includes(url))
    : [...product.images];
  const ordered =
    storedImages ??
    (input.existingImages ? input.existingImages.filter((url) => kept.includes(url)) : kept);
  if (ordered.length + files.length > MAX_PRODUCT_IMAGES)
    throw badRequest(`A product has at most ${MAX_PRODUCT_IMAGES} images`);
  if (input.category) {
    const category = await categoryPathOf(input.category);
    if (!category) throw badRequest("Unknown category");
    product.category = new mongoose.Types.ObjectId(input.category);
    product.categoryName = category.name;
    product.categoryPath = category.path;
  }
  product.set(givenFields(input));
  // Codes first (a 409 leaves nothing behind); those no longer used are released after the save.
  const codesFrom = new Date();
  const codes = input.variants
    ? await assignVariantCodes(product._id, product.slug, input.variants, product.variants, {
        checkedElsewhere: codesChecked,
      })
    : undefined;
  let added: string[] = [];
  try {
    added = await saveImages(files);
  } catch (error) {
    if (codes) await releaseCodes(product._id, codes.claimed);
    throw error;
  }
  const removed = product.images.filter((url) => !ordered.includes(url));
  product.images = [...ordered, ...added];
  try {
    const edit = codes ? { ...input, variants: codes.variants } : input;
    const replaced = await saveWithStockEdits(product, edit, by, read);
    await recordAudit(productUpdated(product, by, replaced, auditedProduct(product)));
  } catch (error) {
    await Promise.all([
      ...added.map((url) => removeResponsiveWebp(url)),
      codes && releaseCodes(product._id, codes.claimed),
    ]);
    throw error;
  }
  await Promise.all([
    ...removed.map((url) => removeResponsiveWebp(url)),
    codes && releaseUnusedCodes(product._id, codes.variants.flatMap(codesOf), codesFrom),
  ]);
  return getProductById(id, { includeInactive: true });
}

export async function deleteProduct(id: string, by = "admin"): Promise<{ message: string }> {
  // Read, then delete by id: FerretDB refuses findAndModify with the projection mongoose adds
  // for the `select: false` summary versions.
  const product = await Product.findById(id).lean();
  if (!product || (await Product.deleteOne({ _id: product._id })).deletedCount !== 1)
    throw notFound("Product not found");
  await recordAudit({ ...productEntry(product, "delete", by), before: auditedProduct(product) });
  await Promise.all([
    ...product.images.map((url) => removeResponsiveWebp(url)),
    removeReviewsOfProduct(product._id),
    releaseUnusedCodes(product._id, []),
  ]);
  return { message: "Product deleted" };
}
