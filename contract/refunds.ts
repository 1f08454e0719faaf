/**
 * Refunds of an order (docs/payments.md, "Refunds"): what is recorded on the order, how the back
 * office and the customer see it, and the date by which a cancelled or returned prepaid order's
 * money should be back with its customer. Free of mongoose: the server and the screens share it.
 */
import { z } from "zod";
import { ONLINE_PAYMENT_METHODS } from "./payment-methods.js";
import { Timestamp } from "./answers/common.js";

/** pending: the gateway has it (or has not answered yet); completed: the money went back; failed: it did not, and its amount is refundable again. */
export const REFUND_STATUSES = ["pending", "completed", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Through the gateway that took the money, or recorded by hand (cash, or a transfer outside the shop). */
export const REFUND_METHODS = ["gateway", "manual"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** Days after a cancellation or a return within which a prepaid order's money must be back. */
export const REFUND_WITHIN_DAYS = 10;
/** The dashboard lists an order from this many days before its refund-by date. */
export const REFUND_DUE_SOON_DAYS = 3;

/** A refund as the back office sees it (`by`: `admin:<email>` of who asked for it). */
export const AdminRefundAnswer = z.object({
  id: z.string(),
  amount: z.number(),
  status: z.enum(REFUND_STATUSES),
  method: z.enum(REFUND_METHODS),
  /** The gateway it went through; null for a manual refund. */
  gateway: z.enum(ONLINE_PAYMENT_METHODS).nullable(),
  /** The gateway's id of the refund (bKash's refundTrxID, SSLCommerz's refund_ref_id); null until it gives one. */
  gatewayRef: z.string().nullable(),
  /** A manual refund's proof: the bKash or bank transaction, the receipt number. */
  reference: z.string().nullable(),
  reason: z.string(),
  by: z.string(),
  at: Timestamp,
  completedAt: Timestamp.nullable(),
  /** Why a failed refund failed (the gateway's words). */
  failure: z.string().nullable(),
});
export type AdminRefundAnswer = z.infer<typeof AdminRefundAnswer>;

/** A refund as its customer sees it: the amount, where it stands and when; never who or why. */
export const CustomerRefundAnswer = AdminRefundAnswer.pick({
  id: true,
  amount: true,
  status: true,
  at: true,
  completedAt: true,
});
export type CustomerRefundAnswer = z.infer<typeof CustomerRefundAnswer>;

/** What an order's refunds stand at (taka): `refundable` is what one more refund may be at most. */
export const RefundFiguresAnswer = z.object({
  /** Taken through a gateway (the order's payment, or a cash-on-delivery order's advance). */
  paidOnline: z.number(),
  /** Cash the courier collected (a delivered cash-on-delivery order). */
  paidOtherwise: z.number(),
  refunded: z.number(),
  pending: z.number(),
  /** At most this through the gateway now; at most `refundable` as a manual refund. */
  refundableOnline: z.number(),
  refundable: z.number(),
  /** The gateway a refund goes through; null when nothing was paid through one. */
  gateway: z.enum(ONLINE_PAYMENT_METHODS).nullable(),
});
export type RefundFiguresAnswer = z.infer<typeof RefundFiguresAnswer>;

/** The order's moments `refundByDate` reads. */
interface RefundDueOrder {
  orderStatus: string;
  statusHistory: readonly { status?: string | null; at?: Date | string | null }[];
}

/**
 * The date a cancelled or returned order's money should be back with its customer: 10 days after
 * it was cancelled or came back. Null for any other order; the caller shows it only when money
 * was paid before delivery.
 */
export function refundByDate(order: RefundDueOrder): Date | null {
  if (order.orderStatus !== "CANCELLED" && order.orderStatus !== "RETURNED") return null;
  const ended = [...order.statusHistory]
    .reverse()
    .find((change) => change.status === order.orderStatus);
  if (!ended?.at) return null;
  return new Date(new Date(ended.at).getTime() + REFUND_WITHIN_DAYS * 24 * 60 * 60_000);
}

/** A cancelled or returned prepaid order whose money is due back soon or late (the dashboard's list). */
export const RefundDueAnswer = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  orderStatus: z.enum(["CANCELLED", "RETURNED"]),
  refundBy: Timestamp,
  /** Taken before delivery (taka), what of it is refunded and what is being refunded. */
  paid: z.number(),
  refunded: z.number(),
  pending: z.number(),
});
export type RefundDueAnswer = z.infer<typeof RefundDueAnswer>;

/** The dashboard's refund figures. */
export const DashboardRefundsAnswer = z.object({
  /** Refunds completed this month (Dhaka's calendar), taka, and how many. */
  refundedThisMonth: z.number(),
  refundsThisMonth: z.number(),
  /** Refunds the gateways have not settled yet, taka. */
  pending: z.number(),
  /** Orders not fully refunded whose refund-by date is past or within REFUND_DUE_SOON_DAYS, most overdue first. */
  due: z.array(RefundDueAnswer),
});
export type DashboardRefundsAnswer = z.infer<typeof DashboardRefundsAnswer>;
