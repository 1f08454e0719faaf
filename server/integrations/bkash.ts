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

async function post(
  credentials: BkashCredentials,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: BkashAnswer }> {
  const response = await fetch(`${base(credentials)}${path}`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
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
): Promise<{ status: number; body: BkashAnswer }> {
  const credentials = await bkashCredentials();
  for (let attempt = 0; ; attempt += 1) {
    const token = await grantToken(credentials);
    const answer = await post(credentials, path, body, {
      authorization: token,
      "x-app-key": credentials.appKey,
    });
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
