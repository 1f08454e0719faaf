import { getEnv } from "../env.js";
import { logger } from "../lib/logger.js";
import { countCourierCall } from "../lib/metrics.js";

/**
 * RedX merchant Open API. Every call carries `API-ACCESS-TOKEN: Bearer <JWT from the merchant
 * dashboard>`; JSON in and out. The token comes from the adapter (the couriers' settings,
 * server/couriers/redx.ts), the base URL from the environment.
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

/** The merchant dashboard's API token (a JWT). */
export interface RedxCredentials {
  apiToken: string;
}

type Method = "GET" | "POST" | "PATCH";

const call = <T>(
  credentials: RedxCredentials,
  method: Method,
  path: string,
  body?: unknown,
): Promise<T> =>
  countCourierCall(
    "redx",
    path.replace(/\?.*$/, ""),
    callUncounted<T>(credentials, method, path, body),
  );

async function callUncounted<T>(
  credentials: RedxCredentials,
  method: Method,
  path: string,
  body?: unknown,
): Promise<T> {
  const env = getEnv();
  let response: Response;
  try {
    response = await fetch(`${env.REDX_BASE_URL.replace(/\/+$/, "")}${path}`, {
      method,
      headers: {
        "API-ACCESS-TOKEN": `Bearer ${credentials.apiToken}`,
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

export async function redxAreasOfDistrict(
  credentials: RedxCredentials,
  district: string,
): Promise<RedxArea[]> {
  return (
    (
      await call<{ areas?: RedxArea[] }>(
        credentials,
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

export async function createRedxParcel(
  credentials: RedxCredentials,
  parcel: RedxParcelInput,
): Promise<string> {
  const answer = await call<{ tracking_id?: string }>(credentials, "POST", "/parcel", parcel);
  if (!answer.tracking_id) throw new RedxError("RedX /parcel: no tracking_id", 502);
  logger.info(
    { orderNumber: parcel.merchant_invoice_id, tracking: answer.tracking_id },
    "RedX parcel booked",
  );
  return answer.tracking_id;
}

export async function redxParcelStatus(
  credentials: RedxCredentials,
  trackingId: string,
): Promise<string> {
  const answer = await call<{ parcel?: { status?: string } }>(
    credentials,
    "GET",
    `/parcel/info/${encodeURIComponent(trackingId)}`,
  );
  if (!answer.parcel?.status) throw new RedxError("RedX /parcel/info: no status", 502);
  return answer.parcel.status;
}

/**
 * Cancels a parcel (`PATCH /parcels`, its status set to `cancelled` with a reason). RedX refuses
 * once the parcel is on its way.
 */
export async function cancelRedxParcel(
  credentials: RedxCredentials,
  trackingId: string,
  reason: string,
): Promise<void> {
  await call(credentials, "PATCH", "/parcels", {
    entity_type: "parcel-tracking-id",
    entity_id: trackingId,
    update_details: { property_name: "status", new_value: "cancelled", reason },
  });
  logger.info({ tracking: trackingId }, "RedX parcel cancelled");
}
