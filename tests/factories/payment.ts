import { randomUUID } from "node:crypto";
import { Types } from "mongoose";
import type { PaymentMethod } from "../../models/order.model";
import { Payment } from "../../models/payment.model";

export interface PaymentOverrides {
  order?: Types.ObjectId;
  amount?: number;
  /**
   * Any text: gateways and older records write statuses in mixed case ('Completed', 'completed').
   * Values outside the model's enum are saved with validation off, as such records would exist.
   */
  status?: string;
  method?: PaymentMethod;
  /** Default: a unique TXN-… id. */
  transactionId?: string;
  /** The gateway's own id. */
  paymentId?: string | null;
  createdAt?: Date;
}

/** A payment record written through the model; default: a completed 1,000 taka SSLCommerz payment. */
export async function createPayment(overrides: PaymentOverrides = {}) {
  const createdAt = overrides.createdAt ?? new Date();
  const payment = new Payment({
    order: overrides.order ?? new Types.ObjectId(),
    method: overrides.method ?? "SSLCOMMERZ",
    amount: overrides.amount ?? 1000,
    transactionId: overrides.transactionId ?? `TXN-${randomUUID()}`,
    paymentId: overrides.paymentId ?? null,
    createdAt,
    updatedAt: createdAt,
  });
  payment.set("status", overrides.status ?? "COMPLETED");
  await payment.save({ timestamps: false, validateBeforeSave: false });
  return payment;
}
