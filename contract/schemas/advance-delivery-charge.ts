/**
 * The advance delivery charge in the API's answers (docs/cod.md, "Advance delivery charge"): the
 * checkout's quote and the order's advance. The rules, methods and the split are in
 * ../advance-delivery-charge.ts, which loads no zod.
 */
import { z } from "zod";
import { ADVANCE_METHODS, ADVANCE_RULES, ADVANCE_STATUSES } from "../advance-delivery-charge.js";

/** What the checkout quote says before the order is placed (null: no advance for this order). */
export const AdvanceQuoteAnswer = z.object({
  /** The delivery charge, paid online in advance (taka). */
  amount: z.number(),
  /** What is left to pay in cash on delivery (taka). */
  collectOnDelivery: z.number(),
  reasons: z.array(z.enum(ADVANCE_RULES)),
  /** The gateways the shop offers for it (at least one, else no advance is asked). */
  methods: z.array(z.enum(ADVANCE_METHODS)),
});
export type AdvanceQuoteAnswer = z.infer<typeof AdvanceQuoteAnswer>;

/** The advance as the order carries it. */
export const AdvanceDeliveryChargeAnswer = z.object({
  amount: z.number(),
  method: z.enum(ADVANCE_METHODS),
  reasons: z.array(z.enum(ADVANCE_RULES)),
  status: z.enum(ADVANCE_STATUSES),
  /** The gateway's transaction id (bKash trxID, or our SSLCommerz tran_id) once paid. */
  transactionId: z.string().nullable().optional(),
  paidAt: z.string().nullable().optional(),
});
export type AdvanceDeliveryChargeAnswer = z.infer<typeof AdvanceDeliveryChargeAnswer>;
