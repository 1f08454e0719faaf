import mongoose, { Schema, type InferSchemaType } from "mongoose";

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

export type SizeGuideFields = InferSchemaType<typeof SizeGuideSchema>;
export const SizeGuide =
  (mongoose.models.SizeGuide as mongoose.Model<SizeGuideFields>) ??
  mongoose.model("SizeGuide", SizeGuideSchema);
