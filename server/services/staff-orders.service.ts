/**
 * Orders staff enter for a customer who ordered by phone, Messenger, Instagram, WhatsApp or in
 * person (docs/order-desk.md, "Orders from every channel"). They go through the storefront's own
 * placement steps (order-placement.ts: caps, block list, phone confirmation, risk, advance, stock
 * reservation, the "placed" SMS), with the staff's lines in place of a cart; this file only turns
 * the back office's form into that input (placed once per form fill: staff-placement.ts) and, when
 * the order awaits an online payment, texts the customer the link to pay it.
 */
import type { StaffOrderBody, StaffOrderAnswer } from "#contract/schemas/staff-orders";
import { findDistrict } from "#contract/locations";
import { formatMoney } from "#contract/i18n/format";
import { localizePath } from "#contract/i18n/locale-path";
import { toLocale, type Locale } from "#contract/i18n/locale";
import { Order, type OrderFields } from "../../models/order.model.js";
import { getEnv } from "../env.js";
import { sendSms } from "../integrations/sms.js";
import { logger } from "../lib/logger.js";
import { orderLogFields } from "../lib/log-fields.js";
import { smsName } from "./notifications.service.js";
import { toAdminOrderAnswer } from "./orders.service.js";
import { placeOnce, submissionHash } from "./staff-placement.js";
import { recordAudit, type AuditRecord } from "./audit.service.js";

/** Creates the order as `createdBy` (`admin:<email>`) and asks for its online payment by SMS. */
export async function createStaffOrder(
  body: StaffOrderBody,
  createdBy: string,
): Promise<StaffOrderAnswer> {
  const { customer, address, idempotencyKey, ...rest } = body;
  const { order, placed } = await placeOnce({
    owner: undefined,
    staff: {
      lines: body.lines,
      source: body.source,
      createdBy,
      phoneConfirmedByCall: body.phoneConfirmedByCall === true,
      submissionKey: `staff:${idempotencyKey}`,
      bodyHash: submissionHash({ customer, address, ...rest }),
    },
    shippingAddress: {
      firstName: customer.name,
      mobile: customer.mobile,
      email: customer.email,
      streetAddress: address.streetAddress,
      // The ids decide the place (resolvePlace checks them); the name is the list's own.
      city: findDistrict(address.districtId)?.name ?? address.districtId,
      districtId: address.districtId,
      thanaId: address.thanaId,
      area: address.area,
      zipCode: address.zipCode,
    },
    paymentMethod: body.paymentMethod,
    advancePaymentMethod: body.advancePaymentMethod,
    note: body.note,
    locale: body.locale,
    phoneCode: body.phoneCode,
  });
  if (placed) await recordAudit(staffOrderEntry(order, createdBy));
  // Placed before (a retry): the answer it had; the SMS is never sent twice.
  if (!placed)
    return {
      ...toAdminOrderAnswer(order),
      paymentRequested: order.submission?.paymentRequested === true,
    };
  // Awaiting an online payment (the whole total, or a COD order's delivery charge): the customer is
  // not at the checkout to be sent to the gateway, so the payment page comes to them by SMS.
  const paymentRequested =
    order.orderStatus === "PENDING" && placed.trackingToken !== undefined
      ? await requestPayment(order, placed.trackingToken)
      : false;
  if (paymentRequested)
    await Order.updateOne(
      { _id: order._id },
      { $set: { "submission.paymentRequested": true } },
      { timestamps: false },
    );
  return { ...toAdminOrderAnswer(order), paymentRequested };
}

/** The audit entry of an order staff entered: what it was placed with (its lines, total, address). */
function staffOrderEntry(order: OrderFields & { _id: unknown }, createdBy: string): AuditRecord {
  return {
    entity: "order",
    entityId: String(order._id),
    action: "create",
    by: createdBy,
    label: order.orderNumber,
    after: {
      orderStatus: order.orderStatus,
      source: order.source,
      lines: order.orderItems.map(
        (line) => `${line.quantity} × ${line.title} (${line.color}, ${line.size})`,
      ),
      totalDiscountedPrice: order.totalDiscountedPrice,
      shippingAddress: order.shippingAddress,
    },
  };
}

interface PayableOrder {
  orderNumber: string;
  paymentMethod: string;
  totalDiscountedPrice: number;
  advanceDeliveryCharge?: { amount: number } | null;
  shippingAddress: { mobile: string; firstName: string };
  locale?: string | null;
}

/** What the customer pays online: a COD order's advance delivery charge, else the whole total. */
const amountToPay = (order: PayableOrder) =>
  order.paymentMethod === "COD" && order.advanceDeliveryCharge
    ? order.advanceDeliveryCharge.amount
    : order.totalDiscountedPrice;

/**
 * The order's page with its tracking token, in the customer's language: it shows the order and a
 * "Pay" button for an order awaiting payment (the token is the guest's key to both).
 */
export function paymentPageUrl(orderNumber: string, token: string, locale: Locale): string {
  const path = localizePath(`/order/guest/track/${orderNumber}`, locale);
  const url = new URL(path, getEnv().PUBLIC_URL);
  url.searchParams.set("token", token);
  return url.toString();
}

/**
 * The payment request's text. English names the amount as "Tk" so the text stays GSM-7 (the link
 * is long); it greets by the first name only, as every order SMS does (smsName).
 */
export function paymentRequestMessage(order: PayableOrder, link: string): string {
  const locale = toLocale(order.locale);
  const name = smsName(order.shippingAddress.firstName);
  const amount = amountToPay(order);
  return locale === "bn"
    ? `Tweest: ${name ? `${name}, ` : ""}অর্ডার ${order.orderNumber}-এর ${formatMoney(amount, "bn")} অনলাইনে পরিশোধ করুন: ${link}`
    : `Tweest: ${name ? `Hi ${name}, p` : "P"}lease pay Tk ${amount} online for your order ${order.orderNumber}: ${link}`;
}

/** Sends the payment request; false (logged) when the SMS could not go out. */
async function requestPayment(order: PayableOrder & { _id: unknown }, token: string) {
  const link = paymentPageUrl(order.orderNumber, token, toLocale(order.locale));
  const message = paymentRequestMessage(order, link);
  try {
    await sendSms(order.shippingAddress.mobile, message);
    return true;
  } catch (error) {
    logger.warn({ err: error, ...orderLogFields(order) }, "payment request SMS not sent");
    return false;
  }
}
