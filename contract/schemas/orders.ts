import { z } from "zod";
import { numeric, Postcode } from "../numeric.js";
import { ADVANCE_METHODS } from "../advance-delivery-charge.js";
import type { ORDER_STATUSES } from "../order-status.js";
import { ADMIN_CANCELLED_BY, PAYMENT_METHODS, PAYMENT_STATUSES } from "../order-status.js";
import { BdMobile } from "../phone.js";
import { normalizeOrderNumber, ORDER_NUMBER_MESSAGE } from "../order-number.js";
import { OtpVerifyBody } from "./auth.js";
import { TERMS_NOT_ACCEPTED_MESSAGE } from "../checkout-refusals.js";
import { PageQuery } from "./common.js";
import { LocaleField } from "./i18n.js";
import { ONLY_CANCELLATION_SAYS_WHO, OrderFilterFields } from "./order-desk.js";

// The checkout page reads these without zod (checkout-refusals.ts).
export {
  PHONE_CONFIRMATION_REQUIRED_CODE,
  PHONE_CONFIRMATION_REQUIRED_MESSAGE,
  TERMS_NOT_ACCEPTED_CODE,
  TERMS_NOT_ACCEPTED_MESSAGE,
} from "../checkout-refusals.js";

const Text = (max: number) => z.string().trim().max(max);

/**
 * Where the parcel goes, as ids of the district and thana lists (`dhaka`, `dhaka/dhanmondi`;
 * docs/locations.md). Optional, so an older page or API client that sends only a city name still
 * places its order: the server then finds the district from `city` (and the thana from `zone`).
 * The server refuses an id it does not know and a thana outside the district.
 */
const PlaceIds = {
  districtId: z.string().trim().max(64).optional(),
  thanaId: z.string().trim().max(128).optional(),
};

export const ShippingAddressBody = z.object({
  firstName: Text(80).min(1, "First name is required"),
  lastName: Text(80).optional().default(""),
  mobile: BdMobile,
  email: z.union([z.email("Enter a valid email address").max(200), z.literal("")]).optional(),
  streetAddress: Text(220).min(5, "Street address is required"),
  city: Text(80).min(1, "City is required"),
  zone: Text(80).optional(),
  area: Text(80).optional(),
  zipCode: Postcode.optional(),
  ...PlaceIds,
});

export const PlaceOrderBody = z.object({
  shippingAddress: ShippingAddressBody,
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** Cash on delivery whose delivery charge must be paid in advance: the gateway for it. */
  advancePaymentMethod: z.enum(ADVANCE_METHODS).optional(),
  note: Text(500).optional(),
  locale: LocaleField,
  /**
   * The one-time code sent to the delivery phone, when the shop's COD rule asks for it (a 428
   * `PHONE_CONFIRMATION_REQUIRED` says so; docs/cod.md).
   */
  phoneCode: OtpVerifyBody.shape.otp.optional(),
  /**
   * The shopper ticked "I accept the terms" (the shop's terms page): required, and the order
   * records the terms page's version in force (`termsAcceptedVersion`).
   */
  termsAccepted: z.literal(true, { error: TERMS_NOT_ACCEPTED_MESSAGE }),
});

/**
 * The quote is anonymous: where the order goes, never who it is for (a mobile sent by an older
 * page is dropped), so it tells nobody anything about a number (docs/cod.md).
 */
export const QuoteBody = z.object({
  shippingAddress: z.object({
    city: Text(80).min(1, "City is required"),
    zone: Text(80).optional(),
    ...PlaceIds,
  }),
});

export const IdParams = z.object({ id: z.string().min(1).max(64) });
export const OrderIdParams = z.object({ orderId: z.string().min(1).max(64) });

/**
 * Guest tracking: the mobile used at checkout (either digit script; a number that cannot be a
 * Bangladeshi mobile is a 400 saying why, whatever the order) or the confirmation's token.
 */
export const TrackQuery = z.object({
  phone: BdMobile.optional(),
  token: z.string().max(200).optional(),
});

export const ReadOrderQuery = z.object({ token: z.string().max(200).optional() });

/** Admin path segments; "canceled" (the storefront's spelling) is accepted too. */
export const AdminStatusParams = z.object({
  id: z.string().min(1).max(64),
  status: z
    .enum([
      "placed",
      "confirmed",
      "shipped",
      "delivered",
      "cancelled",
      "canceled",
      "returning",
      "returned",
    ])
    .transform(
      (value) =>
        (value === "canceled"
          ? "CANCELLED"
          : value.toUpperCase()) as (typeof ORDER_STATUSES)[number],
    ),
});

/**
 * The admin's move: a cancellation may say who caused it (docs/cod.md, "Customer history and
 * risk"); the customer's counts against the number, the shop's (the default) does not.
 */
export const AdminMoveBody = z.strictObject({
  cancelledBy: z.enum(ADMIN_CANCELLED_BY).optional(),
});

export { ONLY_CANCELLATION_SAYS_WHO };

/** The orders list: its filters (a queue among them; docs/order-desk.md) and a page. */
export const AdminOrdersQuery = z.object({ ...OrderFilterFields, ...PageQuery });

/** The back office's payments list: filters (any letter case) and a page. */
export const PaymentListQuery = z.object({
  status: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(PAYMENT_STATUSES))
    .optional(),
  method: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(PAYMENT_METHODS))
    .optional(),
  search: z.string().max(100).optional(),
  ...PageQuery,
});

export const PathaoIdParams = z.object({ id: numeric(z.number().int().min(1)) });

export const PricePlanBody = z.object({
  city: Text(80).min(1),
  zone: Text(80).optional(),
  subtotal: numeric(z.number().min(0).optional()),
});

export const PathaoWebhookBody = z.looseObject({
  event: z.string().max(80).optional(),
  consignment_id: z.coerce.string().max(64).optional(),
  merchant_order_id: z.coerce.string().max(64).optional(),
  /** On `order.delivered`: the cash the courier collected, taka (a number or a numeric text). */
  collected_amount: z
    .union([z.number(), z.string().max(32)])
    .nullable()
    .optional(),
});

/** The zod field for an order number a shopper typed: yields TW-YYMMDD-XXXX. */
export const OrderNumber = z
  .string()
  .max(40, ORDER_NUMBER_MESSAGE)
  .transform((value, ctx) => {
    const number = normalizeOrderNumber(value);
    if (number) return number;
    ctx.addIssue({ code: "custom", message: ORDER_NUMBER_MESSAGE });
    return z.NEVER;
  });
