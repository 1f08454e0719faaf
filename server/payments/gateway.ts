/**
 * What every payment gateway provides (docs/payments.md). The ledger (./ledger.ts) holds the rules
 * all gateways share; an adapter speaks its gateway's protocol through its API client
 * (server/integrations/) and records what the gateway itself says through the ledger.
 */
import type { PaymentStartedAnswer } from "#contract/answers/orders";
import type { PaymentPurpose } from "#contract/order-status";
import type { OnlinePaymentMethod } from "#contract/payment-methods";
import type { OrderDoc, PaymentDoc, PaymentOutcome } from "./ledger.js";
import type { GatewaySettingsDefinition } from "./settings.js";

/** A callback's fields as the gateway sent them (query string or form post): untrusted. */
type GatewayFields = Record<string, unknown>;

/** The page of ours the gateway sent the shopper back to, for gateways with one per outcome (SSLCommerz). */
type ReturnPage = "success" | "failed" | "cancelled";

/**
 * What the gateway itself says became of one attempt, asked server to server: paid in full to us
 * (its own transaction id), ended without payment, or nothing certain (still open, unknown to it,
 * not reachable). Only this word, never a browser's callback, moves the ledger.
 */
export type GatewayWord =
  | { said: "paid"; gatewayTransactionId: string; answer: unknown }
  | { said: "ended"; status: "FAILED" | "CANCELLED"; answer: unknown }
  | { said: "nothing certain" };

/**
 * A refund's answer. No gateway refunds through the shop yet (refunds are made by hand in the
 * gateway's own panel): every adapter answers `not-supported` until its client can refund.
 */
type RefundAnswer =
  | { status: "pending" | "completed" | "failed"; gatewayRef: string; answer: unknown }
  | { status: "not-supported"; message: string };

export interface PaymentGateway<Method extends OnlinePaymentMethod = OnlinePaymentMethod> {
  readonly method: Method;
  /**
   * Its settings (credentials, mode), declared beside its adapter and read through the one store
   * (./settings.ts): switched on with every required one set, the checkout offers it.
   */
  readonly settings: GatewaySettingsDefinition<Method>;
  /** The shopper's refusal when it is chosen but not configured (translated: known-messages.ts). */
  readonly unavailableMessage: string;
  /**
   * Opens the gateway's page for the order's amount due (a PENDING payment in the ledger) and
   * answers where to send the shopper.
   */
  start(order: OrderDoc, purpose: PaymentPurpose): Promise<PaymentStartedAnswer>;
  /** The shopper's browser coming back: settled on the gateway's own word, never the callback's. */
  handleReturn(fields: GatewayFields, page?: ReturnPage): Promise<PaymentOutcome>;
  /** The gateway's server-to-server notification (SSLCommerz's IPN); null when it sends none. */
  readonly handleNotification: ((fields: GatewayFields) => Promise<PaymentOutcome>) | null;
  /** Asks the gateway what became of one attempt (its query or transaction query API). */
  query(payment: PaymentDoc, order: OrderDoc): Promise<GatewayWord>;
  /** Refunds part or all of a completed payment through the gateway. */
  refund(payment: PaymentDoc, amount: number, reason: string): Promise<RefundAnswer>;
  /** Asks the gateway what became of a refund it was given. */
  queryRefund(payment: PaymentDoc, gatewayRef: string): Promise<RefundAnswer>;
}

/** The refusal of a gateway whose API client cannot refund yet (the refund is made by hand). */
export const REFUND_NOT_SUPPORTED = {
  status: "not-supported",
  message: "Refunds through this gateway are not supported yet: refund in its merchant panel",
} as const satisfies RefundAnswer;
