import { z } from "zod";
import { readCustomerInfo, saveCustomerInfo, type CustomerInfo } from "~/lib/tracking";

/** Bangladeshi mobile: 01[3-9] + 8 digits; +880 / 880 accepted (spaces and dashes ignored). */
export const BD_MOBILE = /^(?:\+?88)?01[3-9]\d{8}$/;

export function normalizeMobile(value: string): string {
  const compact = value.replace(/[\s-]/g, "");
  if (!BD_MOBILE.test(compact)) return compact;
  return compact.replace(/^\+?88/, "");
}

export const MOBILE_MESSAGE = "Enter a Bangladeshi mobile number, e.g. 01712345678";

/** The checkout's address form (the API checks the same rules again). */
export const CheckoutAddressSchema = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(80),
  lastName: z.string().trim().max(80),
  mobile: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .refine((value) => BD_MOBILE.test(value), MOBILE_MESSAGE),
  email: z.union([z.literal(""), z.email("Enter a valid email address").max(200)]),
  streetAddress: z
    .string()
    .trim()
    .min(5, "Street address is required (house, road, area)")
    .max(220),
  city: z.string().trim().min(1, "Choose a city"),
  zone: z.string().trim().max(80),
  area: z.string().trim().max(80),
  zipCode: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || /^\d{4}$/.test(value),
      "Postcodes in Bangladesh have 4 digits",
    ),
});

export type CheckoutAddress = z.input<typeof CheckoutAddressSchema>;

export const EMPTY_ADDRESS: CheckoutAddress = {
  firstName: "",
  lastName: "",
  mobile: "",
  email: "",
  streetAddress: "",
  city: "",
  zone: "",
  area: "",
  zipCode: "",
};

export type FieldErrors = Partial<Record<keyof CheckoutAddress, string>>;

export function validateAddress(
  address: CheckoutAddress,
):
  { ok: true; value: z.output<typeof CheckoutAddressSchema> } | { ok: false; errors: FieldErrors } {
  const result = CheckoutAddressSchema.safeParse(address);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof CheckoutAddress;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The guest or selected address kept in browser storage (spec §3); country is always Bangladesh. */
export type StoredAddress = CustomerInfo & {
  streetAddress?: string;
  zone?: string;
  area?: string;
  country?: "Bangladesh";
};

export function readStoredAddress(): CheckoutAddress {
  const info = readCustomerInfo() as StoredAddress;
  return {
    firstName: info.firstName ?? "",
    lastName: info.lastName ?? "",
    mobile: info.mobile ?? info.phoneNumber ?? info.phone ?? "",
    email: info.email ?? "",
    streetAddress: info.streetAddress ?? "",
    city: info.city ?? "",
    zone: info.zone ?? "",
    area: info.area ?? "",
    zipCode: info.zipCode ?? "",
  };
}

export function storeAddress(
  address: z.output<typeof CheckoutAddressSchema>,
  who: { userId?: string; isGuestCheckout: boolean },
) {
  const previous = readCustomerInfo();
  const stored: StoredAddress = {
    ...(who.userId ? { userId: who.userId } : {}),
    ...(!who.userId && previous.userId && !who.isGuestCheckout ? { userId: previous.userId } : {}),
    firstName: address.firstName,
    lastName: address.lastName,
    mobile: normalizeMobile(address.mobile),
    phoneNumber: normalizeMobile(address.mobile),
    email: address.email,
    streetAddress: address.streetAddress,
    city: address.city,
    zone: address.zone,
    area: address.area,
    zipCode: address.zipCode,
    isGuestCheckout: who.isGuestCheckout,
    country: "Bangladesh",
  };
  saveCustomerInfo(stored);
}

/** The last placed order, so the confirmation screen can show it at once (and guests their token). */
export const LAST_ORDER_KEY = "lastOrder";
