/**
 * Saved checkouts and the call list (docs/call-list.md): what the checkout sends once the shopper
 * has typed a valid mobile, and what the staff read and write about it.
 */
import { z } from "zod";
import { BdMobile } from "../phone.js";
import { CartLine } from "../answers/cart.js";
import { numeric } from "../numeric.js";
import { PageQuery } from "./common.js";
import { LocaleField } from "./i18n.js";
import { ShippingAddressBody } from "./orders.js";

const Text = (max: number) => z.string().trim().max(max);

/**
 * The fields typed so far; only the mobile must be complete. Every field is bounded like the
 * order's own, so a saved checkout is never larger than an order's address and note.
 */
export const IncompleteCheckoutBody = z.object({
  shippingAddress: z.object({
    mobile: BdMobile,
    firstName: Text(80).optional(),
    lastName: Text(80).optional(),
    email: Text(200).optional(),
    streetAddress: Text(220).optional(),
    districtId: Text(64).optional(),
    thanaId: Text(128).optional(),
    area: Text(80).optional(),
  }),
  note: Text(500).optional(),
  locale: LocaleField,
});
export type IncompleteCheckoutBody = z.output<typeof IncompleteCheckoutBody>;

/** What a call to the shopper came to. */
export const CALL_OUTCOMES = [
  "no-answer",
  "call-back",
  "will-order",
  "not-interested",
  "wrong-number",
  "switched-off",
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  "no-answer": "No answer",
  "call-back": "Call back",
  "will-order": "Will order",
  "not-interested": "Not interested",
  "wrong-number": "Wrong number",
  "switched-off": "Switched off",
};

export const CALL_NOTE_MAX = 500;

export const CallBody = z.object({
  outcome: z.enum(CALL_OUTCOMES, { error: "Choose what the call came to" }),
  note: Text(CALL_NOTE_MAX).default(""),
});
export type CallBody = z.output<typeof CallBody>;

/** Turning a saved checkout into a cash-on-delivery order: the address as the staff completed it. */
export const ConvertCheckoutBody = z.object({
  shippingAddress: ShippingAddressBody,
  note: Text(500).optional(),
});
export type ConvertCheckoutBody = z.input<typeof ConvertCheckoutBody>;

export const IncompleteCheckoutsQuery = z.object(PageQuery);

export const CallAnswer = z.object({
  outcome: z.enum(CALL_OUTCOMES),
  note: z.string(),
  at: z.string(),
  by: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
});
export type CallAnswer = z.output<typeof CallAnswer>;

export const IncompleteCheckoutAnswer = z.object({
  _id: z.string(),
  phone: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  streetAddress: z.string(),
  districtId: z.string(),
  thanaId: z.string(),
  area: z.string(),
  note: z.string(),
  locale: z.string(),
  /** The cart's lines priced now (a line whose product is gone is left out). */
  lines: z.array(CartLine),
  /** Goods at today's prices, after product discounts and the cart's promo code. */
  total: z.number(),
  calls: z.array(CallAnswer),
  smsSentAt: z.string().nullable(),
  smsCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
});
export type IncompleteCheckoutAnswer = z.output<typeof IncompleteCheckoutAnswer>;

export const IncompleteCheckoutPage = z.object({
  checkouts: z.array(IncompleteCheckoutAnswer),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type IncompleteCheckoutPage = z.output<typeof IncompleteCheckoutPage>;

export const RecoverySmsAnswer = z.object({ smsSentAt: z.string(), smsCount: z.number() });
export type RecoverySmsAnswer = z.output<typeof RecoverySmsAnswer>;

export const RecoveredSummaryQuery = z.object({
  /** Days back from now; default 30. */
  days: numeric(z.number().int().min(1).max(365).default(30)),
});

/** The dashboard's figure: orders that came from the call list and what they are worth. */
export const RecoveredSummaryAnswer = z.object({
  days: z.number(),
  open: z.number(),
  orders: z.number(),
  revenue: z.number(),
  converted: z.number(),
});
export type RecoveredSummaryAnswer = z.output<typeof RecoveredSummaryAnswer>;
