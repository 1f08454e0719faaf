import type mongoose from "mongoose";
import { Category } from "../../models/category.model.js";
import { SIZE_GUIDES_CONTENT_ID, SizeGuide } from "../../models/size-guide.model.js";
import { badRequest, notFound } from "../lib/http-error.js";
import { versionedCopy } from "../lib/versioned-copy.js";
import { findCategoryByIdOrSlug } from "./catalog-listing.js";
import type { SizeGuideAnswer } from "#contract/answers/catalog";

export type { SizeGuideAnswer };
import { banglaFieldsOf } from "#contract/i18n/localized";

interface LeanGuide {
  _id: mongoose.Types.ObjectId;
  name: string;
  category?: mongoose.Types.ObjectId | null;
  unit?: "cm" | "inch" | null;
  columns?: string[];
  rows?: { size?: string | null; values?: string[] }[];
  note?: string | null;
  nameBn?: string | null;
  noteBn?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

function toAnswer(doc: LeanGuide): SizeGuideAnswer {
  return {
    _id: doc._id.toString(),
    name: doc.name,
    category: doc.category ? doc.category.toString() : null,
    unit: doc.unit ?? "inch",
    columns: doc.columns ?? [],
    rows: (doc.rows ?? []).map((row) => ({ size: row.size ?? "", values: row.values ?? [] })),
    note: doc.note ?? "",
    ...banglaFieldsOf(doc, ["name", "note"]),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/**
 * Public read. With `category` (id or slug): the guides of that category, or when it has none,
 * those of its nearest ancestor that has some (a sub-category inherits its parent's guide).
 */
export async function listSizeGuides(category?: string): Promise<SizeGuideAnswer[]> {
  if (!category) {
    const docs = await SizeGuide.find().sort({ name: 1, _id: 1 }).lean<LeanGuide[]>();
    return docs.map(toAnswer);
  }
  let current = await findCategoryByIdOrSlug(category);
  for (let depth = 0; current && depth < 10; depth += 1) {
    const docs = await SizeGuide.find({ category: current._id })
      .sort({ name: 1, _id: 1 })
      .lean<LeanGuide[]>();
    if (docs.length > 0) return docs.map(toAnswer);
    current = current.parentCategory
      ? ((await Category.findById(current.parentCategory).lean()) ?? undefined)
      : undefined;
  }
  return [];
}

/**
 * The categories with a size guide of their own. A product page shows its "Size guide" link when
 * its category or an ancestor is one (what `listSizeGuides` would find), so the link never opens
 * an empty guide. An in-process copy checked against the size guides' version (as the popups are):
 * a product page costs no size-guide query, and a guide saved on another instance is in force here
 * within a second.
 */
const guidedCategories = versionedCopy({
  id: SIZE_GUIDES_CONTENT_ID,
  checkAfterMs: 500,
  reloadAfterMs: 5 * 60_000,
  load: async (): Promise<ReadonlySet<string>> => {
    const ids = await SizeGuide.distinct("category", { category: { $ne: null } });
    return new Set(ids.map(String));
  },
});

export function categoriesWithSizeGuide(): Promise<ReadonlySet<string>> {
  return guidedCategories.read();
}

/** Which copy is held (the page cache's version; undefined: none). */
export const sizeGuidesVersion = () => guidedCategories.version();

/** Forgets the copy (tests empty the database behind the shop's back). */
export const invalidateSizeGuideCategories = () => guidedCategories.invalidate();

export interface SizeGuideInput {
  name?: string;
  category?: string | null;
  unit?: "cm" | "inch";
  columns?: string[];
  rows?: { size: string; values: string[] }[];
  note?: string;
  nameBn?: string;
  noteBn?: string;
}

async function checkInput(input: SizeGuideInput, columns: string[]) {
  if (input.category && !(await Category.exists({ _id: input.category })))
    throw badRequest("Unknown category");
  const rows = input.rows ?? [];
  const bad = rows.findIndex((row) => row.values.length !== columns.length);
  if (bad >= 0)
    throw badRequest("Invalid input", [
      { path: `rows.${bad}.values`, message: "One value per column" },
    ]);
}

export async function createSizeGuide(input: SizeGuideInput & { name: string }) {
  await checkInput(input, input.columns ?? []);
  const doc = await SizeGuide.create({ ...input, category: input.category ?? null });
  return toAnswer(doc.toObject() as LeanGuide);
}

export async function updateSizeGuide(id: string, input: SizeGuideInput) {
  const doc = await SizeGuide.findById(id);
  if (!doc) throw notFound("Size guide not found");
  const columns = input.columns ?? doc.columns;
  await checkInput(
    {
      ...input,
      rows:
        input.rows ??
        (input.columns
          ? doc.rows.map((row) => ({ size: row.size ?? "", values: row.values }))
          : []),
    },
    columns,
  );
  doc.set(input);
  await doc.save();
  return toAnswer(doc.toObject() as LeanGuide);
}

export async function deleteSizeGuide(id: string) {
  const doc = await SizeGuide.findByIdAndDelete(id).lean();
  if (!doc) throw notFound("Size guide not found");
  return { message: "Size guide deleted" };
}
