import type { Types } from "mongoose";
import { Category } from "../../models/category.model";
import { uniqueSlug } from "./slug";

export interface CategoryOverrides {
  name?: string;
  /** Default: the name as a slug with a random suffix. */
  slug?: string;
  /** The parent category; its level + 1 becomes this one's level (a root is level 1). */
  parent?: { _id: Types.ObjectId; level: number } | null;
}

/** A category written through the model. */
export async function createCategory(overrides: CategoryOverrides = {}) {
  const name = overrides.name ?? "T-Shirts";
  const parent = overrides.parent ?? null;
  return Category.create({
    name,
    slug: overrides.slug ?? uniqueSlug(name, 6),
    parentCategory: parent?._id ?? null,
    level: (parent?.level ?? 0) + 1,
  });
}
