import { randomUUID } from "node:crypto";
import mongoose from "mongoose";
import { Order } from "../../models/order.model.js";
import { Product } from "../../models/product.model.js";
import { PromoCode } from "../../models/promo-code.model.js";
import { reservationLineToken } from "../../models/stock-reservation.model.js";
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
  /**
   * The checkout reservation's token for this line (`reservationLineToken`): taking the units
   * records it on the product in the same update, giving them back removes it in the same update.
   */
  token?: string;
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
 * checkout: (orders.service), cart: (cart.service) and reservation: (reservations.service,
 * taken before product:/promo:).
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

/**
 * Puts a reserved line's units back only while its product still holds `line.token`, removing
 * the token in the same update (under the product's lock): however often and by whomever it is
 * called (the checkout's rollback, several reconciliation jobs), the units come back once.
 * True when this call gave them back.
 */
export async function releaseReservedLine(line: StockLine & { token: string }): Promise<boolean> {
  const isHeld = async () =>
    (await Product.countDocuments({ _id: line.productId, stockReservations: line.token })) > 0;
  // Only the reservation's own checkout ever adds its token, and callers come once it has stopped
  // taking: a token absent now stays absent, so the product's lock is not needed to know that.
  if (!(await isHeld())) return false;
  return withLock(`product:${String(line.productId)}`, async () => {
    if (!(await isHeld())) return false;
    if (await changeLineLocked(line, line.quantity, true)) return true;
    // The variant is gone (edited away by an admin): nothing to give back, forget the token.
    await Product.updateOne({ _id: line.productId }, { $pull: { stockReservations: line.token } });
    logger.warn({ line }, "stock release: variant no longer exists");
    return false;
  });
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

/**
 * With `line.token`: taking records it on the product, giving back removes it; `onlyIfHeld` also
 * makes giving back conditional on the product still holding it.
 */
async function changeLineLocked(
  line: StockLine,
  delta: number,
  onlyIfHeld = false,
): Promise<boolean> {
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
    if (onlyIfHeld && line.token) filter.stockReservations = line.token;
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
    const update: Record<string, unknown> = { $inc: inc };
    if (line.token) update[taking ? "$push" : "$pull"] = { stockReservations: line.token };
    const result = await Product.updateOne(filter, update);
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
 * A 409 naming the first line that clearly cannot be had now (read without locks; a pass proves
 * nothing, reserveStock decides). Lets a checkout for a sold-out variant stop before writing.
 */
export async function assertMayHave(lines: StockLine[]): Promise<void> {
  for (const line of lines)
    if (!(await mayHave(line, line.quantity)))
      throw conflict(await describeShortage(line), "OUT_OF_STOCK");
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
    await releaseTaken(taken);
    throw conflict(await describeShortage(line), "OUT_OF_STOCK");
  }
}

export async function releaseLines(lines: StockLine[]): Promise<void> {
  for (const line of [...lines].reverse()) await releaseLine(line);
}

/** Gives back lines this caller took: reservation lines only while their product holds them. */
async function releaseTaken(lines: StockLine[]): Promise<void> {
  for (const line of [...lines].reverse()) {
    if (line.token) await releaseReservedLine({ ...line, token: line.token });
    else await releaseLine(line);
  }
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
  // The order's lines are its reservation's lines, in order: giving the units back also removes
  // any reservation token still on the product, so the reconciliation job never returns them again.
  const reservationId = claimed.reservationId ? String(claimed.reservationId) : undefined;
  await releaseLines(
    claimed.orderItems.map((item, index) => ({
      productId: item.productId,
      color: item.color,
      size: item.size,
      quantity: item.quantity,
      token: reservationId ? reservationLineToken(reservationId, index) : undefined,
    })),
  );
  if (claimed.promoCode) await releasePromoUse(claimed.promoCode, reservationId);
  return true;
}

/**
 * Counts one use of a promo code, never above its usage limit; false when it is used up. With a
 * reservation id, the same update records it on the promo code (`reservations`).
 */
export function claimPromoUse(code: string, reservationId?: string): Promise<boolean> {
  return withLock(`promo:${code}`, () => claimPromoUseLocked(code, reservationId));
}

async function claimPromoUseLocked(code: string, reservationId?: string): Promise<boolean> {
  const promo = await PromoCode.findOne({ code }, { usageLimit: 1 });
  if (!promo) return false;
  const filter =
    promo.usageLimit === null || promo.usageLimit === undefined
      ? { _id: promo._id }
      : { _id: promo._id, usedCount: { $lt: promo.usageLimit } };
  const result = await PromoCode.updateOne(filter, {
    $inc: { usedCount: 1 },
    ...(reservationId ? { $push: { reservations: reservationId } } : {}),
  });
  return result.modifiedCount === 1;
}

/** Gives one use back (and forgets the reservation id, when given, in the same update). */
export async function releasePromoUse(code: string, reservationId?: string): Promise<void> {
  await withLock(`promo:${code}`, async () => {
    const pull = reservationId ? { $pull: { reservations: reservationId } } : {};
    const result = await PromoCode.updateOne(
      { code, usedCount: { $gt: 0 } },
      { $inc: { usedCount: -1 }, ...pull },
    );
    if (result.modifiedCount === 0 && reservationId) await PromoCode.updateOne({ code }, pull);
  });
}

/**
 * Gives back the use reservation `reservationId` took, only while the promo code still holds the
 * id (removed in the same update): returns it once however often it is called. True when it did.
 */
export function releaseReservedPromoUse(code: string, reservationId: string): Promise<boolean> {
  return withLock(`promo:${code}`, async () => {
    const result = await PromoCode.updateOne(
      { code, reservations: reservationId, usedCount: { $gt: 0 } },
      { $inc: { usedCount: -1 }, $pull: { reservations: reservationId } },
    );
    if (result.modifiedCount === 1) return true;
    await PromoCode.updateOne({ code }, { $pull: { reservations: reservationId } });
    return false;
  });
}
