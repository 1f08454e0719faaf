import { z } from "zod";
import { ONLINE_PAYMENT_METHODS } from "./payment-methods.js";
import { providerAnswerFields } from "./provider-settings.js";

/** Whether a gateway takes test payments (its sandbox) or real money (live). */
export const GATEWAY_MODES = ["sandbox", "live"] as const;
export type GatewayMode = (typeof GATEWAY_MODES)[number];

/**
 * One payment gateway as the back office reads it: whether the checkout offers it (switched on and
 * every required setting set), its mode, and each setting (secrets only as set / not set).
 */
export const PaymentGatewayAnswer = z.object({
  id: z.enum(ONLINE_PAYMENT_METHODS),
  name: z.string(),
  mode: z.enum(GATEWAY_MODES),
  ...providerAnswerFields,
});
export type PaymentGatewayAnswer = z.infer<typeof PaymentGatewayAnswer>;

/** `GET /api/admin/payment-gateways`: every gateway of contract/payment-methods.ts. */
export const PaymentGatewaysAnswer = z.object({
  gateways: z.array(PaymentGatewayAnswer),
  /** False in production without SETTINGS_ENCRYPTION_KEY: credentials cannot be saved. */
  canStoreSecrets: z.boolean(),
});
export type PaymentGatewaysAnswer = z.infer<typeof PaymentGatewaysAnswer>;
