import mongoose from "mongoose";
import { Category } from "../../models/category.model.js";
import { Product } from "../../models/product.model.js";
import { SizeGuide } from "../../models/size-guide.model.js";
import { badRequest, conflict, notFound } from "../lib/http-error.js";
import type { CategoryNode } from "./catalog.service.js";
import { categoryPathOf, slugify } from "./products.service.js";
import { banglaFieldsOf } from "#contract/i18n/localized";

/** Admin management of the category tree (at most 3 levels). GET /api/categories is catalog.service. */

export const MAX_CATEGORY_LEVEL = 3;

interface LeanCategory {
  _id: mongoose.Types.ObjectId;
  name: string;
  nameBn?: string | null;
  slug: string;
  parentCategory: mongoose.Types.ObjectId | null;
  level: number;
  sortOrder?: number;
}

function toNode(doc: LeanCategory): CategoryNode & { sortOrder: number } {
  return {
    _id: doc._id.toString(),
    name: doc.name,
    ...banglaFieldsOf(doc, ["name"]),
    slug: doc.slug,
    parentCategory: doc.parentCategory ? doc.parentCategory.toString() : null,
    level: doc.level,
    sortOrder: doc.sortOrder ?? 0,
  };
}

/** A refused parent: the message, also on the `parentCategory` field (the editor shows it there). */
const parentRefused = (message: string) =>
  badRequest(message, [{ path: "parentCategory", message }]);

async function parentLevel(parentId: string | null | undefined): Promise<number> {
  if (!parentId) return 0;
  const parent = await Category.findById(parentId).lean();
  if (!parent) throw parentRefused("Unknown parent category");
  if (parent.level >= MAX_CATEGORY_LEVEL)
    throw parentRefused(`Categories nest at most ${MAX_CATEGORY_LEVEL} levels deep`);
  return parent.level;
}

export interface CategoryInput {
  name?: string;
  nameBn?: string;
  slug?: string;
  parentCategory?: string | null;
  sortOrder?: number;
}

export async function createCategory(input: CategoryInput & { name: string }) {
  const level = (await parentLevel(input.parentCategory)) + 1;
  const doc = await Category.create({
    name: input.name,
    nameBn: input.nameBn ?? "",
    slug: input.slug ?? slugify(input.name),
    parentCategory: input.parentCategory ?? null,
    level,
    sortOrder: input.sortOrder ?? 0,
  });
  return toNode(doc.toObject() as LeanCategory);
}

/** Every category under `rootId` (not itself), breadth first. */
async function descendantsOf(rootId: mongoose.Types.ObjectId): Promise<LeanCategory[]> {
  const found: LeanCategory[] = [];
  let frontier = [rootId];
  while (frontier.length > 0 && found.length < 1000) {
    const children = await Category.find({ parentCategory: { $in: frontier } }).lean<
      LeanCategory[]
    >();
    found.push(...children);
    frontier = children.map((child) => child._id);
  }
  return found;
}

/** Recomputes categoryPath and categoryName of every product in these categories. */
async function refreshProducts(categoryIds: mongoose.Types.ObjectId[]) {
  for (const categoryId of categoryIds) {
    const path = await categoryPathOf(categoryId);
    if (!path) continue;
    await Product.updateMany(
      { category: categoryId },
      { $set: { categoryPath: path.path, categoryName: path.name } },
    );
  }
}

export async function updateCategory(id: string, input: CategoryInput) {
  const category = await Category.findById(id);
  if (!category) throw notFound("Category not found");
  const descendants = await descendantsOf(category._id);
  const moved =
    input.parentCategory !== undefined &&
    (input.parentCategory ?? null) !== (category.parentCategory?.toString() ?? null);
  if (moved) {
    if (
      input.parentCategory &&
      (input.parentCategory === id ||
        descendants.some((child) => child._id.toString() === input.parentCategory))
    )
      throw parentRefused("A category cannot sit under itself or one of its sub-categories");
    const level = (await parentLevel(input.parentCategory)) + 1;
    const depth = Math.max(0, ...descendants.map((child) => child.level - category.level));
    if (level + depth > MAX_CATEGORY_LEVEL)
      throw parentRefused(`Categories nest at most ${MAX_CATEGORY_LEVEL} levels deep`);
    const shift = level - category.level;
    category.parentCategory = input.parentCategory
      ? new mongoose.Types.ObjectId(input.parentCategory)
      : null;
    category.level = level;
    if (shift !== 0 && descendants.length > 0)
      await Category.updateMany(
        { _id: { $in: descendants.map((child) => child._id) } },
        { $inc: { level: shift } },
      );
  }
  const renamed = input.name !== undefined && input.name !== category.name;
  if (input.name !== undefined) category.name = input.name;
  if (input.nameBn !== undefined) category.nameBn = input.nameBn;
  if (input.slug !== undefined) category.slug = input.slug;
  if (input.sortOrder !== undefined) category.sortOrder = input.sortOrder;
  await category.save();
  if (moved) await refreshProducts([category._id, ...descendants.map((child) => child._id)]);
  else if (renamed) await refreshProducts([category._id]);
  return toNode(category.toObject() as LeanCategory);
}

export async function deleteCategory(id: string) {
  const category = await Category.findById(id).lean();
  if (!category) throw notFound("Category not found");
  const [products, children] = await Promise.all([
    Product.countDocuments({ $or: [{ category: category._id }, { categoryPath: category._id }] }),
    Category.countDocuments({ parentCategory: category._id }),
  ]);
  if (products > 0)
    throw conflict(
      `This category is used by ${products} product${products === 1 ? "" : "s"}`,
      "CATEGORY_IN_USE",
    );
  if (children > 0)
    throw conflict(
      "This category has sub-categories; move or delete them first",
      "CATEGORY_IN_USE",
    );
  await Category.deleteOne({ _id: category._id });
  await SizeGuide.updateMany({ category: category._id }, { $set: { category: null } });
  return { message: "Category deleted" };
}
