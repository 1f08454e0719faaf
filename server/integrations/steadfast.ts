import { getEnv } from "../env.js";
import { logger } from "../lib/logger.js";
import { countCourierCall } from "../lib/metrics.js";

/**
 * Steadfast Courier (packzy) merchant API. No OAuth: every call carries the merchant panel's two
 * keys in the `Api-Key` and `Secret-Key` headers. The keys come from the adapter (the couriers'
 * settings, server/couriers/steadfast.ts), the base URL from the environment. No sandbox is
 * published, so tests run against tests/stubs/steadfast.ts.
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

/** The merchant panel's two keys. */
export interface SteadfastCredentials {
  apiKey: string;
  secretKey: string;
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

/** How long a call may take; `label` names it in errors when its path holds what must not be logged. */
interface CallOptions {
  timeoutMs?: number;
  label?: string;
}

const call = <T>(
  credentials: SteadfastCredentials,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<T> =>
  countCourierCall(
    "steadfast",
    options.label ?? path,
    callUncounted<T>(credentials, method, path, body, options),
  );

async function callUncounted<T>(
  credentials: SteadfastCredentials,
  method: "GET" | "POST",
  path: string,
  body: unknown,
  { timeoutMs = 15_000, label = path }: CallOptions,
): Promise<T> {
  const env = getEnv();
  let response: Response;
  try {
    response = await fetch(`${env.STEADFAST_BASE_URL.replace(/\/+$/, "")}${path}`, {
      method,
      headers: {
        "Api-Key": credentials.apiKey,
        "Secret-Key": credentials.secretKey,
        "Content-Type": "application/json",
        accept: "application/json",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new SteadfastError(`Steadfast ${label}: ${(error as Error).message}`);
  }
  const answer = (await response.json().catch(() => ({}))) as T & SteadfastAnswer;
  const refused = !response.ok || (typeof answer.status === "number" && answer.status !== 200);
  if (refused) {
    // A refusal in a 200 answer carries its own status (e.g. 400 with field errors).
    const status = response.ok ? (answer.status ?? 400) : response.status;
    throw new SteadfastError(
      `Steadfast ${label}: ${answer.message ?? `HTTP ${status}`}`,
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
  credentials: SteadfastCredentials,
  order: SteadfastOrderInput,
): Promise<SteadfastConsignment> {
  const answer = await call<{ consignment?: SteadfastConsignment }>(
    credentials,
    "POST",
    "/create_order",
    order,
  );
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
  credentials: SteadfastCredentials,
  orders: SteadfastOrderInput[],
): Promise<SteadfastBulkItem[]> {
  const answer = await call<SteadfastBulkItem[] | { data?: SteadfastBulkItem[] }>(
    credentials,
    "POST",
    "/create_order/bulk-order",
    { data: orders },
  );
  // Copies of the document disagree on whether the list is the answer or its `data`.
  return Array.isArray(answer) ? answer : (answer.data ?? []);
}

export async function steadfastStatus(
  credentials: SteadfastCredentials,
  consignmentId: string,
): Promise<string> {
  const answer = await call<{ delivery_status?: string }>(
    credentials,
    "GET",
    `/status_by_cid/${encodeURIComponent(consignmentId)}`,
  );
  if (!answer.delivery_status)
    throw new SteadfastError("Steadfast /status_by_cid: no delivery_status", 502);
  return answer.delivery_status;
}

/** A count in the fraud check's answer: a whole number of 0 or more, as a number or numeric text. */
function parcelCount(value: unknown): number | undefined {
  const count = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof count === "number" && Number.isInteger(count) && count >= 0 ? count : undefined;
}

/**
 * The number's parcels across Steadfast's whole network (`GET /fraud_check/{phone}`: every
 * merchant's, not only ours): delivered and cancelled. Not in the published API document, so its
 * shape is checked here: an answer without both counts is an error, never read as zero. `phone`
 * is 01XXXXXXXXX; errors name the call without it (the log and the metrics keep no number).
 */
export async function steadfastFraudCheck(
  credentials: SteadfastCredentials,
  phone: string,
  timeoutMs: number,
): Promise<{ delivered: number; cancelled: number }> {
  const answer = await call<Record<string, unknown>>(
    credentials,
    "GET",
    `/fraud_check/${encodeURIComponent(phone)}`,
    undefined,
    { timeoutMs, label: "/fraud_check" },
  );
  // Copies of the call differ on whether the counts are the answer or its `data`.
  const counts =
    answer.data && typeof answer.data === "object"
      ? (answer.data as Record<string, unknown>)
      : answer;
  const delivered = parcelCount(counts.total_delivered);
  const cancelled = parcelCount(counts.total_cancelled);
  if (delivered === undefined || cancelled === undefined)
    throw new SteadfastError("Steadfast /fraud_check: no total_delivered and total_cancelled", 502);
  return { delivered, cancelled };
}
