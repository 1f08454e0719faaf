import mongoose, { Schema, type InferSchemaType } from "mongoose";

import {
  MIN_BULK_QUANTITY,
  PRINT_TYPES,
  TSHIRT_ORDER_STATUSES,
} from "#contract/tshirt-order-status";

export * from "#contract/tshirt-order-status";

const sizeCount = { type: Number, default: 0, min: 0 };

/** A bulk (custom-printed) t-shirt request from a company, school or group; quoted by an admin. */
const TshirtOrderSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 120 },
    // Local form, 01XXXXXXXXX.
    mobile: { type: String, required: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    organization: { type: String, default: "" },
    color: { type: String, required: true },
    printType: { type: String, enum: PRINT_TYPES, required: true },
    sizes: {
      S: sizeCount,
      M: sizeCount,
      L: sizeCount,
      XL: sizeCount,
      XXL: sizeCount,
    },
    quantity: { type: Number, required: true, min: MIN_BULK_QUANTITY },
    deadline: { type: Date, default: null },
    notes: { type: String, default: "" },
    // Relative to the shop's host (uploads/tshirt-designs/...), or null without a design.
    designImagePath: { type: String, default: null },
    status: { type: String, enum: TSHIRT_ORDER_STATUSES, default: "NEW", index: true },
    // Whole taka for the whole order.
    quotedPrice: { type: Number, default: null, min: 0 },
    adminNote: { type: String, default: "" },
    // When the customer was last told the quote by SMS (and for which price).
    quoteSms: {
      type: new Schema({ sentAt: Date, price: Number, error: String }, { _id: false }),
      default: null,
    },
  },
  { timestamps: true },
);

TshirtOrderSchema.index({ createdAt: -1 });

export type TshirtOrderFields = InferSchemaType<typeof TshirtOrderSchema>;
export const TshirtOrder =
  (mongoose.models.TshirtOrder as mongoose.Model<TshirtOrderFields>) ??
  mongoose.model("TshirtOrder", TshirtOrderSchema);
