import { randomUUID } from "node:crypto";
import { readJson, startHttpStub } from "./http-stub";

/**
 * A local Pathao merchant API (Pathao's merchant API) on 127.0.0.1: issue-token (password and
 * refresh_token grants), city/zone/area lists with stable ids, price plan, order creation with
 * validation (422 envelope), order info. Every data call needs the Bearer token it issued.
 */
export const STUB_CITIES = [
  { city_id: 1, city_name: "Dhaka" },
  { city_id: 2, city_name: "Chittagong" },
  { city_id: 3, city_name: "Gazipur" },
];
export const STUB_ZONES: Record<number, { zone_id: number; zone_name: string }[]> = {
  1: [
    { zone_id: 52, zone_name: "Gulshan" },
    { zone_id: 53, zone_name: "Dhanmondi" },
  ],
  2: [{ zone_id: 201, zone_name: "Agrabad" }],
  3: [{ zone_id: 301, zone_name: "Tongi" }],
};
export const STUB_AREAS: Record<number, unknown[]> = {
  52: [
    {
      area_id: 9001,
      area_name: "Gulshan 1",
      home_delivery_available: true,
      pickup_available: true,
    },
  ],
  53: [
    { area_id: 9101, area_name: "Road 27", home_delivery_available: true, pickup_available: false },
  ],
};

export interface PathaoStub {
  url: string;
  clientId: string;
  clientSecret: string;
  /** What the merchant panel is told to sign webhooks with (PATHAO_WEBHOOK_SECRET). */
  webhookSecret: string;
  username: string;
  password: string;
  storeId: number;
  /** The city and zone lists it answers (STUB_CITIES/STUB_ZONES until a test sets others). */
  cities: { city_id: number; city_name: string }[];
  zones: Record<number, { zone_id: number; zone_name: string }[]>;
  /** How many times each list was read (`cities`, `zones:<city id>`). */
  listReads: Record<string, number>;
  /** While true, the city and zone lists answer 503 (Pathao down). */
  listsDown: boolean;
  orders: Record<string, unknown>[];
  pricePlans: Record<string, unknown>[];
  tokensIssued: number;
  /** Forgets every access token it issued (as after an expiry): the next data call gets a 401. */
  revokeTokens(): void;
  /** What Pathao POSTs to the merchant's webhook URL for an event (body and headers). */
  webhook(
    event: string,
    consignmentId?: string,
    secret?: string,
  ): { body: Record<string, unknown>; headers: Record<string, string> };
  close(): Promise<void>;
}

export async function startPathaoStub(): Promise<PathaoStub> {
  const tokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const stub: PathaoStub = {
    url: "",
    clientId: "stub-client",
    clientSecret: "stub-secret",
    webhookSecret: "stub-webhook-secret-0123456789",
    username: "test@pathao.com",
    password: "lovePathao",
    storeId: 777,
    cities: STUB_CITIES,
    zones: STUB_ZONES,
    listReads: {},
    listsDown: false,
    orders: [],
    pricePlans: [],
    tokensIssued: 0,
    revokeTokens() {
      tokens.clear();
    },
    webhook(event, consignmentId, secret) {
      const order = stub.orders.find((entry) => entry.consignment_id === consignmentId);
      return {
        body: {
          event,
          ...(consignmentId ? { consignment_id: consignmentId } : {}),
          merchant_order_id: order?.merchant_order_id,
          store_id: stub.storeId,
          updated_at: "2026-11-23 12:30:00",
          timestamp: "2026-11-23T06:30:00+00:00",
          ...(event === "order.delivered" ? { collected_amount: order?.amount_to_collect } : {}),
        },
        headers: { "X-PATHAO-Signature": secret ?? stub.webhookSecret },
      };
    },
    close: async () => undefined,
  };
  const server = await startHttpStub(async ({ req, url, send }) => {
    const ok = (data: unknown) => send(200, { message: "OK", type: "success", code: 200, data });
    const invalid = (errors: Record<string, string[]>) =>
      send(422, { message: "Please fix the given errors", type: "error", code: 422, errors });
    /** A list asked for: counted, and answered unless the lists are down. */
    const answerList = (list: string, data: unknown) => {
      stub.listReads[list] = (stub.listReads[list] ?? 0) + 1;
      return stub.listsDown
        ? send(503, { message: "Service Unavailable", type: "error", code: 503 })
        : ok({ data });
    };
    const path = url.pathname;
    if (req.method === "POST" && path === "/aladdin/api/v1/issue-token") {
      const body = await readJson(req);
      const clientOk = body.client_id === stub.clientId && body.client_secret === stub.clientSecret;
      const grantOk =
        (body.grant_type === "password" &&
          body.username === stub.username &&
          body.password === stub.password) ||
        (body.grant_type === "refresh_token" && refreshTokens.has(String(body.refresh_token)));
      if (!clientOk || !grantOk)
        return send(401, { message: "Unauthorized", type: "error", code: 401 });
      stub.tokensIssued += 1;
      const access = `pathao-${randomUUID()}`;
      const refresh = `pathao-refresh-${randomUUID()}`;
      tokens.add(access);
      refreshTokens.add(refresh);
      return send(200, {
        token_type: "Bearer",
        expires_in: 432000,
        access_token: access,
        refresh_token: refresh,
      });
    }
    const auth = String(req.headers.authorization ?? "");
    if (!auth.startsWith("Bearer ") || !tokens.has(auth.slice(7)))
      return send(401, { message: "Unauthenticated.", type: "error", code: 401 });

    if (
      req.method === "GET" &&
      (path === "/aladdin/api/v1/city-list" || path === "/aladdin/api/v1/countries/1/city-list")
    )
      return answerList("cities", stub.cities);
    let match = /^\/aladdin\/api\/v1\/cities\/(\d+)\/zone-list$/.exec(path);
    if (req.method === "GET" && match)
      return answerList(`zones:${match[1]}`, stub.zones[Number(match[1])] ?? []);
    match = /^\/aladdin\/api\/v1\/zones\/(\d+)\/area-list$/.exec(path);
    if (req.method === "GET" && match) return ok({ data: STUB_AREAS[Number(match[1])] ?? [] });
    if (req.method === "POST" && path === "/aladdin/api/v1/merchant/price-plan") {
      const body = await readJson(req);
      stub.pricePlans.push(body);
      const errors: Record<string, string[]> = {};
      for (const key of [
        "store_id",
        "item_type",
        "delivery_type",
        "item_weight",
        "recipient_city",
        "recipient_zone",
      ])
        if (body[key] === undefined || body[key] === null)
          errors[key] = [`The ${key} field is required.`];
      if (Object.keys(errors).length > 0) return invalid(errors);
      const price = body.recipient_city === 1 ? 70 : 130;
      return ok({
        price,
        discount: 0,
        promo_discount: 0,
        plan_id: 69,
        cod_enabled: 1,
        cod_percentage: 0.01,
        additional_charge: 0,
        final_price: price,
      });
    }
    if (req.method === "POST" && path === "/aladdin/api/v1/orders") {
      const body = await readJson(req);
      const errors: Record<string, string[]> = {};
      const name = String(body.recipient_name ?? "");
      const address = String(body.recipient_address ?? "");
      if (body.store_id !== stub.storeId) errors.store_id = ["The selected store id is invalid."];
      if (name.length < 3 || name.length > 100)
        errors.recipient_name = ["The recipient name must be between 3 and 100 characters."];
      if (!/^01\d{9}$/.test(String(body.recipient_phone ?? "")))
        errors.recipient_phone = ["The recipient phone must be 11 digits."];
      if (address.length < 10 || address.length > 220)
        errors.recipient_address = ["The recipient address must be between 10 and 220 characters."];
      if (![48, 12].includes(Number(body.delivery_type)))
        errors.delivery_type = ["The selected delivery type is invalid."];
      if (![1, 2].includes(Number(body.item_type)))
        errors.item_type = ["The selected item type is invalid."];
      if (!(Number(body.item_quantity) >= 1))
        errors.item_quantity = ["The item quantity field is required."];
      const weight = Number(body.item_weight);
      if (!(weight >= 0.5 && weight <= 10))
        errors.item_weight = ["The item weight must be between 0.5 and 10."];
      if (!Number.isInteger(body.amount_to_collect))
        errors.amount_to_collect = ["The amount to collect must be an integer."];
      for (const key of ["recipient_city", "recipient_zone", "recipient_area"])
        if (key in body && body[key] === null) errors[key] = [`The ${key} must be an integer.`];
      if (Object.keys(errors).length > 0) return invalid(errors);
      const consignment = `DL${Date.now().toString(36).toUpperCase()}${stub.orders.length}`;
      stub.orders.push({ ...body, consignment_id: consignment });
      return ok({
        consignment_id: consignment,
        merchant_order_id: body.merchant_order_id,
        order_status: "Pending",
        delivery_fee: body.recipient_city === 1 ? 70 : 130,
      });
    }
    match = /^\/aladdin\/api\/v1\/orders\/([^/]+)\/info$/.exec(path);
    if (req.method === "GET" && match) {
      const order = stub.orders.find((entry) => entry.consignment_id === match![1]);
      if (!order) return send(404, { message: "Not found", type: "error", code: 404 });
      return ok({
        consignment_id: order.consignment_id,
        merchant_order_id: order.merchant_order_id,
        order_status: "Pending",
        order_status_slug: "Pending",
        updated_at: "2026-11-23 12:00:00",
        invoice_id: null,
      });
    }
    return send(404, { message: "Not found", type: "error", code: 404 });
  });
  stub.url = server.url;
  stub.close = server.close;
  return stub;
}

/** The variables that point the shop at this stub. */
export function pathaoEnv(stub: PathaoStub): Record<string, string> {
  return {
    PATHAO_BASE_URL: stub.url,
    PATHAO_CLIENT_ID: stub.clientId,
    PATHAO_CLIENT_SECRET: stub.clientSecret,
    PATHAO_USERNAME: stub.username,
    PATHAO_PASSWORD: stub.password,
    PATHAO_STORE_ID: String(stub.storeId),
    PATHAO_WEBHOOK_SECRET: stub.webhookSecret,
  };
}
