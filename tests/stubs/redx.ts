import { readJson, startHttpStub } from "./http-stub";

/**
 * A local RedX Open API on 127.0.0.1: areas by district, parcel creation (validated; a second
 * parcel for one merchant invoice refused), parcel info, cancellation before pickup. Every call needs the header
 * `API-ACCESS-TOKEN: Bearer <token>` (else 401). `webhook` builds what RedX POSTs to the merchant.
 */
export const REDX_STUB_AREAS: Record<string, { id: number; name: string; post_code: number }[]> = {
  Dhaka: [
    { id: 1, name: "Banani", post_code: 1213 },
    { id: 2, name: "Dhanmondi", post_code: 1209 },
  ],
  Chattogram: [{ id: 40, name: "Agrabad", post_code: 4100 }],
};

export interface RedxStub {
  url: string;
  token: string;
  /** What the merchant sets as the webhook's `?token=` (REDX_WEBHOOK_SECRET). */
  webhookSecret: string;
  parcels: Record<string, unknown>[];
  setStatus(trackingId: string, status: string): void;
  /** The path (with `?token=`) and body RedX POSTs for a status of a parcel. */
  webhook(
    trackingId: string,
    status: string,
    token?: string,
  ): { path: string; body: Record<string, unknown> };
  close(): Promise<void>;
}

export async function startRedxStub(): Promise<RedxStub> {
  let next = 1;
  const stub: RedxStub = {
    url: "",
    token: "stub-redx-jwt.eyJzdG9yZSI6MX0.sig",
    webhookSecret: "stub-redx-webhook-secret-0123",
    parcels: [],
    setStatus(trackingId, status) {
      const found = stub.parcels.find((entry) => entry.tracking_id === trackingId);
      if (!found) throw new Error(`no parcel ${trackingId}`);
      found.status = status;
    },
    webhook(trackingId, status, token) {
      const found = stub.parcels.find((entry) => entry.tracking_id === trackingId);
      return {
        path: `/api/couriers/redx/webhook?token=${encodeURIComponent(token ?? stub.webhookSecret)}`,
        body: {
          tracking_number: trackingId,
          timestamp: "2026-11-27T10:00:00.000Z",
          status,
          message_en: `Parcel is ${status}`,
          message_bn: "পার্সেলের অবস্থা বদলেছে",
          invoice_number: found?.merchant_invoice_id,
        },
      };
    },
    close: async () => undefined,
  };
  const server = await startHttpStub(async ({ req, url, send }) => {
    if (req.headers["api-access-token"] !== `Bearer ${stub.token}`)
      return send(401, { message: "Unauthorized" });
    const path = url.pathname.replace(/^\/v1\.0\.0-beta/, "");
    if (req.method === "GET" && path === "/areas")
      return send(200, {
        areas: REDX_STUB_AREAS[url.searchParams.get("district_name") ?? ""] ?? [],
      });
    if (req.method === "POST" && path === "/parcel") {
      const parcel = await readJson(req);
      const errors: Record<string, string[]> = {};
      const area = Object.values(REDX_STUB_AREAS)
        .flat()
        .find((entry) => entry.id === parcel.delivery_area_id);
      if (!area || area.name !== parcel.delivery_area)
        errors.delivery_area_id = ["Invalid delivery area"];
      if (!/^01\d{9}$/.test(String(parcel.customer_phone ?? "")))
        errors.customer_phone = ["Invalid phone number"];
      if (!parcel.customer_name) errors.customer_name = ["Customer name is required"];
      if (!parcel.customer_address) errors.customer_address = ["Customer address is required"];
      if (!/^\d+$/.test(String(parcel.cash_collection_amount ?? "")))
        errors.cash_collection_amount = ["Cash collection amount must be a number"];
      if (stub.parcels.some((entry) => entry.merchant_invoice_id === parcel.merchant_invoice_id))
        errors.merchant_invoice_id = ["Merchant invoice id already exists"];
      if (Object.keys(errors).length > 0)
        return send(400, { message: "Validation failed", errors });
      const trackingId = `26A${String(100000 + next).padStart(6, "0")}RX`;
      next += 1;
      stub.parcels.push({ ...parcel, tracking_id: trackingId, status: "pickup-pending" });
      return send(200, { tracking_id: trackingId });
    }
    if (req.method === "PATCH" && path === "/parcels") {
      // Cancellation: `{entity_type, entity_id, update_details: {property_name, new_value, reason}}`.
      // Its refusal once an agent has the parcel is not documented; assumed a 400 with a message.
      const change = await readJson(req);
      const details = (change.update_details ?? {}) as Record<string, unknown>;
      const found = stub.parcels.find((entry) => entry.tracking_id === change.entity_id);
      if (change.entity_type !== "parcel-tracking-id" || !found)
        return send(404, { message: "Parcel not found" });
      if (details.property_name !== "status" || details.new_value !== "cancelled")
        return send(400, { message: "Only a cancellation is supported" });
      if (found.status !== "pickup-pending")
        return send(400, { message: "Parcel cannot be cancelled after pickup" });
      found.status = "cancelled";
      found.cancel_reason = details.reason;
      return send(200, { success: true, message: "Parcel cancelled" });
    }
    const match = /^\/parcel\/info\/([^/]+)$/.exec(path);
    if (req.method === "GET" && match) {
      const found = stub.parcels.find((entry) => entry.tracking_id === match[1]);
      if (!found) return send(404, { message: "Parcel not found" });
      return send(200, {
        parcel: {
          tracking_id: found.tracking_id,
          status: found.status,
          charge: 60,
          cash_collection_amount: found.cash_collection_amount,
        },
      });
    }
    return send(404, { message: "Not found" });
  });
  stub.url = `${server.url}/v1.0.0-beta`;
  stub.close = server.close;
  return stub;
}

/** The variables that point the shop at this stub. */
export function redxEnv(stub: RedxStub): Record<string, string> {
  return {
    REDX_BASE_URL: stub.url,
    REDX_API_TOKEN: stub.token,
    REDX_WEBHOOK_SECRET: stub.webhookSecret,
  };
}
