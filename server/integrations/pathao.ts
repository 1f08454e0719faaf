import { getEnv } from "../env.js";
import { logger } from "../lib/logger.js";
import { countCourierCall } from "../lib/metrics.js";

/**
 * Pathao Courier merchant API ("aladdin"). Base URL and credentials from the
 * environment; the access token is cached until shortly before it expires and re-issued on a 401.
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

export function isPathaoConfigured(): boolean {
  const env = getEnv();
  return Boolean(
    env.PATHAO_CLIENT_ID && env.PATHAO_CLIENT_SECRET && env.PATHAO_USERNAME && env.PATHAO_PASSWORD,
  );
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

async function issueToken(): Promise<string> {
  const env = getEnv();
  const key = `${baseUrl()}|${env.PATHAO_CLIENT_ID}|${env.PATHAO_USERNAME}`;
  if (cachedToken && cachedToken.key === key && cachedToken.expiresAt > Date.now())
    return cachedToken.accessToken;
  const response = await fetch(`${baseUrl()}/aladdin/api/v1/issue-token`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      client_id: env.PATHAO_CLIENT_ID,
      client_secret: env.PATHAO_CLIENT_SECRET,
      grant_type: "password",
      username: env.PATHAO_USERNAME,
      password: env.PATHAO_PASSWORD,
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
const call = <T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> =>
  countCourierCall("pathao", path, callUncounted<T>(method, path, body));

async function callUncounted<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const token = await issueToken();
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

export async function listCities(): Promise<PathaoCity[]> {
  try {
    return (await call<{ data: PathaoCity[] }>("GET", "/aladdin/api/v1/city-list")).data;
  } catch (error) {
    // The official plugin uses the country-scoped path; the documented one may not exist.
    if (!(error instanceof PathaoError) || error.status !== 404) throw error;
    return (await call<{ data: PathaoCity[] }>("GET", "/aladdin/api/v1/countries/1/city-list"))
      .data;
  }
}

export async function listZones(cityId: number): Promise<PathaoZone[]> {
  return (await call<{ data: PathaoZone[] }>("GET", `/aladdin/api/v1/cities/${cityId}/zone-list`))
    .data;
}

export async function listAreas(zoneId: number): Promise<PathaoArea[]> {
  return (await call<{ data: PathaoArea[] }>("GET", `/aladdin/api/v1/zones/${zoneId}/area-list`))
    .data;
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

export async function pricePlan(input: {
  recipientCity: number;
  recipientZone: number;
  itemWeightKg?: number;
}): Promise<PricePlan> {
  const env = getEnv();
  return call<PricePlan>("POST", "/aladdin/api/v1/merchant/price-plan", {
    store_id: env.PATHAO_STORE_ID,
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

export async function createPathaoOrder(input: PathaoOrderInput): Promise<PathaoOrderAnswer> {
  const env = getEnv();
  const body: Record<string, unknown> = {
    store_id: env.PATHAO_STORE_ID,
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
  const answer = await call<PathaoOrderAnswer>("POST", "/aladdin/api/v1/orders", body);
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
export async function getPathaoOrderInfo(consignmentId: string): Promise<PathaoOrderInfo> {
  return call<PathaoOrderInfo>(
    "GET",
    `/aladdin/api/v1/orders/${encodeURIComponent(consignmentId)}/info`,
  );
}
