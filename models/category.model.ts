import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { CATEGORIES_CHANGED, trackCatalogChanges } from "./catalog-version.model.js";

const CategorySchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 80 },
    nameBn: { type: String, default: "", trim: true, maxlength: 80 },
    slug: { type: String, required: true, unique: true, lowercase: true, trim: true },
    parentCategory: { type: Schema.Types.ObjectId, ref: "Category", default: null, index: true },
    level: { type: Number, default: 1, min: 1, max: 3 },
    sortOrder: { type: Number, default: 0 },
  },
  { timestamps: true },
);

// Listings show category names and resolve slugs from a copy of the tree: writes refresh it.
CategorySchema.plugin(trackCatalogChanges, { marker: CATEGORIES_CHANGED });

export type CategoryFields = InferSchemaType<typeof CategorySchema>;
export const Category =
  (mongoose.models.Category as mongoose.Model<CategoryFields>) ??
  mongoose.model("Category", CategorySchema);
