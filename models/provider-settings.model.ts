import mongoose, { Schema } from "mongoose";

/**
 * One provider's settings as the back office saved them (a courier's in `courier_settings`, a
 * payment gateway's in `payment_gateway_settings`; `_id` the provider's id). `values` holds only
 * the fields the owner saved or cleared: a field's plain value (store id, weight, mode), its secret
 * sealed by server/lib/secret-box.ts (never the plaintext), or null for a field cleared on purpose.
 * A field absent here reads its environment variable. `version` goes up with every save: the
 * cheap check other instances poll.
 */
const ProviderSettingsSchema = new Schema(
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
  { versionKey: false, minimize: false },
);

export interface ProviderSettingsFields {
  _id: string;
  enabled: boolean;
  values: Record<string, string | number | null>;
  version: number;
  updatedAt: Date;
  updatedBy: { id: string; email: string; name: string } | null;
}

export type ProviderSettingsModel = mongoose.Model<ProviderSettingsFields>;

/** The model of one kind of provider, in its own collection. */
export const providerSettingsModel = (name: string, collection: string): ProviderSettingsModel =>
  (mongoose.models[name] as ProviderSettingsModel | undefined) ??
  mongoose.model<ProviderSettingsFields>(name, ProviderSettingsSchema, collection);
