import mongoose, { Schema } from "mongoose";

/**
 * One saved change of the shop settings (collection `settings_changes`): the version it made, who
 * saved it and when, and each changed field's value before and after. Written after the change.
 */
const SettingsChangeSchema = new Schema(
  {
    version: { type: Number, required: true },
    changedAt: { type: Date, required: true },
    changedBy: {
      type: new Schema({ id: String, email: String, name: String }, { _id: false }),
      required: true,
    },
    fields: {
      type: [
        new Schema(
          { path: String, before: Schema.Types.Mixed, after: Schema.Types.Mixed },
          { _id: false },
        ),
      ],
      default: [],
    },
  },
  { versionKey: false, collection: "settings_changes" },
);

SettingsChangeSchema.index({ changedAt: -1 });

export interface SettingsChangeFields {
  _id: mongoose.Types.ObjectId;
  version: number;
  changedAt: Date;
  changedBy: { id: string; email: string; name: string };
  fields: { path: string; before: unknown; after: unknown }[];
}

export const SettingsChangeModel =
  (mongoose.models.SettingsChange as mongoose.Model<SettingsChangeFields>) ??
  mongoose.model("SettingsChange", SettingsChangeSchema);
