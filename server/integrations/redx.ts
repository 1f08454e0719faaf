import { getEnv } from "../env.js";
import { logger } from "../lib/logger.js";
import { countCourierCall } from "../lib/metrics.js";

/**
 * RedX merchant Open API. Every call carries `API-ACCESS-TOKEN: Bearer <JWT from the merchant
 * dashboard>`; JSON in and out. Base URL and token from the environment.
 */
export class RedxError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "RedxError";
  }
}

export function isRedxConfigured(): boolean {
  return Boolean(getEnv().REDX_API_TOKEN);
}

const call = <T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> =>
  countCourierCall("redx", path.replace(/\?.*$/, ""), callUncounted<T>(method, path, body));

async function callUncounted<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const env = getEnv();
  let response: Response;
  try {
    response = await fetch(`${env.REDX_BASE_URL.replace(/\/+$/, "")}${path}`, {
      method,
      headers: {
        "API-ACCESS-TOKEN": `Bearer ${env.REDX_API_TOKEN ?? ""}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new RedxError(`RedX ${path}: ${(error as Error).message}`);
  }
  const answer = (await response.json().catch(() => ({}))) as T & {
    message?: string;
    errors?: Record<string, string[] | string>;
  };
  if (!response.ok) {
    const errors = answer.errors
      ? Object.fromEntries(
          Object.entries(answer.errors).map(([field, messages]) => [
            field,
            Array.isArray(messages) ? messages.map(String) : [String(messages)],
          ]),
        )
      : undefined;
    throw new RedxError(
      `RedX ${path.replace(/\?.*$/, "")}: ${answer.message ?? `HTTP ${response.status}`}`,
      response.status,
      errors,
    );
  }
  return answer;
}

export interface RedxArea {
  id: number;
  name: string;
  post_code?: number | string;
  division_name?: string;
  zone_id?: number;
}

export async function redxAreasOfDistrict(district: string): Promise<RedxArea[]> {
  return (
    (
      await call<{ areas?: RedxArea[] }>(
        "GET",
        `/areas?district_name=${encodeURIComponent(district)}`,
      )
    ).areas ?? []
  );
}

export interface RedxParcelInput {
  customer_name: string;
  customer_phone: string;
  delivery_area: string;
  delivery_area_id: number;
  customer_address: string;
  cash_collection_amount: string;
  parcel_weight: number;
  value: number;
  merchant_invoice_id: string;
  instruction?: string;
  pickup_store_id?: number;
}

export async function createRedxParcel(parcel: RedxParcelInput): Promise<string> {
  const answer = await call<{ tracking_id?: string }>("POST", "/parcel", parcel);
  if (!answer.tracking_id) throw new RedxError("RedX /parcel: no tracking_id", 502);
  logger.info(
    { orderNumber: parcel.merchant_invoice_id, tracking: answer.tracking_id },
    "RedX parcel booked",
  );
  return answer.tracking_id;
}

export async function redxParcelStatus(trackingId: string): Promise<string> {
  const answer = await call<{ parcel?: { status?: string } }>(
    "GET",
    `/parcel/info/${encodeURIComponent(trackingId)}`,
  );
  if (!answer.parcel?.status) throw new RedxError("RedX /parcel/info: no status", 502);
  return answer.parcel.status;
}
