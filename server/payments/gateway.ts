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
 * A refund's answer, as the gateway gave it: completed (the money went back), pending (it has it:
 * asked again later), failed (it refused: nothing moved), `unknown` (no certain answer: a timeout,
 * an error page; the refund stays pending and is asked about again), or `not-supported` (an adapter
 * whose client cannot refund: refunded by hand in the gateway's panel). `gatewayRef` is the
 * gateway's id of the refund, "" when it gave none.
 */
export type RefundAnswer =
  | { status: "pending" | "completed" | "failed"; gatewayRef: string; answer: unknown }
  | { status: "unknown"; message: string }
  | { status: "not-supported"; message: string };

/**
 * What the shop knows of a refund besides the gateway's id: our own id (SSLCommerz's
 * refund_trans_id, which makes a repeated initiate one refund), its amount and reason, and the
 * gateway ids of the order's other refunds (to tell ours apart in a gateway's list).
 */
export interface RefundContext {
  refundId: string;
  amount: number;
  reason: string;
  otherRefs: readonly string[];
}

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
  /**
   * Refunds part or all of a completed payment through the gateway (`refundId`: our id of this
   * refund, for gateways that take one).
   */
  refund(
    payment: PaymentDoc,
    amount: number,
    reason: string,
    refundId?: string,
  ): Promise<RefundAnswer>;
  /**
   * Asks the gateway what became of a refund (`gatewayRef` "" when the refund call got no certain
   * answer: the context then finds it, or finds it never arrived: failed).
   */
  queryRefund(
    payment: PaymentDoc,
    gatewayRef: string,
    context?: RefundContext,
  ): Promise<RefundAnswer>;
}

/** The refusal of a gateway whose API client cannot refund yet (the refund is made by hand). */
export const REFUND_NOT_SUPPORTED = {
  status: "not-supported",
  message: "Refunds through this gateway are not supported yet: refund in its merchant panel",
} as const satisfies RefundAnswer;
