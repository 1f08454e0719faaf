import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { COURIER_IDS } from "#contract/couriers";

/**
 * A courier's payout statement, as uploaded (CSV) or read from its API (Steadfast `payments`), kept
 * so the owner previews its rows matched to parcels and then confirms (docs/cod.md, "Payout
 * statements"). One document per courier and statement: `key` is `csv:<sha256 of the file>` or
 * `payout:<the courier's payout id>`, unique with the courier, so the same file or payout twice is
 * the same statement. Rows are matched again whenever it is shown or confirmed (parcels move on);
 * each confirmation writes one settlement of the rows matched then, listed in `settlements`.
 *
 * Indexes: `{courier, key}` unique (the same statement is found again); `{createdAt: -1}`.
 */
const StatementRowSchema = new Schema(
  {
    line: { type: Number, required: true },
    consignmentId: String,
    trackingNumber: String,
    orderNumber: String,
    collected: { type: Number, required: true, min: 0 },
    fee: { type: Number, default: 0, min: 0 },
  },
  { _id: false },
);

const CourierStatementSchema = new Schema(
  {
    courier: { type: String, enum: COURIER_IDS, required: true },
    key: { type: String, required: true },
    source: { type: String, enum: ["csv", "api"], required: true },
    fileName: { type: String, default: null },
    reference: { type: String, required: true },
    paidAt: { type: Date, required: true },
    rows: { type: [StatementRowSchema], default: [] },
    settlements: { type: [Schema.Types.ObjectId], default: [] },
    uploadedBy: {
      type: new Schema({ id: String, email: String, name: String }, { _id: false }),
      required: true,
    },
  },
  { timestamps: true, collection: "courier_statements" },
);

CourierStatementSchema.index({ courier: 1, key: 1 }, { unique: true });
CourierStatementSchema.index({ createdAt: -1 });

export type CourierStatementFields = InferSchemaType<typeof CourierStatementSchema>;
export const CourierStatement =
  (mongoose.models.CourierStatement as mongoose.Model<CourierStatementFields>) ??
  mongoose.model("CourierStatement", CourierStatementSchema);
