/**
 * The dashboard's refunds (docs/payments.md, "Refunds"): what went back this month, what the
 * gateways still hold, and the cancelled or returned prepaid orders whose money is due back within
 * a few days or already late.
 */
import {
  REFUND_DUE_SOON_DAYS,
  type DashboardRefundsAnswer,
  type RefundDueAnswer,
} from "#contract/refunds";
import { Order, type OrderFields } from "../../models/order.model.js";
import { amountDueOnline } from "../payments/ledger.js";
import { refundByOf } from "./refund-answers.js";

/** Most due orders the dashboard lists. */
const DUE_LIST_LENGTH = 20;
/** Cancelled or returned orders older than this are not looked at for the due list. */
const DUE_LOOKBACK_MS = 180 * 24 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

type Refunds = OrderFields["refunds"];
const sumOf = (refunds: Refunds, status: string) =>
  refunds
    .filter((refund) => refund.status === status)
    .reduce((sum, refund) => sum + Math.round(refund.amount * 100), 0) / 100;

export async function dashboardRefunds(
  month: { from: Date; to: Date },
  now: Date,
): Promise<DashboardRefundsAnswer> {
  const [withRefunds, ended] = await Promise.all([
    Order.find({ "refunds.status": { $in: ["completed", "pending"] } }, { refunds: 1 }).lean(),
    Order.find(
      {
        orderStatus: { $in: ["CANCELLED", "RETURNED"] },
        createdAt: { $gte: new Date(now.getTime() - DUE_LOOKBACK_MS) },
        $or: [
          { paymentMethod: { $ne: "COD" }, "paymentDetails.status": "COMPLETED" },
          { "advanceDeliveryCharge.status": "PAID" },
        ],
      },
      {
        orderNumber: 1,
        orderStatus: 1,
        statusHistory: 1,
        paymentMethod: 1,
        paymentDetails: 1,
        advanceDeliveryCharge: 1,
        totalDiscountedPrice: 1,
        refunds: 1,
      },
    ).lean<(OrderFields & { _id: unknown })[]>(),
  ]);
  let refundedThisMonth = 0;
  let refundsThisMonth = 0;
  let pending = 0;
  for (const order of withRefunds)
    for (const refund of order.refunds) {
      if (refund.status === "pending") pending += Math.round(refund.amount * 100);
      const done = refund.status === "completed" && refund.completedAt;
      if (done && refund.completedAt! >= month.from && refund.completedAt! < month.to) {
        refundedThisMonth += Math.round(refund.amount * 100);
        refundsThisMonth += 1;
      }
    }
  const soon = now.getTime() + REFUND_DUE_SOON_DAYS * DAY_MS;
  const due: RefundDueAnswer[] = [];
  for (const order of ended) {
    const refundBy = refundByOf(order);
    const paid = amountDueOnline(order);
    const refunded = sumOf(order.refunds ?? [], "completed");
    if (!refundBy || new Date(refundBy).getTime() > soon || refunded >= paid) continue;
    due.push({
      _id: String(order._id),
      orderNumber: order.orderNumber,
      orderStatus: order.orderStatus as RefundDueAnswer["orderStatus"],
      refundBy,
      paid,
      refunded,
      pending: sumOf(order.refunds ?? [], "pending"),
    });
  }
  due.sort((a, b) => a.refundBy.localeCompare(b.refundBy));
  return {
    refundedThisMonth: refundedThisMonth / 100,
    refundsThisMonth,
    pending: pending / 100,
    due: due.slice(0, DUE_LIST_LENGTH),
  };
}
