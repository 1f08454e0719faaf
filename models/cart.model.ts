import mongoose, { Schema, type InferSchemaType } from "mongoose";

/**
 * A cart belongs to a user or to a guest (id in a signed, httpOnly cookie). Lines keep only what
 * the shopper chose; prices and totals are always computed from the catalogue when answering.
 */
const CartItemSchema = new Schema(
  {
    product: { type: Schema.Types.ObjectId, ref: "Product", required: true },
    color: { type: String, required: true },
    size: { type: String, required: true },
    quantity: { type: Number, required: true, min: 1, max: 10 },
  },
  { _id: true, timestamps: true },
);

const CartSchema = new Schema(
  {
    // Exactly one of these is set; the other stays absent (not null) so the sparse unique index skips it.
    user: { type: Schema.Types.ObjectId, ref: "User" },
    guestId: { type: String },
    cartItems: { type: [CartItemSchema], default: [] },
    promoCode: { type: String, default: null },
  },
  // Every save checks and moves `__v`: cart changes are compare-and-set (cart.service changeCart).
  { timestamps: true, optimisticConcurrency: true },
);

// Sparse, not partial: FerretDB does not implement partialFilterExpression.
CartSchema.index({ user: 1 }, { unique: true, sparse: true });
CartSchema.index({ guestId: 1 }, { unique: true, sparse: true });

export type CartFields = InferSchemaType<typeof CartSchema>;
export const Cart =
  (mongoose.models.Cart as mongoose.Model<CartFields>) ?? mongoose.model("Cart", CartSchema);
