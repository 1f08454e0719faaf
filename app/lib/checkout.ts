import type { z } from "zod";
import type { ShippingAddressBody } from "#contract/schemas/orders";
import { readCustomerInfo, saveCustomerInfo, type CustomerInfo } from "~/lib/tracking";

/**
 * The checkout's address form: every field as typed, or as chosen in the district and thana
 * pickers (`city` and `zone` are then the district's and thana's English names, beside their ids).
 * The form is checked with the API's own ShippingAddressBody (~/lib/storefront-schemas,
 * CheckoutAddressForm), which also normalises the mobile number.
 */
export type CheckoutAddress = {
  firstName: string;
  lastName: string;
  mobile: string;
  email: string;
  streetAddress: string;
  city: string;
  zone: string;
  area: string;
  zipCode: string;
  /** The district's id (`dhaka`), "" until one is chosen. */
  districtId: string;
  /** The thana's id (`dhaka/dhanmondi`), "" until one is chosen. */
  thanaId: string;
};

/** The address as the API takes it (ShippingAddressBody's output: mobile as 01XXXXXXXXX). */
export type ShippingAddress = z.output<typeof ShippingAddressBody>;

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
  districtId: "",
  thanaId: "",
};

/** The message shown under each field (the schema's, per field). */
export type FieldErrors = Partial<Record<keyof CheckoutAddress | "root", string>>;

/**
 * The guest or selected address kept in browser storage; country is always Bangladesh. An address
 * stored before the district and thana pickers has no ids (the checkout finds them: withPickedPlace
 * in app/components/checkout/checkout-form.ts).
 */
export type StoredAddress = CustomerInfo & {
  streetAddress?: string;
  zone?: string;
  area?: string;
  districtId?: string;
  thanaId?: string;
  country?: "Bangladesh";
};

/** Any address-like record as the checkout form holds it: every field a string ("" when absent). */
export function toCheckoutAddress(
  source: Partial<Record<keyof CheckoutAddress, string | null>>,
): CheckoutAddress {
  const address = { ...EMPTY_ADDRESS };
  for (const field of Object.keys(EMPTY_ADDRESS) as (keyof CheckoutAddress)[])
    address[field] = source[field] ?? "";
  return address;
}

/** The stored address as it was kept (one kept before the pickers has no ids: `withPickedPlace`). */
export function readStoredAddress(): CheckoutAddress {
  const info = readCustomerInfo() as StoredAddress;
  return toCheckoutAddress({ ...info, mobile: info.mobile ?? info.phoneNumber ?? info.phone });
}

export function storeAddress(
  address: ShippingAddress,
  who: { userId?: string; isGuestCheckout: boolean },
) {
  const previous = readCustomerInfo();
  const stored: StoredAddress = {
    ...(who.userId ? { userId: who.userId } : {}),
    ...(!who.userId && previous.userId && !who.isGuestCheckout ? { userId: previous.userId } : {}),
    firstName: address.firstName,
    lastName: address.lastName,
    mobile: address.mobile,
    phoneNumber: address.mobile,
    email: address.email ?? "",
    streetAddress: address.streetAddress,
    city: address.city,
    zone: address.zone ?? "",
    area: address.area ?? "",
    zipCode: address.zipCode ?? "",
    districtId: address.districtId ?? "",
    thanaId: address.thanaId ?? "",
    isGuestCheckout: who.isGuestCheckout,
    country: "Bangladesh",
  };
  saveCustomerInfo(stored);
}

/** The last placed order, so the confirmation screen can show it at once (and guests their token). */
export const LAST_ORDER_KEY = "lastOrder";
