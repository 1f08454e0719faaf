/**
 * Order statuses, payment methods, payment statuses and the order state machine, free of mongoose
 * so the admin UI can import the same rules the server enforces.
 */
import { ONLINE_PAYMENT_METHODS } from "./payment-methods.js";

export const ORDER_STATUSES = [
  "PENDING",
  "PLACED",
  "CONFIRMED",
  "SHIPPED",
  "DELIVERED",
  "CANCELLED",
  "RETURNING",
  "RETURNED",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Cash on delivery, or one of the online methods (contract/payment-methods.ts). */
export const PAYMENT_METHODS = ["COD", ...ONLINE_PAYMENT_METHODS] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = [
  "PENDING",
  "COMPLETED",
  "FAILED",
  "CANCELLED",
  "REFUNDED",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/**
 * Who caused a cancellation (docs/cod.md, "Customer history and risk"): only the customer's count
 * against the delivery phone. The system cancels unpaid and unconfirmed orders; an admin says
 * whether the customer or the shop cancelled.
 */
export const CANCELLED_BY = ["customer", "shop", "system"] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];
/** What an admin may say when cancelling (the system's cancellations are the jobs'). */
export const ADMIN_CANCELLED_BY = ["customer", "shop"] as const satisfies readonly CancelledBy[];
export type AdminCancelledBy = (typeof ADMIN_CANCELLED_BY)[number];
/** A payment pays its order (online methods), or only the delivery charge of a COD order in advance. */
export const PAYMENT_PURPOSES = ["ORDER", "ADVANCE_DELIVERY_CHARGE"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * The contract's state machine: which status may follow which. A refused parcel comes back:
 * SHIPPED -> RETURNING (on its way back) -> RETURNED (back at the shop, units restocked), or straight
 * SHIPPED -> RETURNED; a parcel on its way back may still be delivered on a second attempt
 * (docs/cod.md).
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, OrderStatus[]> = {
  PENDING: ["PLACED", "CANCELLED"],
  PLACED: ["CONFIRMED", "CANCELLED"],
  CONFIRMED: ["SHIPPED", "CANCELLED"],
  SHIPPED: ["DELIVERED", "RETURNING", "RETURNED"],
  DELIVERED: [],
  CANCELLED: [],
  RETURNING: ["RETURNED", "DELIVERED"],
  RETURNED: [],
};
