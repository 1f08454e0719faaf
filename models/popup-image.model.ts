import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { trackContentChanges } from "./content-version.model.js";

const PopupImageSchema = new Schema(
  {
    title: { type: String, default: "", maxlength: 200 },
    description: { type: String, default: "", maxlength: 1000 },
    titleBn: { type: String, default: "", maxlength: 200 },
    descriptionBn: { type: String, default: "", maxlength: 1000 },
    link: { type: String, default: "" },
    // Relative to the shop's host (e.g. uploads/popups/abc.webp); the storefront prefixes it.
    imagePath: { type: String, required: true },
    sequence: { type: Number, default: 0, index: true },
    isActive: { type: Boolean, default: true },
    startsAt: { type: Date, default: null },
    endsAt: { type: Date, default: null },
  },
  { timestamps: true },
);

/** The version every instance's copy of the active popups is checked against. */
export const POPUP_CONTENT_ID = "popups";
trackContentChanges(PopupImageSchema, POPUP_CONTENT_ID);

export type PopupImageFields = InferSchemaType<typeof PopupImageSchema>;
export const PopupImage =
  (mongoose.models.PopupImage as mongoose.Model<PopupImageFields>) ??
  mongoose.model("PopupImage", PopupImageSchema);
