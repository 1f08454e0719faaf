import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { STOCK_REASONS } from "#contract/schemas/stock";

/**
 * The stock ledger (docs/stock-ledger.md): one entry per change of one variant's stock, with its
 * signed `delta`. An entry is born in its product document, in the same write that changes the
 * stock (`stockLedgerOutbox.<key>`), and copied here under the id it was born with, so a copy
 * made twice (the writer and the reconciliation job) is one entry. For every product whose ledger
 * is open: each variant's stock = the sum of its entries here and in the product's outbox.
 */
const entryFields = {
  color: { type: String, required: true },
  size: { type: String, required: true },
  delta: { type: Number, required: true },
  reason: { type: String, enum: STOCK_REASONS, required: true },
  note: { type: String, default: "" },
  /** `admin:<email>`, `customer`, `guest` or `system`. */
  by: { type: String, required: true },
  at: { type: Date, required: true },
  orderId: { type: Schema.Types.ObjectId, default: null },
  /** A checkout's sale and its undo: the order is found by its `reservationId`. */
  reservationId: { type: Schema.Types.ObjectId, default: null },
};

/** An entry waiting in its product's outbox: the ledger's `_id` is `entryId`. */
export const PendingStockEntrySchema = new Schema(
  { entryId: { type: Schema.Types.ObjectId, required: true }, ...entryFields },
  { _id: false },
);

const StockLedgerEntrySchema = new Schema(
  { productId: { type: Schema.Types.ObjectId, required: true }, ...entryFields },
  { versionKey: false, collection: "stock_ledger" },
);

// One product's history, newest first (the stock screen; the equality check sums by product).
StockLedgerEntrySchema.index({ productId: 1, at: -1, _id: -1 });
// Every product's history, newest first.
StockLedgerEntrySchema.index({ at: -1, _id: -1 });

export type StockLedgerEntryFields = InferSchemaType<typeof StockLedgerEntrySchema>;
export type PendingStockEntry = InferSchemaType<typeof PendingStockEntrySchema>;

export const StockLedgerEntry =
  (mongoose.models.StockLedgerEntry as mongoose.Model<StockLedgerEntryFields>) ??
  mongoose.model("StockLedgerEntry", StockLedgerEntrySchema);

/** The outbox key of an entry (a field name: never only digits, never a dot). */
export const outboxKey = (entryId: unknown) => `e${String(entryId)}`;

/** Low-stock digests sent, one per shop day (`_id`: the Dhaka date), so two instances send one. */
const StockDigestSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** SENDING until every channel was tried; a SENDING claim older than a lease may be taken over. */
    state: { type: String, enum: ["SENDING", "SENT"], required: true },
    claimedAt: { type: Date, required: true },
    sentAt: { type: Date, default: null },
    items: { type: Number, default: 0 },
  },
  { versionKey: false, collection: "stock_digests" },
);

export const StockDigest =
  (mongoose.models.StockDigest as mongoose.Model<InferSchemaType<typeof StockDigestSchema>>) ??
  mongoose.model("StockDigest", StockDigestSchema);
