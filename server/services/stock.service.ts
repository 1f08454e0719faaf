import { randomUUID } from "node:crypto";
import mongoose from "mongoose";
import { Order } from "../../models/order.model.js";
import { Product } from "../../models/product.model.js";
import { PromoCode } from "../../models/promo-code.model.js";
import { conflict, HttpError } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";

/**
 * Stock is only ever changed by conditional atomic updates on one product document: the filter
 * proves the variant still has the units, and the same update decrements it. No transactions.
 */
export interface StockLine {
  productId: string | mongoose.Types.ObjectId;
  color: string;
  size: string;
  quantity: number;
  title?: string;
}

/**
 * A conditional update of one order (the filter must name its `_id`) answering the updated order,
 * or null when the filter did not match. Used instead of findOneAndUpdate, which FerretDB refuses
 * for Order (mongoose adds a projection for the `select: false` tracking-token hash). Callers hold
 * the order's lock.
 */
export async function updateOrderWhere(
  filter: Record<string, unknown> & { _id: unknown },
  update: Record<string, unknown>,
) {
  const result = await Order.updateOne(filter, update);
  return result.modifiedCount === 1 ? Order.findById(filter._id) : null;
}

// ---------------------------------------------------------------------------------------------
// Lease locks

/**
 * A short lease lock: a document with `_id = key` in the `locks` collection. Inserting a duplicate
 * `_id` fails atomically on every backend, while FerretDB v1 (SQLite) does NOT apply a filtered
 * update atomically: measured here, 20 concurrent `{stock: {$gte: 1}}` decrements of a stock of 5
 * all "succeeded". So every conditional update that guards money or stock runs inside this lock
 * (on MongoDB it is merely redundant). Locks are never nested in a cycle: order -> product/promo only.
 * A holder that crashed loses the lock when its lease ends. Not re-entrant: never take a key you
 * already hold (that waits out the lease). Keys in use: product:, promo:, order:, payment:,
 * checkout: (orders.service) and cart: (cart.service).
 */
const LEASE_MS = 15_000;
const WAIT_MS = 20_000;
/** Longest pause between two looks at a held lock (jittered; short waits start at 2 ms). */
const MAX_POLL_MS = 200;

function locks() {
  return mongoose.connection.collection<{ _id: string; owner: string; expiresAt: Date }>("locks");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Thrown inside withLock's wait when `abandonIf` says waiting no longer makes sense. */
class LockAbandoned extends Error {}

export interface LockOptions {
  /**
   * Checked (by a read) between attempts while another holder has the lock: true stops waiting
   * and withLock rejects with an error that `isLockAbandoned` recognises.
   */
  abandonIf?: () => Promise<boolean>;
}

export function isLockAbandoned(error: unknown): boolean {
  return error instanceof LockAbandoned;
}

/**
 * Waiters of this process queue here per key (FIFO), so only the head of each queue talks to the
 * database; the others wait on a promise. 200 checkouts polling one product's lock document would
 * otherwise saturate a single-writer backend (FerretDB/SQLite) and starve the holder into 503s.
 */
const localQueues = new Map<string, Promise<void>>();

async function waitLocalTurn(
  key: string,
  deadline: number,
  options: LockOptions,
): Promise<() => void> {
  const previous = localQueues.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  localQueues.set(key, tail);
  const leave = () => {
    release();
    if (localQueues.get(key) === tail) localQueues.delete(key);
  };
  let done = false;
  void previous.then(() => (done = true));
  try {
    while (!done) {
      await Promise.race([previous, sleep(50 + Math.random() * 50)]);
      if (done) break;
      if (options.abandonIf && (await options.abandonIf())) throw new LockAbandoned(key);
      if (Date.now() > deadline) throw busy();
    }
  } catch (error) {
    leave();
    throw error;
  }
  return leave;
}

function busy(): HttpError {
  return new HttpError(503, "The shop is busy right now. Please try again.", "BUSY");
}

/**
 * Takes the lock, runs `work`, releases the lock. Within a process waiters queue locally (above);
 * across processes the head of each queue polls the lock document with a READ and only retries
 * the insert once it is gone or its lease ended (test-and-test-and-set).
 */
export async function withLock<T>(
  key: string,
  work: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const owner = randomUUID();
  const deadline = Date.now() + WAIT_MS;
  const leaveQueue = await waitLocalTurn(key, deadline, options);
  try {
    let delay = 2;
    for (let attempt = 0; ; attempt += 1) {
      const held =
        attempt === 0
          ? null
          : await locks().findOne({ _id: key }, { projection: { expiresAt: 1 } });
      if (held && held.expiresAt < new Date())
        await locks().deleteOne({ _id: key, expiresAt: { $lt: new Date() } });
      if (!held || held.expiresAt < new Date()) {
        try {
          await locks().insertOne({ _id: key, owner, expiresAt: new Date(Date.now() + LEASE_MS) });
          break;
        } catch (error) {
          if ((error as { code?: number }).code !== 11000) throw error;
        }
      }
      if (options.abandonIf && (await options.abandonIf())) throw new LockAbandoned(key);
      if (Date.now() > deadline) throw busy();
      await sleep(delay + Math.random() * delay);
      delay = Math.min(delay * 2, MAX_POLL_MS);
    }
    try {
      return await work();
    } finally {
      await locks()
        .deleteOne({ _id: key, owner })
        .catch((error: unknown) => logger.warn({ err: error, key }, "lock not released"));
    }
  } finally {
    leaveQueue();
  }
}

/**
 * Takes `quantity` units of one variant; false when there are not enough left.
 *
 * FerretDB (our test and small-deployment database) implements neither `$elemMatch` on
 * sub-documents nor the positional `$` update, so the variant is addressed by its array index:
 * the filter re-checks that index still holds this colour x size with enough stock, and the same
 * update decrements it (plus the derived `quantity`, `sizes[].quantity` and `soldCount`). If the
 * variants were reordered in between, nothing matches and the line is read again.
 */
export async function reserveLine(line: StockLine): Promise<boolean> {
  return changeLine(line, -line.quantity);
}

/** Puts units of one variant back (the inverse of reserveLine). */
export async function releaseLine(line: StockLine): Promise<void> {
  if (!(await changeLine(line, line.quantity)))
    logger.warn({ line }, "stock release: variant no longer exists");
}

const MAX_ATTEMPTS = 5;

/** Whether the variant (read without the lock) still has `quantity` units for sale. */
function readVariants(productId: string) {
  return Product.findById(productId, { variants: 1, isActive: 1 }).lean().exec();
}

const stockReads = new Map<string, ReturnType<typeof readVariants>>();

/** One read per product at a time: concurrent callers (queued checkouts) share it. */
function sharedStockRead(productId: string) {
  let read = stockReads.get(productId);
  if (!read) {
    read = readVariants(productId).finally(() => stockReads.delete(productId));
    stockReads.set(productId, read);
  }
  return read;
}

async function mayHave(line: StockLine, quantity: number): Promise<boolean> {
  const product = await sharedStockRead(String(line.productId));
  const variant = product?.variants.find(
    (entry) => entry.color === line.color && entry.size === line.size,
  );
  return Boolean(product?.isActive && variant && variant.stock >= quantity);
}

async function changeLine(line: StockLine, delta: number): Promise<boolean> {
  const key = `product:${String(line.productId)}`;
  if (delta >= 0) return withLock(key, () => changeLineLocked(line, delta));
  // Taking units: a sold-out variant answers at once instead of queueing for the product's lock
  // behind every other buyer (200 checkouts for 10 units: 190 quick 409s, not 503s after 20 s).
  // Stock only drops under the lock, so "not enough" read outside it is final for this request.
  if (!(await mayHave(line, -delta))) return false;
  try {
    return await withLock(key, () => changeLineLocked(line, delta), {
      abandonIf: async () => !(await mayHave(line, -delta)),
    });
  } catch (error) {
    if (isLockAbandoned(error)) return false;
    throw error;
  }
}

async function changeLineLocked(line: StockLine, delta: number): Promise<boolean> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const product = await Product.findById(line.productId, {
      variants: 1,
      sizes: 1,
      isActive: 1,
    }).lean();
    if (!product) return false;
    const index = product.variants.findIndex(
      (variant) => variant.color === line.color && variant.size === line.size,
    );
    if (index < 0) return false;
    const taking = delta < 0;
    if (taking && (!product.isActive || product.variants[index].stock < -delta)) return false;
    const filter: Record<string, unknown> = {
      _id: product._id,
      [`variants.${index}.color`]: line.color,
      [`variants.${index}.size`]: line.size,
    };
    if (taking) {
      filter.isActive = true;
      filter[`variants.${index}.stock`] = { $gte: -delta };
    }
    const inc: Record<string, number> = {
      [`variants.${index}.stock`]: delta,
      quantity: delta,
      soldCount: -delta,
    };
    const sizeIndex = product.sizes.findIndex((entry) => entry.name === line.size);
    if (sizeIndex >= 0) {
      filter[`sizes.${sizeIndex}.name`] = line.size;
      inc[`sizes.${sizeIndex}.quantity`] = delta;
    }
    const result = await Product.updateOne(filter, { $inc: inc });
    if (result.modifiedCount === 1) return true;
  }
  return false;
}

async function describeShortage(line: StockLine): Promise<string> {
  const product = await Product.findById(line.productId, { title: 1, variants: 1, isActive: 1 });
  const title = product?.title ?? line.title ?? "This product";
  const variant = product?.isActive
    ? product.variants.find((entry) => entry.color === line.color && entry.size === line.size)
    : undefined;
  const left = variant?.stock ?? 0;
  const label = `${title} (${line.color}, ${line.size})`;
  return left > 0 ? `Only ${left} left of ${label}` : `${label} is out of stock`;
}

/**
 * Reserves every line or none: when a line cannot be had, the lines already taken are put back
 * and a 409 names the variant that ran out.
 */
export async function reserveStock(lines: StockLine[]): Promise<void> {
  const taken: StockLine[] = [];
  for (const line of lines) {
    if (await reserveLine(line)) {
      taken.push(line);
      continue;
    }
    await releaseLines(taken);
    throw conflict(await describeShortage(line), "OUT_OF_STOCK");
  }
}

export async function releaseLines(lines: StockLine[]): Promise<void> {
  for (const line of [...lines].reverse()) await releaseLine(line);
}

/**
 * Returns an order's stock (and its promo-code use) exactly once: the order is claimed with a
 * conditional update on `stockReleased`, so a cancel racing the expiry job cannot release twice.
 */
export async function releaseOrderStock(
  orderId: string | mongoose.Types.ObjectId,
): Promise<boolean> {
  const claimed = await withLock(`order:${String(orderId)}`, () =>
    updateOrderWhere({ _id: orderId, stockReleased: false }, { $set: { stockReleased: true } }),
  );
  if (!claimed) return false;
  await releaseLines(
    claimed.orderItems.map((item) => ({
      productId: item.productId,
      color: item.color,
      size: item.size,
      quantity: item.quantity,
    })),
  );
  if (claimed.promoCode) await releasePromoUse(claimed.promoCode);
  return true;
}

/** Counts one use of a promo code, never above its usage limit; false when it is used up. */
export function claimPromoUse(code: string): Promise<boolean> {
  return withLock(`promo:${code}`, () => claimPromoUseLocked(code));
}

async function claimPromoUseLocked(code: string): Promise<boolean> {
  const promo = await PromoCode.findOne({ code }, { usageLimit: 1 });
  if (!promo) return false;
  const filter =
    promo.usageLimit === null || promo.usageLimit === undefined
      ? { _id: promo._id }
      : { _id: promo._id, usedCount: { $lt: promo.usageLimit } };
  const result = await PromoCode.updateOne(filter, { $inc: { usedCount: 1 } });
  return result.modifiedCount === 1;
}

export async function releasePromoUse(code: string): Promise<void> {
  await withLock(`promo:${code}`, () =>
    PromoCode.updateOne({ code, usedCount: { $gt: 0 } }, { $inc: { usedCount: -1 } }),
  );
}
