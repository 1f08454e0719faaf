/**
 * SSLCommerz's hosted checkout as a payment gateway: its client is server/integrations/sslcommerz.ts.
 * The shopper pays on SSLCommerz's own page, so the order's payment lock is taken when the page
 * opens. The browser's success, fail and cancel posts and the IPN are untrusted: a val_id is checked
 * with the validation API, and any other word with the transaction query.
 */
import type { PaymentStartedAnswer } from "#contract/answers/orders";
import type { PaymentPurpose } from "#contract/order-status";
import { toLocale } from "#contract/i18n";
import { Order } from "../../models/order.model.js";
import { Payment } from "../../models/payment.model.js";
import {
  createSession,
  initiateRefund,
  queryRefundStatus,
  queryTransaction,
  validatePayment,
  type RefundApiAnswer,
  type TransactionQueryAnswer,
  type ValidationAnswer,
} from "../integrations/sslcommerz.js";
import { logger } from "../lib/logger.js";
import { paymentLogFields } from "../lib/log-fields.js";
import { recordPaymentOutcome } from "../lib/metrics.js";
import { sslCommerzSettings } from "./sslcommerz-settings.js";
import type { GatewayWord, PaymentGateway, RefundAnswer, RefundContext } from "./gateway.js";
import {
  LATE_PAYMENT_REASON,
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

/** Opens SSLCommerz's page, taking the order's lock first: the money moves on its page alone. */
async function startSslCommerz(
  order: OrderDoc,
  purpose: PaymentPurpose,
): Promise<PaymentStartedAnswer> {
  const payment = await openLockedPayment(order, "SSLCOMMERZ", purpose, "TWS");
  const { transactionId } = payment;
  const address = order.shippingAddress;
  try {
    const session = await createSession({
      tranId: transactionId,
      amount: payment.amount,
      orderId: order._id.toString(),
      orderNumber: order.orderNumber,
      productNames:
        purpose === "ADVANCE_DELIVERY_CHARGE"
          ? `Delivery charge of order ${order.orderNumber}`
          : order.orderItems.map((item) => item.title).join(", "),
      numItems: order.orderItems.reduce((sum, item) => sum + item.quantity, 0),
      customer: {
        name: `${address.firstName} ${address.lastName ?? ""}`.trim(),
        email: address.email || order.guest?.email || "customer@tweest.local",
        phone: address.mobile,
        address: address.streetAddress,
        city: address.city,
        postcode: address.zipCode || "0000",
      },
      successUrl: publicUrl("/api/payment/sslcommerz/success"),
      failUrl: publicUrl("/api/payment/sslcommerz/fail"),
      cancelUrl: publicUrl("/api/payment/sslcommerz/cancel"),
      ipnUrl: publicUrl("/api/payment/sslcommerz/ipn"),
    });
    await recordPaymentOpened(payment, session.sessionKey, { session: session.raw });
    return { gatewayUrl: session.gatewayUrl, transactionId, paymentId: session.sessionKey };
  } catch (error) {
    await releasePaymentLock(payment);
    return refuseUnopenedPayment(payment, order, error, "SSLCommerz session failed");
  }
}

/** The checks SSLCommerz's validation API requires; returns why a validation answer is refused, or undefined. */
function sslValidationProblem(
  answer: ValidationAnswer,
  payment: PaymentDoc,
  order: OrderDoc,
): string | undefined {
  if (answer.status !== "VALID" && answer.status !== "VALIDATED")
    return `validation status ${answer.status ?? "missing"}`;
  if (answer.APIConnect !== undefined && answer.APIConnect !== "DONE")
    return `APIConnect ${String(answer.APIConnect)}`;
  if (answer.tran_id !== payment.transactionId) return "transaction id mismatch";
  if ((answer.currency ?? "BDT") !== "BDT") return "currency is not BDT";
  if (
    !sameAmount(answer.amount, payment.amount) ||
    !sameAmount(answer.amount, amountDueOnline(order))
  )
    return "amount differs from the order total";
  if (answer.risk_level !== undefined && String(answer.risk_level) !== "0")
    return "risky transaction";
  return undefined;
}

type SslForm = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : "");

interface SslPaymentFound {
  payment: PaymentDoc;
  order: OrderDoc;
}

async function findSslPayment(tranId: string): Promise<SslPaymentFound | undefined> {
  if (!tranId) return undefined;
  const payment = await Payment.findOne({ transactionId: tranId, method: "SSLCOMMERZ" });
  if (!payment) return undefined;
  const order = await Order.findById(payment.order);
  return order ? { payment, order } : undefined;
}

function sslOutcomeBase({ payment, order }: SslPaymentFound) {
  return {
    orderId: order._id.toString(),
    transactionId: payment.transactionId,
    locale: toLocale(order.locale),
  };
}

/** Validation statuses of a transaction SSLCommerz took the money for (VALIDATED: asked before). */
const SSL_PAID = new Set(["VALID", "VALIDATED"]);
/** Transaction query statuses of an attempt that ended without a payment. */
const SSL_ENDED_UNPAID = new Set(["FAILED", "CANCELLED", "EXPIRED", "UNATTEMPTED"]);

/**
 * Whether a validation answer is SSLCommerz's word on this very payment: an INVALID_TRANSACTION
 * (a made-up val_id) or another transaction's val_id says nothing about ours, so it ends nothing.
 */
function sslAnswerIsAbout(answer: ValidationAnswer, payment: PaymentDoc): boolean {
  return (
    SSL_PAID.has(answer.status ?? "") &&
    answer.tran_id === payment.transactionId &&
    (answer.APIConnect === undefined || answer.APIConnect === "DONE")
  );
}

/** Success post or IPN with status VALID: validate the val_id with SSLCommerz, then settle. */
async function settleSslValidation(found: SslPaymentFound, valId: string): Promise<PaymentOutcome> {
  const { payment, order } = found;
  const base = sslOutcomeBase(found);
  let answer: ValidationAnswer;
  try {
    answer = await validatePayment(valId);
  } catch (error) {
    // Could not ask SSLCommerz: keep everything PENDING (the IPN or a retry settles it).
    logger.warn({ err: error, ...paymentLogFields(payment) }, "SSLCommerz validation unreachable");
    return { ...base, result: "failed", reason: "validation unavailable" };
  }
  const problem = sslValidationProblem(answer, payment, order);
  if (problem) {
    logger.warn({ ...paymentLogFields(payment), problem }, "SSLCommerz payment refused");
    // A forged post (made-up or borrowed val_id) leaves the payment open and the order locked.
    if (!sslAnswerIsAbout(answer, payment)) return { ...base, result: "failed", reason: problem };
    if (payment.status === "PENDING") recordPaymentOutcome("SSLCOMMERZ", "failed");
    if (payment.status === "PENDING")
      await Payment.updateOne(
        { _id: payment._id, status: "PENDING" },
        {
          $set: {
            status: "FAILED",
            gatewayResponse: {
              ...(payment.gatewayResponse ?? {}),
              refused: problem,
              validation: answer,
            },
          },
        },
      );
    await releasePaymentLock(payment);
    return { ...base, result: "failed", reason: problem };
  }
  const settled = await completePayment(payment, {
    validationId: valId,
    gatewayTransactionId: payment.transactionId,
    response: answer,
  });
  if (settled === "late") return { ...base, result: "failed", reason: LATE_PAYMENT_REASON };
  return { ...base, result: "success" };
}

type SslGatewayWord =
  | { said: "paid"; valId: string }
  | { said: "ended"; status: "FAILED" | "CANCELLED"; answer: TransactionQueryAnswer }
  | { said: "nothing certain" };

/**
 * What SSLCommerz itself says became of our transaction (its transaction query): paid (an attempt
 * VALID or VALIDATED: its val_id is then validated as usual), ended unpaid (every attempt it knows
 * failed, was cancelled or expired), or nothing certain (still open, unknown to it, not reachable).
 */
async function askSslCommerz(payment: PaymentDoc): Promise<SslGatewayWord> {
  let answer: TransactionQueryAnswer;
  try {
    answer = await queryTransaction(payment.transactionId);
  } catch (error) {
    logger.warn({ err: error, ...paymentLogFields(payment) }, "SSLCommerz query unreachable");
    return { said: "nothing certain" };
  }
  if (answer.APIConnect !== "DONE" || !Array.isArray(answer.element))
    return { said: "nothing certain" };
  const attempts = answer.element.filter((attempt) => attempt.tran_id === payment.transactionId);
  const paid = attempts.find((attempt) => SSL_PAID.has(attempt.status ?? "") && attempt.val_id);
  if (paid) return { said: "paid", valId: String(paid.val_id) };
  if (
    attempts.length === 0 ||
    !attempts.every((attempt) => SSL_ENDED_UNPAID.has(attempt.status ?? ""))
  )
    return { said: "nothing certain" };
  const cancelled = attempts.every((attempt) => attempt.status === "CANCELLED");
  return { said: "ended", status: cancelled ? "CANCELLED" : "FAILED", answer };
}

/**
 * A post saying the payment failed or was cancelled: the fail or cancel page's, or a success post
 * or IPN with such a status. Anyone can send one, so the shopper is shown its page but the post
 * itself ends nothing: SSLCommerz is asked. Paid after all: settled as paid. Ended unpaid: recorded,
 * and the order is free for another attempt at once. Otherwise nothing changes, and the order's
 * lock runs out on its own (PAYMENT_LOCK_MS) unless the page that is really open pays first.
 */
async function settleSslEnding(
  found: SslPaymentFound,
  shown: PaymentOutcome,
  posted: SslForm,
): Promise<PaymentOutcome> {
  const { payment } = found;
  if (payment.status !== "PENDING") return shown;
  const word = await askSslCommerz(payment);
  if (word.said === "paid") return settleSslValidation(found, word.valId);
  if (word.said === "ended") {
    await markPayment(payment, word.status, { posted, query: word.answer });
    await releasePaymentLock(payment);
    return shown;
  }
  logger.warn(
    { ...paymentLogFields(payment), posted: text(posted.status) },
    "SSLCommerz did not confirm the failure posted: the payment stays open",
  );
  return shown;
}

/** Success post or IPN: validated with SSLCommerz when it says VALID, else asked what became of it. */
async function settleSslCommerz(form: SslForm): Promise<PaymentOutcome> {
  const tranId = text(form.tran_id);
  const found = await findSslPayment(tranId);
  if (!found)
    return { result: "failed", transactionId: tranId || undefined, reason: "unknown transaction" };
  const base = sslOutcomeBase(found);
  const status = text(form.status);
  if (SSL_PAID.has(status)) {
    const valId = text(form.val_id);
    if (!valId) return { ...base, result: "failed", reason: "missing val_id" };
    return settleSslValidation(found, valId);
  }
  // FAILED, CANCELLED, EXPIRED, UNATTEMPTED.
  if (found.payment.status === "COMPLETED") return { ...base, result: "success" };
  const shown: PaymentOutcome =
    status === "CANCELLED"
      ? { ...base, result: "cancelled" }
      : { ...base, result: "failed", reason: text(form.error) || status || "failed" };
  return settleSslEnding(found, shown, form);
}

/** The fail and cancel pages' posts: that page for the shopper, SSLCommerz asked before anything ends. */
async function failSslCommerz(
  form: SslForm,
  result: "failed" | "cancelled",
): Promise<PaymentOutcome> {
  const tranId = text(form.tran_id);
  const found = await findSslPayment(tranId);
  if (!found) return { result, transactionId: tranId || undefined };
  const shown = { ...sslOutcomeBase(found), result, reason: text(form.error) || undefined };
  return settleSslEnding(found, shown, form);
}

/** SSLCommerz's word on an attempt: its transaction query, a paid attempt's val_id validated. */
async function querySslCommerz(payment: PaymentDoc, order: OrderDoc): Promise<GatewayWord> {
  const word = await askSslCommerz(payment);
  if (word.said !== "paid") return word;
  let answer: ValidationAnswer;
  try {
    answer = await validatePayment(word.valId);
  } catch (error) {
    logger.warn({ err: error, ...paymentLogFields(payment) }, "SSLCommerz validation unreachable");
    return { said: "nothing certain" };
  }
  if (sslValidationProblem(answer, payment, order)) return { said: "nothing certain" };
  return { said: "paid", gatewayTransactionId: payment.transactionId, answer };
}

/** The bank transaction SSLCommerz names a paid transaction by (its validation answer). */
function bankTranIdOf(payment: PaymentDoc): string {
  const settled = (payment.gatewayResponse as { settled?: { bank_tran_id?: unknown } } | null)
    ?.settled;
  return typeof settled?.bank_tran_id === "string" ? settled.bank_tran_id : "";
}

/**
 * SSLCommerz's initiate answer: `success` with its refund_ref_id (the refund is processing: it
 * settles in days), `failed` (refused: nothing moved), anything else in doubt.
 */
function initiated(answer: RefundApiAnswer): RefundAnswer {
  if (answer.APIConnect === "DONE" && answer.status === "success" && answer.refund_ref_id)
    return { status: "pending", gatewayRef: answer.refund_ref_id, answer };
  if (answer.APIConnect === "DONE" && answer.status === "failed")
    return { status: "failed", gatewayRef: "", answer };
  return {
    status: "unknown",
    message: `SSLCommerz refund answer ${String(answer.status ?? answer.APIConnect)}`,
  };
}

/**
 * Initiates a refund of the paid transaction under our refund id (refund_trans_id): asked again
 * with the same id after a lost answer, SSLCommerz still makes one refund.
 */
async function refundSslCommerz(
  payment: PaymentDoc,
  amount: number,
  reason: string,
  refundId?: string,
): Promise<RefundAnswer> {
  const bankTranId = bankTranIdOf(payment);
  if (!bankTranId)
    return { status: "failed", gatewayRef: "", answer: { refused: "no bank transaction id" } };
  try {
    return initiated(
      await initiateRefund({
        bankTranId,
        refundTransId: refundId ?? newTransactionId("TWR"),
        amount,
        remarks: reason,
        referenceId: payment.transactionId,
      }),
    );
  } catch (error) {
    logger.warn({ err: error, ...paymentLogFields(payment) }, "SSLCommerz refund not answered");
    return { status: "unknown", message: (error as Error).message };
  }
}

/**
 * What became of a refund: its refund_ref_id queried (refunded, processing, cancelled); a refund
 * whose initiate got no answer is initiated again under the same refund_trans_id.
 */
async function queryRefundSslCommerz(
  payment: PaymentDoc,
  gatewayRef: string,
  context?: RefundContext,
): Promise<RefundAnswer> {
  if (!gatewayRef)
    return context
      ? refundSslCommerz(payment, context.amount, context.reason, context.refundId)
      : { status: "unknown", message: "no refund id to ask about" };
  try {
    const answer = await queryRefundStatus(gatewayRef);
    if (answer.APIConnect !== "DONE")
      return { status: "unknown", message: `SSLCommerz APIConnect ${String(answer.APIConnect)}` };
    if (answer.status === "refunded") return { status: "completed", gatewayRef, answer };
    if (answer.status === "cancelled") return { status: "failed", gatewayRef, answer };
    if (answer.status === "processing") return { status: "pending", gatewayRef, answer };
    return { status: "unknown", message: `SSLCommerz refund status ${String(answer.status)}` };
  } catch (error) {
    return { status: "unknown", message: (error as Error).message };
  }
}

export const sslCommerzGateway = {
  method: "SSLCOMMERZ",
  settings: sslCommerzSettings,
  unavailableMessage: "SSLCommerz payments are not available; choose cash on delivery",
  start: startSslCommerz,
  handleReturn: (fields, page) =>
    page === "failed" || page === "cancelled"
      ? failSslCommerz(fields, page)
      : settleSslCommerz(fields),
  handleNotification: settleSslCommerz,
  query: querySslCommerz,
  refund: refundSslCommerz,
  queryRefund: queryRefundSslCommerz,
} satisfies PaymentGateway<"SSLCOMMERZ">;
