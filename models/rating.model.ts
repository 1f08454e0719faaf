import mongoose, { Schema, type InferSchemaType } from "mongoose";

/** A star rating: one per user and product (a second one updates it). */
const RatingSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: "User", required: true },
    product: { type: Schema.Types.ObjectId, ref: "Product", required: true, index: true },
    rating: { type: Number, required: true, min: 1, max: 5 },
  },
  { timestamps: true },
);

RatingSchema.index({ user: 1, product: 1 }, { unique: true });

export type RatingFields = InferSchemaType<typeof RatingSchema>;
export const Rating =
  (mongoose.models.Rating as mongoose.Model<RatingFields>) ??
  mongoose.model("Rating", RatingSchema);
