import bcrypt from "bcrypt";
import { STAFF_ROLES } from "#contract/staff-roles";
import { LOCALES } from "#contract/i18n";
import mongoose, { Schema, type InferSchemaType, type HydratedDocument } from "mongoose";
import { modelServices } from "./model-services.js";

const AddressSchema = new Schema(
  {
    firstName: String,
    lastName: String,
    mobile: String,
    email: String,
    streetAddress: String,
    city: String,
    zone: String,
    area: String,
    zipCode: String,
  },
  { _id: true },
);

const UserSchema = new Schema(
  {
    firstName: { type: String, required: true, trim: true, maxlength: 80 },
    lastName: { type: String, trim: true, maxlength: 80, default: "" },
    email: { type: String, required: true, lowercase: true, trim: true, unique: true },
    // Proven to belong to the account's owner (today: by Google). Cleared when the email changes.
    emailVerified: { type: Boolean, default: false },
    // select: false keeps the hash out of every query unless asked for by name.
    password: { type: String, select: false },
    mobile: { type: String, default: "" },
    phone: { type: String, default: "" },
    // ADMIN means staff: what a staff member may do is their staffRole's (docs/staff-roles.md).
    role: { type: String, enum: ["CUSTOMER", "ADMIN"], default: "CUSTOMER", index: true },
    staffRole: { type: String, enum: [...STAFF_ROLES, null], default: null },
    // A deactivated staff member keeps the account (and its history) but not the back office.
    staffActive: { type: Boolean, default: true },
    // The back office's language for this staff member (docs/i18n.md, "The back office in Bangla").
    adminLocale: { type: String, enum: LOCALES, default: "en" },
    // The open invitation's one-time number (single use: cleared when the password is set).
    inviteNonce: { type: String, default: null, select: false },
    isOTPVerified: { type: Boolean, default: false },
    authProvider: { type: String, enum: ["local", "google"], default: "local" },
    googleId: { type: String, index: { unique: true, sparse: true } },
    addresses: { type: [AddressSchema], default: [] },
    // In every token; raised when the password changes or is reset, which revokes older tokens.
    tokenVersion: { type: Number, default: 0 },
  },
  {
    timestamps: true,
    toJSON: {
      virtuals: true,
      transform(_doc, ret: Record<string, unknown>) {
        delete ret.password;
        delete ret.googleId;
        delete ret.emailVerified;
        delete ret.tokenVersion;
        delete ret.staffRole;
        delete ret.staffActive;
        delete ret.adminLocale;
        delete ret.inviteNonce;
        delete ret.__v;
        delete ret.id;
        return ret;
      },
    },
  },
);

UserSchema.virtual("isAdmin").get(function (this: { role: string }) {
  return this.role === "ADMIN";
});

UserSchema.pre("save", async function () {
  if (this.isModified("password") && this.password) {
    this.password = await bcrypt.hash(this.password, modelServices().passwordHashRounds());
    // Not on the first save: a new account has no tokens yet.
    if (!this.isNew) this.tokenVersion = (this.tokenVersion ?? 0) + 1;
  }
});

UserSchema.methods.checkPassword = function (this: { password?: string }, candidate: string) {
  if (!this.password) return Promise.resolve(false);
  return bcrypt.compare(candidate, this.password);
};

export type UserFields = InferSchemaType<typeof UserSchema>;
export type UserDocument = HydratedDocument<
  UserFields,
  { checkPassword(candidate: string): Promise<boolean> }
>;

export const User =
  (mongoose.models.User as mongoose.Model<
    UserFields,
    object,
    { checkPassword(c: string): Promise<boolean> }
  >) ?? mongoose.model("User", UserSchema);
