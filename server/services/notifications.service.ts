import { getEnv } from "../env.js";
import { isEmailConfigured, sendEmail } from "../integrations/email.js";
import { sendSms } from "../integrations/sms.js";
import { logger } from "../lib/logger.js";
import { orderLogFields } from "../lib/log-fields.js";
import { getShopSettings } from "./shop-settings.service.js";

/**
 * Customer messages about an order: by SMS unless the shop settings turned that event's text off, and also by email when `SMTP_URL` is set and the
 * order carries an address (`shippingAddress.email`, else `guest.email`; the account's email is not
 * looked up: the checkout form pre-fills it into the shipping address). Sending never fails the
 * request: errors are logged, and the caller does not wait for the gateway or the mail server.
 */
export type OrderEvent = "PLACED" | "SHIPPED" | "DELIVERED" | "CANCELLED";

interface NotifiableOrder {
  orderNumber: string;
  totalDiscountedPrice: number;
  paymentMethod: string;
  shippingAddress: { mobile: string; firstName: string; email?: string | null };
  courier?: { trackingCode?: string | null } | null;
  _id?: unknown;
  user?: unknown;
  guest?: { email?: string | null } | null;
}

/** Longest name an SMS greets. */
const SMS_NAME_LENGTH = 20;

/**
 * The only text of the customer's an SMS carries: the first word of the name, letters only, at most
 * 20 characters ("" when nothing is left). The name is typed by whoever places the order, and the
 * SMS goes out under the shop's sender id: no links, digits or long messages through it.
 */
export function smsName(firstName: string): string {
  const firstWord = firstName.trim().split(/\s+/)[0] ?? "";
  return [...firstWord.replace(/[^\p{L}\p{M}]/gu, "")].slice(0, SMS_NAME_LENGTH).join("");
}

export function orderMessage(event: OrderEvent, order: NotifiableOrder): string {
  const name = smsName(order.shippingAddress.firstName);
  switch (event) {
    case "PLACED":
      return `Tweest: ${name ? `Hi ${name}, y` : "Y"}our order ${order.orderNumber} is placed. Total ৳${order.totalDiscountedPrice}${order.paymentMethod === "COD" ? " (cash on delivery)" : ""}. Thank you!`;
    case "SHIPPED":
      return `Tweest: your order ${order.orderNumber} is on its way${order.courier?.trackingCode ? ` (tracking ${order.courier.trackingCode})` : ""}.`;
    case "DELIVERED":
      return `Tweest: your order ${order.orderNumber} has been delivered. Enjoy!`;
    case "CANCELLED":
      return `Tweest: your order ${order.orderNumber} has been cancelled.`;
  }
}

/** Where an order's emails go, or null: the shipping address email, else the guest's. */
export function orderEmailAddress(order: NotifiableOrder): string | null {
  const address = order.shippingAddress.email?.trim() || order.guest?.email?.trim();
  return address ? address : null;
}

const EMAIL_SUBJECTS: Record<OrderEvent, string> = {
  PLACED: "placed",
  SHIPPED: "shipped",
  DELIVERED: "delivered",
  CANCELLED: "cancelled",
};

/** Subject and plain-text body of an order email (same facts as the SMS, plus a link). */
export function orderEmail(event: OrderEvent, order: NotifiableOrder) {
  const status = EMAIL_SUBJECTS[event];
  const id = String(order._id ?? order.orderNumber);
  const path = order.user ? `/order/${id}` : `/order/guest/track/${id}`;
  const link = new URL(path, getEnv().PUBLIC_URL).toString();
  const cod = order.paymentMethod === "COD" ? " (cash on delivery)" : "";
  const tracking = order.courier?.trackingCode
    ? `\nCourier tracking: ${order.courier.trackingCode}`
    : "";
  return {
    subject: `Tweest: order ${order.orderNumber} ${status}`,
    text: [
      `Hi ${order.shippingAddress.firstName},`,
      "",
      orderMessage(event, order).replace(/^Tweest: /, ""),
      "",
      `Order: ${order.orderNumber}`,
      `Status: ${status}`,
      `Total: ৳${order.totalDiscountedPrice}${cod}${event === "SHIPPED" ? tracking : ""}`,
      `Track your order: ${link}`,
      "",
      "Tweest",
    ].join("\n"),
  };
}

const SMS_TEXT_OF_EVENT = {
  PLACED: "placed",
  SHIPPED: "shipped",
  DELIVERED: "delivered",
  CANCELLED: "cancelled",
} as const;

async function smsWanted(event: OrderEvent): Promise<boolean> {
  return (await getShopSettings()).sms.orderTexts[SMS_TEXT_OF_EVENT[event]];
}

/** Sends in the background; returns the promise for callers (tests, scripts) that want to wait. */
export function notifyOrder(event: OrderEvent, order: NotifiableOrder): Promise<void> {
  const mobile = order.shippingAddress.mobile;
  const sms = smsWanted(event)
    .then((wanted) => (wanted ? sendSms(mobile, orderMessage(event, order)) : undefined))
    .then(
      () => undefined,
      (error: unknown) => {
        logger.warn({ err: error, ...orderLogFields(order), event }, "order SMS not sent");
      },
    );
  const to = orderEmailAddress(order);
  if (!to || !isEmailConfigured()) return sms;
  const email = sendEmail({ to, ...orderEmail(event, order) }).then(
    () => undefined,
    (error: unknown) => {
      logger.warn({ err: error, ...orderLogFields(order), event }, "order email not sent");
    },
  );
  return Promise.all([sms, email]).then(() => undefined);
}
