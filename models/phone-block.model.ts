import mongoose, { Schema } from "mongoose";

/**
 * One mobile number on the block list (collection `phone_blocks`, one document per number). A
 * block in force has `liftedAt: null`; lifting keeps the document (who blocked, who lifted, when),
 * blocking again reuses it.
 */
const AdminRef = new Schema({ id: String, email: String, name: String }, { _id: false });

const PhoneBlockSchema = new Schema(
  {
    phone: { type: String, required: true, unique: true },
    reason: { type: String, required: true },
    blockedAt: { type: Date, required: true },
    blockedBy: { type: AdminRef, default: null },
    liftedAt: { type: Date, default: null },
    liftedBy: { type: AdminRef, default: null },
  },
  { versionKey: false, collection: "phone_blocks" },
);

PhoneBlockSchema.index({ liftedAt: 1, blockedAt: -1 });

export interface AdminRefFields {
  id: string;
  email: string;
  name: string;
}

export interface PhoneBlockFields {
  _id: mongoose.Types.ObjectId;
  phone: string;
  reason: string;
  blockedAt: Date;
  blockedBy: AdminRefFields | null;
  liftedAt: Date | null;
  liftedBy: AdminRefFields | null;
}

export const PhoneBlockModel =
  (mongoose.models.PhoneBlock as mongoose.Model<PhoneBlockFields>) ??
  mongoose.model("PhoneBlock", PhoneBlockSchema);
