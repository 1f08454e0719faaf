import { z } from "zod";

/** Every endpoint registers here as it is declared, so /api/openapi.json lists them all. */
export interface EndpointDoc {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string; // Express style, e.g. /api/products/id/:id
  summary: string;
  tags?: string[];
  auth?: "user" | "admin" | "optional" | "none";
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

const ErrorAnswer = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  return z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });
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

export function buildOpenApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of listEndpoints()) {
    const openApiPath = doc.path.replace(/:(\w+)/g, "{$1}");
    const responses: Record<string, unknown> = {};
    for (const [status, answer] of Object.entries(
      doc.responses ?? { 200: { description: "OK" } },
    )) {
      responses[status] = {
        description: answer.description,
        ...(answer.schema
          ? { content: { "application/json": { schema: jsonSchema(answer.schema, "output") } } }
          : {}),
      };
    }
    responses.default = {
      description: "Error",
      content: { "application/json": { schema: jsonSchema(ErrorAnswer, "output") } },
    };
    paths[openApiPath] ??= {};
    paths[openApiPath][doc.method] = {
      summary: doc.summary,
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
      responses,
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
