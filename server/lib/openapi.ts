import { z } from "zod";
// The one error shape (server/middleware/error-handler.ts): every 4xx and 5xx answer carries it.
import { ErrorAnswer } from "#contract/answers/common";
import type { Permission } from "#contract/staff-roles";

/** Every endpoint registers here as it is declared, so /api/openapi.json lists them all. */
export interface EndpointDoc {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string; // Express style, e.g. /api/products/id/:id
  summary: string;
  tags?: string[];
  auth?: "user" | "admin" | "optional" | "none";
  /** An admin endpoint's permission (any one of a list): docs/staff-roles.md. */
  permission?: Permission | readonly Permission[];
  body?: z.ZodType;
  multipart?: boolean;
  query?: z.ZodType;
  params?: z.ZodType;
  responses?: Record<number, { description: string; schema?: z.ZodType }>;
}

const registry = new Map<string, EndpointDoc>();

export function registerEndpoint(doc: EndpointDoc): void {
  registry.set(`${doc.method} ${doc.path}`, doc);
}

export function listEndpoints(): EndpointDoc[] {
  return [...registry.values()];
}

/**
 * The error answers every operation of a kind can give, whatever its route declares: the REST
 * surface's guards (validation, operator keys, malformed bodies), the body limits, the auth
 * middleware and the catch-all 500. A route adds its own (404, 409, 429, 502, 503, ...).
 */
function commonErrors(doc: EndpointDoc): Record<number, string> {
  const errors: Record<number, string> = {};
  if (/^\/(api|auth)\//.test(doc.path))
    errors[400] = "Invalid input (the error lists each field), or a malformed body";
  if (doc.auth === "user" || doc.auth === "admin")
    errors[401] = "Missing, invalid or expired bearer token";
  if (doc.auth === "optional") errors[401] = "Invalid or expired bearer token (none is fine)";
  if (doc.auth === "admin")
    errors[403] =
      "Access denied - admin privileges required (FORBIDDEN), or the staff member's role lacks the permission (PERMISSION_DENIED), or the staff account is deactivated (STAFF_DEACTIVATED)";
  if (doc.params) errors[404] = "Not found";
  if (doc.body) errors[413] = doc.multipart ? "File or body too large" : "Request body too large";
  // Node's HTTP parser refuses a request line and headers over 16 KB before the app sees them.
  errors[431] = "Request line or headers too large (no body)";
  errors[500] = "Unexpected failure (logged)";
  return errors;
}

/** An answer's Date leaves as JSON text (Date.prototype.toJSON): an ISO date-time string. */
function dateAsJsonText(context: {
  zodSchema: z.core.$ZodTypes;
  jsonSchema: Record<string, unknown>;
}) {
  if (context.zodSchema._zod.def.type !== "date") return;
  context.jsonSchema.type = "string";
  context.jsonSchema.format = "date-time";
}

function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  return z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
    // Only answers: inputs keep their documented form (dates there are parsed, not sent).
    ...(io === "output" ? { override: dateAsJsonText } : {}),
  });
}

/** The JSON schema of an answer body, as the OpenAPI document states it. */
export function answerJsonSchema(schema: z.ZodType) {
  return jsonSchema(schema, "output");
}

function parameters(schema: z.ZodType | undefined, location: "query" | "path") {
  if (!schema) return [];
  const json = jsonSchema(schema, "input") as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || (json.required ?? []).includes(name),
    schema: property,
  }));
}

/** Node answers 431 itself, with no body. */
const BODILESS_ERRORS = new Set([431]);

/** Every status the operation answers, in order, each with the schema of its body. */
function responsesOf(doc: EndpointDoc): Record<string, unknown> {
  const common = commonErrors(doc);
  const declared = new Map<number, { description: string; schema?: z.ZodType }>(
    Object.entries(common).map(([status, description]) => [Number(status), { description }]),
  );
  // A route's own answer for a common status names its case first, then the common one.
  for (const [status, answer] of Object.entries(doc.responses ?? { 200: { description: "OK" } })) {
    const commonText = common[Number(status)];
    declared.set(Number(status), {
      ...answer,
      description:
        commonText && commonText !== answer.description
          ? `${answer.description}; or ${commonText}`
          : answer.description,
    });
  }
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of [...declared].sort(([a], [b]) => a - b)) {
    // Every error carries the one error shape, whatever schema a route passed.
    const schema =
      status < 400 ? answer.schema : BODILESS_ERRORS.has(status) ? undefined : ErrorAnswer;
    responses[status] = {
      description: answer.description,
      ...(schema ? { content: { "application/json": { schema: answerJsonSchema(schema) } } } : {}),
    };
  }
  return responses;
}

export function buildOpenApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of listEndpoints()) {
    const openApiPath = doc.path.replace(/:(\w+)/g, "{$1}");
    paths[openApiPath] ??= {};
    const permissions = doc.permission === undefined ? [] : [doc.permission].flat();
    paths[openApiPath][doc.method] = {
      summary: doc.summary,
      ...(permissions.length
        ? {
            description: `Staff permission: ${permissions.join(" or ")} (docs/staff-roles.md)`,
            "x-permission": permissions.length === 1 ? permissions[0] : permissions,
          }
        : {}),
      tags: doc.tags,
      ...(doc.auth === "user" || doc.auth === "admin" ? { security: [{ bearerAuth: [] }] } : {}),
      parameters: [...parameters(doc.params, "path"), ...parameters(doc.query, "query")],
      ...(doc.body
        ? {
            requestBody: {
              required: true,
              content: {
                [doc.multipart ? "multipart/form-data" : "application/json"]: {
                  schema: jsonSchema(doc.body, "input"),
                },
              },
            },
          }
        : {}),
      responses: responsesOf(doc),
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Tweest shop API", version: "1.0.0" },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
    },
    paths,
  };
}
