import mongoose, { Schema } from "mongoose";

/**
 * One courier's settings as the back office saved them (collection `courier_settings`, `_id` the
 * courier's id). `values` holds only the fields the owner saved or cleared: a field's plain value
 * (store id, weight), its secret sealed by server/lib/secret-box.ts (never the plaintext), or null
 * for a field cleared on purpose. A field absent here reads its environment variable
 * (docs/couriers.md). `version` goes up with every save: the cheap check other instances poll.
 */
const CourierSettingsSchema = new Schema(
  {
    _id: { type: String },
    enabled: { type: Boolean, required: true, default: true },
    values: { type: Schema.Types.Mixed, required: true, default: {} },
    version: { type: Number, required: true },
    updatedAt: { type: Date, required: true },
    updatedBy: {
      type: new Schema({ id: String, email: String, name: String }, { _id: false }),
      default: null,
    },
  },
  { versionKey: false, collection: "courier_settings", minimize: false },
);

export interface CourierSettingsFields {
  _id: string;
  enabled: boolean;
  values: Record<string, string | number | null>;
  version: number;
  updatedAt: Date;
  updatedBy: { id: string; email: string; name: string } | null;
}

export const CourierSettingsModel =
  (mongoose.models.CourierSettings as mongoose.Model<CourierSettingsFields>) ??
  mongoose.model("CourierSettings", CourierSettingsSchema);
