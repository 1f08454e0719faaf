import mongoose, { Schema, type InferSchemaType } from "mongoose";

const PromoCodeSchema = new Schema(
  {
    code: { type: String, required: true, unique: true, uppercase: true, trim: true },
    description: { type: String, default: "" },
    type: { type: String, enum: ["PERCENTAGE", "FIXED"], required: true },
    value: { type: Number, required: true, min: 0 },
    minOrderAmount: { type: Number, default: 0, min: 0 },
    maxDiscount: { type: Number, default: null, min: 0 },
    startsAt: { type: Date, default: null },
    expiresAt: { type: Date, default: null },
    usageLimit: { type: Number, default: null, min: 0 },
    usedCount: { type: Number, default: 0, min: 0 },
    perUserLimit: { type: Number, default: null, min: 0 },
    isActive: { type: Boolean, default: true },
    // Ids of checkout reservations holding one use each (see models/stock-reservation.model.ts).
    reservations: { type: [String], default: undefined },
  },
  { timestamps: true },
);

export type PromoCodeFields = InferSchemaType<typeof PromoCodeSchema>;
export const PromoCode =
  (mongoose.models.PromoCode as mongoose.Model<PromoCodeFields>) ??
  mongoose.model("PromoCode", PromoCodeSchema);
