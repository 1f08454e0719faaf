import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { CALL_OUTCOMES } from "#contract/schemas/incomplete-checkouts";

/**
 * A checkout a shopper left after typing a valid mobile (docs/call-list.md): what they had typed,
 * the cart as it stood (copied into a cart of its own, `cartId`, so the shop's pricing reads it
 * and the checkout's own pipeline can place it), and the staff's calls. Holds no stock.
 *
 * Indexes: `{phone: 1}` unique (one saved checkout per normalised number, written by one upsert);
 * `{ownerKey: 1}` (a cart's earlier number is replaced when the shopper corrects it);
 * `{updatedAt: -1}` for the call list (newest first) and the purge job, which deletes those last
 * saved more than `callList.keepDays` ago. No TTL index: FerretDB refuses `expireAfterSeconds`, and
 * the setting can change.
 */
const CallSchema = new Schema(
  {
    outcome: { type: String, enum: CALL_OUTCOMES, required: true },
    note: { type: String, default: "" },
    at: { type: Date, required: true },
    by: { type: new Schema({ id: String, email: String, name: String }, { _id: false }) },
  },
  { _id: false },
);

const IncompleteCheckoutSchema = new Schema(
  {
    /** 01XXXXXXXXX */
    phone: { type: String, required: true },
    /** `user:<id>` or `guest:<id>`: whose cart it was copied from. */
    ownerKey: { type: String, required: true },
    /** The guest id of the cart this checkout owns (never handed to any browser). */
    cartId: { type: String, required: true },
    firstName: { type: String, default: "" },
    lastName: { type: String, default: "" },
    email: { type: String, default: "" },
    streetAddress: { type: String, default: "" },
    districtId: { type: String, default: "" },
    thanaId: { type: String, default: "" },
    area: { type: String, default: "" },
    note: { type: String, default: "" },
    locale: { type: String, default: "en" },
    calls: { type: [CallSchema], default: [] },
    /** The nonce of the latest recovery SMS link; older links are refused. */
    restoreNonce: { type: String, default: null },
    smsSentAt: { type: Date, default: null },
    smsCount: { type: Number, default: 0 },
  },
  { timestamps: true, collection: "incomplete_checkouts" },
);

IncompleteCheckoutSchema.index({ phone: 1 }, { unique: true });
IncompleteCheckoutSchema.index({ ownerKey: 1 });
IncompleteCheckoutSchema.index({ updatedAt: -1 });

export type IncompleteCheckoutFields = InferSchemaType<typeof IncompleteCheckoutSchema>;

export const IncompleteCheckout =
  (mongoose.models.IncompleteCheckout as mongoose.Model<IncompleteCheckoutFields>) ??
  mongoose.model("IncompleteCheckout", IncompleteCheckoutSchema);

/**
 * An order that came from a saved checkout the staff worked on: converted by them, or placed by
 * the shopper after a call or the recovery SMS (the dashboard's recovered orders and revenue).
 *
 * Indexes: `{order: 1}` unique (one record per order), `{at: -1}` for the dashboard's period.
 */
const RecoveredCheckoutSchema = new Schema(
  {
    order: { type: Schema.Types.ObjectId, ref: "Order", required: true },
    phone: { type: String, required: true },
    via: { type: String, enum: ["converted", "call", "sms"], required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false, collection: "recovered_checkouts" },
);

RecoveredCheckoutSchema.index({ order: 1 }, { unique: true });
RecoveredCheckoutSchema.index({ at: -1 });

export type RecoveredCheckoutFields = InferSchemaType<typeof RecoveredCheckoutSchema>;

export const RecoveredCheckout =
  (mongoose.models.RecoveredCheckout as mongoose.Model<RecoveredCheckoutFields>) ??
  mongoose.model("RecoveredCheckout", RecoveredCheckoutSchema);
