import mongoose from "mongoose";
import { Order } from "../../models/order.model.js";
import { Product } from "../../models/product.model.js";
import { StockReservation, reservationLineToken } from "../../models/stock-reservation.model.js";
import { HttpError } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import { forgetPromoReservations, releaseReservedPromoUse } from "./promo-codes.service.js";
import { releaseReservedLine, type StockLine } from "./stock.service.js";
import type { StockChange } from "./stock-ledger.js";

/**
 * Checkout reservations that survive a killed process (SIGKILL between taking stock and saving
 * the order). No transactions: a journal entry is written before anything is taken, every unit
 * and promo use taken leaves the entry's id on the product / promo document IN THE SAME UPDATE,
 * and the order carries the id (the order is the commit). A background job tidies up: entries
 * whose order exists lose their ids on product/promo documents and are deleted; entries without
 * an order past the grace period get back exactly the lines whose product still holds the token
 * (and the promo use, if the promo holds the id), each by one conditional update that also
 * removes the token. Giving back is therefore exactly-once whoever runs it (the checkout's
 * rollback, an order cancel/expiry/delete, several job instances at once).
 *
 * Timing rule that keeps a slow-but-alive checkout and the job apart: a checkout only creates its
 * order within COMMIT_WINDOW_MS of opening its reservation (else it rolls back and answers 503);
 * the job only gives back entries older than RECONCILE_GRACE_MS = 2 x that window.
 *
 * The checkout's steps that take and give back (open, claim the promo use, reserve the lines, and
 * their undo) are listed in order-placement.ts; this module keeps the journal and the job.
 */
export const COMMIT_WINDOW_MS = 60_000;
export const RECONCILE_GRACE_MS = 2 * COMMIT_WINDOW_MS;
/** Released entries are kept this long (a trace of what the job gave back), then deleted. */
export const RELEASED_RETENTION_MS = 24 * 60 * 60_000;
const BATCH = 500;

export interface Reservation {
  id: string;
  createdAt: Date;
  lines: (StockLine & { token: string })[];
  promoCode: string | null;
}

/** A new reservation for these lines: its id and one token per line (nothing written yet). */
export function newReservation(lines: StockLine[], promoCode: string | null): Reservation {
  const id = new mongoose.Types.ObjectId();
  return {
    id: id.toString(),
    createdAt: new Date(),
    promoCode,
    lines: lines.map((line, index) => ({ ...line, token: reservationLineToken(id, index) })),
  };
}

/** Writes the journal entry, before anything is taken (so the job can settle a killed checkout). */
export async function openReservation(reservation: Reservation): Promise<void> {
  await StockReservation.create({
    _id: reservation.id,
    createdAt: reservation.createdAt,
    promoCode: reservation.promoCode,
    state: "OPEN",
    lines: reservation.lines.map(({ productId, color, size, quantity }) => ({
      productId,
      color,
      size,
      quantity,
    })),
  });
}

/** Removes the journal entry once nothing is held under it any more. */
export async function closeReservation(reservation: Reservation): Promise<void> {
  await StockReservation.deleteOne({ _id: reservation.id });
}

/**
 * Throws 503 when the reservation is too old to be turned into an order: past the window the
 * reconciliation job may be giving it back. Call right before creating the order.
 */
export function assertCommitWindow(reservation: Reservation, now = Date.now()): void {
  if (now - reservation.createdAt.getTime() > COMMIT_WINDOW_MS)
    throw new HttpError(503, "The shop is busy right now. Please try again.", "BUSY");
}

/** Gives back, newest first, the lines the reservation still holds; idempotent. */
export async function giveBackReservedLines(
  id: string,
  lines: Omit<StockLine, "token">[],
  change: StockChange,
): Promise<number> {
  let released = 0;
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = { ...lines[index], token: reservationLineToken(id, index) };
    if (await releaseReservedLine(line, { ...change, reservationId: id })) released += 1;
  }
  return released;
}

/** The ledger's word for the units of a checkout that died before making its order. */
const ABANDONED: StockChange = {
  reason: "cancel",
  by: "system",
  note: "Checkout abandoned: no order was made",
};

/** Gives back every line (and the promo use) the reservation still holds; idempotent. */
async function giveBack(
  id: string,
  lines: Omit<StockLine, "token">[],
  promoCode: string | null | undefined,
): Promise<{ lines: number; promo: boolean }> {
  const released = await giveBackReservedLines(id, lines, ABANDONED);
  const promo = promoCode ? await releaseReservedPromoUse(promoCode, id) : false;
  return { lines: released, promo };
}

// ---------------------------------------------------------------------------------------------
// Reconciliation job

export interface ReconcileResult {
  /** Entries whose order exists: ids removed from product/promo documents, entry deleted. */
  committed: number;
  /** Entries without an order past the grace period: what they still held was given back. */
  released: number;
  /** RELEASED entries deleted after their retention. */
  purged: number;
}

/**
 * One pass of the job; safe when several instances run it at once, and every step is re-runnable
 * (a pass cut short is finished by the next). Works on the oldest BATCH open entries.
 */
export async function reconcileReservations(now = new Date()): Promise<ReconcileResult> {
  const cutoff = new Date(now.getTime() - RECONCILE_GRACE_MS);
  const result: ReconcileResult = { committed: 0, released: 0, purged: 0 };
  const open = await StockReservation.find(
    { state: "OPEN" },
    { lines: 1, promoCode: 1, createdAt: 1 },
  )
    .sort({ createdAt: 1 })
    .limit(BATCH)
    .lean();
  if (open.length > 0) {
    const ordered = await Order.find(
      { reservationId: { $in: open.map((entry) => entry._id) } },
      { reservationId: 1 },
    ).lean();
    const withOrder = new Set(ordered.map((order) => String(order.reservationId)));
    const committed = open.filter((entry) => withOrder.has(entry._id.toString()));
    result.committed = await forgetCommitted(committed);
    for (const entry of open) {
      if (withOrder.has(entry._id.toString()) || entry.createdAt >= cutoff) continue;
      try {
        // Several instances may settle one entry at once: every give-back is conditional on
        // the token it removes, so each unit comes back once; only one marks it RELEASED.
        if (await releaseAbandoned(entry._id, cutoff, now)) result.released += 1;
      } catch (error) {
        logger.error({ err: error, reservation: entry._id.toString() }, "reservation not settled");
      }
    }
  }
  const purged = await StockReservation.deleteMany({
    state: "RELEASED",
    createdAt: { $lt: new Date(now.getTime() - RELEASED_RETENTION_MS) },
  });
  result.purged = purged.deletedCount;
  if (result.released > 0) logger.info(result, "abandoned checkout reservations released");
  return result;
}

/**
 * Entries whose order exists: the order owns the units now (cancel/expiry give them back through
 * the order), so the tokens only cost space. Removed per document in one `$pullAll`, then the
 * entries are deleted.
 */
async function forgetCommitted(
  entries: {
    _id: mongoose.Types.ObjectId;
    lines: { productId: mongoose.Types.ObjectId }[];
    promoCode?: string | null;
  }[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const tokensByProduct = new Map<string, string[]>();
  const idsByPromo = new Map<string, string[]>();
  for (const entry of entries) {
    entry.lines.forEach((line, index) => {
      const key = line.productId.toString();
      tokensByProduct.set(key, [
        ...(tokensByProduct.get(key) ?? []),
        reservationLineToken(entry._id, index),
      ]);
    });
    if (entry.promoCode)
      idsByPromo.set(entry.promoCode, [
        ...(idsByPromo.get(entry.promoCode) ?? []),
        entry._id.toString(),
      ]);
  }
  for (const [productId, tokens] of tokensByProduct)
    await Product.updateOne({ _id: productId }, { $pullAll: { stockReservations: tokens } });
  for (const [code, ids] of idsByPromo) await forgetPromoReservations(code, ids);
  const deleted = await StockReservation.deleteMany({
    _id: { $in: entries.map((entry) => entry._id) },
    state: "OPEN",
  });
  return deleted.deletedCount;
}

/**
 * For an order about to be deleted: its entry is settled now, so that once the order is gone the
 * job cannot take it for an abandoned checkout. The units are the order's business: a shipped order
 * keeps them, any other gave them back (and removed their tokens) through releaseOrderStock first.
 */
export async function forgetReservation(reservationId: mongoose.Types.ObjectId): Promise<void> {
  const entry = await StockReservation.findOne(
    { _id: reservationId, state: "OPEN" },
    { lines: 1, promoCode: 1 },
  ).lean();
  if (entry) await forgetCommitted([entry]);
}

/** Re-checked, then what the entry still holds is given back; true for the one that marks it. */
async function releaseAbandoned(
  id: mongoose.Types.ObjectId,
  cutoff: Date,
  now: Date,
): Promise<boolean> {
  const entry = await StockReservation.findById(id).lean();
  if (!entry || entry.state !== "OPEN" || entry.createdAt >= cutoff) return false;
  // Past the commit window no order can be created for it any more: no order now means never.
  if (await Order.exists({ reservationId: id })) return false;
  const given = await giveBack(id.toString(), entry.lines, entry.promoCode);
  const marked = await StockReservation.updateOne(
    { _id: id, state: "OPEN" },
    { $set: { state: "RELEASED", settledAt: now } },
  );
  if (marked.modifiedCount !== 1) return false;
  logger.warn(
    { reservation: id.toString(), linesReleased: given.lines, promoReleased: given.promo },
    "checkout without an order: reservation released",
  );
  return true;
}
