import type mongoose from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TshirtOrder } from "../../models/tshirt-order.model";
import { clearDatabase } from "../setup/db";
import { getShopSettings } from "../../server/services/shop-settings.service";
import { ensureStandardPages } from "../../server/services/pages.service";
import { seedCatalog } from "../factories/catalog";
import { createOrder } from "../factories/order";
import { createPayment } from "../factories/payment";
import { createPopupImage } from "../factories/popup-image";
import { createPromo } from "../factories/promo-code";
import { createReview } from "../factories/review";
import { createSizeGuide } from "../factories/size-guide";
import { createTshirtOrder } from "../factories/tshirt-order";
import { createAdmin, createUser } from "../factories/user";
import { changedCollections, snapshotDatabase } from "./helpers";
import { startOpenApiTarget, useOpenApiTargetEnv, type OpenApiTarget } from "./openapi-target";

useOpenApiTargetEnv();

/**
 * Every operation of /api/openapi.json, fed invalid input generated from its own schemas:
 * operator objects, wrong types, huge strings and numbers. Each must answer below 500 (4xx
 * where the value breaks the documented schema) and leave every collection as it was.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};
type Operation = {
  security?: unknown[];
  parameters?: { name: string; in: "path" | "query"; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};

const HUGE = "x".repeat(1024 * 1024);
const BIG = "y".repeat(20_000);

/** Invalid values for a field of this schema (operator objects, wrong types, huge values). */
function invalidValues(schema: Schema): unknown[] {
  const candidates: unknown[] = [
    { $gt: "" },
    [{ $where: "sleep(100)" }],
    {},
    [],
    true,
    null,
    12345,
    1e308,
    -1,
    2 ** 64,
    "NaN",
    BIG,
    "",
    "not-an-object-id",
  ];
  return candidates.filter((value) => violates(schema, value));
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** A small JSON-schema check (the keywords zod emits): true when `value` breaks `schema`. */
function violates(schema: Schema, value: unknown): boolean {
  const alternatives = schema.anyOf ?? schema.oneOf;
  // Form conventions the schemas document by accepting them: "" clears a nullable field, and a
  // number field takes numeric text (multipart and query values are always text).
  if (value === "" && alternatives?.some((alternative) => alternative.type === "null"))
    return false;
  if (alternatives) return alternatives.every((alternative) => violates(alternative, value));
  const numberTypes = [schema.type ?? []].flat();
  if (
    typeof value === "string" &&
    value.trim() !== "" &&
    (numberTypes.includes("number") || numberTypes.includes("integer"))
  )
    return violates(schema, Number(value));
  if (schema.enum) return !schema.enum.includes(value);
  if ("const" in schema) return value !== schema.const;
  const types = schema.type === undefined ? [] : [schema.type].flat();
  const actual = typeOf(value);
  if (types.length > 0) {
    const typeOk = types.some(
      (type) => type === actual || (type === "number" && actual === "integer"),
    );
    if (!typeOk) return true;
  }
  if (typeof value === "string") {
    if (schema.minLength !== undefined && value.length < schema.minLength) return true;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return true;
    // Schemas may trim or change the case first: only count what no such transform could save.
    if (
      schema.pattern &&
      ![value, value.trim(), value.toUpperCase(), value.toLowerCase()].some((form) =>
        new RegExp(schema.pattern!).test(form),
      )
    )
      return true;
    if (schema.format === "email" && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) return true;
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return true;
    if (types.includes("integer") && !Number.isSafeInteger(value)) return true;
    if (schema.minimum !== undefined && value < schema.minimum) return true;
    if (schema.maximum !== undefined && value > schema.maximum) return true;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return true;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return true;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return true;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return true;
    if (schema.items && value.some((item) => violates(schema.items!, item))) return true;
  }
  if (actual === "object" && schema.properties) {
    const record = value as Record<string, unknown>;
    if ((schema.required ?? []).some((name) => !(name in record))) return true;
  }
  // Operator keys never pass (rejectOperatorKeys), whatever a schema allows.
  return JSON.stringify(value ?? null).includes('"$');
}

/** A plausible valid value for a schema, so that one invalid field is checked behind valid ones. */
function validValue(schema: Schema, name: string, ids: Ids): unknown {
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return validValue(alternatives[0], name, ids);
  if (schema.enum) return schema.enum[0];
  if ("const" in schema) return schema.const;
  const type = [schema.type ?? "string"].flat()[0];
  if (type === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(schema.properties ?? {}))
      if ((schema.required ?? []).includes(key)) out[key] = validValue(inner, key, ids);
    return out;
  }
  if (type === "array")
    return Array.from({ length: schema.minItems ?? 0 }, () =>
      validValue(schema.items ?? {}, name, ids),
    );
  if (type === "integer" || type === "number")
    return schema.minimum !== undefined ? Math.max(schema.minimum, 1) : 1;
  if (type === "boolean") return true;
  if (type === "null") return null;
  if (schema.pattern === "^[0-9a-fA-F]{24}$" || schema.pattern === "^[a-f\\d]{24}$")
    return ids.product;
  if (/mobile|phone/i.test(name)) return "01712345678";
  if (/email/i.test(name) || schema.format === "email") return "fuzz@example.com";
  if (/password/i.test(name)) return "fuzz-password-123";
  if (schema.pattern) return "FUZZ";
  return "fuzz";
}

interface Ids {
  product: string;
  category: string;
  promo: string;
  sizeGuide: string;
  popup: string;
  tshirt: string;
  customer: string;
  order: string;
}

/** A real document's id for a path parameter, chosen by the route it is in. */
function realId(path: string, ids: Ids): string {
  if (path.includes("categories")) return ids.category;
  if (path.includes("promo-codes")) return ids.promo;
  if (path.includes("size-guides")) return ids.sizeGuide;
  if (path.includes("popup-images")) return ids.popup;
  if (path.includes("tshirt-orders")) return ids.tshirt;
  if (path.includes("customers")) return ids.customer;
  if (path.includes("orders") || path.includes("payment")) return ids.order;
  if (path.includes("pathao")) return "1";
  return ids.product;
}

const GARBAGE_IDS = [
  "garbage",
  "-1",
  "1e308",
  "18446744073709551616",
  "000000000000000000000000",
  "%24gt",
  "..%2F..%2Fetc%2Fpasswd",
  "z".repeat(5000),
];

interface Case {
  label: string;
  path: string;
  query: string;
  body?: string;
  contentType?: string;
  /** The input breaks the documented schema: the answer must be a 4xx. */
  mustReject: boolean;
}

function casesFor(template: string, method: string, operation: Operation, ids: Ids): Case[] {
  const pathParams = (operation.parameters ?? []).filter((p) => p.in === "path");
  const queryParams = (operation.parameters ?? []).filter((p) => p.in === "query");
  const bodySchema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
  const fill = (values: Record<string, string>) =>
    template.replace(/\{(\w+)\}/g, (_m, name: string) => values[name]);
  const realPath = fill(
    Object.fromEntries(
      pathParams.map((param) => [
        param.name,
        param.schema.enum ? String(param.schema.enum[0]) : realId(template, ids),
      ]),
    ),
  );
  const cases: Case[] = [];

  // Path parameters: garbage in one place, real ids elsewhere; the body (if any) stays valid-ish.
  const baseBody = bodySchema ? JSON.stringify(validValue(bodySchema, "", ids)) : undefined;
  for (const param of pathParams)
    for (const garbage of GARBAGE_IDS) {
      const values = Object.fromEntries(
        pathParams.map((p) => [
          p.name,
          p.schema.enum ? String(p.schema.enum[0]) : realId(template, ids),
        ]),
      );
      values[param.name] = garbage;
      cases.push({
        label: `path ${param.name}=${garbage.slice(0, 30)}`,
        path: fill(values),
        query: "",
        body: baseBody,
        mustReject: true,
      });
    }

  // Query parameters: operators, repeats, huge and numeric garbage (URL values are strings).
  for (const param of queryParams) {
    const name = encodeURIComponent(param.name);
    for (const raw of [
      `${name}[$gt]=`,
      `${name}=a&${name}=b`,
      `${name}=${"q".repeat(8000)}`,
      `${name}=NaN`,
      `${name}=1e308`,
      `${name}=-1`,
      `${name}=18446744073709551616`,
      `${name}=%00`,
    ])
      cases.push({
        label: `query ${raw.slice(0, 40)}`,
        path: realPath,
        query: raw,
        body: baseBody,
        mustReject: raw.includes("[$"),
      });
  }
  if (queryParams.length === 0 && method === "get" && /^\/(api|auth)\//.test(template))
    cases.push({ label: "query operator", path: realPath, query: "x[$gt]=", mustReject: true });

  // Body: the whole body wrong, then one field at a time (nested one level) wrong.
  if (bodySchema) {
    const base = validValue(bodySchema, "", ids) as Record<string, unknown>;
    for (const [label, body] of [
      ["body []", "[]"],
      ['body "string"', '"string"'],
      ["body null", "null"],
      ["body 1e308", "1e308"],
      ["body operator", JSON.stringify({ ...base, $where: "1" })],
      ["body 1 MB", JSON.stringify({ ...base, huge: HUGE })],
      ["body malformed", "{"],
    ] as const)
      cases.push({ label, path: realPath, query: "", body, mustReject: true });
    const fields: { path: string[]; schema: Schema }[] = [];
    for (const [name, schema] of Object.entries(bodySchema.properties ?? {})) {
      fields.push({ path: [name], schema });
      for (const [inner, innerSchema] of Object.entries(schema.properties ?? {}))
        fields.push({ path: [name, inner], schema: innerSchema });
    }
    for (const field of fields)
      for (const value of invalidValues(field.schema)) {
        const body = structuredClone(base);
        let target = body;
        for (const key of field.path.slice(0, -1)) {
          const next = (target[key] ?? {}) as Record<string, unknown>;
          target[key] = next;
          target = next;
        }
        target[field.path[field.path.length - 1]] = value;
        cases.push({
          label: `body ${field.path.join(".")}=${JSON.stringify(value).slice(0, 30)}`,
          path: realPath,
          query: "",
          body: JSON.stringify(body),
          mustReject: true,
        });
      }
  }
  // Without any other invalid part, a request to a changing route with real ids is legitimate:
  // only reads are sent as they are (they must not fail either).
  if (method === "get")
    cases.push({ label: "as is", path: realPath, query: "", mustReject: false });
  return cases;
}

let server: OpenApiTarget;
let ids: Ids;
let customerToken: string;
let adminToken: string;
let spec: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  await clearDatabase();
  server = await startOpenApiTarget();
  const { categories, products } = await seedCatalog();
  // Written on the first start, as server/index.ts does, not by the first page the fuzz reads
  // (the settings, then the standard pages from them).
  await getShopSettings();
  await ensureStandardPages();
  const promo = await createPromo({ code: "FUZZ10", type: "PERCENTAGE", value: 10 });
  const sizeGuide = await createSizeGuide({ category: categories.menTees._id });
  const popup = await createPopupImage();
  const tshirt = await createTshirtOrder({
    name: "School",
    email: "school@example.com",
    printType: (TshirtOrder.schema.path("printType") as unknown as { enumValues: string[] })
      .enumValues[0],
    sizes: { S: 0, M: 60, L: 0, XL: 0, XXL: 0 },
    quantity: 60,
  });
  const customer = await createUser({ email: "fuzz-customer@example.com" });
  const admin = await createAdmin({ email: "fuzz-admin@example.com" });
  customerToken = customer.token;
  adminToken = admin.token;
  const order = await createOrder({ lines: [{ product: products.classic }] });
  await createReview({ user: customer.user._id, product: products.classic._id });
  await createPayment({ order: order._id as mongoose.Types.ObjectId });
  ids = {
    product: String(products.classic._id),
    category: String(categories.men._id),
    promo: String(promo._id),
    sizeGuide: String(sizeGuide._id),
    popup: String(popup._id),
    tshirt: String(tshirt._id),
    customer: String(customer.user._id),
    order: String(order._id),
  };
  spec = (await (await fetch(server.documentUrl)).json()) as typeof spec;
});

afterAll(async () => {
  await server.close();
});

async function send(method: string, testCase: Case, token: string | undefined) {
  const url = `${server.url}${testCase.path}${testCase.query ? `?${testCase.query}` : ""}`;
  const response = await fetch(url, {
    method: method.toUpperCase(),
    headers: {
      ...(testCase.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: testCase.body,
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}

describe("every JSON endpoint of /api/openapi.json fed invalid input", () => {
  it("covers the whole document (new routes are fuzzed automatically)", () => {
    const operations = Object.values(spec.paths).flatMap((ops) => Object.keys(ops));
    expect(operations.length).toBeGreaterThan(60);
  });

  it("answers 4xx (never 5xx) and changes nothing, as anonymous, customer and admin", async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const [template, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const cases = casesFor(template, method, operation, ids);
        const tokens = operation.security ? [customerToken, adminToken] : [undefined];
        const before = await snapshotDatabase();
        for (const token of tokens) {
          const who = token === adminToken ? "admin" : token ? "customer" : "anonymous";
          // A customer on an admin route stops at the role check: every 4th case is enough there.
          const sent = who === "customer" ? cases.filter((_c, index) => index % 4 === 0) : cases;
          // A few at a time: fast, and still in order per route.
          for (let start = 0; start < sent.length; start += 12) {
            const batch = sent.slice(start, start + 12);
            const statuses = await Promise.all(
              batch.map((testCase) => send(method, testCase, token)),
            );
            requests += batch.length;
            batch.forEach((testCase, index) => {
              const status = statuses[index];
              if (status >= 500 || (testCase.mustReject && (status < 400 || status >= 500)))
                failures.push(
                  `${method.toUpperCase()} ${template} [${who}] ${testCase.label}: ${status}`,
                );
            });
          }
        }
        const changed = changedCollections(before, await snapshotDatabase());
        if (changed.length > 0)
          failures.push(`${method.toUpperCase()} ${template} changed ${changed.join(", ")}`);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
    // The server is still healthy after all that.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 300_000);
});
