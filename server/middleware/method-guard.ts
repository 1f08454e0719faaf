import type { RequestHandler, Response } from "express";
import { listEndpoints } from "../lib/openapi.js";
import { apiNotFound } from "./error-handler.js";

/**
 * What the storefront's pages answer: they have loaders and no server actions (forms talk to the
 * REST API), so every other method is refused here. React Router's Request refuses TRACE, TRACK
 * and CONNECT outright (a 500 before this guard) and answers other odd methods (PROPFIND, ...)
 * with errors of its own. A page that gains a server `action` must add POST here.
 */
export const PAGE_METHODS = ["GET", "HEAD"] as const;

/** Storefront screens that live under /auth (GET only); every other /auth path is the API's. */
const STOREFRONT_PAGES_UNDER_AUTH = new Set(["/auth/google/callback"]);

function methodNotAllowed(res: Response, method: string, path: string, allowed: readonly string[]) {
  res.setHeader("Allow", allowed.join(", "));
  res.status(405).json({
    message: `Method ${method} is not allowed for ${path}`,
    code: "METHOD_NOT_ALLOWED",
  });
}

/** In front of the page handler: 405 with `Allow` for any method a page does not answer. */
export const pageMethodGuard: RequestHandler = (req, res, next) => {
  if ((PAGE_METHODS as readonly string[]).includes(req.method)) return next();
  methodNotAllowed(res, req.method, req.path, PAGE_METHODS);
};

let declaredPaths: { pattern: RegExp; methods: string[] }[] | undefined;

/** The methods the API declares for a path (GET implies HEAD, as Express answers both). */
function declaredMethods(path: string): string[] {
  declaredPaths ??= Object.values(
    listEndpoints().reduce<Record<string, { pattern: RegExp; methods: string[] }>>(
      (byPath, doc) => {
        const pattern = new RegExp(
          `^${doc.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+")}/?$`,
        );
        byPath[doc.path] ??= { pattern, methods: [] };
        byPath[doc.path].methods.push(doc.method.toUpperCase());
        if (doc.method === "get") byPath[doc.path].methods.push("HEAD");
        return byPath;
      },
      {},
    ),
  );
  return [
    ...new Set(
      declaredPaths.filter(({ pattern }) => pattern.test(path)).flatMap(({ methods }) => methods),
    ),
  ];
}

/**
 * After every /api and /auth router: a declared path asked with another method is a 405 with
 * `Allow`; an unknown path the JSON 404. The storefront screens under /auth go on to the pages.
 */
export const apiFallback: RequestHandler = (req, res, next) => {
  const path = req.originalUrl.split("?")[0];
  if (
    STOREFRONT_PAGES_UNDER_AUTH.has(path.replace(/\/$/, "")) &&
    (PAGE_METHODS as readonly string[]).includes(req.method)
  )
    return next();
  const allowed = declaredMethods(path);
  if (allowed.length > 0 && !allowed.includes(req.method))
    return methodNotAllowed(res, req.method, path, allowed);
  apiNotFound(req, res, next);
};
