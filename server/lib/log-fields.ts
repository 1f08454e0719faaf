/**
 * The fields every log line about an order or a payment carries, named once so that
 * `grep '"orderNumber":"TW-…"'` (or the order's id) follows one order through checkout, payment,
 * notifications and delivery. docs/operations.md lists them.
 */
interface OrderLike {
  _id?: unknown;
  orderNumber?: string;
}

interface PaymentLike {
  _id: { toString(): string };
  order?: { toString(): string } | null;
  transactionId?: string | null;
  paymentId?: string | null;
}

export function orderLogFields(order: OrderLike): { orderId?: string; orderNumber?: string } {
  return {
    orderId: order._id === undefined || order._id === null ? undefined : String(order._id),
    orderNumber: order.orderNumber,
  };
}

/** Our payment's id, its order's id, our transaction id and the gateway's payment id. */
export function paymentLogFields(payment: PaymentLike): {
  paymentId: string;
  orderId?: string;
  transactionId?: string;
  gatewayPaymentId?: string;
} {
  return {
    paymentId: payment._id.toString(),
    orderId: payment.order?.toString(),
    transactionId: payment.transactionId ?? undefined,
    gatewayPaymentId: payment.paymentId ?? undefined,
  };
}
