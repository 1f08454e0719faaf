/** The back office's refund request (docs/payments.md, "Refunds"). */
import { z } from "zod";
import { REFUND_METHODS } from "../refunds.js";
import { IdempotencyKey } from "./staff-orders.js";
import { AdminOrderAnswer } from "../answers/orders.js";
import { AdminRefundAnswer } from "../refunds.js";

/** Largest single refund (SSLCommerz's own ceiling on one payment). */
export const MAX_REFUND_AMOUNT = 500_000;

export const RefundBody = z
  .object({
    /** One key per fill of the refund form: the same key again answers the refund it made. */
    idempotencyKey: IdempotencyKey,
    amount: z
      .number()
      .positive("Enter an amount above zero")
      .max(MAX_REFUND_AMOUNT)
      .multipleOf(0.01, "Amounts go to the paisa at most"),
    reason: z.string().trim().min(1, "Say why the money goes back").max(200),
    method: z.enum(REFUND_METHODS).default("gateway"),
    /** A manual refund's proof (the transfer's transaction id, a receipt number). */
    reference: z.string().trim().max(100).optional(),
  })
  .refine((body) => body.method !== "manual" || Boolean(body.reference), {
    path: ["reference"],
    message: "A manual refund needs its reference (the transfer's id or the receipt number)",
  });
export type RefundBody = z.infer<typeof RefundBody>;

export const REFUND_EXCEEDS_PAID_CODE = "REFUND_EXCEEDS_PAID";

/** The refusal of a refund above what is left: what was paid, what is refunded or under way. */
export function refundTooLargeMessage(left: number, through: "gateway" | "manual"): string {
  return left <= 0
    ? "Nothing is left to refund on this order"
    : `At most ৳${left} can be refunded${through === "gateway" ? " through the gateway" : ""}: the rest of what was paid is refunded or being refunded`;
}

export const idempotencyKeyReusedForRefund = (refundId: string) =>
  `This form already made refund ${refundId} with other details: reload the order to see it`;

export const RefundCreatedAnswer = z.object({
  refund: AdminRefundAnswer,
  order: AdminOrderAnswer,
});
export type RefundCreatedAnswer = z.infer<typeof RefundCreatedAnswer>;
