import mongoose, { Schema, type InferSchemaType } from "mongoose";

/**
 * A written review. One per user and product: writing again replaces its text, stars (the user's
 * Rating) and photos, keeping its `_id`. The owner may hide it (kept, but neither listed nor counted
 * in the product's figures) and reply under it.
 */
const ReviewSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: "User", required: true },
    product: { type: Schema.Types.ObjectId, ref: "Product", required: true },
    review: { type: String, required: true, trim: true, minlength: 1, maxlength: 2000 },
    verifiedPurchase: { type: Boolean, default: false },
    /** Public URLs of the photos' 800 px WebP (server/lib/images.ts saveResponsiveWebp), at most 3. */
    photos: { type: [String], default: [] },
    hidden: { type: Boolean, default: false },
    hiddenAt: { type: Date, default: null },
    reply: {
      type: new Schema({ text: String, repliedAt: Date }, { _id: false }),
      default: null,
    },
  },
  { timestamps: true },
);

// A product's page: its visible reviews, newest first; the figures count its visible ones.
ReviewSchema.index({ product: 1, hidden: 1, createdAt: -1 });
// One review per user and product (a second post replaces it).
ReviewSchema.index({ user: 1, product: 1 }, { unique: true });
// The back office's list: all reviews or the hidden / visible ones, newest first.
ReviewSchema.index({ hidden: 1, createdAt: -1 });
ReviewSchema.index({ createdAt: -1 });

export type ReviewFields = InferSchemaType<typeof ReviewSchema>;
export const Review =
  (mongoose.models.Review as mongoose.Model<ReviewFields>) ??
  mongoose.model("Review", ReviewSchema);
