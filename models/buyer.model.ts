import mongoose, { Schema, type Document, type Query } from "mongoose";
import { modelServices } from "./model-services.js";

/**
 * One document per delivery mobile (docs/buyers.md): what that number's orders came to, kept
 * whenever an order of it is placed or changes status (trackBuyerChanges below), and the staff's
 * notes about the buyer. `_id` is the 01XXXXXXXXX number (the order's `deliveryPhone`), so every
 * read and write of one buyer is an `_id` match. The figures are derived data: rebuilt from the
 * orders at any time (rebuildBuyers); the notes are not, and no rebuild touches them.
 */
const StaffSchema = new Schema({ id: String, email: String, name: String }, { _id: false });

const BuyerSchema = new Schema(
  {
    _id: { type: String },
    name: { type: String, default: "" },
    registered: { type: Boolean, default: false },
    userId: { type: Schema.Types.ObjectId, default: null },
    orders: { type: Number, default: 0 },
    delivered: { type: Number, default: 0 },
    returned: { type: Number, default: 0 },
    cancelled: { type: Number, default: 0 },
    cancelledByCustomer: { type: Number, default: 0 },
    open: { type: Number, default: 0 },
    spend: { type: Number, default: 0 },
    lastOrderAt: { type: Date, default: null },
    lastOrderNumber: { type: String, default: null },
    // Moved by every refresh before it reads the orders; a refresh writes its figures only while
    // it is still the latest, so the last figures written were computed after every order write.
    statsVersion: { type: Number, default: 0 },
    notes: {
      type: [
        {
          text: { type: String, required: true },
          at: { type: Date, required: true },
          by: { type: StaffSchema, default: null },
          editedAt: { type: Date, default: null },
          editedBy: { type: StaffSchema, default: null },
        },
      ],
      default: [],
    },
  },
  { versionKey: false, collection: "buyers" },
);

// MongoDB serves each sort of the list from an index (the embedded database sorts in memory).
BuyerSchema.index({ lastOrderAt: -1, _id: 1 });
BuyerSchema.index({ spend: -1, lastOrderAt: -1 });
BuyerSchema.index({ orders: -1, lastOrderAt: -1 });
BuyerSchema.index({ returned: -1, lastOrderAt: -1 });

export type BuyerFields = mongoose.InferSchemaType<typeof BuyerSchema>;

export const Buyer =
  (mongoose.models.Buyer as mongoose.Model<BuyerFields>) ?? mongoose.model("Buyer", BuyerSchema);

/** Order fields a buyer's figures are computed from: a write touching none of them changes nothing. */
const COUNTED_PATHS =
  /^(orderStatus|cancelledBy|totalDiscountedPrice|deliveryCharge|shippingAddress|deliveryPhone|user)(\.|$)/;

function touchesCountedFields(update: unknown): boolean {
  if (!update || typeof update !== "object" || Array.isArray(update)) return true;
  for (const [key, value] of Object.entries(update)) {
    if (!key.startsWith("$")) {
      if (COUNTED_PATHS.test(key)) return true;
      continue;
    }
    if (value && typeof value === "object" && Object.keys(value).some((p) => COUNTED_PATHS.test(p)))
      return true;
  }
  return false;
}

async function refreshQuietly(phones: (string | null | undefined)[]) {
  const wanted = [...new Set(phones.filter((phone): phone is string => Boolean(phone)))];
  if (wanted.length === 0) return;
  const services = modelServices();
  try {
    await services.refreshBuyers(wanted);
  } catch (error) {
    await services.warn(error, "buyer figures not refreshed (rebuildBuyers heals them)");
  }
}

type AnyQuery = Query<unknown, unknown> & { _buyerPhones?: string[] };
type PhoneDoc = { _id?: unknown; deliveryPhone?: string | null };

/**
 * Mongoose plugin for the order schema: an order saved, or a write through mongoose that touches
 * its status, totals or phone, refreshes its buyer after it succeeds. The phones are read before
 * the write (its filter may stop matching once the status moved); a write that fails to refresh
 * is logged and never fails the order.
 */
export function trackBuyerChanges(schema: Schema) {
  // A save of a new order, or one that changed a counted field; not the many saves of payments,
  // shipments and notes that change none (read before the save: afterwards nothing is modified).
  schema.pre("save", function () {
    this.$locals.buyerCounted =
      this.isNew || this.modifiedPaths().some((path) => COUNTED_PATHS.test(path));
  });
  schema.post("save", async function (doc: PhoneDoc & Document) {
    if (doc.$locals.buyerCounted) await refreshQuietly([doc.deliveryPhone]);
  });
  schema.post("insertMany", async function (docs: PhoneDoc[]) {
    await refreshQuietly(docs.map((doc) => doc.deliveryPhone));
  });
  const writes = ["updateOne", "updateMany", "deleteOne", "deleteMany"] as const;
  for (const name of writes) {
    schema.pre(name, { query: true, document: false }, async function (this: AnyQuery) {
      if (name.startsWith("update") && !touchesCountedFields(this.getUpdate())) return;
      const matched = await this.model
        .find(this.getFilter(), { deliveryPhone: 1 })
        .limit(name.endsWith("One") ? 1 : 0)
        .lean<PhoneDoc[]>();
      this._buyerPhones = matched.map((order) => order.deliveryPhone ?? "");
    });
    schema.post(name, { query: true, document: false }, async function (this: AnyQuery) {
      if (this._buyerPhones) await refreshQuietly(this._buyerPhones);
    });
  }
  for (const name of ["findOneAndUpdate", "findOneAndDelete"] as const)
    schema.post(name, { query: true, document: false }, async function (this: AnyQuery, doc) {
      const found = doc as PhoneDoc | null;
      if (!found) return;
      if (name === "findOneAndUpdate" && !touchesCountedFields(this.getUpdate())) return;
      // A projection may have left the phone out of the answer.
      const phone =
        found.deliveryPhone ??
        (await this.model.findById(found._id, { deliveryPhone: 1 }).lean<PhoneDoc>())
          ?.deliveryPhone;
      await refreshQuietly([phone]);
    });
  schema.post(["deleteOne"], { document: true, query: false }, async function (doc: PhoneDoc) {
    await refreshQuietly([doc.deliveryPhone]);
  });
}
