/**
 * The words a shopper or an admin reads for a status code, in English: one table for the
 * storefront (which shows them in the page's language: the English word is the catalogue's
 * message id, app/lib/i18n/status-words.ts), the back office and the tests. Codes such as PLACED
 * or SCREEN never reach a screen as they are.
 */
import type { OrderStatus, PaymentMethod, PaymentStatus } from "./order-status.js";
import { ONLINE_PAYMENT_METHOD_NAMES } from "./payment-methods.js";
import type { PrintType, TshirtOrderStatus } from "./tshirt-order-status.js";

export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  PENDING: "Awaiting payment",
  PLACED: "Order placed",
  CONFIRMED: "Confirmed",
  SHIPPED: "Shipped",
  DELIVERED: "Delivered",
  CANCELLED: "Cancelled",
  RETURNING: "Returning to the shop",
  RETURNED: "Returned to the shop",
};

export const PAYMENT_STATUS_WORDS: Record<PaymentStatus, string> = {
  PENDING: "Awaiting payment",
  COMPLETED: "Paid",
  FAILED: "Failed",
  CANCELLED: "Cancelled",
  REFUNDED: "Refunded",
};

/** The gateways' names are names; cash on delivery is words. */
export const PAYMENT_METHOD_WORDS: Record<PaymentMethod, string> = {
  COD: "Cash on delivery",
  ...ONLINE_PAYMENT_METHOD_NAMES,
};

export const PRINT_TYPE_WORDS: Record<PrintType, string> = {
  SCREEN: "Screen print",
  DTF: "DTF (full colour)",
  EMBROIDERY: "Embroidery",
  NONE: "Plain, no print",
};

/** Bulk t-shirt requests: read in the back office only (English). */
export const TSHIRT_ORDER_STATUS_WORDS: Record<TshirtOrderStatus, string> = {
  NEW: "New request",
  QUOTED: "Quoted",
  CONFIRMED: "Confirmed",
  IN_PRODUCTION: "In production",
  DELIVERED: "Delivered",
  CANCELLED: "Cancelled",
};

/** Other codes the back office shows in a badge. */
const OTHER_WORDS: Record<string, string> = {
  ACTIVE: "Active",
  HIDDEN: "Hidden",
  ADMIN: "Admin",
  CUSTOMER: "Customer",
};

/**
 * Every status's word, whatever list it comes from: the lists agree where they share a code
 * (CANCELLED is "Cancelled" for an order, a payment and a bulk request; tested).
 */
const ALL_WORDS: Record<string, string> = {
  ...OTHER_WORDS,
  ...TSHIRT_ORDER_STATUS_WORDS,
  ...PAYMENT_STATUS_WORDS,
  ...ORDER_STATUS_WORDS,
};

/** A code's word; an unknown code reads as a word too (IN_TRANSIT -> "In transit"). */
export function statusWord(code: string): string {
  const known = ALL_WORDS[code.toUpperCase()];
  if (known) return known;
  const spaced = code.replace(/_/g, " ").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
