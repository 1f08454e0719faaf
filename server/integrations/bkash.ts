import { getEnv } from "../env.js";
import { bkashCredentials, type BkashCredentials } from "../payments/bkash-settings.js";

/**
 * bKash Tokenized Checkout (bKash's Tokenized Checkout API): grant token, create, execute, query status.
 * Credentials and base URL from the gateway's settings (server/payments/bkash-settings.ts); the
 * base URL may be given with or without the trailing `/tokenized/checkout`.
 */
export class BkashError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = "BkashError";
  }
}

function base(credentials: BkashCredentials): string {
  const url = credentials.baseUrl.replace(/\/+$/, "");
  return url.endsWith("/tokenized/checkout") ? url : `${url}/tokenized/checkout`;
}

let cachedToken: { key: string; idToken: string; expiresAt: number } | undefined;

export function resetBkashTokenForTests(): void {
  cachedToken = undefined;
}

export type BkashAnswer = Record<string, unknown> & {
  statusCode?: string;
  statusMessage?: string;
  errorCode?: string;
  errorMessage?: string;
  message?: string;
};

/** The refund path's root: the base URL without its `/tokenized/checkout`. */
function versionRoot(credentials: BkashCredentials): string {
  return base(credentials).slice(0, -"/tokenized/checkout".length);
}

async function post(
  credentials: BkashCredentials,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ status: number; body: BkashAnswer }> {
  const url = /^https?:/.test(path) ? path : `${base(credentials)}${path}`;
  const response = await fetch(url, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const answer = (await response.json().catch(() => ({}))) as BkashAnswer;
  return { status: response.status, body: answer };
}

function errorOf(answer: BkashAnswer): string | undefined {
  if (answer.statusCode && answer.statusCode !== "0000")
    return `${answer.statusCode} ${answer.statusMessage ?? ""}`.trim();
  if (answer.errorCode) return `${answer.errorCode} ${answer.errorMessage ?? ""}`.trim();
  if (typeof answer.message === "string") return answer.message;
  return undefined;
}

async function grantToken(credentials: BkashCredentials): Promise<string> {
  const key = `${base(credentials)}|${credentials.appKey}|${credentials.username}`;
  if (cachedToken && cachedToken.key === key && cachedToken.expiresAt > Date.now())
    return cachedToken.idToken;
  const { status, body } = await post(
    credentials,
    "/token/grant",
    { app_key: credentials.appKey, app_secret: credentials.appSecret },
    { username: credentials.username, password: credentials.password },
  );
  const problem = errorOf(body);
  if (status !== 200 || problem || typeof body.id_token !== "string")
    throw new BkashError(`bKash token refused: ${problem ?? `HTTP ${status}`}`, body.statusCode);
  const lifetime = Math.max(60, Number(body.expires_in ?? 3600) - 60) * 1000;
  cachedToken = { key, idToken: body.id_token, expiresAt: Date.now() + lifetime };
  return body.id_token;
}

/** An authorised call; re-grants once on a 401 (as the official plugin does). */
async function authorised(
  path: string,
  body: unknown,
  timeoutMs?: number,
): Promise<{ status: number; body: BkashAnswer }> {
  const credentials = await bkashCredentials();
  for (let attempt = 0; ; attempt += 1) {
    const token = await grantToken(credentials);
    const answer = await post(
      credentials,
      path,
      body,
      { authorization: token, "x-app-key": credentials.appKey },
      timeoutMs,
    );
    if (answer.status === 401 && attempt === 0) {
      cachedToken = undefined;
      continue;
    }
    return answer;
  }
}

export async function createBkashPayment(input: {
  amount: number;
  invoiceNumber: string;
  payerReference: string;
  callbackUrl: string;
}): Promise<{ paymentID: string; bkashURL: string; raw: BkashAnswer }> {
  const { status, body } = await authorised("/create", {
    mode: "0011",
    payerReference: input.payerReference,
    callbackURL: input.callbackUrl,
    amount: String(input.amount),
    currency: "BDT",
    intent: "sale",
    merchantInvoiceNumber: input.invoiceNumber,
  });
  const problem = errorOf(body);
  if (
    status !== 200 ||
    problem ||
    typeof body.paymentID !== "string" ||
    typeof body.bkashURL !== "string"
  )
    throw new BkashError(`bKash create failed: ${problem ?? `HTTP ${status}`}`, body.statusCode);
  return { paymentID: body.paymentID, bkashURL: body.bkashURL, raw: body };
}

/** Execute; undefined when the answer is an error or in doubt (then query the status). */
export async function executeBkashPayment(
  paymentID: string,
): Promise<{ ok: boolean; body: BkashAnswer }> {
  try {
    const { status, body } = await authorised("/execute", { paymentID });
    return { ok: status === 200 && !errorOf(body), body };
  } catch (error) {
    return { ok: false, body: { message: (error as Error).message } };
  }
}

export async function queryBkashPayment(paymentID: string): Promise<BkashAnswer> {
  const { status, body } = await authorised("/payment/status", { paymentID });
  const problem = errorOf(body);
  if (status !== 200 || problem)
    throw new BkashError(`bKash query failed: ${problem ?? `HTTP ${status}`}`, body.statusCode);
  return body;
}

/**
 * bKash's answer to a refund call: `refused` when bKash answered with an error (nothing moved),
 * `answered` with its body otherwise. Throws when bKash gave no certain answer (a timeout, a
 * network error, an error page): the refund may or may not have been made.
 */
async function refundCall(
  body: Record<string, string>,
): Promise<{ refused?: string; body: BkashAnswer }> {
  const env = getEnv();
  const { status, body: answer } = await authorised(
    `${versionRoot(await bkashCredentials())}${env.BKASH_REFUND_PATH}`,
    body,
    env.PAYMENT_REFUND_TIMEOUT_MS,
  );
  if (status >= 500 || (status !== 200 && !answer.statusCode && !answer.errorCode))
    throw new BkashError(`bKash refund: HTTP ${status}`);
  const problem = errorOf(answer);
  return problem ? { refused: problem, body: answer } : { body: answer };
}

/** Refunds part of a completed payment: bKash answers the refund's refundTrxID and status. */
export function refundBkashPayment(input: {
  paymentID: string;
  trxID: string;
  amount: number;
  reason: string;
  sku: string;
}): Promise<{ refused?: string; body: BkashAnswer }> {
  return refundCall({
    paymentID: input.paymentID,
    trxID: input.trxID,
    amount: input.amount.toFixed(2),
    // bKash takes at most 255 characters of reason.
    reason: input.reason.slice(0, 255),
    sku: input.sku,
  });
}

/** A refund bKash lists for a payment. */
export interface BkashRefund {
  refundTrxID: string;
  amount: string;
  transactionStatus: string;
}

/**
 * The refunds bKash made of a payment (the refund call with only paymentID and trxID). bKash's
 * answer is one refund's fields or a list of them: both are read.
 */
export async function queryBkashRefunds(input: {
  paymentID: string;
  trxID: string;
}): Promise<BkashRefund[]> {
  const { refused, body } = await refundCall({ paymentID: input.paymentID, trxID: input.trxID });
  if (refused) throw new BkashError(`bKash refund status failed: ${refused}`, body.statusCode);
  const listed = Object.values(body).find(Array.isArray) as unknown[] | undefined;
  const entries = (listed ?? [body]) as Record<string, unknown>[];
  return entries
    .filter((entry) => typeof entry?.refundTrxID === "string")
    .map((entry) => ({
      refundTrxID: String(entry.refundTrxID),
      amount: String(entry.amount ?? ""),
      transactionStatus: String(entry.transactionStatus ?? ""),
    }));
}
