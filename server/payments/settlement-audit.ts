/**
 * The audit trail's entry of a payment's settlement (docs/audit.md): the gateway's word placed the
 * order, so the actor is the gateway (`payment:BKASH`), never a staff member. The write that placed
 * it pinned `orderStatus: PENDING`, and while an order awaits payment nothing else writes its
 * payment fields, so they still held what the order was placed with: that is what it replaced.
 */
import type { AuditRecord } from "../services/audit.service.js";
import type { OrderFields } from "../../models/order.model.js";
import type { PaymentFields } from "../../models/payment.model.js";

export function settlementEntry(
  payment: Pick<PaymentFields, "method" | "purpose">,
  placed: Pick<OrderFields, "orderNumber" | "paymentDetails" | "advanceDeliveryCharge"> & {
    _id: unknown;
  },
): AuditRecord {
  const common = {
    entity: "order" as const,
    entityId: String(placed._id),
    action: "payment",
    by: `payment:${payment.method}`,
    label: placed.orderNumber,
  };
  const advance = placed.advanceDeliveryCharge;
  if (payment.purpose === "ADVANCE_DELIVERY_CHARGE" && advance)
    return {
      ...common,
      before: {
        orderStatus: "PENDING",
        advanceDeliveryCharge: { status: "PENDING", transactionId: null, paidAt: null },
      },
      after: {
        orderStatus: "PLACED",
        advanceDeliveryCharge: {
          status: advance.status,
          transactionId: advance.transactionId,
          paidAt: advance.paidAt,
        },
      },
    };
  const details = placed.paymentDetails;
  return {
    ...common,
    before: {
      orderStatus: "PENDING",
      paymentDetails: { status: "PENDING", paymentId: null, transactionId: null },
    },
    after: {
      orderStatus: "PLACED",
      paymentDetails: {
        status: details?.status ?? null,
        paymentId: details?.paymentId ?? null,
        transactionId: details?.transactionId ?? null,
      },
    },
  };
}
