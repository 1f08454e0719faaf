/** Answers of /auth/* and /api/users/*: the user (never a password hash), sign-in, OTP, customers. */
import { z } from "zod";
import { MessageAnswer, pageOf } from "./common.js";
import { PERMISSIONS, STAFF_ROLES } from "../staff-roles.js";
import { LOCALES } from "../i18n/locale.js";

export const AddressAnswer = z.object({
  _id: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  mobile: z.string().optional(),
  email: z.string().optional(),
  streetAddress: z.string().optional(),
  city: z.string().optional(),
  zone: z.string().optional(),
  area: z.string().optional(),
  zipCode: z.string().optional(),
});
export type AddressAnswer = z.infer<typeof AddressAnswer>;

export const UserAnswer = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string(),
  phone: z.string(),
  role: z.enum(["CUSTOMER", "ADMIN"]),
  isAdmin: z.boolean(),
  isOTPVerified: z.boolean(),
  authProvider: z.enum(["local", "google"]),
  addresses: z.array(AddressAnswer),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type UserAnswer = z.infer<typeof UserAnswer>;

export const AuthAnswer = z.object({
  jwt: z.string(),
  message: z.string(),
  requireOTPVerification: z.boolean(),
});
export type AuthAnswer = z.infer<typeof AuthAnswer>;

export const OtpSendAnswer = z.object({ message: z.string(), expiresIn: z.number() });
export const OtpVerifiedAnswer = z.object({ verified: z.literal(true) });
/** A password change revokes older tokens: the answer carries this session's new one. */
export const PasswordChangedAnswer = MessageAnswer.extend({ jwt: z.string() });
/** Any staff member is admin-verified; the answer says the role and what it may do. */
export const AdminCheckAnswer = z.object({
  isAdmin: z.literal(true),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** The language this staff member chose for the back office (English until they choose). */
  adminLocale: z.enum(LOCALES),
});
export type AdminCheckAnswer = z.infer<typeof AdminCheckAnswer>;

export const CustomerListAnswer = pageOf("customers", UserAnswer);
export type CustomerListAnswer = z.infer<typeof CustomerListAnswer>;
