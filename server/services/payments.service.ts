import type mongoose from "mongoose";
import type { OrderFields } from "../../models/order.model.js";
import type { PAYMENT_STATUSES } from "../../models/payment.model.js";
import { Order } from "../../models/order.model.js";
import { Payment, type PaymentFields } from "../../models/payment.model.js";
import { pageSummary, pageWindow } from "../lib/paging.js";
import { containsText } from "../lib/search-pattern.js";
import type { PaymentAnswer, PaymentPageAnswer } from "#contract/answers/orders";

/** The back office's list of payments (the gateways and their ledger: server/payments/). */
export interface PaymentListQuery {
  status?: (typeof PAYMENT_STATUSES)[number];
  method?: string;
  /** Transaction id, gateway payment id or order number (literal, case-insensitive). */
  search?: string;
  page: number;
  limit: number;
}

/** The order fields the payments table shows (populated). */
type PaymentOrder = Pick<
  OrderFields,
  "orderNumber" | "orderStatus" | "totalDiscountedPrice" | "paymentMethod"
> & {
  _id: mongoose.Types.ObjectId;
  shippingAddress?: { firstName?: string; lastName?: string };
};
type LeanPayment = Omit<PaymentFields, "order"> & {
  _id: mongoose.Types.ObjectId;
  order: PaymentOrder | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A payment as the admin list answers it: its stored fields (no version key) and its order's few. */
function toPaymentAnswer(payment: LeanPayment): PaymentAnswer {
  const { order } = payment;
  return {
    _id: payment._id.toString(),
    order: order
      ? {
          _id: order._id.toString(),
          orderNumber: order.orderNumber,
          orderStatus: order.orderStatus,
          totalDiscountedPrice: order.totalDiscountedPrice,
          paymentMethod: order.paymentMethod,
          shippingAddress: {
            firstName: order.shippingAddress?.firstName,
            lastName: order.shippingAddress?.lastName,
          },
        }
      : null,
    method: payment.method,
    // Payments recorded before advances existed paid their order.
    purpose: payment.purpose ?? "ORDER",
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    transactionId: payment.transactionId,
    paymentId: payment.paymentId ?? null,
    validationId: payment.validationId ?? null,
    gatewayResponse: payment.gatewayResponse ?? null,
    createdAt: payment.createdAt,
    updatedAt: payment.updatedAt,
  };
}

/** Admin list, newest first, one page: `{success, payments, total, page, totalPages}`. */
export async function listPayments(
  query: PaymentListQuery = { page: 1, limit: 20 },
): Promise<PaymentPageAnswer> {
  const filter: Record<string, unknown> = {};
  if (query.status) filter.status = query.status;
  if (query.method) filter.method = query.method;
  const search = query.search?.trim();
  if (search) {
    const pattern = containsText(search);
    // No $lookup on FerretDB: the order numbers are resolved to ids first.
    const orders = await Order.find({ orderNumber: pattern }).select("_id").limit(500).lean();
    filter.$or = [
      { transactionId: pattern },
      { paymentId: pattern },
      ...(orders.length ? [{ order: { $in: orders.map((order) => order._id) } }] : []),
    ];
  }
  const [payments, total] = await Promise.all([
    Payment.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip(pageWindow(query).skip)
      .limit(query.limit)
      .populate(
        "order",
        "orderNumber orderStatus totalDiscountedPrice paymentMethod shippingAddress.firstName shippingAddress.lastName",
      )
      .lean(),
    Payment.countDocuments(filter),
  ]);
  return {
    success: true as const,
    payments: (payments as unknown as LeanPayment[]).map(toPaymentAnswer),
    ...pageSummary(total, query),
  };
}
