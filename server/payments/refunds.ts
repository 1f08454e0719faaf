/**
 * Refunds (docs/payments.md, "Refunds"): money given back through the gateway that took it, or
 * recorded by hand when it went back another way. Each refund is reserved on its order before any
 * gateway is called, by one conditional write whose filter keeps every pending and completed
 * refund within what was paid (the embedded database has no transactions: docs/database.md), so
 * concurrent requests can never refund more than was paid. A refund the gateway refused gives its
 * amount back; one the gateway has not settled is asked about again by the refund poller.
 */
import { isOnlinePaymentMethod } from "#contract/payment-methods";
import type { AdminRefundAnswer, RefundFiguresAnswer, RefundStatus } from "#contract/refunds";
import {
  REFUND_EXCEEDS_PAID_CODE,
  idempotencyKeyReusedForRefund,
  refundTooLargeMessage,
  type RefundBody,
  type RefundCreatedAnswer,
} from "#contract/schemas/refunds";
import { IDEMPOTENCY_KEY_REUSED_CODE } from "#contract/schemas/staff-orders";
import { Order } from "../../models/order.model.js";
import { Payment } from "../../models/payment.model.js";
import { HttpError, conflict } from "../lib/http-error.js";
import { recordAudit } from "../services/audit.service.js";
import { logger } from "../lib/logger.js";
import { orderLogFields } from "../lib/log-fields.js";
import { notifyOrder } from "../services/notifications.service.js";
import { getOrderFor, toAdminOrderAnswer } from "../services/orders.service.js";
import { submissionHash } from "../services/staff-placement.js";
import { toAdminRefund } from "../services/refund-answers.js";
import type { RefundAnswer } from "./gateway.js";
import { paymentGateway } from "./index.js";
import { newTransactionId, type OrderDoc, type PaymentDoc } from "./ledger.js";

type StoredRefund = OrderDoc["refunds"][number];

/** Taka to paisa: the order's refund totals are whole paisa, so sums never drift. */
const paisa = (taka: number) => Math.round(taka * 100);
const taka = (paisaAmount: number) => paisaAmount / 100;

/**
 * A gateway's call may still be under way this long after a refund was reserved (its timeout and
 * some): the poller leaves younger refunds alone, so it never asks about a refund in flight.
 */
export const REFUND_IN_FLIGHT_MS = 2 * 60_000;

const NO_GATEWAY_PAYMENT_MESSAGE =
  "Nothing was paid through a gateway on this order: record a manual refund with its reference";

/**
 * The completed gateway payment that took the order's money (an online order's payment, a
 * cash-on-delivery order's advance), or null. A payment that arrived after its order had closed
 * (flagged for review) is not it: that one is refunded in the gateway's panel and recorded by hand.
 */
async function paidPayment(order: OrderDoc): Promise<PaymentDoc | null> {
  return Payment.findOne({
    order: order._id,
    status: "COMPLETED",
    purpose: order.paymentMethod === "COD" ? "ADVANCE_DELIVERY_CHARGE" : "ORDER",
    "gatewayResponse.needsReview": { $exists: false },
  }).sort({ createdAt: 1, _id: 1 });
}

/** Cash the courier collected: as recorded, else a delivered cash-on-delivery order's balance. */
function paidOtherwise(order: OrderDoc): number {
  if (order.paymentMethod !== "COD") return 0;
  if (order.cashCollected?.amount !== undefined && order.cashCollected?.amount !== null)
    return order.cashCollected.amount;
  if (order.orderStatus !== "DELIVERED") return 0;
  const advance = order.advanceDeliveryCharge;
  return order.totalDiscountedPrice - (advance?.status === "PAID" ? advance.amount : 0);
}

function figuresOf(order: OrderDoc, payment: PaymentDoc | null): RefundFiguresAnswer {
  const sum = (status: RefundStatus) =>
    taka(
      order.refunds
        .filter((refund) => refund.status === status)
        .reduce((total, refund) => total + paisa(refund.amount), 0),
    );
  const paidOnline = payment?.amount ?? 0;
  const other = paidOtherwise(order);
  const reserved = order.refundTotals?.reserved ?? 0;
  const reservedOnline = order.refundTotals?.online ?? 0;
  const refundable = Math.max(0, taka(paisa(paidOnline + other) - reserved));
  return {
    paidOnline,
    paidOtherwise: other,
    refunded: sum("completed"),
    pending: sum("pending"),
    refundable,
    refundableOnline: Math.min(refundable, Math.max(0, taka(paisa(paidOnline) - reservedOnline))),
    gateway: payment && isOnlinePaymentMethod(payment.method) ? payment.method : null,
  };
}

/** The refunds of an order and what may still be refunded. */
export async function orderRefunds(
  orderId: string,
): Promise<{ refunds: AdminRefundAnswer[]; figures: RefundFiguresAnswer }> {
  const order = await getOrderFor(orderId, { isAdmin: true });
  return {
    refunds: order.refunds.map(toAdminRefund),
    figures: figuresOf(order, await paidPayment(order)),
  };
}

/**
 * The refund this form's key made already, or undefined. The same key with another body is
 * refused (422): the staff member must see the refund it made, not make a twin.
 */
function madeBefore(order: OrderDoc, key: string, bodyHash: string): StoredRefund | undefined {
  const earlier = order.refunds.find((refund) => refund.key === key);
  if (earlier && earlier.bodyHash !== bodyHash)
    throw new HttpError(
      422,
      idempotencyKeyReusedForRefund(earlier.id),
      IDEMPOTENCY_KEY_REUSED_CODE,
    );
  return earlier;
}

/** A refund total stays at most `maxPaisa` (a field absent on older orders counts as 0). */
function stayWithin(field: string, maxPaisa: number) {
  return maxPaisa < 0
    ? { [field]: { $lt: Number.NEGATIVE_INFINITY } }
    : { $or: [{ [field]: { $lte: maxPaisa } }, { [field]: { $exists: false } }] };
}

async function answerWith(orderId: unknown, refundId: string): Promise<RefundCreatedAnswer> {
  const order = (await Order.findById(orderId))!;
  await order.populate("user", "firstName lastName email mobile");
  const refund = order.refunds.find((entry) => entry.id === refundId)!;
  return { refund: toAdminRefund(refund), order: toAdminOrderAnswer(order) };
}

/**
 * Refunds `amount` of an order as asked by `by` (`admin:<email>`): reserved on the order first,
 * then through the gateway that took the money (or recorded as done, for a manual refund).
 * Repeated with the same key and body, it answers the refund it made.
 */
export async function createRefund(
  orderId: string,
  body: RefundBody,
  by: string,
): Promise<RefundCreatedAnswer> {
  const order = await getOrderFor(orderId, { isAdmin: true });
  const { idempotencyKey: key, ...asked } = body;
  const bodyHash = submissionHash(asked);
  const earlier = madeBefore(order, key, bodyHash);
  if (earlier) return answerWith(order._id, earlier.id);
  const throughGateway = body.method === "gateway";
  const payment = await paidPayment(order);
  const gateway = payment && isOnlinePaymentMethod(payment.method) ? payment.method : null;
  if (throughGateway && !gateway) throw conflict(NO_GATEWAY_PAYMENT_MESSAGE, "NO_GATEWAY_PAYMENT");
  const amount = paisa(body.amount);
  const paidOnline = paisa(payment?.amount ?? 0);
  const paidInAll = paidOnline + paisa(paidOtherwise(order));
  const now = new Date();
  const refund = {
    id: newTransactionId("RF"),
    amount: body.amount,
    status: throughGateway ? "pending" : "completed",
    method: body.method,
    gateway: throughGateway ? gateway : null,
    payment: throughGateway ? payment!._id : null,
    gatewayRef: null,
    reference: body.reference ?? null,
    reason: body.reason,
    by,
    at: now,
    completedAt: throughGateway ? null : now,
    failure: null,
    key,
    bodyHash,
    checkedAt: null,
  };
  const reserved = await Order.updateOne(
    {
      _id: order._id,
      // A twin request with this key reserved first: this one reserves nothing.
      "refunds.key": { $ne: key },
      $and: [
        stayWithin("refundTotals.reserved", paidInAll - amount),
        ...(throughGateway ? [stayWithin("refundTotals.online", paidOnline - amount)] : []),
      ],
    },
    {
      $push: { refunds: refund },
      $inc: {
        "refundTotals.reserved": amount,
        ...(throughGateway ? { "refundTotals.online": amount } : {}),
      },
    },
  );
  if (reserved.modifiedCount !== 1) {
    const current = (await Order.findById(order._id))!;
    const twin = madeBefore(current, key, bodyHash);
    if (twin) return answerWith(order._id, twin.id);
    const figures = figuresOf(current, payment);
    throw conflict(
      refundTooLargeMessage(
        throughGateway ? figures.refundableOnline : figures.refundable,
        body.method,
      ),
      REFUND_EXCEEDS_PAID_CODE,
    );
  }
  logger.info(
    { ...orderLogFields(order), refundId: refund.id, amount: body.amount, method: body.method },
    "refund reserved",
  );
  await recordAudit({
    entity: "refund",
    entityId: refund.id,
    action: "create",
    by,
    label: order.orderNumber,
    after: { amount: refund.amount, method: refund.method, status: refund.status },
  });
  if (!throughGateway || !gateway || !payment) {
    void notifyRefunded(order._id, body.amount);
    return answerWith(order._id, refund.id);
  }
  const answer = await paymentGateway(gateway).refund(payment, body.amount, body.reason, refund.id);
  await settleRefund(order._id, refund.id, answer);
  return answerWith(order._id, refund.id);
}

/** The gateway's words on a refund it refused, for the back office. */
function failureOf(answer: RefundAnswer): string {
  if (answer.status === "not-supported" || answer.status === "unknown") return answer.message;
  const said = (answer.answer ?? {}) as Record<string, unknown>;
  const words = [
    said.statusMessage,
    said.errorMessage,
    said.errorReason,
    said.refused,
    said.missing,
  ]
    .filter((word) => typeof word === "string" && word)
    .join("; ");
  return words || "The gateway refused the refund";
}

/**
 * Records the gateway's answer on a pending refund, by one write conditional on it still being
 * pending (a poller and a late answer never settle it twice): completed (the customer is texted),
 * failed (its amount is refundable again), or still pending (its gateway id kept). No certain
 * answer only marks when it was asked.
 */
export async function settleRefund(
  orderId: unknown,
  refundId: string,
  answer: RefundAnswer,
  now = new Date(),
): Promise<RefundStatus | "unchanged"> {
  const order = await Order.findById(orderId, { refunds: 1 }).lean();
  const index = order?.refunds.findIndex((refund) => refund.id === refundId) ?? -1;
  if (!order || index < 0) return "unchanged";
  const refund = order.refunds[index]!;
  const at = `refunds.${index}`;
  const pending = { _id: orderId, [`${at}.id`]: refundId, [`${at}.status`]: "pending" };
  const ref =
    "gatewayRef" in answer && answer.gatewayRef ? { [`${at}.gatewayRef`]: answer.gatewayRef } : {};
  let update: Record<string, unknown>;
  let becomes: RefundStatus | "unchanged";
  switch (answer.status) {
    case "completed":
      update = {
        $set: {
          [`${at}.status`]: "completed",
          [`${at}.completedAt`]: now,
          [`${at}.checkedAt`]: now,
          ...ref,
        },
      };
      becomes = "completed";
      break;
    case "failed":
    case "not-supported":
      update = {
        $set: {
          [`${at}.status`]: "failed",
          [`${at}.failure`]: failureOf(answer),
          [`${at}.checkedAt`]: now,
          ...ref,
        },
        $inc: {
          "refundTotals.reserved": -paisa(refund.amount),
          ...(refund.method === "gateway" ? { "refundTotals.online": -paisa(refund.amount) } : {}),
        },
      };
      becomes = "failed";
      break;
    case "pending":
      update = { $set: { [`${at}.checkedAt`]: now, ...ref } };
      becomes = "unchanged";
      break;
    case "unknown":
      update = { $set: { [`${at}.checkedAt`]: now } };
      becomes = "unchanged";
      break;
  }
  const written = await Order.updateOne(pending, update);
  if (written.modifiedCount !== 1) return "unchanged";
  if (becomes !== "unchanged")
    await recordAudit({
      entity: "refund",
      entityId: refundId,
      action: "settle",
      // The gateway's answer settles it; a refund recorded by hand never reaches this write.
      by: `payment:${refund.gateway ?? "MANUAL"}`,
      before: { status: "pending" },
      after: { status: becomes, ...(becomes === "failed" ? { failure: failureOf(answer) } : {}) },
    });
  if (becomes === "completed") void notifyRefunded(orderId, refund.amount);
  if (becomes !== "unchanged")
    logger.info({ orderId: String(orderId), refundId, status: becomes }, "refund settled");
  return becomes;
}

/** Texts the customer that a refund completed (in the order's language). */
async function notifyRefunded(orderId: unknown, amount: number): Promise<void> {
  const order = await Order.findById(orderId);
  if (order) await notifyOrder("REFUNDED", { ...order.toObject(), refundedAmount: amount });
}

/** Most orders with pending refunds one poll looks at (the oldest asked first). */
const POLL_BATCH = 50;

/**
 * The refund poller (a background job): each gateway refund still pending is asked about again
 * until its gateway says completed or failed. Answers how many it settled.
 */
export async function pollPendingRefunds(now = new Date()): Promise<number> {
  const orders = await Order.find({ "refunds.status": "pending" })
    .sort({ updatedAt: 1 })
    .limit(POLL_BATCH);
  let settled = 0;
  for (const order of orders) {
    for (const refund of order.refunds) {
      if (refund.status !== "pending" || refund.method !== "gateway") continue;
      if (now.getTime() - refund.at.getTime() < REFUND_IN_FLIGHT_MS) continue;
      const payment = refund.payment ? await Payment.findById(refund.payment) : null;
      if (!payment || !refund.gateway || !isOnlinePaymentMethod(refund.gateway)) continue;
      const answer = await paymentGateway(refund.gateway).queryRefund(
        payment,
        refund.gatewayRef ?? "",
        {
          refundId: refund.id,
          amount: refund.amount,
          reason: refund.reason,
          otherRefs: order.refunds
            .filter((other) => other.id !== refund.id && other.gatewayRef)
            .map((other) => other.gatewayRef!),
        },
      );
      if ((await settleRefund(order._id, refund.id, answer, now)) !== "unchanged") settled += 1;
    }
  }
  return settled;
}
