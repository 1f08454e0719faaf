/**
 * The advance delivery charge of a cash-on-delivery order (docs/cod.md, "Advance delivery charge"):
 * when a shop rule matches, the delivery charge is paid online before the order counts as placed
 * and the rest is collected on delivery. Shared by the server (quote, placement, payments,
 * dashboard) and the screens (checkout, order pages, invoice), so both split an order the same way.
 * Free of zod.
 */
import {
  ONLINE_PAYMENT_METHOD_NAMES,
  ONLINE_PAYMENT_METHODS,
  type OnlinePaymentMethod,
} from "./payment-methods.js";

/** Why the delivery charge is paid in advance: the shop settings' rules that matched. */
export const ADVANCE_RULES = [
  "outsideDhaka",
  "riskyNumber",
  "aboveAmount",
  "courierRecord",
] as const;
export type AdvanceRule = (typeof ADVANCE_RULES)[number];

/**
 * The rules read from the number's history (the shop's, or the couriers' record of it): the back
 * office sees them, the shopper never does (docs/cod.md, "What a number reveals").
 */
export const NUMBER_ADVANCE_RULES = ["riskyNumber", "courierRecord"] as const;
export type ShopperAdvanceRule = Exclude<AdvanceRule, (typeof NUMBER_ADVANCE_RULES)[number]>;
export const isShopperAdvanceRule = (reason: AdvanceRule): reason is ShopperAdvanceRule =>
  !(NUMBER_ADVANCE_RULES as readonly AdvanceRule[]).includes(reason);

/**
 * The code of the placement's refusal when a cash-on-delivery order must pay its delivery charge
 * in advance and no (or no offered) gateway was chosen: the checkout then shows the advance panel.
 */
export const ADVANCE_REQUIRED_CODE = "ADVANCE_REQUIRED";

/** The gateways an advance can be paid with: every online method. */
export const ADVANCE_METHODS = ONLINE_PAYMENT_METHODS;
export type AdvanceMethod = OnlinePaymentMethod;

/** PENDING until the gateway confirms the payment, then PAID. */
export const ADVANCE_STATUSES = ["PENDING", "PAID"] as const;

// The answers' zod schemas live in schemas/advance-delivery-charge.ts: a page that only splits an
// order (its payment parts) then loads no zod.
export type {
  AdvanceDeliveryChargeAnswer,
  AdvanceQuoteAnswer,
} from "./schemas/advance-delivery-charge.js";

/** The order fields the split reads. */
export interface SplittableOrder {
  paymentMethod: string;
  totalDiscountedPrice: number;
  advanceDeliveryCharge?: { amount: number; status: string } | null;
}

/**
 * How an order's total is paid: `paidOnline` (the advance once paid, or the whole total of an
 * online order) and `collectOnDelivery` (what the rider collects: the total minus what was paid
 * online, 0 for an online order). Only a PAID advance is taken off: an order the shop moved on
 * while its advance was still unpaid is collected in full, or the courier would be asked for too
 * little. `advance` is the amount asked in advance, paid or not.
 */
export function paymentSplit(order: SplittableOrder): {
  paidOnline: number;
  collectOnDelivery: number;
  advance: number;
} {
  if (order.paymentMethod !== "COD")
    return { paidOnline: order.totalDiscountedPrice, collectOnDelivery: 0, advance: 0 };
  const advance = order.advanceDeliveryCharge?.amount ?? 0;
  const paidOnline = order.advanceDeliveryCharge?.status === "PAID" ? advance : 0;
  return { paidOnline, collectOnDelivery: order.totalDiscountedPrice - paidOnline, advance };
}

/** Shopper-facing names of the gateways. */
export const ADVANCE_METHOD_LABELS: Record<AdvanceMethod, string> = ONLINE_PAYMENT_METHOD_NAMES;
