import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { COURIER_IDS } from "#contract/couriers";

/**
 * A payout from the courier to the shop covering chosen delivered COD parcels (docs/cod.md,
 * "Settlements"). `amount + deductions` equals the parcels' collected total to the taka. A
 * settlement is written first as `recording`, then its parcels are claimed one by one; it becomes
 * `recorded` once all are, or is deleted (and its claims undone) when another settlement got one.
 * One left `recording` by a process that died midway becomes `abandoned` (its claims undone) by the
 * `release-stalled-settlements` job.
 */
const SettlementParcelSchema = new Schema(
  {
    order: { type: Schema.Types.ObjectId, ref: "Order", required: true },
    orderNumber: { type: String, required: true },
    collected: { type: Number, required: true, min: 0 },
  },
  { _id: false },
);

const CourierSettlementSchema = new Schema(
  {
    // The courier that paid (contract/couriers.ts id): the one that carried every parcel of it.
    // Settlements written before couriers had ids said "Pathao" (migrated: server/db/migrations.ts).
    courier: { type: String, enum: COURIER_IDS, required: true },
    // The payout statement it was written from (models/courier-statement.model.ts), if any.
    statement: { type: Schema.Types.ObjectId, default: null },
    state: {
      type: String,
      enum: ["recording", "recorded", "abandoned"],
      default: "recording",
      index: true,
    },
    /** Cash the shop received (taka). */
    amount: { type: Number, required: true, min: 0 },
    /** What the courier kept from the collected cash (its fees), as the admin stated (taka). */
    deductions: { type: Number, default: 0, min: 0 },
    /** The parcels' collected total: always amount + deductions. */
    collectedTotal: { type: Number, required: true, min: 0 },
    reference: { type: String, required: true },
    paidAt: { type: Date, required: true },
    note: { type: String, default: "" },
    parcels: { type: [SettlementParcelSchema], required: true },
    recordedBy: {
      type: new Schema({ id: String, email: String, name: String }, { _id: false }),
      required: true,
    },
  },
  { timestamps: true, collection: "courier_settlements" },
);

// The list, newest first, of every courier or one courier's (`?courier=`).
CourierSettlementSchema.index({ createdAt: -1, _id: -1 });
CourierSettlementSchema.index({ courier: 1, state: 1, createdAt: -1 });

export type CourierSettlementFields = InferSchemaType<typeof CourierSettlementSchema>;
export const CourierSettlement =
  (mongoose.models.CourierSettlement as mongoose.Model<CourierSettlementFields>) ??
  mongoose.model("CourierSettlement", CourierSettlementSchema);
