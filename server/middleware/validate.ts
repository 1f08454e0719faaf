import type { NextFunction, Request, RequestHandler, Response, Router } from "express";
import type { z } from "zod";
import { labelRoute } from "../lib/metrics.js";
import { registerEndpoint, type EndpointDoc } from "../lib/openapi.js";
import type { Permission } from "#contract/staff-roles";
import { requirePermission } from "./auth.js";

export interface ValidatedInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
}

declare module "express-serve-static-core" {
  interface Request {
    /** Set by validate(): the parsed body, query and params. */
    valid?: ValidatedInput<unknown, unknown, unknown>;
  }
}

/** The one validation middleware: parses body, query and params with zod; failures become 400s. */
export function validate(schemas: { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType }) {
  return (req: Request, _res: Response, next: NextFunction) => {
    req.valid = {
      body: schemas.body ? schemas.body.parse(req.body ?? {}) : req.body,
      query: schemas.query ? schemas.query.parse(req.query) : req.query,
      params: schemas.params ? schemas.params.parse(req.params) : req.params,
    };
    next();
  };
}

type Infer<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/**
 * Who may call an endpoint. An admin endpoint is one that names the permission it needs (any one
 * of a list, for a route whose handler then checks the finer one); there is no other way to
 * declare one, so none can be left without.
 */
export type EndpointAccess =
  | { auth?: "user" | "optional" | "none"; permission?: never }
  | { auth?: never; permission: Permission | readonly Permission[] };

export type EndpointDefinition<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
> = EndpointAccess & EndpointFields<B, Q, P>;

interface EndpointFields<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
> extends Omit<EndpointDoc, "path" | "body" | "query" | "params" | "auth" | "permission"> {
  path: string;
  body?: B;
  query?: Q;
  params?: P;
  /** Middleware run before validation (auth, multer). */
  before?: RequestHandler[];
  handler: (
    input: ValidatedInput<Infer<B>, Infer<Q>, Infer<P>>,
    req: Request,
    res: Response,
  ) => Promise<unknown> | unknown;
  /** Status for a successful answer; default 200. */
  status?: number;
}

/**
 * Declares one endpoint on a router mounted at `prefix`: registers it for the OpenAPI document,
 * labels its requests with its template (metrics, request log), runs the validation, and sends what the handler returns as JSON (unless the handler answered).
 */
export function endpoint<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(router: Router, prefix: string, definition: EndpointDefinition<B, Q, P>): void {
  const { handler, before = [], status = 200, permission, auth, ...doc } = definition;
  const template = `${prefix}${definition.path}`.replace(/(.)\/$/, "$1");
  // Belt and braces for the type: a back-office path always names its permission.
  if (!permission && template.startsWith("/api/admin/"))
    throw new Error(`${definition.method} ${template}: an admin endpoint needs a permission`);
  registerEndpoint({
    ...doc,
    path: template,
    ...(permission ? { auth: "admin", permission } : { auth }),
  });
  const guard = permission ? [requirePermission(permission)] : [];
  const run: RequestHandler = async (req, res) => {
    const result = await handler(
      req.valid as ValidatedInput<Infer<B>, Infer<Q>, Infer<P>>,
      req,
      res,
    );
    if (!res.headersSent) res.status(status).json(result);
  };
  router[definition.method](
    definition.path,
    labelRoute(template),
    ...guard,
    ...before,
    validate(definition),
    run,
  );
}
