import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useNavigate } from "react-router";
import { refreshCart } from "~/components/cart/cart-context";
import { useLocale, useLocalizedPath } from "~/lib/i18n/i18n";
import { api, ApiError, errorMessage, getToken } from "~/lib/api-client";
import { LAST_ORDER_KEY, storeAddress } from "~/lib/checkout";
import { checkWith, schemaOrNetworkError, serverFieldErrors } from "~/lib/form-validation";
import { trackAddPaymentInfo, trackPurchase, type TrackableOrder } from "~/lib/tracking";
import type { AdvanceQuoteAnswer } from "#contract/advance-delivery-charge";
import {
  ADDRESS_FIELDS,
  addressOf,
  advanceMethodOf,
  asksForAdvance,
  focusField,
  type CheckoutValues,
} from "./checkout-form";
import {
  PHONE_CONFIRMATION_REQUIRED_CODE,
  TERMS_NOT_ACCEPTED_MESSAGE,
} from "#contract/checkout-refusals";
import { TERMS_CHECKBOX_ID } from "./terms-consent";

/**
 * The address form's schema (the API's own, zod), fetched when the shopper first fills in the form
 * (`prefetchAddressForm`) or, at the latest, when they place the order: zod stays out of the
 * checkout's first scripts.
 */
const loadAddressForm = () =>
  import("~/lib/storefront-schemas").then((schemas) => schemas.CheckoutAddressForm);
export const prefetchAddressForm = () => void loadAddressForm().catch(() => undefined);

/** A cash-on-delivery order waiting for its phone's one-time code (phone-confirmation.tsx). */
export interface PhoneCodeState {
  phone: string;
  code: string;
}

export type PlacingState =
  | { status: "idle" | "placing" | "redirecting" }
  | { status: "error"; message: string; code?: string };

/** The message when the order call got no answer in time but the cart is now empty. */
export const PROBABLY_PLACED =
  "We did not hear back in time, but your cart is now empty: your order was most likely placed. We will send you an SMS with the order number.";

/**
 * Places the order: checks the address with the API's own rules (no call when they fail), remembers
 * it, sends add_payment_info, POST /api/orders, then the confirmation screen (cash on delivery, with
 * purchase) or the payment gateway. The server's field messages go on the fields too.
 */
export function usePlaceOrder(
  form: UseFormReturn<CheckoutValues>,
  {
    userId,
    total,
    advance,
    onAdvanceAsked,
  }: {
    userId: string | undefined;
    total: number;
    /** The advance delivery charge cash on delivery asks (the quote's, or the one asked at placement). */
    advance: AdvanceQuoteAnswer | undefined;
    /** The placement asked an advance the checkout did not show, for this (normalised) mobile. */
    onAdvanceAsked: (mobile: string) => void;
  },
) {
  const navigate = useNavigate();
  // The order's language: its SMS and emails are written in the language of the page it came from.
  const locale = useLocale();
  const localizedPath = useLocalizedPath();
  const [placing, setPlacing] = useState<PlacingState>({ status: "idle" });
  const [phoneCode, setPhoneCode] = useState<PhoneCodeState | null>(null);

  function showFieldErrors(errors: Record<string, string>) {
    for (const [field, message] of Object.entries(errors))
      form.setError(field as keyof CheckoutValues, { message });
    focusField(Object.keys(errors)[0]);
  }

  async function placeOrder(values: CheckoutValues) {
    form.clearErrors();
    // The API's own rules and messages (ShippingAddressBody, with the district and thana required);
    // the mobile number comes out normalised.
    const schema = await schemaOrNetworkError(loadAddressForm, (message) =>
      setPlacing({ status: "error", message }),
    );
    if (!schema) return;
    const checked = checkWith(schema, addressOf(values), ADDRESS_FIELDS);
    if (!values.termsAccepted)
      form.setError("termsAccepted", { message: TERMS_NOT_ACCEPTED_MESSAGE });
    if (!checked.ok) {
      showFieldErrors(checked.errors);
      return;
    }
    if (!values.termsAccepted) {
      document.getElementById(TERMS_CHECKBOX_ID)?.focus();
      return;
    }
    setPlacing({ status: "placing" });
    const address = checked.value;
    const method = values.paymentMethod;
    const note = values.note.trim();
    const signedIn = Boolean(getToken());
    storeAddress(address, { userId, isGuestCheckout: !signedIn });
    trackAddPaymentInfo(method, total);
    try {
      const order = await api.orders.create(
        {
          shippingAddress: {
            firstName: address.firstName,
            lastName: address.lastName,
            mobile: address.mobile,
            ...(address.email ? { email: address.email } : {}),
            streetAddress: address.streetAddress,
            city: address.city,
            zipCode: address.zipCode ?? "",
            ...(address.zone ? { zone: address.zone } : {}),
            ...(address.area ? { area: address.area } : {}),
            ...(address.districtId ? { districtId: address.districtId } : {}),
            ...(address.thanaId ? { thanaId: address.thanaId } : {}),
          },
          paymentMethod: method,
          ...(method === "COD" && advance
            ? { advancePaymentMethod: advanceMethodOf(advance, values.advancePaymentMethod) }
            : {}),
          ...(note ? { note } : {}),
          locale,
          termsAccepted: true,
          // The code sent to this delivery phone, once the shop asked for one.
          ...(method === "COD" && phoneCode?.phone === address.mobile && phoneCode.code
            ? { phoneCode: phoneCode.code }
            : {}),
        },
        { guest: !signedIn },
      );
      try {
        window.sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(order));
      } catch {
        // the confirmation screen loads the order from the API instead
      }
      void refreshCart();
      const tokenQuery = order.trackingToken
        ? `&token=${encodeURIComponent(order.trackingToken)}`
        : "";
      // Cash on delivery whose delivery charge is paid first goes to the gateway like an online order.
      const awaitsAdvance = order.orderStatus === "PENDING" && Boolean(order.advanceDeliveryCharge);
      if (method === "COD" && !awaitsAdvance) {
        trackPurchase(order as TrackableOrder);
        navigate(
          localizedPath(
            `/order-confirmation?orderId=${order._id}${tokenQuery}${signedIn ? "" : "&guest=true"}`,
          ),
        );
        return;
      }
      setPlacing({ status: "redirecting" });
      const { gatewayUrl } = await api.payment.start(order._id, { guest: !signedIn });
      window.location.assign(gatewayUrl);
    } catch (error) {
      // The shop wants this phone confirmed: the code field appears, the order waits for it.
      if (error instanceof ApiError && error.code === PHONE_CONFIRMATION_REQUIRED_CODE) {
        setPhoneCode({ phone: address.mobile, code: "" });
        setPlacing({ status: "idle" });
        return;
      }
      // An advance for this number that the anonymous quote could not show: the panel appears
      // with the refusal, and the next press pays it.
      if (method === "COD" && !advance && asksForAdvance(error)) onAdvanceAsked(address.mobile);
      // The server's field messages (a rule only it can check) go on the address fields too.
      const fieldErrors = serverFieldErrors(error, ADDRESS_FIELDS, "shippingAddress.");
      if (Object.keys(fieldErrors).length > 0) showFieldErrors(fieldErrors);
      // No answer in time: the order may still have been placed. The cart tells: empty means it was.
      const timedOut = error instanceof ApiError && error.status === 0;
      const cartAfter = timedOut ? await refreshCart() : null;
      setPlacing({
        status: "error",
        message:
          cartAfter && cartAfter.cartItems.length === 0 ? PROBABLY_PLACED : errorMessage(error),
        code: error instanceof ApiError ? error.code : undefined,
      });
    }
  }

  const setCode = (code: string) => setPhoneCode((state) => (state ? { ...state, code } : state));
  return { placing, placeOrder, phoneCode, setPhoneCode: setCode };
}
