/**
 * The payment ledger every gateway shares: the order's payment lock, recording a payment as
 * paid (and its order as placed) or as ended, the amount a gateway must take, and what the shopper
 * is shown afterwards. Nothing here knows a gateway: the adapters (server/payments/*.ts) ask their
 * gateway and then record its word through these functions. docs/payments.md, "The ledger's rules".
 */
import { randomBytes } from "node:crypto";
import type mongoose from "mongoose";
import { Order, PAYMENT_LOCK_MS, type OrderFields } from "../../models/order.model.js";
import { Payment, type PaymentFields } from "../../models/payment.model.js";
import type { PaymentPurpose } from "#contract/order-status";
import type { OnlinePaymentMethod } from "#contract/payment-methods";
import { localizePath, type Locale } from "#contract/i18n";
import { getEnv } from "../env.js";
import { conflict, HttpError } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import { orderLogFields, paymentLogFields } from "../lib/log-fields.js";
import { recordPaymentOutcome } from "../lib/metrics.js";
import { notifyOrder } from "../services/notifications.service.js";
import { updateOrderWhere } from "../services/stock.service.js";
import { recordAudit } from "../services/audit.service.js";
import { settlementEntry } from "./settlement-audit.js";

export type OrderDoc = mongoose.HydratedDocument<OrderFields>;
export type PaymentDoc = mongoose.HydratedDocument<PaymentFields>;

export function publicUrl(path: string): string {
  return `${getEnv().PUBLIC_URL.replace(/\/+$/, "")}${path}`;
}

/** Our transaction id of a new attempt: the gateway's prefix, the time, and randomness. */
export function newTransactionId(prefix: string): string {
  return `${prefix}${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString("hex").toUpperCase()}`;
}

/**
 * What the gateway must take for this order: a cash-on-delivery order's advance delivery charge,
 * or an online order's whole total.
 */
export function amountDueOnline(order: OrderFields): number {
  return order.paymentMethod === "COD" && order.advanceDeliveryCharge
    ? order.advanceDeliveryCharge.amount
    : order.totalDiscountedPrice;
}

/** A gateway's amount (number or text) equals ours to the paisa. */
export function sameAmount(given: unknown, expected: number): boolean {
  const value = typeof given === "number" ? given : Number(String(given ?? "").trim());
  return Number.isFinite(value) && Math.round(value * 100) === Math.round(expected * 100);
}

/** A new PENDING attempt of the order's amount due, under our transaction id. */
export function openPayment(
  order: OrderDoc,
  method: OnlinePaymentMethod,
  purpose: PaymentPurpose,
  transactionId: string,
): Promise<PaymentDoc> {
  return Payment.create({
    order: order._id,
    method,
    purpose,
    amount: amountDueOnline(order),
    currency: "BDT",
    status: "PENDING",
    transactionId,
  });
}

/**
 * For a gateway whose own page takes the money (SSLCommerz, Nagad): the order's lock first (409
 * while another attempt holds it), then the attempt's PENDING payment under a new transaction id.
 */
export async function openLockedPayment(
  order: OrderDoc,
  method: OnlinePaymentMethod,
  purpose: PaymentPurpose,
  transactionPrefix: string,
): Promise<PaymentDoc> {
  const transactionId = newTransactionId(transactionPrefix);
  if (!(await takePaymentLock(order._id, transactionId)))
    throw conflict(PAYMENT_OPEN_MESSAGE, "PAYMENT_OPEN");
  return openPayment(order, method, purpose, transactionId);
}

/** The gateway's page opened: its id for the attempt and its answer are kept. */
export async function recordPaymentOpened(
  payment: PaymentDoc,
  paymentId: string,
  response: Record<string, unknown>,
): Promise<void> {
  await Payment.updateOne({ _id: payment._id }, { $set: { paymentId, gatewayResponse: response } });
}

/**
 * The gateway refused to open a page for the attempt: recorded FAILED (and counted), and the
 * shopper told to try again (502). The caller frees the lock if it took one.
 */
export async function refuseUnopenedPayment(
  payment: PaymentDoc,
  order: OrderDoc,
  error: unknown,
  logLine: string,
): Promise<never> {
  await Payment.updateOne(
    { _id: payment._id },
    { $set: { status: "FAILED", gatewayResponse: { error: (error as Error).message } } },
  );
  recordPaymentOutcome(payment.method, "failed");
  logger.warn({ err: error, ...orderLogFields(order), ...paymentLogFields(payment) }, logLine);
  throw new HttpError(
    502,
    "The payment gateway is not available right now. Please try again.",
    "GATEWAY_ERROR",
  );
}

export const PAYMENT_OPEN_MESSAGE =
  "A payment for this order is already open in another window. Finish it there, or try again in a few minutes.";

/**
 * Takes the order's payment lock for one attempt (our transaction id), by one guarded update: the
 * order still PENDING and no lock, an expired one, or this attempt's own (a repeated callback).
 * Each gateway takes it when the money can first move: a hosted page that takes the money on its
 * own (SSLCommerz) when the page opens, a wallet that debits only on our call (bKash) when it
 * executes. So two tabs never both pay one order.
 */
export async function takePaymentLock(orderId: unknown, transactionId: string): Promise<boolean> {
  const now = new Date();
  const taken = await Order.updateOne(
    {
      _id: orderId,
      orderStatus: "PENDING",
      $or: [
        { paymentLock: { $exists: false } },
        { paymentLock: null },
        { "paymentLock.until": { $lte: now } },
        { "paymentLock.transactionId": transactionId },
      ],
    },
    { $set: { paymentLock: { transactionId, until: new Date(now.getTime() + PAYMENT_LOCK_MS) } } },
  );
  return taken.matchedCount === 1;
}

/** The attempt did not go through: the order's next attempt may take the lock at once. */
export async function releasePaymentLock(payment: { order: unknown; transactionId: string }) {
  await Order.updateOne(
    { _id: payment.order, "paymentLock.transactionId": payment.transactionId },
    { $set: { paymentLock: null } },
  );
}

/** Puts back a lock as it was (another attempt's, which the gateway could not settle). */
export async function restorePaymentLock(
  orderId: unknown,
  takenBy: string,
  previous: { transactionId: string; until?: Date | null },
): Promise<void> {
  await Order.updateOne(
    { _id: orderId, "paymentLock.transactionId": takenBy },
    { $set: { paymentLock: { transactionId: previous.transactionId, until: previous.until } } },
  );
}

export interface PaymentOutcome {
  result: "success" | "failed" | "cancelled";
  orderId?: string;
  transactionId?: string;
  paymentId?: string;
  reason?: string;
  /** The order's language, when the order is known: the result page is shown in it. */
  locale?: Locale;
}

/** What the shopper is told when a payment arrives for an order that no longer awaits one. */
export const NOT_PAYABLE_REASON = "This order is no longer awaiting payment";
export const LATE_PAYMENT_REASON =
  "Your payment arrived after this order was closed; the shop will refund it";
export const ANOTHER_PAYMENT_REASON = "Another payment for this order is in progress or done";

/**
 * Marks a payment COMPLETED and its order PLACED, each at most once. "late" when the money was
 * taken but the order had moved on in the meantime (flagged for a refund).
 */
export async function completePayment(
  payment: PaymentDoc,
  details: { validationId?: string; gatewayTransactionId?: string; response: unknown },
): Promise<"placed" | "replay" | "late"> {
  const completed = await Payment.findOneAndUpdate(
    { _id: payment._id, status: { $ne: "COMPLETED" } },
    {
      $set: {
        status: "COMPLETED",
        validationId: details.validationId ?? payment.validationId ?? null,
        gatewayResponse: { ...(payment.gatewayResponse ?? {}), settled: details.response },
      },
    },
    { new: true },
  );
  if (!completed) return "replay";
  recordPaymentOutcome(payment.method, "success");
  const transactionId = details.gatewayTransactionId || payment.transactionId;
  const placed = await updateOrderWhere(
    { _id: payment.order, orderStatus: "PENDING" },
    payment.purpose === "ADVANCE_DELIVERY_CHARGE"
      ? {
          // Only the delivery charge is paid: the rest stays cash on delivery (paymentDetails).
          $set: {
            orderStatus: "PLACED",
            "advanceDeliveryCharge.status": "PAID",
            "advanceDeliveryCharge.transactionId": transactionId,
            "advanceDeliveryCharge.paidAt": new Date(),
          },
          $push: {
            statusHistory: {
              status: "PLACED",
              at: new Date(),
              by: `payment:${payment.method}`,
              note: "delivery charge paid in advance",
            },
          },
        }
      : {
          $set: {
            orderStatus: "PLACED",
            "paymentDetails.status": "COMPLETED",
            "paymentDetails.paymentId": payment.paymentId ?? payment.transactionId,
            "paymentDetails.transactionId": transactionId,
          },
          $push: {
            statusHistory: { status: "PLACED", at: new Date(), by: `payment:${payment.method}` },
          },
        },
  );
  if (placed) {
    await recordAudit(settlementEntry(payment, placed));
    logger.info({ ...paymentLogFields(payment), ...orderLogFields(placed) }, "payment completed");
    void notifyOrder("PLACED", placed);
    return "placed";
  }
  // Paid, but the order had already moved on (expired, cancelled, or paid by another attempt).
  logger.error(
    paymentLogFields(payment),
    "payment completed for an order that is no longer PENDING: refund or reinstate by hand",
  );
  await Payment.updateOne(
    { _id: payment._id },
    { $set: { "gatewayResponse.needsReview": "order was not PENDING when the payment completed" } },
  );
  return "late";
}

/**
 * Whether a completed payment arrived after its order had moved on (`completePayment` answered
 * "late" and flagged it for a refund): every later answer about it says so, never "paid".
 */
export function paidLate(payment: { gatewayResponse?: unknown }): boolean {
  return Boolean((payment.gatewayResponse as { needsReview?: unknown } | undefined)?.needsReview);
}

/** Records a PENDING payment as ended; the lock is not freed (only a gateway's own answer frees it). */
export async function markPayment(
  payment: PaymentDoc,
  status: "FAILED" | "CANCELLED",
  response: unknown,
): Promise<void> {
  const marked = await Payment.updateOne(
    { _id: payment._id, status: "PENDING" },
    {
      $set: { status, gatewayResponse: { ...(payment.gatewayResponse ?? {}), callback: response } },
    },
  );
  if (marked.modifiedCount === 1)
    recordPaymentOutcome(payment.method, status === "FAILED" ? "failed" : "cancelled");
}

/**
 * Where the browser goes after a callback: the storefront's payment-result pages, in the order's
 * language (a Bangla order's shopper comes back to /bn/payment-success). The settling step read the
 * order already and passes its language in the outcome.
 */
export function paymentResultUrl(outcome: PaymentOutcome): string {
  const page =
    outcome.result === "success"
      ? "/payment-success"
      : outcome.result === "cancelled"
        ? "/payment-cancelled"
        : "/payment-failed";
  const params = new URLSearchParams();
  if (outcome.orderId) params.set("orderId", outcome.orderId);
  if (outcome.transactionId) params.set("transactionId", outcome.transactionId);
  if (outcome.paymentId) params.set("paymentId", outcome.paymentId);
  if (outcome.result === "failed" && outcome.reason) params.set("reason", outcome.reason);
  const query = params.toString();
  return publicUrl(localizePath(`${page}${query ? `?${query}` : ""}`, outcome.locale ?? "en"));
}
