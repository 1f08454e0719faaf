import { readJson, startHttpStub } from "./http-stub";

/**
 * A local Steadfast (packzy) merchant API on 127.0.0.1: create_order (validated as the document
 * says, a second parcel for one invoice refused), bulk-order (one answer per order), status_by_cid,
 * and the fraud check (`/fraud_check/{phone}`: the number's parcels in its whole network, as
 * `{status, total_parcels, total_delivered, total_cancelled}`; zeros for a number it never saw).
 * Every call needs both keys in the `Api-Key` and `Secret-Key` headers (else 401).
 */
export interface SteadfastStub {
  url: string;
  apiKey: string;
  secretKey: string;
  /** Every consignment it created, as sent plus its ids and current `delivery_status`. */
  consignments: Record<string, unknown>[];
  /** Calls to create_order and bulk-order (one bulk call counts once). */
  bookingCalls: number;
  /** The network's record of numbers (01XXXXXXXXX) its fraud check answers; others: zeros. */
  records: Record<string, { delivered: number; cancelled: number }>;
  /** The numbers the fraud check was asked for, in order. */
  fraudChecks: string[];
  /** How the fraud check fails: `error` a 500, `slow` answers after `slowMs`, `garbled` no counts. */
  fraudCheckFails: "error" | "slow" | "garbled" | null;
  slowMs: number;
  /** Sets a consignment's `delivery_status`, as Steadfast's riders move it along. */
  setStatus(consignmentId: string, status: string): void;
  close(): Promise<void>;
}

const INVOICE = /^[A-Za-z0-9_-]+$/;

export async function startSteadfastStub(): Promise<SteadfastStub> {
  let nextId = 1_000_001;
  const stub: SteadfastStub = {
    url: "",
    apiKey: "stub-steadfast-api-key",
    secretKey: "stub-steadfast-secret-key",
    consignments: [],
    bookingCalls: 0,
    records: {},
    fraudChecks: [],
    fraudCheckFails: null,
    slowMs: 2000,
    setStatus(consignmentId, status) {
      const found = stub.consignments.find(
        (entry) => String(entry.consignment_id) === consignmentId,
      );
      if (!found) throw new Error(`no consignment ${consignmentId}`);
      found.status = status;
    },
    close: async () => undefined,
  };

  /** The document's field rules; the invoice must be new to this merchant. */
  const problems = (order: Record<string, unknown>): Record<string, string[]> => {
    const errors: Record<string, string[]> = {};
    const invoice = String(order.invoice ?? "");
    if (!INVOICE.test(invoice)) errors.invoice = ["The invoice format is invalid."];
    else if (stub.consignments.some((entry) => entry.invoice === invoice))
      errors.invoice = ["The invoice has already been taken."];
    const name = String(order.recipient_name ?? "");
    if (!name || name.length > 100)
      errors.recipient_name = ["The recipient name field is required (max 100)."];
    if (!/^01\d{9}$/.test(String(order.recipient_phone ?? "")))
      errors.recipient_phone = ["The recipient phone must be 11 digits."];
    const address = String(order.recipient_address ?? "");
    if (!address || address.length > 250)
      errors.recipient_address = ["The recipient address field is required (max 250)."];
    if (typeof order.cod_amount !== "number" || order.cod_amount < 0)
      errors.cod_amount = ["The cod amount must be a number at least 0."];
    return errors;
  };

  const create = (order: Record<string, unknown>): Record<string, unknown> => {
    const consignment = {
      ...order,
      consignment_id: nextId,
      tracking_code: `SF${(nextId * 7919).toString(36).toUpperCase()}`,
      status: "in_review",
    };
    nextId += 1;
    stub.consignments.push(consignment);
    return consignment;
  };

  const server = await startHttpStub(async ({ req, url, send }) => {
    if (req.headers["api-key"] !== stub.apiKey || req.headers["secret-key"] !== stub.secretKey)
      return send(401, { status: 401, message: "Unauthorized. Invalid Api-Key or Secret-Key." });
    const path = url.pathname.replace(/^\/api\/v1/, "");
    if (req.method === "POST" && path === "/create_order") {
      if (!String(req.headers["content-type"]).startsWith("application/json"))
        return send(415, { status: 415, message: "Content-Type must be application/json" });
      stub.bookingCalls += 1;
      const order = await readJson(req);
      const errors = problems(order);
      if (Object.keys(errors).length > 0) return send(422, { status: 400, errors });
      return send(200, {
        status: 200,
        message: "Consignment has been created successfully.",
        consignment: create(order),
      });
    }
    if (req.method === "POST" && path === "/create_order/bulk-order") {
      stub.bookingCalls += 1;
      const data = (await readJson(req)).data;
      if (!Array.isArray(data) || data.length === 0 || data.length > 500)
        return send(422, { status: 400, errors: { data: ["Between 1 and 500 orders."] } });
      return send(
        200,
        (data as Record<string, unknown>[]).map((order) => {
          const errors = Object.values(problems(order)).flat();
          if (errors.length > 0)
            return {
              invoice: order.invoice,
              consignment_id: null,
              status: "error",
              error: errors.join(" "),
            };
          const made = create(order);
          return {
            invoice: made.invoice,
            consignment_id: made.consignment_id,
            tracking_code: made.tracking_code,
            status: "success",
          };
        }),
      );
    }
    const fraudCheck = /^\/fraud_check\/([^/]+)$/.exec(path);
    if (req.method === "GET" && fraudCheck) {
      const phone = decodeURIComponent(fraudCheck[1]!);
      stub.fraudChecks.push(phone);
      if (!/^01\d{9}$/.test(phone))
        return send(422, { status: 422, message: "The phone must be 11 digits." });
      if (stub.fraudCheckFails === "error") return send(500, { message: "Server Error" });
      if (stub.fraudCheckFails === "garbled") return send(200, { status: 200, message: "ok" });
      if (stub.fraudCheckFails === "slow")
        await new Promise((resolve) => setTimeout(resolve, stub.slowMs));
      const { delivered, cancelled } = stub.records[phone] ?? { delivered: 0, cancelled: 0 };
      return send(200, {
        status: 200,
        total_parcels: delivered + cancelled,
        total_delivered: delivered,
        total_cancelled: cancelled,
      });
    }
    const match = /^\/status_by_cid\/([^/]+)$/.exec(path);
    if (req.method === "GET" && match) {
      const found = stub.consignments.find((entry) => String(entry.consignment_id) === match[1]);
      if (!found) return send(404, { status: 404, message: "Consignment not found." });
      return send(200, { status: 200, delivery_status: found.status });
    }
    return send(404, { status: 404, message: "Not found" });
  });
  stub.url = `${server.url}/api/v1`;
  stub.close = server.close;
  return stub;
}

/** The variables that point the shop at this stub. */
export function steadfastEnv(stub: SteadfastStub): Record<string, string> {
  return {
    STEADFAST_BASE_URL: stub.url,
    STEADFAST_API_KEY: stub.apiKey,
    STEADFAST_SECRET_KEY: stub.secretKey,
  };
}
