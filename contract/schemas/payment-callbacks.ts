/**
 * What the payment gateways send back to us (browser returns and notifications): read by the
 * server's callback routes only, so the storefront's scripts carry none of them. Loose: gateways
 * add fields of their own, which are ignored.
 */
import { z } from "zod";

export const SslCallbackBody = z.looseObject({
  tran_id: z.string().max(64).optional(),
  val_id: z.string().max(128).optional(),
  status: z.string().max(32).optional(),
  amount: z.string().max(32).optional(),
  error: z.string().max(255).optional(),
});

export const BkashCallbackQuery = z.looseObject({
  paymentID: z.string().max(128).optional(),
  status: z.string().max(32).optional(),
});

/** Nagad's return to us: `?merchant&order_id&payment_ref_id&status` (more may come; ignored). */
export const NagadCallbackQuery = z.looseObject({
  payment_ref_id: z.string().max(128).optional(),
  order_id: z.string().max(64).optional(),
  status: z.string().max(32).optional(),
});
