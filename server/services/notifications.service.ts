import { sendSms } from "../integrations/sms.js";
import { logger } from "../lib/logger.js";

/**
 * Customer messages about an order, by SMS (the only channel configured today). Sending never
 * fails the request: errors are logged, and the caller does not wait for the gateway.
 */
export type OrderEvent = "PLACED" | "SHIPPED" | "DELIVERED" | "CANCELLED";

interface NotifiableOrder {
  orderNumber: string;
  totalDiscountedPrice: number;
  paymentMethod: string;
  shippingAddress: { mobile: string; firstName: string };
  courier?: { trackingCode?: string | null } | null;
}

export function orderMessage(event: OrderEvent, order: NotifiableOrder): string {
  const name = order.shippingAddress.firstName;
  switch (event) {
    case "PLACED":
      return `Tweest: Hi ${name}, your order ${order.orderNumber} is placed. Total ৳${order.totalDiscountedPrice}${order.paymentMethod === "COD" ? " (cash on delivery)" : ""}. Thank you!`;
    case "SHIPPED":
      return `Tweest: your order ${order.orderNumber} is on its way${order.courier?.trackingCode ? ` (tracking ${order.courier.trackingCode})` : ""}.`;
    case "DELIVERED":
      return `Tweest: your order ${order.orderNumber} has been delivered. Enjoy!`;
    case "CANCELLED":
      return `Tweest: your order ${order.orderNumber} has been cancelled.`;
  }
}

/** Sends in the background; returns the promise for callers (tests, scripts) that want to wait. */
export function notifyOrder(event: OrderEvent, order: NotifiableOrder): Promise<void> {
  const mobile = order.shippingAddress.mobile;
  return sendSms(mobile, orderMessage(event, order)).then(
    () => undefined,
    (error: unknown) => {
      logger.warn({ err: error, order: order.orderNumber, event }, "order SMS not sent");
    },
  );
}
