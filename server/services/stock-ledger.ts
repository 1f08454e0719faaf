import mongoose from "mongoose";
import { Product } from "../../models/product.model.js";
import {
  outboxKey,
  StockLedgerEntry,
  type PendingStockEntry,
} from "../../models/stock-ledger.model.js";
import type { StockReason } from "#contract/schemas/stock";
import { logger } from "../lib/logger.js";

/**
 * The stock ledger's core (docs/stock-ledger.md). No transactions: an entry is written into its
 * product document by the very update that changes the stock (the product's `stockLedgerOutbox`),
 * so the stock and its entry land together or not at all. Copying the entry into the ledger
 * collection (under the id it was born with) and removing it from the outbox follow; a process
 * that dies in between leaves the entry in the outbox, and the reconciliation job copies it.
 *
 * A product's ledger is "opened" once, by an opening entry per variant holding the stock it had;
 * stock writes on a product not yet opened write no entry (its opening will count them).
 */

/** Why, by whom and for which order a stock write happens. */
export interface StockChange {
  reason: StockReason;
  /** `admin:<email>`, `customer`, `guest` or `system`. */
  by: string;
  note?: string;
  orderId?: string | mongoose.Types.ObjectId | null;
  reservationId?: string | mongoose.Types.ObjectId | null;
}

export interface PendingEntry {
  key: string;
  entry: PendingStockEntry;
}

/** A new entry for `delta` units of one variant (written nowhere yet). */
export function pendingEntry(
  variant: { color: string; size: string },
  delta: number,
  change: StockChange,
  at = new Date(),
  entryId = new mongoose.Types.ObjectId(),
): PendingEntry {
  return {
    key: outboxKey(entryId),
    entry: {
      entryId,
      color: variant.color,
      size: variant.size,
      delta,
      reason: change.reason,
      note: change.note ?? "",
      by: change.by,
      at,
      orderId: change.orderId ? new mongoose.Types.ObjectId(String(change.orderId)) : null,
      reservationId: change.reservationId
        ? new mongoose.Types.ObjectId(String(change.reservationId))
        : null,
    },
  };
}

/** The `$set` that puts entries into a product's outbox. */
export function outboxSet(entries: PendingEntry[]): Record<string, PendingStockEntry> {
  return Object.fromEntries(entries.map(({ key, entry }) => [`stockLedgerOutbox.${key}`, entry]));
}

/** The filter matching a product whose `stockVersion` is still `version` (absent on old documents). */
export function stockVersionIs(version: number | undefined | null) {
  return version === undefined || version === null ? { $exists: false } : version;
}

/** An insert that failed only on ids already present (the driver's write errors, one or a list). */
function onlyDuplicates(error: unknown): boolean {
  type WriteError = { code?: number; err?: { code?: number } };
  const failure = error as { code?: number; writeErrors?: WriteError | WriteError[] };
  if (failure?.writeErrors)
    return [failure.writeErrors].flat().every((item) => (item.code ?? item.err?.code) === 11000);
  return failure?.code === 11000;
}

/**
 * Copies a product's waiting entries into the ledger and empties its outbox. Idempotent and safe
 * from several processes at once: an entry copied twice meets its own id (a duplicate, ignored);
 * the outbox is dropped whole only while no stock write came since it was read (`stockVersion`),
 * else just the copied entries are removed. Answers how many entries were waiting.
 */
export async function flushStockLedger(
  productId: string | mongoose.Types.ObjectId,
): Promise<number> {
  const product = await Product.findById(productId, {
    stockLedgerOutbox: 1,
    stockVersion: 1,
  }).lean();
  const outbox = (product?.stockLedgerOutbox ?? {}) as Record<string, PendingStockEntry>;
  const keys = Object.keys(outbox);
  if (!product || keys.length === 0) {
    if (product?.stockLedgerOutbox)
      await Product.collection.updateOne(
        { _id: product._id, stockVersion: stockVersionIs(product.stockVersion) },
        { $unset: { stockLedgerOutbox: "" } },
      );
    return 0;
  }
  try {
    await StockLedgerEntry.insertMany(
      keys.map((key) => {
        const { entryId, ...fields } = outbox[key];
        return { _id: entryId, productId: product._id, ...fields };
      }),
      { ordered: false },
    );
  } catch (error) {
    if (!onlyDuplicates(error)) throw error;
  }
  const whole = await Product.collection.updateOne(
    { _id: product._id, stockVersion: stockVersionIs(product.stockVersion) },
    { $unset: { stockLedgerOutbox: "" } },
  );
  if (whole.modifiedCount === 0)
    await Product.collection.updateOne(
      { _id: product._id },
      { $unset: Object.fromEntries(keys.map((key) => [`stockLedgerOutbox.${key}`, ""])) },
    );
  return keys.length;
}

/** Products whose outboxes one batched copy reads and empties at once (a catalogue import). */
const FLUSH_BATCH = 200;

/**
 * flushStockLedger for many products in a few round trips: one read of their outboxes, one insert
 * of every entry, then each outbox emptied while its `stockVersion` is unchanged. A product written
 * meanwhile keeps its outbox and is copied on its own. Same guarantees as flushStockLedger.
 */
async function flushStockLedgers(productIds: (string | mongoose.Types.ObjectId)[]): Promise<void> {
  for (let start = 0; start < productIds.length; start += FLUSH_BATCH) {
    const ids = productIds.slice(start, start + FLUSH_BATCH);
    const products = await Product.find(
      { _id: { $in: ids }, stockLedgerOutbox: { $exists: true } },
      { stockLedgerOutbox: 1, stockVersion: 1 },
    ).lean();
    if (products.length === 0) continue;
    const entries = products.flatMap((product) =>
      Object.values((product.stockLedgerOutbox ?? {}) as Record<string, PendingStockEntry>).map(
        ({ entryId, ...fields }) => ({ _id: entryId, productId: product._id, ...fields }),
      ),
    );
    try {
      if (entries.length > 0) await StockLedgerEntry.insertMany(entries, { ordered: false });
    } catch (error) {
      if (!onlyDuplicates(error)) throw error;
    }
    // One update per product by `_id`: the embedded database reaches a product by its `_id` alone,
    // while an `$in` over many would read every product under its write lock (profiled: 8 to 34 s
    // a batch at 2,000 products). FerretDB also left a 100-statement bulkWrite unanswered.
    const written = await Promise.all(
      products.map((product) =>
        Product.collection.updateOne(
          { _id: product._id, stockVersion: stockVersionIs(product.stockVersion) },
          { $unset: { stockLedgerOutbox: "" } },
        ),
      ),
    );
    const emptied = written.filter((result) => result.modifiedCount === 1).length;
    if (emptied < products.length) {
      const left = await Product.find(
        {
          _id: { $in: products.map((product) => product._id) },
          stockLedgerOutbox: { $exists: true },
        },
        { _id: 1 },
      ).lean();
      for (const product of left) await flushStockLedger(product._id);
    }
  }
}

/** flushStockLedgers, a failure left to the reconciliation job. */
export async function flushAllQuietly(productIds: mongoose.Types.ObjectId[]): Promise<void> {
  try {
    await flushStockLedgers(productIds);
  } catch (error) {
    logger.warn(
      { err: error, products: productIds.length },
      "stock ledger entries left in the outboxes (the reconciliation job copies them)",
    );
  }
}

/** After a stock write: copy its entry now; a failure is left to the reconciliation job. */
export async function flushQuietly(productId: string | mongoose.Types.ObjectId): Promise<void> {
  try {
    await flushStockLedger(productId);
  } catch (error) {
    logger.warn(
      { err: error, productId: String(productId) },
      "stock ledger entry left in the outbox (the reconciliation job copies it)",
    );
  }
}

const MAX_OPEN_ATTEMPTS = 8;

/**
 * Opens a product's ledger: one opening entry per variant holding stock, written with the flag in
 * one update that is a compare-and-set on `stockVersion` (every stock write moves it), so the
 * opening amounts are the stock at that moment. Answers whether this call opened it.
 */
export async function openStockLedger(
  productId: string | mongoose.Types.ObjectId,
  change: Pick<StockChange, "by" | "note"> = { by: "system", note: "Stock before the ledger" },
): Promise<boolean> {
  for (let attempt = 0; attempt < MAX_OPEN_ATTEMPTS; attempt += 1) {
    const product = await Product.findById(productId, {
      variants: 1,
      stockVersion: 1,
      stockLedgerOpened: 1,
    }).lean();
    if (!product || product.stockLedgerOpened) return false;
    const at = new Date();
    const entries = product.variants
      .filter((variant) => variant.stock !== 0)
      .map((variant) => pendingEntry(variant, variant.stock, { ...change, reason: "opening" }, at));
    const opened = await Product.updateOne(
      {
        _id: product._id,
        stockVersion: stockVersionIs(product.stockVersion),
        stockLedgerOpened: { $ne: true },
      },
      { $set: { stockLedgerOpened: true, ...outboxSet(entries) }, $inc: { stockVersion: 1 } },
    );
    if (opened.modifiedCount === 1) {
      await flushQuietly(product._id);
      return true;
    }
  }
  logger.warn(
    { productId: String(productId) },
    "stock ledger not opened: the product kept selling",
  );
  return false;
}

const BATCH = 200;

/**
 * Opens the ledger of every product without one (the migration, and the job for products written
 * around the shop's services: seeds, scripts). Safe to run twice and on several instances at once.
 */
export async function openAllStockLedgers(): Promise<number> {
  let opened = 0;
  let after: mongoose.Types.ObjectId | undefined;
  for (;;) {
    const batch = await Product.find(
      { stockLedgerOpened: { $ne: true }, ...(after ? { _id: { $gt: after } } : {}) },
      { _id: 1 },
    )
      .sort({ _id: 1 })
      .limit(BATCH)
      .lean();
    if (batch.length === 0) return opened;
    for (const product of batch) if (await openStockLedger(product._id)) opened += 1;
    after = batch[batch.length - 1]._id;
  }
}

export interface StockLedgerReconcileResult {
  /** Products whose waiting entries were copied (a writer died, or had not finished yet). */
  flushed: number;
  /** Entries copied. */
  entries: number;
  /** Products whose ledger was opened. */
  opened: number;
}

/** The reconciliation job: opens unopened ledgers and copies every waiting entry. */
export async function reconcileStockLedger(): Promise<StockLedgerReconcileResult> {
  const opened = await openAllStockLedgers();
  const waiting = await Product.find({ stockLedgerOutbox: { $exists: true } }, { _id: 1 }).lean();
  const result: StockLedgerReconcileResult = { flushed: 0, entries: 0, opened };
  for (const product of waiting) {
    const copied = await flushStockLedger(product._id);
    if (copied > 0) {
      result.flushed += 1;
      result.entries += copied;
    }
  }
  if (result.entries > 0) logger.info(result, "stock ledger entries copied by the job");
  return result;
}

// ---------------------------------------------------------------------------------------------
// The product editor's stock grid

type VariantStock = { color: string; size: string; stock: number };
const variantKey = (variant: { color: string; size: string }) =>
  `${variant.color}\u0000${variant.size}`;

/**
 * The corrections an editor's save makes: each variant's new stock minus its stock before, a
 * variant removed as minus what it held, a new one as what it was given.
 */
export function editorCorrections(
  before: VariantStock[],
  after: VariantStock[],
  by: string,
): PendingEntry[] {
  const change: StockChange = { reason: "correction", by, note: "Edited in the product editor" };
  const deltas = new Map<string, { variant: VariantStock; delta: number }>();
  for (const variant of before) deltas.set(variantKey(variant), { variant, delta: -variant.stock });
  for (const variant of after) {
    const key = variantKey(variant);
    deltas.set(key, { variant, delta: (deltas.get(key)?.delta ?? 0) + variant.stock });
  }
  const at = new Date();
  return [...deltas.values()]
    .filter(({ delta }) => delta !== 0)
    .map(({ variant, delta }) => pendingEntry(variant, delta, change, at));
}

/**
 * The editor does not carry low-stock thresholds (the stock screen sets them): a kept variant
 * keeps its own.
 */
export function keepLowStockThresholds<T extends { color: string; size: string }>(
  before: (VariantStock & { lowStockThreshold?: number | null })[],
  edited: T[],
): (T & { lowStockThreshold?: number })[] {
  const thresholds = new Map(
    before.map((variant) => [variantKey(variant), variant.lowStockThreshold]),
  );
  return edited.map((variant) => {
    const threshold = thresholds.get(variantKey(variant));
    return typeof threshold === "number" ? { ...variant, lowStockThreshold: threshold } : variant;
  });
}
