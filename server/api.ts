import cookieParser from "cookie-parser";
import express, { Router } from "express";
import { getEnv } from "./env.js";
import { labelRoute } from "./lib/metrics.js";
import { buildOpenApiDocument } from "./lib/openapi.js";
import { errorHandler, rejectOperatorKeys } from "./middleware/error-handler.js";
import { apiFallback } from "./middleware/method-guard.js";
import { requireMultipartBoundary } from "./middleware/multipart.js";
import { apiRouters } from "./routers/index.js";

/**
 * The REST surface: /api/* and /auth/*. Body parsers live here, not on the whole app, because
 * React Router actions need the raw request.
 */
export function createApi(): Router {
  const env = getEnv();
  const api = Router();
  api.use(["/api", "/auth"], express.json({ limit: "100kb" }));
  api.use(["/api", "/auth"], express.urlencoded({ extended: false, limit: "100kb" }));
  api.use(["/api", "/auth"], cookieParser(env.COOKIE_SECRET));
  api.use(["/api", "/auth"], rejectOperatorKeys);
  api.use(["/api", "/auth"], requireMultipartBoundary);

  api.get("/api/openapi.json", labelRoute("/api/openapi.json"), (_req, res) => {
    res.json(buildOpenApiDocument(env.PUBLIC_URL));
  });
  for (const { prefix, router } of apiRouters) api.use(prefix, router);

  api.use(["/api", "/auth"], apiFallback);
  api.use(["/api", "/auth"], errorHandler);
  return api;
}
