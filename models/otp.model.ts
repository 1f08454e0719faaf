import mongoose, { Schema, type InferSchemaType } from "mongoose";

/**
 * The phone-verification state of one mobile number (local form 01XXXXXXXXX). The code itself is
 * never stored, only its HMAC. `sends` keeps the send times of the last hour for the 5-an-hour rule.
 */
const OtpSchema = new Schema(
  {
    phone: { type: String, required: true, unique: true },
    codeHash: { type: String },
    expiresAt: { type: Date },
    attempts: { type: Number, default: 0 },
    lastSentAt: { type: Date, default: () => new Date(0) },
    sends: { type: [Date], default: [] },
    // Set when a code was verified; update-phone consumes it within 10 minutes, and only for the
    // account that verified it (`verifiedBy`; null when verified without signing in).
    verifiedAt: { type: Date, default: null },
    verifiedBy: { type: Schema.Types.ObjectId, default: null },
  },
  { timestamps: true, versionKey: false },
);

export type OtpFields = InferSchemaType<typeof OtpSchema>;

export const Otp =
  (mongoose.models.Otp as mongoose.Model<OtpFields>) ?? mongoose.model("Otp", OtpSchema, "otps");
