import type mongoose from "mongoose";
import { PromoCode } from "../../models/promo-code.model.js";
import { badRequest, conflict, notFound } from "../lib/http-error.js";
import type { PromoCodeAnswer } from "#contract/answers/catalog";

export type { PromoCodeAnswer };

/** Admin management of promo codes. Checking a code for a cart or order is cart.service's evaluatePromo. */

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

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** One page of promo codes, newest first: `{promoCodes, total, page, totalPages}`. */
export async function pagePromoCodes(query: PromoCodePageQuery) {
  const filter: Record<string, unknown> = {};
  if (query.isActive !== undefined) filter.isActive = query.isActive;
  const search = query.search?.trim();
  if (search) {
    const pattern = new RegExp(escapeRegex(search), "i");
    filter.$or = [{ code: pattern }, { description: pattern }];
  }
  const [docs, total] = await Promise.all([
    PromoCode.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((query.page - 1) * query.limit)
      .limit(query.limit)
      .lean<LeanPromo[]>(),
    PromoCode.countDocuments(filter),
  ]);
  return {
    promoCodes: docs.map(toAnswer),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

export async function getPromoCode(id: string): Promise<PromoCodeAnswer> {
  const doc = await PromoCode.findById(id).lean<LeanPromo>();
  if (!doc) throw notFound("Promo code not found");
  return toAnswer(doc);
}

export async function createPromoCode(input: PromoCodeInput & { code: string }) {
  if (await PromoCode.exists({ code: input.code.toUpperCase() }))
    throw conflict("Promo code already exists", "DUPLICATE");
  try {
    const doc = await PromoCode.create(input);
    return toAnswer(doc.toObject() as LeanPromo);
  } catch (error) {
    if (duplicate(error)) throw conflict("Promo code already exists", "DUPLICATE");
    throw error;
  }
}

export async function updatePromoCode(id: string, input: PromoCodeInput) {
  const doc = await PromoCode.findById(id);
  if (!doc) throw notFound("Promo code not found");
  if (
    input.code &&
    (await PromoCode.exists({ code: input.code.toUpperCase(), _id: { $ne: doc._id } }))
  )
    throw conflict("Promo code already exists", "DUPLICATE");
  doc.set(input);
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
    throw error;
  }
  return toAnswer(doc.toObject() as LeanPromo);
}

export async function deletePromoCode(id: string) {
  const doc = await PromoCode.findByIdAndDelete(id).lean();
  if (!doc) throw notFound("Promo code not found");
  return { message: "Promo code deleted" };
}
