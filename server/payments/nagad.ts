/**
 * Nagad's merchant checkout as a payment gateway: its client is server/integrations/nagad.ts. The
 * shopper pays on Nagad's own page (PIN and OTP there), so the order's payment lock is taken when
 * the page opens, as for SSLCommerz. Nagad's callback is untrusted: whatever it says, Nagad's
 * verify call is asked, and only its answer (our order id, the amount due) moves the ledger.
 */
import type { PaymentStartedAnswer } from "#contract/answers/orders";
import type { PaymentPurpose } from "#contract/order-status";
import { toLocale } from "#contract/i18n";
import { Order } from "../../models/order.model.js";
import { Payment } from "../../models/payment.model.js";
import {
  NagadError,
  cancelNagadPayment,
  dhakaDateTime,
  startNagadPayment,
  verifyNagadPayment,
  type NagadVerifyAnswer,
} from "../integrations/nagad.js";
import { logger } from "../lib/logger.js";
import { paymentLogFields } from "../lib/log-fields.js";
import { nagadSettings } from "./nagad-settings.js";
import type { GatewayWord, PaymentGateway } from "./gateway.js";
import {
  LATE_PAYMENT_REASON,
  paidLate,
  amountDueOnline,
  completePayment,
  markPayment,
  newTransactionId,
  openLockedPayment,
  publicUrl,
  recordPaymentOpened,
  refuseUnopenedPayment,
  releasePaymentLock,
  sameAmount,
  type OrderDoc,
  type PaymentDoc,
  type PaymentOutcome,
} from "./ledger.js";

/** Opens Nagad's page for the amount due, taking the order's lock first: the money moves there. */
async function startNagad(order: OrderDoc, purpose: PaymentPurpose): Promise<PaymentStartedAnswer> {
  const payment = await openLockedPayment(order, "NAGAD", purpose, "TWN");
  const { transactionId } = payment;
  try {
    const started = await startNagadPayment({
      orderId: transactionId,
      amount: payment.amount,
      callbackUrl: publicUrl("/api/payment/nagad/callback"),
      additionalMerchantInfo: { orderNumber: order.orderNumber },
    });
    await recordPaymentOpened(payment, started.paymentReferenceId, { complete: started.raw });
    return {
      gatewayUrl: started.callBackUrl,
      transactionId,
      paymentId: started.paymentReferenceId,
    };
  } catch (error) {
    await releasePaymentLock(payment);
    return refuseUnopenedPayment(payment, order, error, "Nagad checkout failed");
  }
}

/**
 * Verify statuses of a payment that ended without money moving. Any other (OrderInitiated, Ready,
 * InProgress, OtpSent, OtpVerified, PinGiven: the shopper may still finish it) is nothing certain.
 */
const NAGAD_ENDED: Record<string, "FAILED" | "CANCELLED"> = {
  Aborted: "CANCELLED",
  Cancelled: "CANCELLED",
  Failed: "FAILED",
  Rejected: "FAILED",
  Expired: "FAILED",
};

/**
 * Nagad's verify answer on one payment, read: paid in full to us (its issuer reference), refused
 * (Nagad took a different amount: recorded failed, for a person to refund), ended unpaid, or
 * nothing certain (still open, another order's answer, Nagad not reachable) with why.
 */
type NagadWord =
  | { said: "paid"; issuerRef: string; answer: NagadVerifyAnswer }
  | { said: "refused"; problem: string; answer: NagadVerifyAnswer }
  | { said: "ended"; status: "FAILED" | "CANCELLED"; answer: NagadVerifyAnswer }
  | { said: "nothing certain"; reason: string };

async function askNagad(payment: PaymentDoc, order: OrderDoc): Promise<NagadWord> {
  let answer: NagadVerifyAnswer;
  try {
    answer = await verifyNagadPayment(payment.paymentId ?? "");
  } catch (error) {
    logger.warn({ err: error, ...paymentLogFields(payment) }, "Nagad verify failed");
    return { said: "nothing certain", reason: "validation unavailable" };
  }
  // An answer about another order or reference says nothing about this payment.
  if (answer.orderId !== payment.transactionId)
    return { said: "nothing certain", reason: "transaction id mismatch" };
  if (answer.paymentRefId !== undefined && answer.paymentRefId !== payment.paymentId)
    return { said: "nothing certain", reason: "payment id mismatch" };
  const status = typeof answer.status === "string" && answer.status ? answer.status : "unknown";
  if (status === "Success") {
    if (
      !sameAmount(answer.amount, payment.amount) ||
      !sameAmount(answer.amount, amountDueOnline(order))
    )
      return { said: "refused", problem: "amount differs from the order total", answer };
    return { said: "paid", issuerRef: String(answer.issuerPaymentRefNo ?? ""), answer };
  }
  const ended = NAGAD_ENDED[status];
  if (ended) return { said: "ended", status: ended, answer };
  return { said: "nothing certain", reason: `transaction status ${status}` };
}

/** Nagad's transaction id (issuerPaymentRefNo) of a completed payment, else ours. */
function issuerRefOf(payment: { transactionId: string; gatewayResponse?: unknown }): string {
  const settled = (
    payment.gatewayResponse as { settled?: { issuerPaymentRefNo?: unknown } } | undefined
  )?.settled;
  return typeof settled?.issuerPaymentRefNo === "string" && settled.issuerPaymentRefNo
    ? settled.issuerPaymentRefNo
    : payment.transactionId;
}

/**
 * Nagad's callback (`?payment_ref_id&order_id&status`, anyone can open it): the payment it names
 * is settled on Nagad's verify answer alone. Paid in full: completed (late when the order had
 * moved on). Ended: recorded, and the order free for another attempt. Nothing certain: nothing is
 * recorded (the lock runs out on its own), and the shopper reads the callback's outcome.
 */
async function settleNagad(fields: Record<string, unknown>): Promise<PaymentOutcome> {
  const reference = text(fields.payment_ref_id);
  const called = text(fields.status);
  const payment = reference
    ? await Payment.findOne({ paymentId: reference, method: "NAGAD" })
    : null;
  if (!payment)
    return { result: "failed", paymentId: reference || undefined, reason: "unknown payment" };
  const order = await Order.findById(payment.order);
  const base = {
    orderId: payment.order.toString(),
    paymentId: reference,
    transactionId: payment.transactionId,
    locale: toLocale(order?.locale),
  };
  if (!order) return { ...base, result: "failed", reason: "order not found" };
  // A replay, or a payment Nagad already settled: the first answer stands (a late one included).
  if (payment.status === "COMPLETED")
    return paidLate(payment)
      ? { ...base, result: "failed", reason: LATE_PAYMENT_REASON }
      : { ...base, result: "success", transactionId: issuerRefOf(payment) };
  if (payment.status === "CANCELLED") return { ...base, result: "cancelled" };
  if (payment.status === "FAILED") return { ...base, result: "failed", reason: "payment failed" };

  const word = await askNagad(payment, order);
  if (word.said === "paid") {
    const settled = await completePayment(payment, {
      gatewayTransactionId: word.issuerRef,
      response: word.answer,
    });
    if (settled === "late") return { ...base, result: "failed", reason: LATE_PAYMENT_REASON };
    return { ...base, result: "success", transactionId: word.issuerRef || payment.transactionId };
  }
  if (word.said === "refused") {
    logger.error(
      { ...paymentLogFields(payment), problem: word.problem },
      "Nagad took an amount other than the amount due: refund by hand",
    );
    await markPayment(payment, "FAILED", { refused: word.problem, verify: word.answer });
    await releasePaymentLock(payment);
    return { ...base, result: "failed", reason: word.problem };
  }
  if (word.said === "ended") {
    await markPayment(payment, word.status, { callback: fields, verify: word.answer });
    await releasePaymentLock(payment);
    return word.status === "CANCELLED"
      ? { ...base, result: "cancelled" }
      : { ...base, result: "failed", reason: `transaction status ${String(word.answer.status)}` };
  }
  if (called === "Aborted" || called === "Cancelled") return { ...base, result: "cancelled" };
  return { ...base, result: "failed", reason: word.reason };
}

/** Nagad's word on an attempt: only a Success verify answer, ours and in full, says paid. */
async function queryNagad(payment: PaymentDoc, order: OrderDoc): Promise<GatewayWord> {
  if (!payment.paymentId) return { said: "nothing certain" };
  const word = await askNagad(payment, order);
  if (word.said === "paid")
    return { said: "paid", gatewayTransactionId: word.issuerRef, answer: word.answer };
  if (word.said === "ended") return word;
  // Refused (a different amount taken) needs a person, not a machine's verdict.
  return { said: "nothing certain" };
}

type RefundAnswer = Awaited<ReturnType<PaymentGateway["refund"]>>;

/**
 * Refunds part or all of a completed payment through Nagad's purchase/cancel, which answers at
 * once: completed (its cancelTrxId is the reference), or failed with Nagad's reason. An answer
 * that never came (a timeout) or could not be read is in doubt: pending under our own reference,
 * for queryRefund.
 */
async function refundNagad(
  payment: PaymentDoc,
  amount: number,
  reason: string,
): Promise<RefundAnswer> {
  const referenceNo = newTransactionId("TWR");
  if (!payment.paymentId)
    return { status: "failed", gatewayRef: referenceNo, answer: { error: "no Nagad reference" } };
  try {
    const answer = await cancelNagadPayment({
      paymentReferenceId: payment.paymentId,
      orderId: payment.transactionId,
      originalRequestDate: dhakaDateTime(payment.createdAt).slice(0, 8),
      originalAmount: payment.amount,
      cancelAmount: amount,
      referenceNo,
      referenceMessage: reason,
    });
    if (answer.status === "Success" && typeof answer.cancelTrxId === "string")
      return { status: "completed", gatewayRef: answer.cancelTrxId, answer };
    return { status: "failed", gatewayRef: referenceNo, answer };
  } catch (error) {
    logger.warn({ err: error, ...paymentLogFields(payment) }, "Nagad refund failed");
    const answer = { error: (error as Error).message };
    if (error instanceof NagadError && error.reason)
      return { status: "failed", gatewayRef: referenceNo, answer };
    return { status: "pending", gatewayRef: referenceNo, answer };
  }
}

/**
 * Nagad has no refund query: its verify answer on the payment names the refund made on it
 * (cancelIssuerRefNo). Named: completed. Otherwise, or Nagad not reachable: still pending (only a
 * refund whose answer never came is ever pending; its fate is in Nagad's merchant panel).
 */
async function queryNagadRefund(payment: PaymentDoc, gatewayRef: string): Promise<RefundAnswer> {
  try {
    const answer = await verifyNagadPayment(payment.paymentId ?? "");
    if (answer.cancelIssuerRefNo && answer.cancelIssuerRefNo === gatewayRef)
      return { status: "completed", gatewayRef, answer };
    return { status: "pending", gatewayRef, answer };
  } catch (error) {
    logger.warn({ err: error, ...paymentLogFields(payment) }, "Nagad refund query failed");
    return { status: "pending", gatewayRef, answer: { error: (error as Error).message } };
  }
}

export const nagadGateway: PaymentGateway<"NAGAD"> = {
  method: "NAGAD",
  settings: nagadSettings,
  unavailableMessage: "Nagad payments are not available; choose cash on delivery",
  start: startNagad,
  handleReturn: settleNagad,
  // Nagad sends the shopper back; it sends no server-to-server notification.
  handleNotification: null,
  query: queryNagad,
  refund: refundNagad,
  queryRefund: queryNagadRefund,
};

const text = (value: unknown) => (typeof value === "string" ? value : "");
