import { getEnv } from "../env.js";
import { logger } from "../lib/logger.js";
import { countCourierCall } from "../lib/metrics.js";

/**
 * Steadfast Courier (packzy) merchant API. No OAuth: every call carries the merchant panel's two
 * keys in the `Api-Key` and `Secret-Key` headers. Base URL and keys from the environment. No
 * sandbox is published, so tests run against tests/stubs/steadfast.ts.
 */
export class SteadfastError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "SteadfastError";
  }
}

export function isSteadfastConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.STEADFAST_API_KEY && env.STEADFAST_SECRET_KEY);
}

/** Its answers carry `status` (200 on success) beside the HTTP status; errors a field map. */
interface SteadfastAnswer {
  status?: number;
  message?: string;
  errors?: Record<string, string[] | string>;
}

function fieldErrors(errors: SteadfastAnswer["errors"]): Record<string, string[]> | undefined {
  if (!errors || typeof errors !== "object") return undefined;
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      Array.isArray(messages) ? messages.map(String) : [String(messages)],
    ]),
  );
}

const call = <T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> =>
  countCourierCall("steadfast", path, callUncounted<T>(method, path, body));

async function callUncounted<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const env = getEnv();
  let response: Response;
  try {
    response = await fetch(`${env.STEADFAST_BASE_URL.replace(/\/+$/, "")}${path}`, {
      method,
      headers: {
        "Api-Key": env.STEADFAST_API_KEY ?? "",
        "Secret-Key": env.STEADFAST_SECRET_KEY ?? "",
        "Content-Type": "application/json",
        accept: "application/json",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new SteadfastError(`Steadfast ${path}: ${(error as Error).message}`);
  }
  const answer = (await response.json().catch(() => ({}))) as T & SteadfastAnswer;
  const refused = !response.ok || (typeof answer.status === "number" && answer.status !== 200);
  if (refused) {
    // A refusal in a 200 answer carries its own status (e.g. 400 with field errors).
    const status = response.ok ? (answer.status ?? 400) : response.status;
    throw new SteadfastError(
      `Steadfast ${path}: ${answer.message ?? `HTTP ${status}`}`,
      status,
      fieldErrors(answer.errors),
    );
  }
  return answer;
}

export interface SteadfastOrderInput {
  invoice: string;
  recipient_name: string;
  recipient_phone: string;
  recipient_address: string;
  cod_amount: number;
  note?: string;
  item_description?: string;
  total_lot?: number;
  delivery_type?: 0 | 1;
}

export interface SteadfastConsignment {
  consignment_id: number | string;
  invoice: string;
  tracking_code: string;
  status: string;
}

export async function createSteadfastOrder(
  order: SteadfastOrderInput,
): Promise<SteadfastConsignment> {
  const answer = await call<{ consignment?: SteadfastConsignment }>("POST", "/create_order", order);
  if (!answer.consignment) throw new SteadfastError("Steadfast /create_order: no consignment", 502);
  logger.info(
    { orderNumber: order.invoice, consignment: answer.consignment.consignment_id },
    "Steadfast parcel booked",
  );
  return answer.consignment;
}

/** One item of a bulk booking: `status` is `success` or `error` (with the reason in `error`/`message`). */
export interface SteadfastBulkItem {
  invoice: string;
  consignment_id?: number | string | null;
  tracking_code?: string | null;
  status: string;
  error?: string;
  message?: string;
}

/** Up to 500 orders in one call; one answer per order. */
export async function createSteadfastOrders(
  orders: SteadfastOrderInput[],
): Promise<SteadfastBulkItem[]> {
  const answer = await call<SteadfastBulkItem[] | { data?: SteadfastBulkItem[] }>(
    "POST",
    "/create_order/bulk-order",
    { data: orders },
  );
  // Copies of the document disagree on whether the list is the answer or its `data`.
  return Array.isArray(answer) ? answer : (answer.data ?? []);
}

export async function steadfastStatus(consignmentId: string): Promise<string> {
  const answer = await call<{ delivery_status?: string }>(
    "GET",
    `/status_by_cid/${encodeURIComponent(consignmentId)}`,
  );
  if (!answer.delivery_status)
    throw new SteadfastError("Steadfast /status_by_cid: no delivery_status", 502);
  return answer.delivery_status;
}

/** A payout to the merchant as `/payments` lists it (fields beyond these are ignored). */
export interface SteadfastPayment {
  id: number | string;
  amount?: number | string;
  status?: string;
  paid_at?: string | null;
  created_at?: string | null;
}

/** One consignment of a payout: what was collected on it and what Steadfast kept. */
export interface SteadfastPaymentConsignment {
  consignment_id?: number | string | null;
  invoice?: string | null;
  tracking_code?: string | null;
  cod_amount?: number | string | null;
  delivery_charge?: number | string | null;
  cod_charge?: number | string | null;
}

/**
 * The document gives `/payments` and `/payments/{id}` without a sample answer; public clients read
 * the list bare, in `data`, or paged in `data.data`, and one payment bare or in `data`. All are
 * accepted.
 */
function listIn(answer: unknown): unknown[] {
  const data = (answer as { data?: unknown } | null)?.data;
  if (Array.isArray(answer)) return answer;
  if (Array.isArray(data)) return data;
  const paged = (data as { data?: unknown } | undefined)?.data;
  return Array.isArray(paged) ? paged : [];
}

function recordIn(answer: unknown): Record<string, unknown> {
  const data = (answer as { data?: unknown } | null)?.data;
  if (data && typeof data === "object" && !Array.isArray(data) && "id" in data)
    return data as Record<string, unknown>;
  return (answer ?? {}) as Record<string, unknown>;
}

export async function steadfastPayments(): Promise<SteadfastPayment[]> {
  return listIn(await call<unknown>("GET", "/payments")) as SteadfastPayment[];
}

export async function steadfastPayment(
  paymentId: string,
): Promise<SteadfastPayment & { consignments: SteadfastPaymentConsignment[] }> {
  const path = `/payments/${encodeURIComponent(paymentId)}`;
  const payment = recordIn(await call<unknown>("GET", path)) as Partial<SteadfastPayment> & {
    consignments?: unknown;
  };
  if (payment.id === undefined || payment.id === null)
    throw new SteadfastError(`Steadfast ${path}: no payment`, 502);
  const consignments = Array.isArray(payment.consignments)
    ? (payment.consignments as SteadfastPaymentConsignment[])
    : [];
  return { ...payment, id: payment.id, consignments };
}
