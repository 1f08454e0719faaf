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

/** Query parameters whose values are credentials (tracking tokens, OAuth codes and states, keys). */
const SECRET_QUERY_KEY = /token|jwt|secret|password|signature|^code$|^state$|^otp$|key$/i;
const REDACTED = "REDACTED";

/** The URL with every credential-like query value replaced, so a request line can be shared. */
export function redactQueryValues(url: string): string {
  const start = url.indexOf("?");
  if (start < 0) return url;
  const params = new URLSearchParams(url.slice(start + 1));
  const secretKeys = [...new Set(params.keys())].filter((key) => SECRET_QUERY_KEY.test(key));
  if (secretKeys.length === 0) return url;
  for (const key of secretKeys) params.set(key, REDACTED);
  return `${url.slice(0, start)}?${params.toString()}`;
}

interface SerializedRequest {
  url?: string;
  query?: unknown;
}

/** pino-http's request serializer step: the same credential values out of `url` and `query`. */
export function redactRequestLog<T extends SerializedRequest>(req: T): T {
  if (typeof req.url === "string") req.url = redactQueryValues(req.url);
  if (req.query && typeof req.query === "object")
    req.query = Object.fromEntries(
      Object.entries(req.query).map(([key, value]) => [
        key,
        SECRET_QUERY_KEY.test(key) ? REDACTED : value,
      ]),
    );
  return req;
}
