import { randomBytes } from "node:crypto";
import type mongoose from "mongoose";
import { Order, PAYMENT_LOCK_MS, type OrderFields } from "../../models/order.model.js";
import type { PAYMENT_STATUSES } from "../../models/payment.model.js";
import type { PaymentPurpose } from "#contract/order-status";
import { Payment, type PaymentFields } from "../../models/payment.model.js";
import { localizePath, toLocale, type Locale } from "#contract/i18n";
import { getEnv } from "../env.js";
import { badRequest, conflict, HttpError } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import { orderLogFields, paymentLogFields } from "../lib/log-fields.js";
import { recordPaymentOutcome } from "../lib/metrics.js";
import {
  createBkashPayment,
  executeBkashPayment,
  isBkashConfigured,
  queryBkashPayment,
  type BkashAnswer,
} from "../integrations/bkash.js";
import {
  createSession,
  isSslCommerzConfigured,
  queryTransaction,
  validatePayment,
  type TransactionQueryAnswer,
  type ValidationAnswer,
} from "../integrations/sslcommerz.js";
import { notifyOrder } from "./notifications.service.js";
import { getOrderFor, type OrderReader } from "./orders.service.js";
import { updateOrderWhere } from "./stock.service.js";
import { pageSummary, pageWindow } from "../lib/paging.js";
import { containsText } from "../lib/search-pattern.js";
import type {
  PaymentAnswer,
  PaymentPageAnswer,
  PaymentStartedAnswer,
} from "#contract/answers/orders";

/**
 * Online payments. The browser-carried callbacks are untrusted: an order moves PENDING -> PLACED only
 * after the gateway itself confirms (SSLCommerz validation API, bKash execute/query) that our
 * transaction was paid in full, in BDT. Both moves are conditional updates (payment not yet
 * COMPLETED, order still PENDING) and transaction ids are unique, so a replayed callback or IPN
 * changes nothing the second time. A callback saying a payment failed or was cancelled is checked
 * with the gateway too before anything is recorded or the order's payment lock is freed.
 */
type OrderDoc = mongoose.HydratedDocument<OrderFields>;
type PaymentDoc = mongoose.HydratedDocument<PaymentFields>;

function publicUrl(path: string): string {
  return `${getEnv().PUBLIC_URL.replace(/\/+$/, "")}${path}`;
}

function newTransactionId(prefix: string): string {
  return `${prefix}${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString("hex").toUpperCase()}`;
}

/** Starts an online payment for a PENDING order the reader may see; answers the gateway URL. */
export async function startPayment(
  orderId: string,
  reader: OrderReader,
): Promise<PaymentStartedAnswer> {
  const order = await getOrderFor(orderId, reader);
  const advance = order.paymentMethod === "COD" ? order.advanceDeliveryCharge : null;
  if (order.paymentMethod === "COD" && !advance)
    throw badRequest("This order is paid cash on delivery");
  if (order.orderStatus !== "PENDING")
    throw conflict("This order is not awaiting payment", "NOT_PAYABLE");
  const purpose: PaymentPurpose = advance ? "ADVANCE_DELIVERY_CHARGE" : "ORDER";
  const method = advance ? advance.method : order.paymentMethod;
  if (method === "SSLCOMMERZ") return startSslCommerz(order, purpose);
  return startBkash(order, purpose);
}

/**
 * What the gateway must take for this order: a cash-on-delivery order's advance delivery charge,
 * or an online order's whole total.
 */
function amountDueOnline(order: OrderFields): number {
  return order.paymentMethod === "COD" && order.advanceDeliveryCharge
    ? order.advanceDeliveryCharge.amount
    : order.totalDiscountedPrice;
}

export const PAYMENT_OPEN_MESSAGE =
  "A payment for this order is already open in another window. Finish it there, or try again in a few minutes.";

/**
 * Takes the order's payment lock for one attempt (our transaction id), by one guarded update: the
 * order still PENDING and no lock, an expired one, or this attempt's own (a repeated bKash callback).
 * SSLCommerz takes it when its page opens (it takes the money on its own page), bKash when it
 * executes (it debits only then): so two tabs never both pay one order.
 */
async function takePaymentLock(orderId: unknown, transactionId: string): Promise<boolean> {
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
async function releasePaymentLock(payment: { order: unknown; transactionId: string }) {
  await Order.updateOne(
    { _id: payment.order, "paymentLock.transactionId": payment.transactionId },
    { $set: { paymentLock: null } },
  );
}

async function startSslCommerz(
  order: OrderDoc,
  purpose: PaymentPurpose,
): Promise<PaymentStartedAnswer> {
  if (!isSslCommerzConfigured())
    throw badRequest("SSLCommerz payments are not available; choose cash on delivery");
  const transactionId = newTransactionId("TWS");
  const amount = amountDueOnline(order);
  if (!(await takePaymentLock(order._id, transactionId)))
    throw conflict(PAYMENT_OPEN_MESSAGE, "PAYMENT_OPEN");
  const payment = await Payment.create({
    order: order._id,
    method: "SSLCOMMERZ",
    purpose,
    amount,
    currency: "BDT",
    status: "PENDING",
    transactionId,
  });
  const address = order.shippingAddress;
  try {
    const session = await createSession({
      tranId: transactionId,
      amount,
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
    await Payment.updateOne(
      { _id: payment._id },
      { $set: { paymentId: session.sessionKey, gatewayResponse: { session: session.raw } } },
    );
    return { gatewayUrl: session.gatewayUrl, transactionId, paymentId: session.sessionKey };
  } catch (error) {
    await Payment.updateOne(
      { _id: payment._id },
      { $set: { status: "FAILED", gatewayResponse: { error: (error as Error).message } } },
    );
    await releasePaymentLock(payment);
    recordPaymentOutcome("SSLCOMMERZ", "failed");
    logger.warn(
      { err: error, ...orderLogFields(order), ...paymentLogFields(payment) },
      "SSLCommerz session failed",
    );
    throw new HttpError(
      502,
      "The payment gateway is not available right now. Please try again.",
      "GATEWAY_ERROR",
    );
  }
}

async function startBkash(order: OrderDoc, purpose: PaymentPurpose): Promise<PaymentStartedAnswer> {
  if (!isBkashConfigured())
    throw badRequest("bKash payments are not available; choose cash on delivery");
  const transactionId = newTransactionId("TWB");
  const amount = amountDueOnline(order);
  const payment = await Payment.create({
    order: order._id,
    method: "BKASH",
    purpose,
    amount,
    currency: "BDT",
    status: "PENDING",
    transactionId,
  });
  try {
    const created = await createBkashPayment({
      amount,
      invoiceNumber: transactionId,
      payerReference: order.shippingAddress.mobile,
      callbackUrl: publicUrl("/api/payment/bkash/callback"),
    });
    await Payment.updateOne(
      { _id: payment._id },
      { $set: { paymentId: created.paymentID, gatewayResponse: { create: created.raw } } },
    );
    return { gatewayUrl: created.bkashURL, transactionId, paymentId: created.paymentID };
  } catch (error) {
    await Payment.updateOne(
      { _id: payment._id },
      { $set: { status: "FAILED", gatewayResponse: { error: (error as Error).message } } },
    );
    recordPaymentOutcome("BKASH", "failed");
    logger.warn(
      { err: error, ...orderLogFields(order), ...paymentLogFields(payment) },
      "bKash create failed",
    );
    throw new HttpError(
      502,
      "The payment gateway is not available right now. Please try again.",
      "GATEWAY_ERROR",
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Settling

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

/**
 * Marks a payment COMPLETED and its order PLACED, each at most once. "late" when the money was
 * taken but the order had moved on in the meantime (flagged for a refund).
 */
async function completePayment(
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

async function markPayment(
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
  // The lock is not freed here: only a gateway's own answer frees it (the callers that have one).
}

function sameAmount(given: unknown, expected: number): boolean {
  const value = typeof given === "number" ? given : Number(String(given ?? "").trim());
  return Number.isFinite(value) && Math.round(value * 100) === Math.round(expected * 100);
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
export async function settleSslCommerz(form: SslForm): Promise<PaymentOutcome> {
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
export async function failSslCommerz(
  form: SslForm,
  result: "failed" | "cancelled",
): Promise<PaymentOutcome> {
  const tranId = text(form.tran_id);
  const found = await findSslPayment(tranId);
  if (!found) return { result, transactionId: tranId || undefined };
  const shown = { ...sslOutcomeBase(found), result, reason: text(form.error) || undefined };
  return settleSslEnding(found, shown, form);
}

export const ANOTHER_PAYMENT_REASON = "Another payment for this order is in progress or done";

/**
 * bKash's transaction id when the payment is COMPLETED as stored now (another request may have
 * completed it meanwhile), else undefined: every success answer names the same transaction.
 */
async function completedTrxId(payment: PaymentDoc): Promise<string | undefined> {
  const stored = await Payment.findById(payment._id, {
    status: 1,
    transactionId: 1,
    gatewayResponse: 1,
  }).lean();
  return stored?.status === "COMPLETED" ? bkashTrxId(stored) : undefined;
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
  let answer: BkashAnswer;
  try {
    answer = await queryBkashPayment(abandoned.paymentId);
  } catch (error) {
    logger.warn(
      { err: error, ...paymentLogFields(abandoned) },
      "bKash query of an abandoned payment failed",
    );
    return "unknown";
  }
  const problem = bkashProblem(answer, abandoned, order);
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
  let answer: BkashAnswer;
  try {
    answer = await queryBkashPayment(payment.paymentId);
  } catch (error) {
    logger.warn({ err: error, ...paymentLogFields(payment) }, "bKash query of a callback failed");
    return shown;
  }
  if (bkashProblem(answer, payment, order)) {
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
export async function settleBkash(paymentID: string, status: string): Promise<PaymentOutcome> {
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
  // A replayed callback names the same transaction as the first answer did: bKash's trxID.
  if (payment.status === "COMPLETED")
    return { ...base, result: "success", transactionId: bkashTrxId(payment) };
  // The shopper approved, but nothing is debited until we execute: never for an order that was
  // cancelled, expired or paid by another attempt in the meantime.
  if (order.orderStatus !== "PENDING") {
    // This very payment may have placed it a moment ago (the same callback arriving twice at once).
    const paidAs = await completedTrxId(payment);
    if (paidAs) return { ...base, result: "success", transactionId: paidAs };
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
    const paidAs = await completedTrxId(payment);
    if (paidAs) return { ...base, result: "success", transactionId: paidAs };
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
      await Order.updateOne(
        { _id: order._id, "paymentLock.transactionId": payment.transactionId },
        { $set: { paymentLock: { transactionId: previous.transactionId, until: previous.until } } },
      );
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

export interface PaymentListQuery {
  status?: (typeof PAYMENT_STATUSES)[number];
  method?: string;
  /** Transaction id, gateway payment id or order number (literal, case-insensitive). */
  search?: string;
  page: number;
  limit: number;
}

/** The order fields the payments table shows (populated). */
type PaymentOrder = Pick<
  OrderFields,
  "orderNumber" | "orderStatus" | "totalDiscountedPrice" | "paymentMethod"
> & {
  _id: mongoose.Types.ObjectId;
  shippingAddress?: { firstName?: string; lastName?: string };
};
type LeanPayment = Omit<PaymentFields, "order"> & {
  _id: mongoose.Types.ObjectId;
  order: PaymentOrder | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A payment as the admin list answers it: its stored fields (no version key) and its order's few. */
function toPaymentAnswer(payment: LeanPayment): PaymentAnswer {
  const { order } = payment;
  return {
    _id: payment._id.toString(),
    order: order
      ? {
          _id: order._id.toString(),
          orderNumber: order.orderNumber,
          orderStatus: order.orderStatus,
          totalDiscountedPrice: order.totalDiscountedPrice,
          paymentMethod: order.paymentMethod,
          shippingAddress: {
            firstName: order.shippingAddress?.firstName,
            lastName: order.shippingAddress?.lastName,
          },
        }
      : null,
    method: payment.method,
    // Payments recorded before advances existed paid their order.
    purpose: payment.purpose ?? "ORDER",
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    transactionId: payment.transactionId,
    paymentId: payment.paymentId ?? null,
    validationId: payment.validationId ?? null,
    gatewayResponse: payment.gatewayResponse ?? null,
    createdAt: payment.createdAt,
    updatedAt: payment.updatedAt,
  };
}

/** Admin list, newest first, one page: `{success, payments, total, page, totalPages}`. */
export async function listPayments(
  query: PaymentListQuery = { page: 1, limit: 20 },
): Promise<PaymentPageAnswer> {
  const filter: Record<string, unknown> = {};
  if (query.status) filter.status = query.status;
  if (query.method) filter.method = query.method;
  const search = query.search?.trim();
  if (search) {
    const pattern = containsText(search);
    // No $lookup on FerretDB: the order numbers are resolved to ids first.
    const orders = await Order.find({ orderNumber: pattern }).select("_id").limit(500).lean();
    filter.$or = [
      { transactionId: pattern },
      { paymentId: pattern },
      ...(orders.length ? [{ order: { $in: orders.map((order) => order._id) } }] : []),
    ];
  }
  const [payments, total] = await Promise.all([
    Payment.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip(pageWindow(query).skip)
      .limit(query.limit)
      .populate(
        "order",
        "orderNumber orderStatus totalDiscountedPrice paymentMethod shippingAddress.firstName shippingAddress.lastName",
      )
      .lean(),
    Payment.countDocuments(filter),
  ]);
  return {
    success: true as const,
    payments: (payments as unknown as LeanPayment[]).map(toPaymentAnswer),
    ...pageSummary(total, query),
  };
}
