import type mongoose from "mongoose";
import { Order } from "../../models/order.model.js";
import { Product } from "../../models/product.model.js";
import { reservationLineToken } from "../../models/stock-reservation.model.js";
import { conflict } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import { recordConditionalWriteLost } from "../lib/metrics.js";
import { releasePromoUse } from "./promo-codes.service.js";
import { flushQuietly, outboxSet, pendingEntry, type StockChange } from "./stock-ledger.js";

/**
 * Stock is only ever changed by conditional atomic updates on one product document: the filter
 * proves the variant still has the units, and the same update decrements it. No transactions and
 * no locks: one write of one document is atomic on MongoDB and on the embedded FerretDB (patched
 * to apply each write command whole, see docs/database.md). Each write also carries its stock
 * ledger entry (`change`: why and by whom) into the product's outbox (stock-ledger.ts).
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
 * for Order (mongoose adds a projection for the `select: false` tracking-token hash).
 */
export async function updateOrderWhere(
  filter: Record<string, unknown> & { _id: unknown },
  update: Record<string, unknown>,
) {
  const result = await Order.updateOne(filter, update);
  return result.modifiedCount === 1 ? Order.findById(filter._id) : null;
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
export async function reserveLine(line: StockLine, change: StockChange): Promise<boolean> {
  return changeLine(line, -line.quantity, change);
}

/** Puts units of one variant back (the inverse of reserveLine). */
export async function releaseLine(line: StockLine, change: StockChange): Promise<void> {
  if (!(await changeLine(line, line.quantity, change)))
    logger.warn({ line }, "stock release: variant no longer exists");
}

/**
 * Puts a reserved line's units back only while its product still holds `line.token`, removing
 * the token in the same conditional update: however often and by whomever it is called (the
 * checkout's rollback, several reconciliation jobs at once), the units come back once.
 * True when this call gave them back.
 */
export async function releaseReservedLine(
  line: StockLine & { token: string },
  change: StockChange,
): Promise<boolean> {
  if (await changeLine(line, line.quantity, change, { onlyIfHeld: true })) return true;
  // Not held any more (given back already), or the variant is gone (edited away by an admin):
  // then there is nothing to give back and the token is forgotten.
  const forgotten = await Product.updateOne(
    { _id: line.productId, stockReservations: line.token },
    { $pull: { stockReservations: line.token } },
  );
  if (forgotten.modifiedCount === 1)
    logger.warn({ line }, "stock release: variant no longer exists");
  return false;
}

/** Re-reads after a miss caused by an admin reordering the variants; stock never causes a retry. */
const MAX_ATTEMPTS = 5;

/** Whether the variant (one plain read) has `quantity` units for sale right now. */
async function mayHave(line: StockLine, quantity: number): Promise<boolean> {
  const product = await Product.findById(line.productId, { variants: 1, isActive: 1 }).lean();
  const variant = product?.variants.find(
    (entry) => entry.color === line.color && entry.size === line.size,
  );
  return Boolean(product?.isActive && variant && variant.stock >= quantity);
}

export interface LineWriteOptions {
  /** Giving back only while the product holds `line.token` (exactly once, whoever calls). */
  onlyIfHeld?: boolean;
  /** Taking only from a product on sale (default for taking; an admin's adjustment takes from any). */
  onSaleOnly?: boolean;
  /** The ledger entry's id (the caller answers with it); default: a new one. */
  entryId?: mongoose.Types.ObjectId;
}

/**
 * One guarded update of one product, carrying its ledger entry. With `line.token`: taking records
 * it on the product, giving back removes it; `onlyIfHeld` also makes giving back conditional on the
 * product holding it. The stock never goes below 0: a take the variant cannot cover writes nothing.
 */
export async function changeLine(
  line: StockLine,
  delta: number,
  change: StockChange,
  { onlyIfHeld = false, onSaleOnly = delta < 0, entryId }: LineWriteOptions = {},
): Promise<boolean> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const product = await Product.findById(line.productId, {
      variants: 1,
      sizes: 1,
      isActive: 1,
      stockLedgerOpened: 1,
      ...(onlyIfHeld ? { stockReservations: 1 } : {}),
    }).lean();
    if (!product) return false;
    const index = product.variants.findIndex(
      (variant) => variant.color === line.color && variant.size === line.size,
    );
    if (index < 0) return false;
    const taking = delta < 0;
    if (taking && product.variants[index].stock < -delta) return false;
    if (taking && onSaleOnly && !product.isActive) return false;
    if (onlyIfHeld && line.token && !product.stockReservations?.includes(line.token)) return false;
    const ledgerOpen = product.stockLedgerOpened === true;
    const filter: Record<string, unknown> = {
      _id: product._id,
      [`variants.${index}.color`]: line.color,
      [`variants.${index}.size`]: line.size,
      // The entry is written only into an opened ledger; an opening meanwhile makes this miss.
      stockLedgerOpened: ledgerOpen ? true : { $ne: true },
    };
    if (taking) {
      if (onSaleOnly) filter.isActive = true;
      filter[`variants.${index}.stock`] = { $gte: -delta };
    }
    if (onlyIfHeld && line.token) filter.stockReservations = line.token;
    const inc: Record<string, number> = {
      [`variants.${index}.stock`]: delta,
      quantity: delta,
      stockVersion: 1,
    };
    // Units sold move with sales and their undoing, never with an admin's adjustment.
    if (change.reason === "sale" || change.reason === "cancel" || change.orderId)
      inc.soldCount = -delta;
    const sizeIndex = product.sizes.findIndex((entry) => entry.name === line.size);
    if (sizeIndex >= 0) {
      filter[`sizes.${sizeIndex}.name`] = line.size;
      inc[`sizes.${sizeIndex}.quantity`] = delta;
    }
    const update: Record<string, unknown> = { $inc: inc };
    if (line.token) update[taking ? "$push" : "$pull"] = { stockReservations: line.token };
    if (ledgerOpen)
      update.$set = outboxSet([pendingEntry(line, delta, change, new Date(), entryId)]);
    const result = await Product.updateOne(filter, update);
    if (result.modifiedCount === 1) {
      if (ledgerOpen) await flushQuietly(product._id);
      return true;
    }
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
 * A 409 naming the first line that clearly cannot be had now (a plain read; a pass proves
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
export async function reserveStock(lines: StockLine[], sale: StockChange): Promise<void> {
  const taken: StockLine[] = [];
  for (const line of lines) {
    if (await reserveLine(line, sale)) {
      taken.push(line);
      continue;
    }
    recordConditionalWriteLost("stock_reservation");
    await releaseTaken(taken, checkoutUndone(sale));
    throw conflict(await describeShortage(line), "OUT_OF_STOCK");
  }
}

/** The ledger's word for a checkout's units given back before it became an order. */
export function checkoutUndone(sale: StockChange): StockChange {
  return { ...sale, reason: "cancel", note: "Checkout not completed" };
}

export async function releaseLines(lines: StockLine[], change: StockChange): Promise<void> {
  for (const line of [...lines].reverse()) await releaseLine(line, change);
}

/** Gives back lines this caller took: reservation lines only while their product holds them. */
async function releaseTaken(lines: StockLine[], change: StockChange): Promise<void> {
  for (const line of [...lines].reverse()) {
    if (line.token) await releaseReservedLine({ ...line, token: line.token }, change);
    else await releaseLine(line, change);
  }
}

/**
 * Returns an order's stock (and its promo-code use) exactly once: the order is claimed with a
 * conditional update on `stockReleased`, so a cancel racing the expiry job cannot release twice.
 */
export async function releaseOrderStock(
  orderId: string | mongoose.Types.ObjectId,
  change: Omit<StockChange, "orderId" | "reservationId">,
): Promise<boolean> {
  const claimed = await updateOrderWhere(
    { _id: orderId, stockReleased: false },
    { $set: { stockReleased: true } },
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
    { ...change, orderId: claimed._id },
  );
  if (claimed.promoCode) await releasePromoUse(claimed.promoCode, reservationId);
  return true;
}
