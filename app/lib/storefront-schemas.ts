/**
 * Form schemas of the storefront: the API's own schemas (contract/, free of mongoose), used as
 * they are or narrowed with `.pick()` / widened with `.extend()` for fields only the form has (a
 * repeated password). So a form accepts what the server accepts, normalises the same way (mobile
 * numbers), and shows the server's messages. It brings zod, so the form routes import it when a
 * form is first touched (app/lib/schema-on-first-use.ts; its chunk is one of the build's `on-tap-`
 * chunks, vite.config.ts). The bulk t-shirt form loads CreateTshirtOrderBody from the contract the
 * same way (kept out of the other form routes' chunks).
 */
import { z } from "zod";
import {
  ChangePasswordBody,
  OtpSendBody,
  OtpVerifyBody,
  ProfileUpdateBody,
  SigninBody,
  SignupBody,
} from "#contract/schemas/auth";
import { OrderNumber, ShippingAddressBody } from "#contract/schemas/orders";
import { BdMobile, MOBILE_MESSAGES, normalizeBdMobile } from "#contract/phone";

export { BdMobile, MOBILE_MESSAGES, normalizeBdMobile };
export { OtpSendBody, OtpVerifyBody, ShippingAddressBody };

/** The one message of the storefront that has no server side: a repeated password that differs. */
export const PASSWORDS_DIFFER_MESSAGE = "The passwords do not match";

/** Sign-in: POST /auth/signin's body. */
export const LoginForm = SigninBody;

/** Sign-up: POST /auth/signup's body plus the repeated password. */
export const RegisterForm = SignupBody.extend({ confirmPassword: z.string() }).refine(
  (values) => values.password === values.confirmPassword,
  { path: ["confirmPassword"], message: PASSWORDS_DIFFER_MESSAGE },
);

/** /account profile: the name and email fields of PUT /api/users/profile (all sent, so all checked). */
export const ProfileForm = ProfileUpdateBody.pick({ firstName: true, lastName: true, email: true });

/** /account password change: POST /api/users/change-password's body plus the repeated password. */
export const PasswordForm = ChangePasswordBody.extend({ confirmPassword: z.string() }).refine(
  (values) => values.newPassword === values.confirmPassword,
  { path: ["confirmPassword"], message: PASSWORDS_DIFFER_MESSAGE },
);

export const CHOOSE_DISTRICT_MESSAGE = "Choose your district";
export const CHOOSE_THANA_MESSAGE = "Choose your thana";

/**
 * The checkout's address: the API's ShippingAddressBody, with the district and the thana required.
 * The server also takes an address with a city name only (older pages and API clients); the
 * checkout's pickers always know both, and every address is in some thana, so the courier and the
 * delivery zone get the most precise place (docs/locations.md, "The checkout's picker"). The
 * pickers fill `city` and `zone` with the chosen names, so those carry the messages.
 */
export const CheckoutAddressForm = ShippingAddressBody.extend({
  city: z.string().trim().max(80).min(1, CHOOSE_DISTRICT_MESSAGE),
  zone: ShippingAddressBody.shape.zone.unwrap().min(1, CHOOSE_THANA_MESSAGE),
});

/**
 * Order tracking (/order/track): the order number and the mobile used at checkout, each typed in
 * either digit script and normalised as the API reads them (the API answers "no order" otherwise).
 */
export const TrackOrderForm = z.object({ orderNumber: OrderNumber, phone: BdMobile });
