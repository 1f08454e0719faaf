import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { trackContentChanges } from "./content-version.model.js";

const SizeGuideSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    nameBn: { type: String, default: "", trim: true },
    category: { type: Schema.Types.ObjectId, ref: "Category", index: true, default: null },
    unit: { type: String, enum: ["cm", "inch"], default: "inch" },
    columns: { type: [String], default: [] },
    rows: { type: [{ size: String, values: [String], _id: false }], default: [] },
    note: { type: String, default: "" },
    noteBn: { type: String, default: "" },
  },
  { timestamps: true },
);

/**
 * Every write records a change of the size guides (content_versions): a product page shows its
 * "Size guide" link from an in-process copy of which categories have one, checked against it.
 */
export const SIZE_GUIDES_CONTENT_ID = "size-guides";
trackContentChanges(SizeGuideSchema, SIZE_GUIDES_CONTENT_ID);

export type SizeGuideFields = InferSchemaType<typeof SizeGuideSchema>;
export const SizeGuide =
  (mongoose.models.SizeGuide as mongoose.Model<SizeGuideFields>) ??
  mongoose.model("SizeGuide", SizeGuideSchema);
