/**
 * The checkout's form (react-hook-form): the delivery address as typed, the payment method and the
 * rider's note. The address is checked on submit with the API's own ShippingAddressBody
 * (~/lib/storefront-schemas), which also normalises the mobile number; the parts of the checkout
 * read and write the form through `useFormContext<CheckoutValues>()`.
 */
import type { UseFormSetValue } from "react-hook-form";
import {
  ADVANCE_METHODS,
  ADVANCE_REQUIRED_CODE,
  type AdvanceMethod,
  type AdvanceQuoteAnswer,
} from "#contract/advance-delivery-charge";
import type { Address, PaymentMethod, Quote } from "~/lib/api-client";
import { ApiError } from "~/lib/api-client";
import { EMPTY_ADDRESS, toCheckoutAddress, type CheckoutAddress } from "~/lib/checkout";
import { withPlaceIds } from "~/lib/places";

export type CheckoutValues = CheckoutAddress & {
  paymentMethod: PaymentMethod;
  /** Cash on delivery with the delivery charge paid first: the gateway the shopper picked for it
   * ("" until they pick one); what counts is `advanceMethodOf` it. */
  advancePaymentMethod: AdvanceMethod | "";
  note: string;
  /** "I accept the terms" (unticked until the shopper ticks it). */
  termsAccepted: boolean;
};

export const ADDRESS_FIELDS = Object.keys(EMPTY_ADDRESS) as (keyof CheckoutAddress)[];

export const CHECKOUT_DEFAULTS: CheckoutValues = {
  ...EMPTY_ADDRESS,
  paymentMethod: "COD",
  advancePaymentMethod: "",
  note: "",
  termsAccepted: false,
};

/**
 * The gateway the advance delivery charge is paid with: the shopper's pick while the quote offers it,
 * else the first gateway offered. Derived wherever it is needed (the panel's checked radio, the order
 * sent), so it follows every new quote without being written back into the form.
 */
export function advanceMethodOf(
  advance: AdvanceQuoteAnswer,
  picked: CheckoutValues["advancePaymentMethod"],
): AdvanceMethod {
  return picked && advance.methods.includes(picked) ? picked : advance.methods[0];
}

/**
 * The advance the placement asked for when the quote showed none. The quote answers from the
 * shop's public rules only (it never reads a number's history), so the risky-number rule is first
 * heard of when the order is placed (docs/cod.md, "What a number reveals"). The terms are the
 * quote's own: its delivery charge now, the rest on delivery, with the gateways the payment step
 * offers (the server's order), and no reason named.
 */
export function advanceAskedAtPlacement(
  quote: Quote,
  paymentMethods: readonly PaymentMethod[],
): AdvanceQuoteAnswer | undefined {
  const methods = paymentMethods.filter((method): method is AdvanceMethod =>
    (ADVANCE_METHODS as readonly string[]).includes(method),
  );
  if (methods.length === 0 || quote.deliveryCharge <= 0) return undefined;
  return {
    amount: quote.deliveryCharge,
    collectOnDelivery: quote.total - quote.deliveryCharge,
    reasons: [],
    methods,
  };
}

/** Whether the order was refused for want of a gateway for the advance delivery charge. */
export function asksForAdvance(error: unknown): boolean {
  return error instanceof ApiError && error.code === ADVANCE_REQUIRED_CODE;
}

export function addressOf(values: CheckoutValues): CheckoutAddress {
  const address = { ...EMPTY_ADDRESS };
  for (const field of ADDRESS_FIELDS) address[field] = values[field];
  return address;
}

/** Puts a whole address in the form (a saved one, the one used last time, or an empty one). */
export function setAddress(setValue: UseFormSetValue<CheckoutValues>, address: CheckoutAddress) {
  for (const field of ADDRESS_FIELDS) setValue(field, address[field]);
}

/**
 * An address for the pickers: with its district (and the city as the district's English name),
 * found from the city name when it was written before them (kept in the browser, or saved in the
 * profile, which keeps names only); a city that names no district leaves the place empty, to be
 * chosen again. The thana follows once the district's list is fetched (DistrictAndThana).
 */
export function withPickedPlace(address: CheckoutAddress): CheckoutAddress {
  return { ...address, ...withPlaceIds(address) };
}

/** A saved address of the profile as the form holds it. */
export function fromSaved(address: Address): CheckoutAddress {
  return withPickedPlace(toCheckoutAddress(address));
}

/** The field that shows a message about a place's id: its picker. */
const PICKER_OF: Record<string, string> = { districtId: "city", thanaId: "zone" };

/** Moves the keyboard to the first field with a message. */
export function focusField(field: string | undefined) {
  if (field) document.getElementById(`addr-${PICKER_OF[field] ?? field}`)?.focus();
}
