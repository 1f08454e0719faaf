import mongoose, { Schema } from "mongoose";
import {
  AUDIT_ACTOR_KINDS,
  AUDIT_ENTITIES,
  type AuditActorKind,
  type AuditEntity,
} from "#contract/schemas/audit";

/**
 * The audit trail (collection `audit_entries`, docs/audit.md): one entry per change of an order, a
 * product, a promo code, a page, the shop or courier settings, a staff account or a refund. Only
 * ever inserted: nothing in the shop updates or deletes an entry. Each entry keeps who made the
 * change as they were then (a staff member's id, name and email; or the shop itself), and only
 * the fields that changed, each with its value before and after.
 */
const AuditEntrySchema = new Schema(
  {
    at: { type: Date, required: true },
    actor: {
      type: new Schema(
        {
          kind: { type: String, enum: AUDIT_ACTOR_KINDS, required: true },
          id: { type: String, default: null },
          name: { type: String, required: true },
          email: { type: String },
        },
        { _id: false },
      ),
      required: true,
    },
    entity: { type: String, enum: AUDIT_ENTITIES, required: true },
    entityId: { type: String, required: true },
    action: { type: String, required: true },
    /** How a reader recognises the document (an order number, a product title, a code). */
    label: { type: String, default: "" },
    changes: {
      type: [
        new Schema(
          { field: String, before: Schema.Types.Mixed, after: Schema.Types.Mixed },
          { _id: false },
        ),
      ],
      default: [],
    },
    /** The settings' version this change made (shop and courier settings). */
    version: { type: Number },
  },
  { versionKey: false, collection: "audit_entries" },
);

// One document's history, newest first (the order dialog, the product editor, `?entity=&id=`).
AuditEntrySchema.index({ entity: 1, entityId: 1, at: -1 });
// One staff member's changes (`?actor=`).
AuditEntrySchema.index({ "actor.id": 1, at: -1 });
// One kind of change in a period (the staff figures: the month's order confirmations).
AuditEntrySchema.index({ entity: 1, action: 1, at: -1 });
// Everything, newest first (the Audit screen without filters, `?from=&to=`).
AuditEntrySchema.index({ at: -1, _id: -1 });

export interface AuditEntryFields {
  _id: mongoose.Types.ObjectId;
  at: Date;
  actor: { kind: AuditActorKind; id: string | null; name: string; email?: string };
  entity: AuditEntity;
  entityId: string;
  action: string;
  label: string;
  changes: { field: string; before: unknown; after: unknown }[];
  version?: number;
}

export const AuditEntry =
  (mongoose.models.AuditEntry as mongoose.Model<AuditEntryFields>) ??
  mongoose.model("AuditEntry", AuditEntrySchema);
