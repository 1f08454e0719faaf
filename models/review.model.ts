import mongoose, { Schema, type InferSchemaType } from "mongoose";

/** A written review. One per user and product: writing again replaces the text. */
const ReviewSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: "User", required: true },
    product: { type: Schema.Types.ObjectId, ref: "Product", required: true },
    review: { type: String, required: true, trim: true, minlength: 1, maxlength: 2000 },
    verifiedPurchase: { type: Boolean, default: false },
  },
  { timestamps: true },
);

ReviewSchema.index({ product: 1, createdAt: -1 });
ReviewSchema.index({ user: 1, product: 1 }, { unique: true });

export type ReviewFields = InferSchemaType<typeof ReviewSchema>;
export const Review =
  (mongoose.models.Review as mongoose.Model<ReviewFields>) ??
  mongoose.model("Review", ReviewSchema);
