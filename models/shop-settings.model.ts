import mongoose, { Schema } from "mongoose";

/**
 * The one shop settings document (`_id: "shop"`, collection `shop_settings`). `values` is checked by
 * the zod schema (contract/schemas/shop-settings.ts), not by mongoose: one set of rules.
 * `version` goes up by one with every saved change (compare-and-set for concurrent admins, and
 * the cheap check every instance polls); `epoch` is new whenever the document is (a wiped or
 * restored database), so an instance can tell "nothing changed" from "start over".
 */
const ShopSettingsSchema = new Schema(
  {
    _id: { type: String },
    epoch: { type: String, required: true },
    version: { type: Number, required: true },
    values: { type: Schema.Types.Mixed, required: true },
    updatedAt: { type: Date, required: true },
    updatedBy: {
      type: new Schema({ id: String, email: String, name: String }, { _id: false }),
      default: null,
    },
  },
  { versionKey: false, collection: "shop_settings", minimize: false },
);

export interface ShopSettingsFields {
  _id: string;
  epoch: string;
  version: number;
  values: Record<string, unknown>;
  updatedAt: Date;
  updatedBy: { id: string; email: string; name: string } | null;
}

export const SHOP_SETTINGS_ID = "shop";

export const ShopSettingsModel =
  (mongoose.models.ShopSettings as mongoose.Model<ShopSettingsFields>) ??
  mongoose.model("ShopSettings", ShopSettingsSchema);
