/** Answers of /api/orders/*, /api/admin/orders/* and /api/payment(s): orders, tracking, payments. */
import { AdvanceDeliveryChargeAnswer } from "../schemas/advance-delivery-charge.js";
import { LOCALES } from "../i18n/locale.js";
import { z } from "zod";
import {
  CANCELLED_BY,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
} from "../order-status.js";
import { ShipmentAnswer } from "../couriers.js";
import { ORDER_SOURCES } from "../order-sources.js";
import { LineFields } from "./cart.js";
import { pageOf, Timestamp } from "./common.js";
import { PHONE_RISK_LEVELS } from "../schemas/phone-history.js";
import { AdminRefundAnswer, CustomerRefundAnswer } from "../refunds.js";

/** A line as ordered: a snapshot of the product then, never changed by the catalogue. */
export const OrderLineAnswer = z.object({
  ...LineFields,
  product: z
    .object({
      _id: z.string().optional(),
      title: z.string().optional(),
      titleBn: z.string().optional(),
      category: z.object({ _id: z.string().optional(), name: z.string().optional() }).optional(),
      discountedPrice: z.number().optional(),
      imageUrl: z.string().optional(),
    })
    .optional(),
});
export type OrderLineAnswer = z.infer<typeof OrderLineAnswer>;

export const ShippingAddressAnswer = z.object({
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string(),
  email: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  zone: z.string(),
  area: z.string(),
  zipCode: z.string(),
  country: z.string(),
  /** Ids of the district and thana lists (docs/delivery-zones.md); null when not known. */
  districtId: z.string().nullable().optional(),
  thanaId: z.string().nullable().optional(),
});

/**
 * Who moved an order, as its customer (or a guest tracking it) reads it: the customer, or the
 * shop, its courier or the payment gateway. Staff and the shop's own jobs are all "shop": a
 * customer never learns who works in the back office (an admin's email is the account an
 * attacker would try to lock out or phish).
 */
export const ORDER_ACTORS = ["customer", "guest", "shop", "courier", "payment"] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export const StatusChangeAnswer = z.object({
  status: z.string(),
  at: Timestamp,
  by: z.enum(ORDER_ACTORS).optional(),
  note: z.string().optional(),
});

/** A status change as the back office reads it: who exactly (`admin:<email>`, `system`, `courier:Pathao`). */
export const StaffStatusChangeAnswer = StatusChangeAnswer.extend({ by: z.string().optional() });

export const CourierAnswer = z.object({
  name: z.string().optional(),
  consignmentId: z.string().optional(),
  trackingCode: z.string().optional(),
  status: z.string().optional(),
});

/** The customer of an order, as the back office's order endpoints show it. */
export const OrderCustomerAnswer = z.object({
  _id: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  mobile: z.string().optional(),
});

/**
 * An order in full, as its owner or the guest who placed it sees it (no staff names or ids:
 * AdminOrderAnswer is the back office's).
 */
export const OrderAnswer = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  /** The customer's id (null for a guest's order, or once the account is deleted). */
  user: z.string().nullable(),
  /** A guest's contact (null for a signed-in customer's order). */
  guest: z.object({ email: z.string().optional(), mobile: z.string().optional() }).nullable(),
  orderItems: z.array(OrderLineAnswer),
  shippingAddress: ShippingAddressAnswer,
  totalPrice: z.number(),
  discount: z.number(),
  promoCode: z.string().nullable(),
  promoCodeDiscount: z.number(),
  deliveryCharge: z.number(),
  /** The delivery charge paid to the courier for a parcel that came back (RETURNED), taka. */
  deliveryCostLost: z.number().optional(),
  tax: z.number(),
  totalDiscountedPrice: z.number(),
  /** The language the order was placed in: its SMS and emails use it (absent: English). */
  locale: z.enum(LOCALES).optional(),
  totalItem: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** Cash on delivery with the delivery charge paid online first (docs/cod.md); absent or null: none. */
  advanceDeliveryCharge: AdvanceDeliveryChargeAnswer.nullable().optional(),
  paymentDetails: z.object({
    status: z.string(),
    paymentId: z.string().nullable(),
    transactionId: z.string().nullable(),
  }),
  orderStatus: z.enum(ORDER_STATUSES),
  statusHistory: z.array(StatusChangeAnswer),
  courier: CourierAnswer.nullable(),
  /** Who is bringing the parcel and how to follow it; null until booked with a courier. */
  shipment: ShipmentAnswer.nullable(),
  note: z.string(),
  /** The version of the terms page accepted at checkout; null for orders placed before the box. */
  termsAcceptedVersion: z.number().nullable().optional(),
  /** A cash-on-delivery order whose delivery phone was confirmed with a one-time code. */
  phoneConfirmed: z.boolean().optional(),
  phoneConfirmedAt: Timestamp.nullable().optional(),
  /** Where the order came from (absent on orders placed before sources: the storefront). */
  source: z.enum(ORDER_SOURCES).optional(),
  /** The delivery mobile as 01XXXXXXXXX (the key of the customer's history by phone). */
  deliveryPhone: z.string().optional(),
  /** Set once the order's stock has been given back (cancelled or expired). */
  stockReleased: z.boolean(),
  /** Shown once, to the guest who placed the order: the key for tracking it. */
  trackingToken: z.string().optional(),
  /** Money given back, oldest first (docs/payments.md, "Refunds"). */
  refunds: z.array(CustomerRefundAnswer).optional(),
  /** A cancelled or returned prepaid order: the date its money should be back by; else null. */
  refundBy: Timestamp.nullable().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type OrderAnswer = z.infer<typeof OrderAnswer>;

/**
 * An order as the back office's order endpoints answer it: the customer, who did what, and the
 * courier's cash (the shop's bookkeeping with its courier, not the customer's business).
 */
export const AdminOrderAnswer = OrderAnswer.extend({
  /** The customer (null for a guest's order, or once the account is deleted). */
  user: z.union([z.string(), OrderCustomerAnswer]).nullable(),
  statusHistory: z.array(StaffStatusChangeAnswer),
  /** A cancelled order: who caused it (docs/cod.md, "Customer history and risk"). */
  cancelledBy: z.enum(CANCELLED_BY).optional(),
  /**
   * A delivered COD parcel: the cash the courier collected (docs/cod.md), typed by an admin (`by`
   * their email) or reported by the courier; null until recorded.
   */
  cashCollected: z
    .object({
      amount: z.number(),
      at: Timestamp.optional(),
      source: z.string().optional(),
      by: z.string().optional(),
    })
    .nullable()
    .optional(),
  /** The courier settlement that paid this parcel's cash to the shop; null until settled. */
  cashSettlement: z.string().nullable().optional(),
  /** The staff member who entered the order (`admin:<email>`); null for the storefront's. */
  createdBy: z.string().nullable().optional(),
  /** Scan-to-pack (docs/packing.md): when every unit was scanned and who scanned them; null until then. */
  packedAt: Timestamp.nullable().optional(),
  packedBy: z.string().nullable().optional(),
  /** Refunds in full: how (gateway or by hand), who asked, why, the gateway's id. */
  refunds: z.array(AdminRefundAnswer).optional(),
});
export type AdminOrderAnswer = z.infer<typeof AdminOrderAnswer>;

/**
 * An order as the back office's list shows it: with the risk level of its delivery phone (docs/cod.md,
 * its other orders counted, never itself), so each order can be judged without opening it.
 */
export const AdminOrderRowAnswer = AdminOrderAnswer.extend({
  riskLevel: z.enum(PHONE_RISK_LEVELS).optional(),
});
export type AdminOrderRowAnswer = z.infer<typeof AdminOrderRowAnswer>;

export const AdminOrderPageAnswer = pageOf("orders", AdminOrderRowAnswer);
export type AdminOrderPageAnswer = z.infer<typeof AdminOrderPageAnswer>;

/** Guest tracking: status, history, items and totals; no street address, no contact. */
export const OrderTrackingAnswer = OrderAnswer.pick({
  _id: true,
  orderNumber: true,
  orderStatus: true,
  statusHistory: true,
  orderItems: true,
  totalPrice: true,
  discount: true,
  promoCode: true,
  promoCodeDiscount: true,
  deliveryCharge: true,
  tax: true,
  totalDiscountedPrice: true,
  totalItem: true,
  paymentMethod: true,
  advanceDeliveryCharge: true,
  courier: true,
  shipment: true,
  refunds: true,
  refundBy: true,
  createdAt: true,
}).extend({
  paymentDetails: z.object({ status: z.string() }),
  shippingAddress: ShippingAddressAnswer.pick({ firstName: true, city: true }),
});
export type OrderTrackingAnswer = z.infer<typeof OrderTrackingAnswer>;

export const DeletedOrderAnswer = z.object({ message: z.string(), _id: z.string() });

/** Where to send the shopper to pay online. */
export const PaymentStartedAnswer = z.object({
  gatewayUrl: z.string(),
  transactionId: z.string(),
  paymentId: z.string(),
});
export type PaymentStartedAnswer = z.infer<typeof PaymentStartedAnswer>;

/** A payment as the back office lists it, with the few order fields its table shows. */
export const PaymentAnswer = z.object({
  _id: z.string(),
  order: z
    .object({
      _id: z.string(),
      orderNumber: z.string(),
      orderStatus: z.enum(ORDER_STATUSES),
      totalDiscountedPrice: z.number(),
      paymentMethod: z.enum(PAYMENT_METHODS).optional(),
      shippingAddress: z.object({
        firstName: z.string().optional(),
        lastName: z.string().optional(),
      }),
    })
    .nullable(),
  method: z.enum(PAYMENT_METHODS),
  /** What the money pays: the order, or only its delivery charge in advance (cash on delivery). */
  purpose: z.enum(PAYMENT_PURPOSES),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  transactionId: z.string(),
  paymentId: z.string().nullable(),
  validationId: z.string().nullable(),
  /** What the gateway answered, as it answered it. */
  gatewayResponse: z.unknown(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type PaymentAnswer = z.infer<typeof PaymentAnswer>;

export const PaymentPageAnswer = pageOf("payments", PaymentAnswer).extend({
  success: z.literal(true),
});
export type PaymentPageAnswer = z.infer<typeof PaymentPageAnswer>;
