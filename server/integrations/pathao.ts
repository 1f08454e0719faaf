import { createHash } from "node:crypto";
import { getEnv } from "../env.js";
import { logger } from "../lib/logger.js";
import { countCourierCall } from "../lib/metrics.js";

/**
 * Pathao Courier merchant API ("aladdin"). The credentials come from the couriers' settings
 * (server/couriers/pathao.ts), the base URL from the environment; the access token is cached per
 * set of credentials until shortly before it expires and re-issued on a 401.
 */
export class PathaoError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "PathaoError";
  }
}

/** The merchant's API client and login, and the store parcels are picked up from. */
export interface PathaoCredentials {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  storeId?: number;
}

interface CachedToken {
  key: string;
  accessToken: string;
  expiresAt: number;
}
let cachedToken: CachedToken | undefined;

/** Tests point the adapter at different stubs; this forgets the cached token. */
export function resetPathaoTokenForTests(): void {
  cachedToken = undefined;
}

function baseUrl(): string {
  return getEnv().PATHAO_BASE_URL.replace(/\/+$/, "");
}

/** Which credentials a token was issued for (a digest: the cache holds no secret of them). */
function tokenKey(credentials: PathaoCredentials): string {
  const { clientId, clientSecret, username, password } = credentials;
  return createHash("sha256")
    .update(JSON.stringify([baseUrl(), clientId, clientSecret, username, password]))
    .digest("hex");
}

async function issueToken(credentials: PathaoCredentials): Promise<string> {
  const key = tokenKey(credentials);
  if (cachedToken && cachedToken.key === key && cachedToken.expiresAt > Date.now())
    return cachedToken.accessToken;
  const response = await fetch(`${baseUrl()}/aladdin/api/v1/issue-token`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      grant_type: "password",
      username: credentials.username,
      password: credentials.password,
    }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => ({}))) as {
    access_token?: string;
    expires_in?: number;
    message?: string;
  };
  if (!response.ok || !body.access_token)
    throw new PathaoError(
      `Pathao token refused: ${body.message ?? response.status}`,
      response.status,
    );
  const lifetimeMs = Math.max(60, Number(body.expires_in ?? 3600) - 60) * 1000;
  cachedToken = { key, accessToken: body.access_token, expiresAt: Date.now() + lifetimeMs };
  return body.access_token;
}

interface Envelope<T> {
  message?: string;
  type?: string;
  code?: number;
  data?: T;
  errors?: Record<string, string[]>;
}

/** Every API call of the courier, counted by operation and outcome (docs/operations.md). */
const call = <T>(
  credentials: PathaoCredentials,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<T> =>
  countCourierCall("pathao", path, callUncounted<T>(credentials, method, path, body));

async function callUncounted<T>(
  credentials: PathaoCredentials,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<T> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const token = await issueToken(credentials);
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status === 401 && attempt === 0) {
      cachedToken = undefined;
      continue;
    }
    const answer = (await response.json().catch(() => ({}))) as Envelope<T>;
    if (!response.ok || answer.type === "error" || answer.data === undefined)
      throw new PathaoError(
        `Pathao ${path}: ${answer.message ?? `HTTP ${response.status}`}`,
        response.status,
        answer.errors,
      );
    return answer.data;
  }
  throw new PathaoError(`Pathao ${path}: unauthorized`, 401);
}

export interface PathaoCity {
  city_id: number;
  city_name: string;
}
export interface PathaoZone {
  zone_id: number;
  zone_name: string;
}
export interface PathaoArea {
  area_id: number;
  area_name: string;
  home_delivery_available: boolean;
  pickup_available: boolean;
}

export async function listCities(credentials: PathaoCredentials): Promise<PathaoCity[]> {
  try {
    return (await call<{ data: PathaoCity[] }>(credentials, "GET", "/aladdin/api/v1/city-list"))
      .data;
  } catch (error) {
    // The official plugin uses the country-scoped path; the documented one may not exist.
    if (!(error instanceof PathaoError) || error.status !== 404) throw error;
    return (
      await call<{ data: PathaoCity[] }>(
        credentials,
        "GET",
        "/aladdin/api/v1/countries/1/city-list",
      )
    ).data;
  }
}

export async function listZones(
  credentials: PathaoCredentials,
  cityId: number,
): Promise<PathaoZone[]> {
  return (
    await call<{ data: PathaoZone[] }>(
      credentials,
      "GET",
      `/aladdin/api/v1/cities/${cityId}/zone-list`,
    )
  ).data;
}

export async function listAreas(
  credentials: PathaoCredentials,
  zoneId: number,
): Promise<PathaoArea[]> {
  return (
    await call<{ data: PathaoArea[] }>(
      credentials,
      "GET",
      `/aladdin/api/v1/zones/${zoneId}/area-list`,
    )
  ).data;
}

export interface PricePlan {
  price: number;
  discount: number;
  promo_discount: number;
  plan_id: number;
  cod_enabled: number;
  cod_percentage: number;
  additional_charge: number;
  final_price: number;
}

export async function pricePlan(
  credentials: PathaoCredentials,
  input: { recipientCity: number; recipientZone: number; itemWeightKg?: number },
): Promise<PricePlan> {
  return call<PricePlan>(credentials, "POST", "/aladdin/api/v1/merchant/price-plan", {
    store_id: credentials.storeId,
    item_type: 2,
    delivery_type: 48,
    item_weight: input.itemWeightKg ?? 0.5,
    recipient_city: input.recipientCity,
    recipient_zone: input.recipientZone,
  });
}

export interface PathaoOrderInput {
  merchantOrderId: string;
  recipientName: string;
  recipientPhone: string;
  recipientAddress: string;
  recipientCity?: number;
  recipientZone?: number;
  recipientArea?: number;
  itemQuantity: number;
  itemWeightKg: number;
  itemDescription?: string;
  specialInstruction?: string;
  amountToCollect: number;
}

export interface PathaoOrderAnswer {
  consignment_id: string;
  merchant_order_id: string;
  order_status: string;
  delivery_fee: number;
}

export async function createPathaoOrder(
  credentials: PathaoCredentials,
  input: PathaoOrderInput,
): Promise<PathaoOrderAnswer> {
  const body: Record<string, unknown> = {
    store_id: credentials.storeId,
    merchant_order_id: input.merchantOrderId,
    recipient_name: input.recipientName,
    recipient_phone: input.recipientPhone,
    recipient_address: input.recipientAddress,
    delivery_type: 48,
    item_type: 2,
    item_quantity: input.itemQuantity,
    item_weight: input.itemWeightKg,
    amount_to_collect: Math.round(input.amountToCollect),
  };
  // Pathao derives city/zone/area from the address when they are omitted; never send null.
  if (input.recipientCity) body.recipient_city = input.recipientCity;
  if (input.recipientZone) body.recipient_zone = input.recipientZone;
  if (input.recipientArea) body.recipient_area = input.recipientArea;
  if (input.itemDescription) body.item_description = input.itemDescription.slice(0, 250);
  if (input.specialInstruction) body.special_instruction = input.specialInstruction.slice(0, 250);
  const answer = await call<PathaoOrderAnswer>(credentials, "POST", "/aladdin/api/v1/orders", body);
  logger.info(
    { orderNumber: input.merchantOrderId, consignment: answer.consignment_id },
    "Pathao parcel booked",
  );
  return answer;
}

export interface PathaoOrderInfo {
  consignment_id: string;
  merchant_order_id: string;
  order_status: string;
  order_status_slug?: string;
  updated_at?: string;
}

/** A parcel's current status (polling, where no webhook came). */
export async function getPathaoOrderInfo(
  credentials: PathaoCredentials,
  consignmentId: string,
): Promise<PathaoOrderInfo> {
  return call<PathaoOrderInfo>(
    credentials,
    "GET",
    `/aladdin/api/v1/orders/${encodeURIComponent(consignmentId)}/info`,
  );
}
