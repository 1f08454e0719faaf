import mongoose, { Schema, type InferSchemaType } from "mongoose";

/**
 * One document per variant code in use (a SKU, or a barcode other than its SKU), keyed by the code
 * itself: the `_id` index is unique on MongoDB and on the embedded database alike, so of two saves
 * giving one code at once, one insert lands and the other is refused (docs/packing.md). A code is
 * claimed before the product that uses it is written, and released after the product stops
 * using it; `claimedAt` lets a claim left by a save that never finished be taken over.
 */
const VariantCodeSchema = new Schema(
  {
    _id: { type: String, required: true },
    product: { type: Schema.Types.ObjectId, ref: "Product", required: true, index: true },
    claimedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: "variant_codes" },
);

export type VariantCodeFields = InferSchemaType<typeof VariantCodeSchema>;
export const VariantCode =
  (mongoose.models.VariantCode as mongoose.Model<VariantCodeFields>) ??
  mongoose.model("VariantCode", VariantCodeSchema);
