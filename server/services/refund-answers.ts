/**
 * An order's refunds as the back office sees them (docs/payments.md, "Refunds"; the customer's
 * answer keeps only the amount, where it stands and when), and the date a cancelled or returned
 * prepaid order's money should be back.
 */
import { isOnlinePaymentMethod } from "#contract/payment-methods";
import { refundByDate, type AdminRefundAnswer } from "#contract/refunds";
import type { OrderFields } from "../../models/order.model.js";

type StoredRefund = OrderFields["refunds"][number];

export function toAdminRefund(refund: StoredRefund): AdminRefundAnswer {
  return {
    id: refund.id,
    amount: refund.amount,
    status: refund.status,
    method: refund.method,
    gateway: refund.gateway && isOnlinePaymentMethod(refund.gateway) ? refund.gateway : null,
    gatewayRef: refund.gatewayRef ?? null,
    reference: refund.reference ?? null,
    reason: refund.reason,
    by: refund.by,
    at: new Date(refund.at).toISOString(),
    completedAt: refund.completedAt ? new Date(refund.completedAt).toISOString() : null,
    failure: refund.failure ?? null,
  };
}

/** The order's fields `refundByOf` reads. */
interface PrepaidOrder {
  paymentMethod: string;
  paymentDetails?: { status?: string | null } | null;
  advanceDeliveryCharge?: { status?: string | null } | null;
  orderStatus: string;
  statusHistory: readonly { status?: string | null; at?: Date | string | null }[];
}

/** Money was taken before delivery: an online order paid, or a cash-on-delivery order's advance. */
function wasPrepaid(order: PrepaidOrder): boolean {
  return order.paymentMethod === "COD"
    ? order.advanceDeliveryCharge?.status === "PAID"
    : order.paymentDetails?.status === "COMPLETED";
}

/** A cancelled or returned prepaid order's refund-by date (ISO), else null. */
export function refundByOf(order: PrepaidOrder): string | null {
  if (!wasPrepaid(order)) return null;
  return refundByDate(order)?.toISOString() ?? null;
}
