import { z } from "zod";
import { IdParams, PageQuery } from "./common.js";
import { BdMobile, OptionalBdMobile } from "../phone.js";
import { toAsciiDigits } from "../i18n/digits.js";
import { Postcode } from "../numeric.js";
import { LocaleField } from "./i18n.js";

/** Inputs and answers of /auth/* and /api/users/*. */

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email("Enter a valid email address"));

/** bcrypt reads only the first 72 bytes: a longer password is refused rather than silently cut. */
export const MAX_PASSWORD_BYTES = 72;

export const NewPassword = z
  .string()
  .min(8, "Password must have at least 8 characters")
  .max(128, "Password must have at most 128 characters")
  .refine((value) => new TextEncoder().encode(value).length <= MAX_PASSWORD_BYTES, {
    message: "Password must be at most 72 bytes (72 English letters; Bangla letters take 3 each)",
  });

const Name = z.string().trim().max(80);

export const ObjectIdParam = IdParams;

export const SignupBody = z.object({
  firstName: Name.min(1, "First name is required"),
  lastName: Name.default(""),
  email: Email,
  password: NewPassword,
  mobile: OptionalBdMobile.optional(),
});

export const SigninBody = z.object({
  email: Email,
  password: z.string().min(1, "Password is required").max(128),
});

// `locale`: the language of the SMS (English when absent).
export const OtpSendBody = z.object({ phone: BdMobile, locale: LocaleField });

export const OtpVerifyBody = z.object({
  phone: BdMobile,
  // A code typed on a Bangla keyboard (১২৩৪৫৬) is the same code.
  otp: z
    .string()
    .trim()
    .transform(toAsciiDigits)
    .pipe(z.string().regex(/^\d{6}$/, "The code has 6 digits")),
});

export const UpdatePhoneBody = z.object({ phone: BdMobile });

/** `locale`: the language of the page that starts the sign-in (its callback screen speaks it). */
export const GoogleStartQuery = z.object({
  redirect: z.string().max(500).optional(),
  locale: LocaleField,
});

export const GoogleCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

export const AddressInput = z.object({
  _id: z
    .string()
    .regex(/^[a-f\d]{24}$/i)
    .optional(),
  firstName: Name.optional(),
  lastName: Name.optional(),
  mobile: OptionalBdMobile.optional(),
  email: z.union([z.literal(""), Email]).optional(),
  streetAddress: z.string().trim().max(300).optional(),
  city: z.string().trim().max(80).optional(),
  zone: z.string().trim().max(80).optional(),
  area: z.string().trim().max(80).optional(),
  zipCode: Postcode.optional(),
});

export const ProfileUpdateBody = z.object({
  firstName: Name.min(1, "First name is required").optional(),
  lastName: Name.optional(),
  email: Email.optional(),
  mobile: OptionalBdMobile.optional(),
  addresses: z.array(AddressInput).max(10, "At most 10 addresses").optional(),
});

export const ChangePasswordBody = z.object({
  // Optional only for accounts without a password yet (created with Google).
  currentPassword: z.string().max(128).optional(),
  newPassword: NewPassword,
});

export const CustomerListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  role: z.enum(["CUSTOMER", "ADMIN"]).optional(),
  ...PageQuery,
});

export const CustomerUpdateBody = z.object({
  firstName: Name.min(1, "First name is required").optional(),
  lastName: Name.optional(),
  email: Email.optional(),
  mobile: OptionalBdMobile.optional(),
  role: z.enum(["CUSTOMER", "ADMIN"]).optional(),
  isOTPVerified: z.boolean().optional(),
});

export const ResetPasswordBody = z.object({ newPassword: NewPassword });
