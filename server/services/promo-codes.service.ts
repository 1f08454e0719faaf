import mongoose from "mongoose";
import { Order } from "../../models/order.model.js";
import { PromoCode, type PromoCodeFields } from "../../models/promo-code.model.js";
import { recordAudit, type AuditBy } from "./audit.service.js";
import { badRequest, conflict, notFound } from "../lib/http-error.js";
import { formatBDT } from "#contract/money";
import { pageSummary, pageWindow } from "../lib/paging.js";
import { containsText } from "../lib/search-pattern.js";
import type { PromoCodeAnswer } from "#contract/answers/catalog";
import { PROMO_CODE_FIELDS } from "#contract/schemas/catalog";

export type { PromoCodeAnswer };

/**
 * Promo codes, all their rules in one place: the admin's management (list, page, create, update,
 * delete), and what a cart and a checkout ask of a code: `evaluatePromo` (valid now, limits,
 * minimum, discount), `claimPromoUse` / `releasePromoUse` / `releaseReservedPromoUse` (counting
 * a use, never above the limit) and the shopper-facing messages.
 */

interface LeanPromo {
  _id: mongoose.Types.ObjectId;
  code: string;
  description?: string | null;
  type: "PERCENTAGE" | "FIXED";
  value: number;
  minOrderAmount?: number | null;
  maxDiscount?: number | null;
  startsAt?: Date | null;
  expiresAt?: Date | null;
  usageLimit?: number | null;
  usedCount?: number | null;
  perUserLimit?: number | null;
  isActive?: boolean | null;
  createdAt: Date;
  updatedAt: Date;
}

function toAnswer(doc: LeanPromo): PromoCodeAnswer {
  return {
    _id: doc._id.toString(),
    code: doc.code,
    description: doc.description ?? "",
    type: doc.type,
    value: doc.value,
    minOrderAmount: doc.minOrderAmount ?? 0,
    maxDiscount: doc.maxDiscount ?? null,
    startsAt: doc.startsAt ? doc.startsAt.toISOString() : null,
    expiresAt: doc.expiresAt ? doc.expiresAt.toISOString() : null,
    usageLimit: doc.usageLimit ?? null,
    usedCount: doc.usedCount ?? 0,
    perUserLimit: doc.perUserLimit ?? null,
    isActive: doc.isActive ?? true,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

export type PromoCodeInput = Partial<{
  code: string;
  description: string;
  type: "PERCENTAGE" | "FIXED";
  value: number;
  minOrderAmount: number;
  maxDiscount: number | null;
  startsAt: Date | null;
  expiresAt: Date | null;
  usageLimit: number | null;
  perUserLimit: number | null;
  isActive: boolean;
}>;

function duplicate(error: unknown): boolean {
  return (error as { code?: number }).code === 11000;
}

export async function listPromoCodes(): Promise<PromoCodeAnswer[]> {
  const docs = await PromoCode.find().sort({ createdAt: -1, _id: -1 }).lean<LeanPromo[]>();
  return docs.map(toAnswer);
}

export interface PromoCodePageQuery {
  /** Code or description (literal, case-insensitive). */
  search?: string;
  isActive?: boolean;
  page: number;
  limit: number;
}

/** One page of promo codes, newest first: `{promoCodes, total, page, totalPages}`. */
export async function pagePromoCodes(query: PromoCodePageQuery) {
  const filter: Record<string, unknown> = {};
  if (query.isActive !== undefined) filter.isActive = query.isActive;
  const search = query.search?.trim();
  if (search) {
    const pattern = containsText(search);
    filter.$or = [{ code: pattern }, { description: pattern }];
  }
  const [docs, total] = await Promise.all([
    PromoCode.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip(pageWindow(query).skip)
      .limit(query.limit)
      .lean<LeanPromo[]>(),
    PromoCode.countDocuments(filter),
  ]);
  return {
    promoCodes: docs.map(toAnswer),
    ...pageSummary(total, query),
  };
}

export async function getPromoCode(id: string): Promise<PromoCodeAnswer> {
  const doc = await PromoCode.findById(id).lean<LeanPromo>();
  if (!doc) throw notFound("Promo code not found");
  return toAnswer(doc);
}

export async function createPromoCode(input: PromoCodeInput & { code: string }, by: AuditBy) {
  if (await PromoCode.exists({ code: input.code.toUpperCase() }))
    throw conflict("Promo code already exists", "DUPLICATE");
  try {
    const doc = await PromoCode.create(input);
    await recordAudit({ ...promoEntry(doc, "create", by), after: auditedPromo(doc) });
    return toAnswer(doc.toObject() as LeanPromo);
  } catch (error) {
    if (duplicate(error)) throw conflict("Promo code already exists", "DUPLICATE");
    throw error;
  }
}

export async function updatePromoCode(id: string, input: PromoCodeInput, by: AuditBy) {
  const doc = await PromoCode.findById(id);
  if (!doc) throw notFound("Promo code not found");
  if (
    input.code &&
    (await PromoCode.exists({ code: input.code.toUpperCase(), _id: { $ne: doc._id } }))
  )
    throw conflict("Promo code already exists", "DUPLICATE");
  const read = auditedPromo(doc);
  doc.set(input);
  // Conditional on every edited field as read: of two staff saving one code at once, the second
  // hears 409 instead of overwriting unseen (a checkout's use of the code never interferes).
  doc.$where = Object.fromEntries(
    AUDITED_PROMO_FIELDS.filter((field) => doc.isModified(field)).map((field) => [
      field,
      read[field] ?? null,
    ]),
  );
  const startsAt = doc.startsAt;
  const expiresAt = doc.expiresAt;
  if (startsAt && expiresAt && expiresAt <= startsAt)
    throw badRequest("Invalid input", [{ path: "expiresAt", message: "Must be after startsAt" }]);
  if (doc.type === "PERCENTAGE" && doc.value > 100)
    throw badRequest("Invalid input", [{ path: "value", message: "A percentage is at most 100" }]);
  try {
    await doc.save();
  } catch (error) {
    if (duplicate(error)) throw conflict("Promo code already exists", "DUPLICATE");
    if (error instanceof mongoose.Error.DocumentNotFoundError)
      throw conflict(STALE_PROMO_MESSAGE, "STALE_PROMO");
    throw error;
  }
  await recordAudit({ ...promoEntry(doc, "update", by), before: read, after: auditedPromo(doc) });
  return toAnswer(doc.toObject() as LeanPromo);
}

export const STALE_PROMO_MESSAGE =
  "Someone else changed this promo code meanwhile. Reload it and save again.";

/** What the audit trail compares of a code: what staff set (never its uses or reservations). */
const AUDITED_PROMO_FIELDS = PROMO_CODE_FIELDS;

function auditedPromo(doc: Pick<PromoCodeFields, (typeof AUDITED_PROMO_FIELDS)[number]>) {
  return Object.fromEntries(AUDITED_PROMO_FIELDS.map((field) => [field, doc[field]])) as Record<
    (typeof AUDITED_PROMO_FIELDS)[number],
    unknown
  >;
}

const promoEntry = (doc: { _id: unknown; code: string }, action: string, by: AuditBy) => ({
  entity: "promo-code" as const,
  entityId: String(doc._id),
  action,
  by,
  label: doc.code,
});

export async function deletePromoCode(id: string, by: AuditBy) {
  const doc = await PromoCode.findByIdAndDelete(id).lean();
  if (!doc) throw notFound("Promo code not found");
  await recordAudit({ ...promoEntry(doc, "delete", by), before: auditedPromo(doc) });
  return { message: "Promo code deleted" };
}

// ---------------------------------------------------------------------------------------------
// Rules at the cart and the checkout

/** The one answer for a code that is unknown, inactive, not started, expired or used up. */
export const INVALID_PROMO_MESSAGE = "Invalid or expired promo code";

export function minimumOrderMessage(amount: number): string {
  return `Minimum order amount of ${formatBDT(amount)} required`;
}

export interface PromoEvaluation {
  code: string;
  type: "PERCENTAGE" | "FIXED";
  value: number;
  discount: number;
}

/**
 * Who uses a code, for its per-user limit: a signed-in user, or a guest by the mobile number of
 * the order (a guest cart is not limited until checkout, where the number is known).
 */
export type PromoBuyer = { userId: string } | { guestMobile: string };

/** Orders (not cancelled) this buyer placed with the code. */
function countUses(code: string, buyer: PromoBuyer): Promise<number> | number {
  const placed = { promoCode: code, orderStatus: { $ne: "CANCELLED" } };
  if ("guestMobile" in buyer)
    return Order.countDocuments({ ...placed, user: null, "guest.mobile": buyer.guestMobile });
  if (!mongoose.isValidObjectId(buyer.userId)) return 0;
  return Order.countDocuments({ ...placed, user: new mongoose.Types.ObjectId(buyer.userId) });
}

/**
 * The code's discount on `subtotalAfterItemDiscounts`, or a 400: INVALID_PROMO_MESSAGE (unknown,
 * inactive, not started, expired, used up, or the buyer's per-user limit reached) or the minimum
 * order message. Percentages round to whole taka and are capped by maxDiscount; no discount
 * exceeds the subtotal. It counts no use: claimPromoUse does, when an order takes the code.
 */
export async function evaluatePromo(
  code: string,
  subtotalAfterItemDiscounts: number,
  buyer?: PromoBuyer,
): Promise<PromoEvaluation> {
  const normalized = code.trim().toUpperCase();
  const promo = normalized ? await PromoCode.findOne({ code: normalized }).lean() : null;
  const now = Date.now();
  if (
    !promo ||
    !promo.isActive ||
    (promo.startsAt && promo.startsAt.getTime() > now) ||
    (promo.expiresAt && promo.expiresAt.getTime() <= now) ||
    (promo.usageLimit != null && promo.usedCount >= promo.usageLimit)
  )
    throw badRequest(INVALID_PROMO_MESSAGE);
  if (
    promo.perUserLimit != null &&
    buyer &&
    (await countUses(promo.code, buyer)) >= promo.perUserLimit
  )
    throw badRequest(INVALID_PROMO_MESSAGE);
  if (subtotalAfterItemDiscounts < (promo.minOrderAmount ?? 0))
    throw badRequest(minimumOrderMessage(promo.minOrderAmount ?? 0));
  let discount =
    promo.type === "PERCENTAGE"
      ? Math.round((subtotalAfterItemDiscounts * promo.value) / 100)
      : promo.value;
  if (promo.maxDiscount != null) discount = Math.min(discount, promo.maxDiscount);
  discount = Math.max(0, Math.min(discount, subtotalAfterItemDiscounts));
  return { code: promo.code, type: promo.type, value: promo.value, discount };
}

/**
 * Counts one use of a promo code, never above its usage limit; false when it is used up. With a
 * reservation id, the same update records it on the promo code (`reservations`), so giving the
 * use back (releaseReservedPromoUse) happens once whoever does it.
 */
export async function claimPromoUse(code: string, reservationId?: string): Promise<boolean> {
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
  const pull = reservationId ? { $pull: { reservations: reservationId } } : {};
  const result = await PromoCode.updateOne(
    { code, usedCount: { $gt: 0 } },
    { $inc: { usedCount: -1 }, ...pull },
  );
  if (result.modifiedCount === 0 && reservationId) await PromoCode.updateOne({ code }, pull);
}

/**
 * Gives back the use reservation `reservationId` took, only while the promo code still holds the
 * id (removed in the same update): returns it once however often it is called. True when it did.
 */
export async function releaseReservedPromoUse(
  code: string,
  reservationId: string,
): Promise<boolean> {
  const result = await PromoCode.updateOne(
    { code, reservations: reservationId, usedCount: { $gt: 0 } },
    { $inc: { usedCount: -1 }, $pull: { reservations: reservationId } },
  );
  if (result.modifiedCount === 1) return true;
  await PromoCode.updateOne({ code }, { $pull: { reservations: reservationId } });
  return false;
}

/** Reservations whose order was saved: the use is the order's now, the ids only cost space. */
export async function forgetPromoReservations(code: string, reservationIds: string[]) {
  await PromoCode.updateOne({ code }, { $pullAll: { reservations: reservationIds } });
}
