import mongoose, { Schema, type InferSchemaType } from "mongoose";

/**
 * A courier's record of one delivery phone in its whole network (Steadfast's fraud check), kept a
 * day so that viewing an order again, or the checkout, does not ask the courier again
 * (server/services/courier-records.service.ts). Only answers that were read (`ok`) are kept; a
 * lookup that failed is asked again next time.
 *
 * Indexes: `{phone: 1, courier: 1}` unique (one entry per number and courier, written by one
 * upsert), and `{checkedAt: 1}` for the purge. No TTL index: FerretDB refuses `expireAfterSeconds`,
 * so the `courier-record-purge` job deletes entries older than a day, and the reads never trust
 * an entry older than a day anyway (on MongoDB a TTL index on `checkedAt` would do the purge's work).
 */
const CourierRecordSchema = new Schema(
  {
    /** 01XXXXXXXXX */
    phone: { type: String, required: true },
    courier: { type: String, required: true },
    delivered: { type: Number, required: true, min: 0 },
    cancelled: { type: Number, required: true, min: 0 },
    checkedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

CourierRecordSchema.index({ phone: 1, courier: 1 }, { unique: true });
CourierRecordSchema.index({ checkedAt: 1 });

export type CourierRecordFields = InferSchemaType<typeof CourierRecordSchema>;

export const CourierRecordModel =
  (mongoose.models.CourierRecord as mongoose.Model<CourierRecordFields>) ??
  mongoose.model("CourierRecord", CourierRecordSchema, "courier_records");
