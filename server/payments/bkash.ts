/**
 * bKash Tokenized Checkout as a payment gateway: its client is server/integrations/bkash.ts. The
 * shopper approves on bKash's page, but nothing is debited until we execute, so the order's
 * payment lock is taken at the execute; a callback saying the payment ended is checked with
 * bKash's query before anything is recorded.
 */
import type { PaymentStartedAnswer } from "#contract/answers/orders";
import type { PaymentPurpose } from "#contract/order-status";
import { toLocale } from "#contract/i18n";
import { Payment } from "../../models/payment.model.js";
import {
  createBkashPayment,
  executeBkashPayment,
  queryBkashPayment,
  queryBkashRefunds,
  refundBkashPayment,
  type BkashAnswer,
  type BkashRefund,
} from "../integrations/bkash.js";
import { logger } from "../lib/logger.js";
import { paymentLogFields } from "../lib/log-fields.js";
import { bkashSettings } from "./bkash-settings.js";
import type { GatewayWord, PaymentGateway, RefundAnswer, RefundContext } from "./gateway.js";
import {
  ANOTHER_PAYMENT_REASON,
  LATE_PAYMENT_REASON,
  NOT_PAYABLE_REASON,
  amountDueOnline,
  paidLate,
  completePayment,
  markPayment,
  newTransactionId,
  openPayment,
  publicUrl,
  recordPaymentOpened,
  refuseUnopenedPayment,
  releasePaymentLock,
  restorePaymentLock,
  sameAmount,
  takePaymentLock,
  type OrderDoc,
  type PaymentDoc,
  type PaymentOutcome,
} from "./ledger.js";
import { Order } from "../../models/order.model.js";

/** Opens bKash's page; the lock is taken only when the shopper's approval is executed. */
async function startBkash(order: OrderDoc, purpose: PaymentPurpose): Promise<PaymentStartedAnswer> {
  const transactionId = newTransactionId("TWB");
  const payment = await openPayment(order, "BKASH", purpose, transactionId);
  try {
    const created = await createBkashPayment({
      amount: payment.amount,
      invoiceNumber: transactionId,
      payerReference: order.shippingAddress.mobile,
      callbackUrl: publicUrl("/api/payment/bkash/callback"),
    });
    await recordPaymentOpened(payment, created.paymentID, { create: created.raw });
    return { gatewayUrl: created.bkashURL, transactionId, paymentId: created.paymentID };
  } catch (error) {
    return refuseUnopenedPayment(payment, order, error, "bKash create failed");
  }
}

/**
 * The answer for a payment COMPLETED as stored now (another request may have completed it
 * meanwhile), else undefined: every answer about it names the same transaction, or the same late
 * payment.
 */
async function completedOutcome(
  payment: PaymentDoc,
  base: Omit<PaymentOutcome, "result">,
): Promise<PaymentOutcome | undefined> {
  const stored = await Payment.findById(payment._id, {
    status: 1,
    transactionId: 1,
    gatewayResponse: 1,
  }).lean();
  return stored?.status === "COMPLETED" ? settledOutcome(stored, base) : undefined;
}

/**
 * What a payment already completed answers again (a replayed callback, the same callback twice at
 * once): the first answer, a late payment's refund message included.
 */
function settledOutcome(
  payment: { transactionId: string; gatewayResponse?: unknown },
  base: Omit<PaymentOutcome, "result">,
): PaymentOutcome {
  return paidLate(payment)
    ? { ...base, result: "failed", reason: LATE_PAYMENT_REASON }
    : { ...base, result: "success", transactionId: bkashTrxId(payment) };
}

/** Why a bKash execute or query answer does not pay this payment in full, or undefined. */
function bkashProblem(
  answer: BkashAnswer,
  payment: PaymentDoc,
  order: OrderDoc,
): string | undefined {
  if (answer.transactionStatus !== "Completed")
    return `transaction status ${String(answer.transactionStatus ?? "unknown")}`;
  if (answer.paymentID !== undefined && answer.paymentID !== payment.paymentId)
    return "payment id mismatch";
  if (
    answer.merchantInvoiceNumber !== undefined &&
    answer.merchantInvoiceNumber !== payment.transactionId
  )
    return "invoice mismatch";
  if ((answer.currency ?? "BDT") !== "BDT") return "currency is not BDT";
  if (
    !sameAmount(answer.amount, payment.amount) ||
    !sameAmount(answer.amount, amountDueOnline(order))
  )
    return "amount differs from the order total";
  return undefined;
}

/**
 * The lock just taken had run out in the hands of another bKash payment not recorded as paid: the
 * process executing it stopped, maybe after bKash debited it. bKash is asked what became of it
 * before another payment is executed: "paid" (now recorded, the order placed), "unpaid" (marked
 * FAILED: nothing executes it any more), or "unknown" (bKash did not answer). Whatever our record
 * says (a callback may have marked it cancelled meanwhile), only bKash's answer counts.
 */
async function settleAbandonedBkash(
  transactionId: string,
  order: OrderDoc,
): Promise<"paid" | "unpaid" | "unknown"> {
  const abandoned = await Payment.findOne({ transactionId, method: "BKASH" });
  if (abandoned?.status === "COMPLETED") return "paid";
  if (!abandoned?.paymentId) return "unpaid";
  const asked = await askBkash(abandoned, order, "bKash query of an abandoned payment failed");
  if (!asked) return "unknown";
  const { answer, problem } = asked;
  if (problem) {
    await markPayment(abandoned, "FAILED", { abandoned: problem, answer });
    return "unpaid";
  }
  logger.warn(
    paymentLogFields(abandoned),
    "bKash payment executed by a stopped process: recorded now",
  );
  await completePayment(abandoned, {
    gatewayTransactionId: String(answer.trxID ?? ""),
    response: answer,
  });
  return "paid";
}

/** bKash's own id of a completed payment (its execute or query answer), else ours. */
function bkashTrxId(payment: { transactionId: string; gatewayResponse?: unknown }): string {
  const settled = (payment.gatewayResponse as { settled?: { trxID?: unknown } } | undefined)
    ?.settled;
  return typeof settled?.trxID === "string" && settled.trxID
    ? settled.trxID
    : payment.transactionId;
}

/**
 * A payment bKash says it debited (its execute or query answer), recorded as paid: success with
 * bKash's trxID, or a failure when the order had already expired (the late-payment rule).
 */
async function recordBkashPaid(
  payment: PaymentDoc,
  answer: BkashAnswer,
  base: Omit<PaymentOutcome, "result">,
): Promise<PaymentOutcome> {
  const settled = await completePayment(payment, {
    gatewayTransactionId: String(answer.trxID ?? ""),
    response: answer,
  });
  if (settled === "late") return { ...base, result: "failed", reason: LATE_PAYMENT_REASON };
  return {
    ...base,
    result: "success",
    transactionId: String(answer.trxID ?? payment.transactionId),
  };
}

/**
 * bKash's failure or cancel callback. Nothing is debited without our execute, but a payment
 * recorded as ended on the callback's word alone (anyone can open that address) could hide one a
 * stopped process did execute: bKash is asked first. Completed, ours, in full: recorded as paid.
 * bKash cannot say: nothing is recorded. Otherwise the callback's outcome is recorded. Either way
 * the order's lock is left as it is (only an execute takes or frees it).
 */
async function settleBkashEnding(
  payment: PaymentDoc,
  order: OrderDoc,
  base: Omit<PaymentOutcome, "result">,
  status: string,
): Promise<PaymentOutcome> {
  const shown: PaymentOutcome =
    status === "cancel"
      ? { ...base, result: "cancelled" }
      : { ...base, result: "failed", reason: status || "failure" };
  if (payment.status !== "PENDING" || !payment.paymentId) return shown;
  const asked = await askBkash(payment, order, "bKash query of a callback failed");
  if (!asked) return shown;
  const { answer } = asked;
  if (asked.problem) {
    await markPayment(payment, shown.result === "cancelled" ? "CANCELLED" : "FAILED", {
      status,
      query: answer,
    });
    return shown;
  }
  logger.warn(paymentLogFields(payment), "bKash says it debited a payment called back as ended");
  return recordBkashPaid(payment, answer, base);
}

/** bKash callback: execute on success (query when in doubt); accept only Completed, in full, ours. */
async function settleBkash(paymentID: string, status: string): Promise<PaymentOutcome> {
  const payment = paymentID
    ? await Payment.findOne({ paymentId: paymentID, method: "BKASH" })
    : null;
  if (!payment)
    return { result: "failed", paymentId: paymentID || undefined, reason: "unknown payment" };
  const order = await Order.findById(payment.order).select("+paymentLock");
  if (!order)
    return {
      orderId: payment.order.toString(),
      paymentId: paymentID,
      transactionId: payment.transactionId,
      result: "failed",
      reason: "order not found",
    };
  const base = {
    orderId: order._id.toString(),
    paymentId: paymentID,
    transactionId: payment.transactionId,
    locale: toLocale(order.locale),
  };
  if (status !== "success") return settleBkashEnding(payment, order, base, status);
  // A replayed callback answers as the first did: bKash's trxID, or the late payment's refund.
  if (payment.status === "COMPLETED") return settledOutcome(payment, base);
  // The shopper approved, but nothing is debited until we execute: never for an order that was
  // cancelled, expired or paid by another attempt in the meantime.
  if (order.orderStatus !== "PENDING") {
    // This very payment may have placed it a moment ago (the same callback arriving twice at once).
    const completed = await completedOutcome(payment, base);
    if (completed) return completed;
    await markPayment(payment, "CANCELLED", { status, refused: NOT_PAYABLE_REASON });
    logger.warn(
      {
        ...paymentLogFields(payment),
        orderNumber: order.orderNumber,
        orderStatus: order.orderStatus,
      },
      "bKash payment not executed: the order no longer awaits payment",
    );
    return { ...base, result: "failed", reason: NOT_PAYABLE_REASON };
  }
  if (!(await takePaymentLock(order._id, payment.transactionId))) {
    const completed = await completedOutcome(payment, base);
    if (completed) return completed;
    // Another attempt of this order (a second tab) is being executed, or has paid it: this one is
    // never executed, so bKash never debits it.
    await markPayment(payment, "CANCELLED", { status, refused: ANOTHER_PAYMENT_REASON });
    return { ...base, result: "failed", reason: ANOTHER_PAYMENT_REASON };
  }
  // The lock as read with the order: another payment's, now taken, had run out (or was released
  // by a failed execute meanwhile, which settleAbandonedBkash finds FAILED).
  const previous = order.paymentLock;
  if (previous?.transactionId && previous.transactionId !== payment.transactionId) {
    const abandoned = await settleAbandonedBkash(previous.transactionId, order);
    if (abandoned !== "unpaid") {
      // Paid by the abandoned payment, or bKash could not say: this one is never executed. The
      // lock goes back as it was, so the next attempt asks bKash again.
      await restorePaymentLock(order._id, payment.transactionId, {
        transactionId: previous.transactionId,
        until: previous.until,
      });
      await markPayment(payment, "CANCELLED", { status, refused: ANOTHER_PAYMENT_REASON });
      return { ...base, result: "failed", reason: ANOTHER_PAYMENT_REASON };
    }
  }
  let answer: BkashAnswer;
  const executed = await executeBkashPayment(paymentID);
  if (executed.ok) answer = executed.body;
  else {
    try {
      answer = await queryBkashPayment(paymentID);
    } catch (error) {
      logger.warn({ err: error, ...paymentLogFields(payment) }, "bKash execute and query failed");
      await markPayment(payment, "FAILED", { execute: executed.body });
      await releasePaymentLock(payment);
      return {
        ...base,
        result: "failed",
        reason: String(executed.body.statusMessage ?? executed.body.message ?? "payment failed"),
      };
    }
  }
  const problem = bkashProblem(answer, payment, order);
  if (problem) {
    logger.warn({ ...paymentLogFields(payment), problem }, "bKash payment refused");
    await markPayment(payment, "FAILED", { refused: problem, answer });
    await releasePaymentLock(payment);
    return { ...base, result: "failed", reason: problem };
  }
  return recordBkashPaid(payment, answer, base);
}

/**
 * bKash's query answer on a payment and why it does not pay it in full (undefined: it does), or
 * undefined when bKash could not be asked (logged with `failedLine`).
 */
async function askBkash(
  payment: PaymentDoc,
  order: OrderDoc,
  failedLine: string,
): Promise<{ answer: BkashAnswer; problem: string | undefined } | undefined> {
  try {
    const answer = await queryBkashPayment(payment.paymentId ?? "");
    return { answer, problem: bkashProblem(answer, payment, order) };
  } catch (error) {
    logger.warn({ err: error, ...paymentLogFields(payment) }, failedLine);
    return undefined;
  }
}

/** bKash's word on an attempt: only a Completed query answer, ours and in full, says paid. */
async function queryBkash(payment: PaymentDoc, order: OrderDoc): Promise<GatewayWord> {
  if (!payment.paymentId) return { said: "nothing certain" };
  const asked = await askBkash(payment, order, "bKash query failed");
  if (!asked) return { said: "nothing certain" };
  const { answer, problem } = asked;
  if (!problem) return { said: "paid", gatewayTransactionId: String(answer.trxID ?? ""), answer };
  // Initiated: the shopper may still approve it. Anything else is never debited any more.
  if (answer.transactionStatus === "Initiated") return { said: "nothing certain" };
  return {
    said: "ended",
    status: answer.transactionStatus === "Cancelled" ? "CANCELLED" : "FAILED",
    answer,
  };
}

/**
 * Refunds part of a bKash payment (its paymentID and trxID); our refund id goes as the `sku`.
 * bKash answers at once: Completed, or an error (nothing refunded); no answer is in doubt.
 */
async function refundBkash(
  payment: PaymentDoc,
  amount: number,
  reason: string,
  refundId = "",
): Promise<RefundAnswer> {
  if (!payment.paymentId)
    return { status: "failed", gatewayRef: "", answer: { refused: "no bKash payment id" } };
  try {
    const { refused, body } = await refundBkashPayment({
      paymentID: payment.paymentId,
      trxID: bkashTrxId(payment),
      amount,
      reason,
      sku: refundId || payment.transactionId,
    });
    if (refused) return { status: "failed", gatewayRef: "", answer: body };
    if (typeof body.refundTrxID !== "string" || !body.refundTrxID)
      return { status: "unknown", message: "bKash answered no refund transaction id" };
    return {
      ...bkashRefundState(body.transactionStatus),
      gatewayRef: body.refundTrxID,
      answer: body,
    };
  } catch (error) {
    logger.warn({ err: error, ...paymentLogFields(payment) }, "bKash refund not answered");
    return { status: "unknown", message: (error as Error).message };
  }
}

function bkashRefundState(status: unknown): { status: "pending" | "completed" | "failed" } {
  if (status === "Completed") return { status: "completed" };
  return { status: status === "Failed" || status === "Cancelled" ? "failed" : "pending" };
}

/**
 * What bKash lists of a payment's refunds, ours found by its refundTrxID, or (a refund call that
 * got no answer) by its amount among those no other refund of the order holds. Not listed at all:
 * the call never reached bKash, so the refund failed.
 */
async function queryBkashRefund(
  payment: PaymentDoc,
  gatewayRef: string,
  context?: RefundContext,
): Promise<RefundAnswer> {
  let refunds: BkashRefund[];
  try {
    refunds = await queryBkashRefunds({
      paymentID: payment.paymentId ?? "",
      trxID: bkashTrxId(payment),
    });
  } catch (error) {
    return { status: "unknown", message: (error as Error).message };
  }
  const found = gatewayRef
    ? refunds.find((refund) => refund.refundTrxID === gatewayRef)
    : refunds.find(
        (refund) =>
          !context?.otherRefs.includes(refund.refundTrxID) &&
          sameAmount(refund.amount, context?.amount ?? Number.NaN),
      );
  if (found)
    return {
      ...bkashRefundState(found.transactionStatus),
      gatewayRef: found.refundTrxID,
      answer: found,
    };
  if (gatewayRef) return { status: "unknown", message: "bKash does not list this refund" };
  return {
    status: "failed",
    gatewayRef: "",
    answer: { refunds, missing: "bKash made no such refund" },
  };
}

export const bkashGateway: PaymentGateway<"BKASH"> = {
  method: "BKASH",
  settings: bkashSettings,
  unavailableMessage: "bKash payments are not available; choose cash on delivery",
  start: startBkash,
  handleReturn: (fields) => settleBkash(text(fields.paymentID), text(fields.status)),
  // bKash's callback is its only word; the abandoned-payment query stands in for a notification.
  handleNotification: null,
  query: queryBkash,
  refund: refundBkash,
  queryRefund: queryBkashRefund,
};

const text = (value: unknown) => (typeof value === "string" ? value : "");
