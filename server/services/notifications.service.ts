import { getEnv } from "../env.js";
import { isEmailConfigured, sendEmail } from "../integrations/email.js";
import { sendSms } from "../integrations/sms.js";
import { smsSize } from "../lib/sms-encoding.js";
import { logger } from "../lib/logger.js";
import { formatMoney } from "#contract/i18n/format";
import { toLocale, type Locale } from "#contract/i18n/locale";
import { localizePath } from "#contract/i18n/locale-path";
import { orderLogFields } from "../lib/log-fields.js";
import { getShopSettings } from "./shop-settings.service.js";

/**
 * Customer messages about an order: by SMS unless the shop settings turned that event's text off, and also by email when `SMTP_URL` is set and the
 * order carries an address (`shippingAddress.email`, else `guest.email`; the account's email is not
 * looked up: the checkout form pre-fills it into the shipping address). Sending never fails the
 * request: errors are logged, and the caller does not wait for the gateway or the mail server.
 */
export type OrderEvent =
  "PLACED" | "CONFIRMED" | "SHIPPED" | "DELIVERED" | "CANCELLED" | "REFUNDED";

/** Confirmation is a short SMS only: the placed email already said everything it would. */
const EMAILED_EVENTS = new Set<OrderEvent>(["PLACED", "SHIPPED", "DELIVERED", "CANCELLED"]);

interface NotifiableOrder {
  orderNumber: string;
  totalDiscountedPrice: number;
  paymentMethod: string;
  shippingAddress: { mobile: string; firstName: string; email?: string | null };
  courier?: { trackingCode?: string | null } | null;
  /** Who carries the parcel (docs/couriers.md); older Pathao parcels have only `courier`. */
  shipment?: {
    courierName?: string | null;
    trackingNumber?: string | null;
    trackingUrl?: string | null;
  } | null;
  _id?: unknown;
  user?: unknown;
  guest?: { email?: string | null } | null;
  /** The language the order was placed in; older orders have none (English). */
  locale?: string | null;
  /** A refund that completed (taka): the REFUNDED text names it. */
  refundedAmount?: number;
}

/** Longest courier name an SMS carries (the owner types a manual courier's), in UTF-16 units. */
const SMS_COURIER_LENGTH = 20;

/** The courier and tracking number a shipped order's SMS and email name, when it has them. */
function parcelOf(order: NotifiableOrder): { courier?: string; tracking?: string } {
  return {
    courier: order.shipment?.courierName?.trim().slice(0, SMS_COURIER_LENGTH) || undefined,
    tracking: order.shipment?.trackingNumber || order.courier?.trackingCode || undefined,
  };
}

/** Longest name an SMS greets, in UTF-16 units (what a Unicode SMS counts). */
const SMS_NAME_LENGTH = 20;

/**
 * The only text of the customer's an SMS carries: the first word of the name, letters only, at most
 * 20 UTF-16 units ("" when nothing is left). The name is typed by whoever places the order, and the
 * SMS goes out under the shop's sender id: no links, digits or long messages through it. Units,
 * not characters: a letter outside the BMP (𝐀, 𒀀) takes two, and 20 of them made the order SMS
 * three parts instead of two.
 */
export function smsName(firstName: string): string {
  const firstWord = firstName.trim().split(/\s+/)[0] ?? "";
  let name = "";
  for (const letter of firstWord.replace(/[^\p{L}\p{M}]/gu, "")) {
    if (name.length + letter.length > SMS_NAME_LENGTH) break;
    name += letter;
  }
  return name;
}

/**
 * Order numbers, tracking codes and the OTP stay in ASCII digits in both languages: shoppers type
 * or paste them back. Amounts follow the language (৳১,৬৬০ in Bangla). Every text fits two SMS
 * parts with the longest name and tracking code, the placed one with its link three
 * (tests/api/bangla-messages.test.ts).
 */
const SMS_TEXTS: Record<
  Locale,
  Record<OrderEvent, (order: NotifiableOrder, name: string) => string>
> = {
  en: {
    PLACED: (order, name) =>
      `Tweest: ${name ? `Hi ${name}, y` : "Y"}our order ${order.orderNumber} is placed. Total ৳${order.totalDiscountedPrice}${order.paymentMethod === "COD" ? " (cash on delivery)" : ""}. Thank you!`,
    CONFIRMED: (order) => `Tweest: your order ${order.orderNumber} is confirmed.`,
    SHIPPED: (order) => {
      const { courier, tracking } = parcelOf(order);
      return `Tweest: your order ${order.orderNumber} is on its way${courier ? ` with ${courier}` : ""}${tracking ? ` (tracking ${tracking})` : ""}.`;
    },
    DELIVERED: (order) => `Tweest: your order ${order.orderNumber} has been delivered. Enjoy!`,
    CANCELLED: (order) => `Tweest: your order ${order.orderNumber} has been cancelled.`,
    REFUNDED: (order) =>
      `Tweest: ৳${order.refundedAmount ?? 0} of your order ${order.orderNumber} has been refunded to you.`,
  },
  bn: {
    PLACED: (order, name) =>
      `Tweest: ${name ? `${name}, ` : ""}আপনার অর্ডার ${order.orderNumber} গ্রহণ করা হয়েছে। মোট ${formatMoney(order.totalDiscountedPrice, "bn")}${order.paymentMethod === "COD" ? " (ক্যাশ অন ডেলিভারি)" : ""}। ধন্যবাদ!`,
    CONFIRMED: (order) => `Tweest: আপনার অর্ডার ${order.orderNumber} নিশ্চিত করা হয়েছে।`,
    SHIPPED: (order) => {
      const { courier, tracking } = parcelOf(order);
      return `Tweest: আপনার অর্ডার ${order.orderNumber} ${courier ? `${courier}-এর মাধ্যমে ` : ""}পাঠানো হয়েছে${tracking ? ` (ট্র্যাকিং ${tracking})` : ""}।`;
    },
    DELIVERED: (order) => `Tweest: আপনার অর্ডার ${order.orderNumber} পৌঁছে দেওয়া হয়েছে। ধন্যবাদ!`,
    CANCELLED: (order) => `Tweest: আপনার অর্ডার ${order.orderNumber} বাতিল করা হয়েছে।`,
    REFUNDED: (order) =>
      `Tweest: আপনার অর্ডার ${order.orderNumber}-এর ${formatMoney(order.refundedAmount ?? 0, "bn")} আপনাকে ফেরত দেওয়া হয়েছে।`,
  },
};

/**
 * The "placed" text, the one a shopper keeps, ends with the tracking page's address, so the order
 * can be followed without the confirmation page. In Bangla (or with the ৳ sign) a text travels as
 * Unicode, 67 characters a part, and the address makes it three parts instead of two; the other
 * texts stay without it (the shipped one names the courier's own tracking number). A PUBLIC_URL so
 * long that even three parts cannot hold it leaves the address out.
 */
const LINKED_EVENTS = new Set<OrderEvent>(["PLACED"]);
const TRACK_WORD: Record<Locale, string> = { en: "Track it", bn: "ট্র্যাক করুন" };
export const LINKED_SMS_PARTS = 3;

/** The tracking page (order number + mobile) in the order's language. */
export function trackingPageUrl(locale: Locale): string {
  return new URL(localizePath("/order/track", locale), getEnv().PUBLIC_URL).toString();
}

export function orderMessage(event: OrderEvent, order: NotifiableOrder): string {
  const locale = toLocale(order.locale);
  const text = SMS_TEXTS[locale][event](order, smsName(order.shippingAddress.firstName));
  if (!LINKED_EVENTS.has(event)) return text;
  const linked = `${text} ${TRACK_WORD[locale]}: ${trackingPageUrl(locale)}`;
  return smsSize(linked).segments <= LINKED_SMS_PARTS ? linked : text;
}

/** Where an order's emails go, or null: the shipping address email, else the guest's. */
export function orderEmailAddress(order: NotifiableOrder): string | null {
  const address = order.shippingAddress.email?.trim() || order.guest?.email?.trim();
  return address ? address : null;
}

const EMAIL_WORDS: Record<
  Locale,
  {
    status: Record<OrderEvent, string>;
    subject: (orderNumber: string, status: string) => string;
    /** `name`: smsName's, "" when the name has no letters. */
    greeting: (name: string) => string;
    order: string;
    statusLabel: string;
    total: string;
    cod: string;
    tracking: string;
    trackLink: string;
  }
> = {
  en: {
    status: {
      PLACED: "placed",
      CONFIRMED: "confirmed",
      SHIPPED: "shipped",
      DELIVERED: "delivered",
      CANCELLED: "cancelled",
      REFUNDED: "refunded",
    },
    subject: (orderNumber, status) => `Tweest: order ${orderNumber} ${status}`,
    greeting: (name) => (name ? `Hi ${name},` : "Hello,"),
    order: "Order",
    statusLabel: "Status",
    total: "Total",
    cod: "cash on delivery",
    tracking: "Courier tracking",
    trackLink: "Track your order",
  },
  bn: {
    status: {
      PLACED: "গৃহীত",
      CONFIRMED: "নিশ্চিত",
      SHIPPED: "পাঠানো হয়েছে",
      DELIVERED: "পৌঁছে দেওয়া হয়েছে",
      CANCELLED: "বাতিল",
      REFUNDED: "টাকা ফেরত",
    },
    subject: (orderNumber, status) => `Tweest: অর্ডার ${orderNumber} ${status}`,
    greeting: (name) => `প্রিয় ${name || "গ্রাহক"},`,
    order: "অর্ডার",
    statusLabel: "অবস্থা",
    total: "মোট",
    cod: "ক্যাশ অন ডেলিভারি",
    tracking: "কুরিয়ার ট্র্যাকিং",
    trackLink: "আপনার অর্ডার দেখুন",
  },
};

/** Subject and plain-text body of an order email (same facts as the SMS, plus a link). */
export function orderEmail(event: OrderEvent, order: NotifiableOrder) {
  const locale = toLocale(order.locale);
  const words = EMAIL_WORDS[locale];
  const status = words.status[event];
  const id = String(order._id ?? order.orderNumber);
  // The order's page in the order's language: a Bangla order's email links to its /bn page.
  const path = localizePath(order.user ? `/order/${id}` : `/order/guest/track/${id}`, locale);
  const link = new URL(path, getEnv().PUBLIC_URL).toString();
  const cod = order.paymentMethod === "COD" ? ` (${words.cod})` : "";
  const parcel = parcelOf(order).tracking;
  // The courier's page for the parcel, when it has one (never in the SMS, which carries no links).
  const courierPage = order.shipment?.trackingUrl ? ` ${order.shipment.trackingUrl}` : "";
  const tracking = parcel ? `\n${words.tracking}: ${parcel}${courierPage}` : "";
  // English keeps its plain "৳1660" (what the emails have always said); Bangla uses the formatter.
  const total =
    locale === "bn"
      ? formatMoney(order.totalDiscountedPrice, "bn")
      : `৳${order.totalDiscountedPrice}`;
  // The SMS's sentence without its sender and without the name (the email greets by name above it),
  // as a sentence: "Your order … is confirmed."
  const sentence = SMS_TEXTS[locale][event](order, "").replace(/^Tweest: /, "");
  return {
    subject: words.subject(order.orderNumber, status),
    text: [
      // Greeted like the SMS: whoever orders picks the address and the name, and the email leaves
      // from the shop's own address; a whole name carried their lines and links into it.
      words.greeting(smsName(order.shippingAddress.firstName)),
      "",
      sentence.charAt(0).toUpperCase() + sentence.slice(1),
      "",
      `${words.order}: ${order.orderNumber}`,
      `${words.statusLabel}: ${status}`,
      `${words.total}: ${total}${cod}${event === "SHIPPED" ? tracking : ""}`,
      `${words.trackLink}: ${link}`,
      "",
      "Tweest",
    ].join("\n"),
  };
}

const SMS_TEXT_OF_EVENT = {
  PLACED: "placed",
  CONFIRMED: "confirmed",
  SHIPPED: "shipped",
  DELIVERED: "delivered",
  CANCELLED: "cancelled",
  REFUNDED: "refunded",
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
  if (!to || !isEmailConfigured() || !EMAILED_EVENTS.has(event)) return sms;
  const email = sendEmail({ to, ...orderEmail(event, order) }).then(
    () => undefined,
    (error: unknown) => {
      logger.warn({ err: error, ...orderLogFields(order), event }, "order email not sent");
    },
  );
  return Promise.all([sms, email]).then(() => undefined);
}

/** The staff invitation: the link to set the password, by email or SMS, in the inviter's language. */
const STAFF_INVITE_TEXTS: Record<
  Locale,
  { sms: (link: string) => string; subject: string; body: (link: string) => string }
> = {
  en: {
    sms: (link) => `Tweest: you are invited to the shop's staff. Set your password: ${link}`,
    subject: "Tweest: your staff account",
    body: (link) =>
      `You are invited to Tweest's staff.\n\nSet your password here (the link works once, for 3 days):\n${link}\n\nThen sign in with this email address.\n\nTweest`,
  },
  bn: {
    sms: (link) =>
      `Tweest: আপনাকে দোকানের স্টাফ হিসেবে আমন্ত্রণ জানানো হয়েছে। পাসওয়ার্ড ঠিক করুন: ${link}`,
    subject: "Tweest: আপনার স্টাফ অ্যাকাউন্ট",
    body: (link) =>
      `আপনাকে Tweest-এর স্টাফ হিসেবে আমন্ত্রণ জানানো হয়েছে।\n\nএখানে পাসওয়ার্ড ঠিক করুন (লিংকটি একবার, ৩ দিন কাজ করবে):\n${link}\n\nতারপর এই ইমেইল দিয়ে সাইন ইন করুন।\n\nTweest`,
  },
};

/** Sends the invitation; unlike an order's messages, a failure is the inviter's to know (it throws). */
export async function notifyStaffInvite(invite: {
  sendBy: "email" | "sms";
  email: string;
  mobile?: string;
  link: string;
  locale: Locale;
}): Promise<void> {
  const texts = STAFF_INVITE_TEXTS[invite.locale];
  if (invite.sendBy === "sms" && invite.mobile)
    await sendSms(invite.mobile, texts.sms(invite.link));
  else await sendEmail({ to: invite.email, subject: texts.subject, text: texts.body(invite.link) });
}
