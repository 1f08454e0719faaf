/**
 * Orders staff enter for a customer who ordered by phone, Messenger, Instagram, WhatsApp or in
 * person (docs/order-desk.md, "Orders from every channel"), and the paste box that reads a
 * customer's contact out of a message.
 */
import { z } from "zod";
import { ADVANCE_METHODS } from "../advance-delivery-charge.js";
import { AdminOrderAnswer } from "../answers/orders.js";
import { MAX_LINE_QUANTITY } from "../order-caps.js";
import { STAFF_ORDER_SOURCES } from "../order-sources.js";
import { PAYMENT_METHODS } from "../order-status.js";
import { BdMobile } from "../phone.js";
import { OtpVerifyBody } from "./auth.js";
import { LocaleField } from "./i18n.js";
import { ShippingAddressBody } from "./orders.js";

const address = ShippingAddressBody.shape;

/** Most lines one staff order may name (the shop's caps apply on top, as at the checkout). */
export const MAX_STAFF_ORDER_LINES = 20;

export const StaffOrderLineBody = z.object({
  productId: z.string().trim().min(1).max(64),
  color: z.string().trim().min(1).max(50),
  size: z.string().trim().min(1).max(20),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});
export type StaffOrderLineBody = z.infer<typeof StaffOrderLineBody>;

/**
 * One key per fill of the new-order form (docs/order-desk.md, "One order per submission"): the
 * same key again, a double tap or a retry after a lost answer, gets the order it made, not another.
 */
export const IdempotencyKey = z
  .string()
  .regex(
    /^[\w-]{16,64}$/,
    "Send a new random key (16 to 64 letters, digits, - or _) per order form",
  );

/** A fresh key: 128 random bits in hex (getRandomValues works on a plain-http page too). */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export const IDEMPOTENCY_KEY_REUSED_CODE = "IDEMPOTENCY_KEY_REUSED";
export const idempotencyKeyReusedMessage = (orderNumber: string) =>
  `This form already created order ${orderNumber} with other details: find it in the orders list, or open New order again for another order`;

export const StaffOrderBody = z.object({
  /** The form fill's key: a request repeated with it answers the order it made. */
  idempotencyKey: IdempotencyKey,
  customer: z.object({
    name: address.firstName,
    mobile: BdMobile,
    email: address.email,
  }),
  /** Where the parcel goes: the district and thana ids the checkout's pickers send. */
  address: z.object({
    districtId: z.string().trim().min(1, "Choose the district").max(64),
    thanaId: z.string().trim().max(128).optional(),
    streetAddress: address.streetAddress,
    area: address.area,
    zipCode: address.zipCode,
  }),
  lines: z.array(StaffOrderLineBody).min(1, "Add at least one item").max(MAX_STAFF_ORDER_LINES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** Cash on delivery whose delivery charge the rules ask in advance: the gateway for it. */
  advancePaymentMethod: z.enum(ADVANCE_METHODS).optional(),
  note: z.string().trim().max(500).optional(),
  source: z.enum(STAFF_ORDER_SOURCES),
  /** The customer's language: their SMS (and the payment page the link opens) use it. */
  locale: LocaleField,
  /**
   * Where the shop's rules ask a cash-on-delivery order for a confirmed phone, staff either read
   * back the one-time code the customer received (`phoneCode`), or say they spoke with the
   * customer on that very number (`phoneConfirmedByCall`); docs/order-desk.md.
   */
  phoneCode: OtpVerifyBody.shape.otp.optional(),
  phoneConfirmedByCall: z.boolean().optional(),
});
export type StaffOrderBody = z.infer<typeof StaffOrderBody>;

/** The paste box reads at most this many characters: a message, not a document. */
export const MAX_PASTED_CONTACT_LENGTH = 2_000;

export const ParseContactBody = z.object({
  text: z.string().max(MAX_PASTED_CONTACT_LENGTH),
});

/** What the paste box found; a field it did not find is absent. Staff check every one. */
export const ParsedContactAnswer = z.object({
  name: z.string().optional(),
  /** 01XXXXXXXXX, whatever form and digits the message wrote it in. */
  mobile: z.string().optional(),
  email: z.string().optional(),
  districtId: z.string().optional(),
  thanaId: z.string().optional(),
  /** The address's remaining text, for the street address field. */
  streetAddress: z.string().optional(),
});
export type ParsedContactAnswer = z.infer<typeof ParsedContactAnswer>;

/**
 * The staff order as the back office receives it: the order, and whether an SMS asked the customer
 * to pay online (the advance or the whole total) with a link to the payment page.
 */
export const StaffOrderAnswer = AdminOrderAnswer.extend({
  paymentRequested: z.boolean(),
});
export type StaffOrderAnswer = z.infer<typeof StaffOrderAnswer>;
