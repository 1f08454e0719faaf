import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from "#contract/order-status";

export { PAYMENT_STATUSES };

const PaymentSchema = new Schema(
  {
    order: { type: Schema.Types.ObjectId, ref: "Order", required: true, index: true },
    method: { type: String, enum: PAYMENT_METHODS, required: true },
    // ADVANCE_DELIVERY_CHARGE: only the delivery charge of a cash-on-delivery order (docs/cod.md).
    purpose: { type: String, enum: PAYMENT_PURPOSES, default: "ORDER" },
    amount: { type: Number, required: true, min: 0 },
    currency: { type: String, default: "BDT" },
    status: { type: String, enum: PAYMENT_STATUSES, default: "PENDING", index: true },
    transactionId: { type: String, required: true, unique: true },
    paymentId: { type: String, default: null, index: true },
    validationId: { type: String, default: null },
    gatewayResponse: { type: Schema.Types.Mixed, default: null },
  },
  { timestamps: true },
);

PaymentSchema.index({ createdAt: -1, _id: -1 });

export type PaymentFields = InferSchemaType<typeof PaymentSchema>;
export const Payment =
  (mongoose.models.Payment as mongoose.Model<PaymentFields>) ??
  mongoose.model("Payment", PaymentSchema);
