import { getEnv } from "../env.js";
import {
  sslCommerzCredentials,
  type SslCommerzCredentials,
} from "../payments/sslcommerz-settings.js";

/**
 * SSLCommerz v4 hosted checkout (SSLCommerz's v4 API): create a session, later validate a val_id
 * or ask what became of a transaction (the transaction query).
 * Host and credentials from the gateway's settings (server/payments/sslcommerz-settings.ts).
 */
export class SslCommerzError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SslCommerzError";
  }
}

function base(credentials: SslCommerzCredentials): string {
  return credentials.baseUrl.replace(/\/+$/, "");
}

const clip = (value: string, max = 50) => (value || "N/A").slice(0, max);

export interface SessionInput {
  tranId: string;
  amount: number;
  orderId: string;
  orderNumber: string;
  productNames: string;
  numItems: number;
  customer: {
    name: string;
    email: string;
    phone: string;
    address: string;
    city: string;
    postcode: string;
  };
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string;
}

export interface SessionAnswer {
  gatewayUrl: string;
  sessionKey: string;
  raw: Record<string, unknown>;
}

export async function createSession(input: SessionInput): Promise<SessionAnswer> {
  const credentials = await sslCommerzCredentials();
  const form = new URLSearchParams({
    store_id: credentials.storeId,
    store_passwd: credentials.storePassword,
    total_amount: input.amount.toFixed(2),
    currency: "BDT",
    tran_id: input.tranId,
    success_url: input.successUrl,
    fail_url: input.failUrl,
    cancel_url: input.cancelUrl,
    ipn_url: input.ipnUrl,
    product_name: input.productNames.slice(0, 255) || "Tweest order",
    product_category: "clothing",
    product_profile: "physical-goods",
    shipping_method: "Courier",
    num_of_item: String(input.numItems),
    cus_name: clip(input.customer.name),
    cus_email: clip(input.customer.email),
    cus_add1: clip(input.customer.address),
    cus_city: clip(input.customer.city),
    cus_postcode: clip(input.customer.postcode),
    cus_country: "Bangladesh",
    cus_phone: clip(input.customer.phone, 20),
    emi_option: "0",
    value_a: input.orderId,
    value_b: input.orderNumber,
  });
  let answer: Record<string, unknown>;
  try {
    const response = await fetch(`${base(credentials)}/gwprocess/v4/api.php`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form,
      signal: AbortSignal.timeout(30_000),
    });
    answer = (await response.json()) as Record<string, unknown>;
  } catch (error) {
    throw new SslCommerzError(`FAILED TO CONNECT WITH SSLCOMMERZ API: ${(error as Error).message}`);
  }
  if (
    answer.status !== "SUCCESS" ||
    typeof answer.GatewayPageURL !== "string" ||
    !answer.GatewayPageURL
  )
    throw new SslCommerzError(
      `SSLCommerz session failed: ${String(answer.failedreason ?? answer.status ?? "unknown")}`,
    );
  return {
    gatewayUrl: answer.GatewayPageURL,
    sessionKey: String(answer.sessionkey ?? ""),
    raw: answer,
  };
}

export interface ValidationAnswer {
  status?: string;
  tran_id?: string;
  val_id?: string;
  amount?: string;
  currency?: string;
  risk_level?: string;
  APIConnect?: string;
  bank_tran_id?: string;
  value_a?: string;
  [key: string]: unknown;
}

/** A GET to SSLCommerz's validator with the store's credentials; throws when it cannot be reached. */
async function askValidator<T>(
  path: string,
  params: Record<string, string>,
  timeoutMs = 30_000,
): Promise<T> {
  const credentials = await sslCommerzCredentials();
  const url = new URL(`${base(credentials)}/validator/api/${path}`);
  url.search = new URLSearchParams({
    ...params,
    store_id: credentials.storeId,
    store_passwd: credentials.storePassword,
    format: "json",
  }).toString();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as T;
  } catch (error) {
    throw new SslCommerzError(`FAILED TO CONNECT WITH SSLCOMMERZ API: ${(error as Error).message}`);
  }
}

/** Calls the validation API for a val_id; throws when SSLCommerz cannot be reached. */
export function validatePayment(valId: string): Promise<ValidationAnswer> {
  return askValidator("validationserverAPI.php", { val_id: valId, v: "1" });
}

/** The transaction query's answer: every attempt SSLCommerz knows under one tran_id. */
export interface TransactionQueryAnswer {
  /** DONE on a good call (INVALID_REQUEST, FAILED, INACTIVE otherwise). */
  APIConnect?: string;
  no_of_trans_found?: number | string;
  /** One per attempt: `status` VALID, VALIDATED, PENDING, FAILED (and the IPN's CANCELLED, EXPIRED, UNATTEMPTED), `val_id` once paid. */
  element?: ValidationAnswer[];
}

/** The transaction query API by our tran_id; throws when SSLCommerz cannot be reached. */
export function queryTransaction(tranId: string): Promise<TransactionQueryAnswer> {
  return askValidator("merchantTransIDvalidationAPI.php", { tran_id: tranId });
}

/**
 * SSLCommerz's answer on a refund (initiate or query): `APIConnect` DONE on a good call; `status`
 * success (initiated) or failed on an initiate, refunded, processing or cancelled on a query.
 */
export interface RefundApiAnswer {
  APIConnect?: string;
  status?: string;
  refund_ref_id?: string;
  bank_tran_id?: string;
  trans_id?: string;
  errorReason?: string;
  [key: string]: unknown;
}

/**
 * Initiates a refund of a paid transaction (its bank_tran_id). `refundTransId` is our own id of
 * the refund: SSLCommerz makes one refund of one id, so asking again after a lost answer is safe.
 * Throws when SSLCommerz cannot be reached.
 */
export function initiateRefund(input: {
  bankTranId: string;
  refundTransId: string;
  amount: number;
  remarks: string;
  referenceId: string;
}): Promise<RefundApiAnswer> {
  return askValidator(
    "merchantTransIDvalidationAPI.php",
    {
      bank_tran_id: input.bankTranId,
      refund_trans_id: input.refundTransId,
      refund_amount: input.amount.toFixed(2),
      refund_remarks: input.remarks.slice(0, 255),
      refe_id: input.referenceId,
    },
    getEnv().PAYMENT_REFUND_TIMEOUT_MS,
  );
}

/** Asks what became of a refund (its refund_ref_id); throws when SSLCommerz cannot be reached. */
export function queryRefundStatus(refundRefId: string): Promise<RefundApiAnswer> {
  return askValidator(
    "merchantTransIDvalidationAPI.php",
    { refund_ref_id: refundRefId },
    getEnv().PAYMENT_REFUND_TIMEOUT_MS,
  );
}
