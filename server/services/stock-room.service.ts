import mongoose from "mongoose";
import { Order } from "../../models/order.model.js";
import { Product } from "../../models/product.model.js";
import { StockLedgerEntry, type StockLedgerEntryFields } from "../../models/stock-ledger.model.js";
import type {
  LowStockAnswer,
  LowStockItem,
  LowStockQuery,
  StockAdjustmentAnswer,
  StockAdjustmentBody,
  StockEntriesAnswer,
  StockEntriesQuery,
  StockEntry,
  StockThresholdBody,
  StockVariantState,
} from "#contract/schemas/stock";
import type { ActingAdmin } from "../lib/acting-admin.js";
import { conflict, HttpError, notFound } from "../lib/http-error.js";
import { pageSummary, pageWindow } from "../lib/paging.js";
import { changeLine } from "./stock.service.js";
import { flushStockLedger, openStockLedger } from "./stock-ledger.js";
import { getShopSettings } from "./shop-settings.service.js";

/**
 * The back office's stock room (docs/stock-ledger.md): adjustments with a reason, a product's
 * history, thresholds and the low-stock list. Every stock write goes through stock.service's one
 * guarded write, which carries the ledger entry.
 */

export const PRODUCT_NOT_FOUND = "Product not found";

type VariantRef = { productId: string; color: string; size: string };
type LeanVariant = {
  color: string;
  size: string;
  stock: number;
  lowStockThreshold?: number | null;
};

const variantLabel = (title: string, { color, size }: { color: string; size: string }) =>
  `${title} (${color}, ${size})`;

function variantNotFound(title: string, ref: VariantRef): HttpError {
  return new HttpError(404, `${variantLabel(title, ref)} does not exist`, "VARIANT_NOT_FOUND");
}

async function productWithVariant(ref: VariantRef) {
  const product = await Product.findById(ref.productId, {
    title: 1,
    variants: 1,
    stockLedgerOpened: 1,
  }).lean();
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  const variant = product.variants.find(
    (entry) => entry.color === ref.color && entry.size === ref.size,
  );
  if (!variant) throw variantNotFound(product.title, ref);
  return { product, variant };
}

function variantState(variant: LeanVariant, defaultThreshold: number): StockVariantState {
  const own = typeof variant.lowStockThreshold === "number" ? variant.lowStockThreshold : null;
  return {
    color: variant.color,
    size: variant.size,
    stock: variant.stock,
    lowStockThreshold: own,
    threshold: own ?? defaultThreshold,
  };
}

// ---------------------------------------------------------------------------------------------
// Adjustments

/**
 * An admin's change of one variant's stock with a reason: one guarded write that carries its
 * ledger entry and never takes the stock below 0 (409 naming what is there).
 */
export async function adjustStock(
  body: StockAdjustmentBody,
  admin: ActingAdmin,
): Promise<StockAdjustmentAnswer> {
  let { product } = await productWithVariant(body);
  // The adjustment must land in the ledger: a product written around the shop's services (a
  // seed, a script) gets its opening entries first.
  if (!product.stockLedgerOpened) {
    await openStockLedger(product._id);
    product = (await productWithVariant(body)).product;
    if (!product.stockLedgerOpened)
      throw conflict("This product is selling fast right now. Please try again.", "BUSY_PRODUCT");
  }
  const entryId = new mongoose.Types.ObjectId();
  const change = { reason: body.reason, by: `admin:${admin.email}`, note: body.note };
  const line = { ...body, quantity: Math.abs(body.delta) };
  const written = await changeLine(line, body.delta, change, { onSaleOnly: false, entryId });
  const { variant } = await productWithVariant(body);
  if (!written)
    throw conflict(
      `Only ${variant.stock} in stock of ${variantLabel(product.title, body)}: removing ${-body.delta} would take it below 0`,
      "STOCK_BELOW_ZERO",
    );
  const stored = await StockLedgerEntry.findById(entryId).lean();
  const entry: StockEntry = stored
    ? toEntry(stored, product.title, null)
    : {
        _id: entryId.toString(),
        productId: body.productId,
        productTitle: product.title,
        color: body.color,
        size: body.size,
        delta: body.delta,
        reason: body.reason,
        note: body.note,
        by: change.by,
        at: new Date().toISOString(),
        orderId: null,
        orderNumber: null,
      };
  return { message: "Stock adjusted", entry, stock: variant.stock };
}

function toEntry(
  entry: StockLedgerEntryFields & { _id: mongoose.Types.ObjectId },
  productTitle: string,
  order: { _id: mongoose.Types.ObjectId; orderNumber: string } | null,
): StockEntry {
  return {
    _id: entry._id.toString(),
    productId: entry.productId.toString(),
    productTitle,
    color: entry.color,
    size: entry.size,
    delta: entry.delta,
    reason: entry.reason as StockEntry["reason"],
    note: entry.note ?? "",
    by: entry.by,
    at: entry.at.toISOString(),
    orderId: order ? order._id.toString() : (entry.orderId?.toString() ?? null),
    orderNumber: order?.orderNumber ?? null,
  };
}

/** The orders a page of entries belongs to: by id, or by the checkout's reservation id. */
async function ordersOf(entries: StockLedgerEntryFields[]) {
  const orderIds = entries.flatMap((entry) => (entry.orderId ? [entry.orderId] : []));
  const reservationIds = entries.flatMap((entry) =>
    entry.reservationId ? [entry.reservationId] : [],
  );
  if (orderIds.length + reservationIds.length === 0) return new Map();
  const orders = await Order.find(
    { $or: [{ _id: { $in: orderIds } }, { reservationId: { $in: reservationIds } }] },
    { orderNumber: 1, reservationId: 1 },
  ).lean();
  const byKey = new Map<string, { _id: mongoose.Types.ObjectId; orderNumber: string }>();
  for (const order of orders) {
    byKey.set(order._id.toString(), order);
    if (order.reservationId) byKey.set(order.reservationId.toString(), order);
  }
  return byKey;
}

async function titlesOf(entries: StockLedgerEntryFields[]): Promise<Map<string, string>> {
  const ids = [...new Set(entries.map((entry) => entry.productId.toString()))];
  const products = await Product.find({ _id: { $in: ids } }, { title: 1 }).lean();
  return new Map(products.map((product) => [product._id.toString(), product.title]));
}

/**
 * A page of the ledger, newest first: one product's (its waiting entries copied first, so the page
 * is complete) with its variants' stock now, or every product's.
 */
export async function listStockEntries(query: StockEntriesQuery): Promise<StockEntriesAnswer> {
  const filter = query.productId ? { productId: new mongoose.Types.ObjectId(query.productId) } : {};
  if (query.productId) await flushStockLedger(query.productId);
  const { skip, limit } = pageWindow(query);
  const [entries, total, product, settings] = await Promise.all([
    StockLedgerEntry.find(filter).sort({ at: -1, _id: -1 }).skip(skip).limit(limit).lean(),
    StockLedgerEntry.countDocuments(filter),
    query.productId
      ? Product.findById(query.productId, { title: 1, variants: 1 }).lean()
      : Promise.resolve(null),
    getShopSettings(),
  ]);
  const [orders, titles] = await Promise.all([ordersOf(entries), titlesOf(entries)]);
  return {
    entries: entries.map((entry) =>
      toEntry(
        entry,
        titles.get(entry.productId.toString()) ?? "",
        orders.get(entry.orderId?.toString() ?? "") ??
          orders.get(entry.reservationId?.toString() ?? "") ??
          null,
      ),
    ),
    ...pageSummary(total, query),
    product: product
      ? {
          _id: product._id.toString(),
          title: product.title,
          variants: product.variants.map((variant) =>
            variantState(variant, settings.stock.lowStockThreshold),
          ),
        }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Thresholds and low stock

const MAX_THRESHOLD_ATTEMPTS = 5;

/**
 * Sets (or clears, with null) one variant's own threshold. The write moves `stockVersion`, so an
 * editor's save that read the product before it is applied again on the fresh product and keeps it.
 */
export async function setLowStockThreshold(
  body: StockThresholdBody,
): Promise<{ message: string; variant: StockVariantState }> {
  const settings = await getShopSettings();
  for (let attempt = 0; attempt < MAX_THRESHOLD_ATTEMPTS; attempt += 1) {
    const { product } = await productWithVariant(body);
    const index = product.variants.findIndex(
      (entry) => entry.color === body.color && entry.size === body.size,
    );
    const path = `variants.${index}.lowStockThreshold`;
    const written = await Product.updateOne(
      {
        _id: product._id,
        [`variants.${index}.color`]: body.color,
        [`variants.${index}.size`]: body.size,
      },
      {
        ...(body.lowStockThreshold === null
          ? { $unset: { [path]: "" } }
          : { $set: { [path]: body.lowStockThreshold } }),
        $inc: { stockVersion: 1 },
      },
    );
    if (written.matchedCount === 1) {
      const { variant } = await productWithVariant(body);
      return {
        message: "Threshold saved",
        variant: variantState(variant, settings.stock.lowStockThreshold),
      };
    }
  }
  throw conflict("This product is being edited right now. Please try again.", "BUSY_PRODUCT");
}

/** Every variant of a product on sale at or below its threshold, lowest stock first. */
export async function lowStockItems(): Promise<{
  items: LowStockItem[];
  defaultThreshold: number;
}> {
  const defaultThreshold = (await getShopSettings()).stock.lowStockThreshold;
  const products = await Product.find({ isActive: true }, { title: 1, variants: 1 }).lean();
  const items: LowStockItem[] = [];
  for (const product of products)
    for (const variant of product.variants) {
      const { threshold } = variantState(variant, defaultThreshold);
      if (variant.stock <= threshold)
        items.push({
          productId: product._id.toString(),
          title: product.title,
          color: variant.color,
          size: variant.size,
          sku: variant.sku ?? "",
          stock: variant.stock,
          threshold,
        });
    }
  items.sort(
    (a, b) =>
      a.stock - b.stock ||
      a.title.localeCompare(b.title) ||
      a.color.localeCompare(b.color) ||
      a.size.localeCompare(b.size),
  );
  return { items, defaultThreshold };
}

export async function listLowStock(query: LowStockQuery): Promise<LowStockAnswer> {
  const { items, defaultThreshold } = await lowStockItems();
  const { skip, limit } = pageWindow(query);
  return {
    items: items.slice(skip, skip + limit),
    ...pageSummary(items.length, query),
    defaultThreshold,
  };
}

/** The dashboard's count of low variants. */
export async function countLowStock(): Promise<number> {
  return (await lowStockItems()).items.length;
}
