import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createApi } from "./api.js";
import { getEnv } from "./env.js";
import { logger } from "./lib/logger.js";
import { redactRequestLog } from "./lib/log-fields.js";
import {
  httpMetrics,
  labelRoute,
  metricsEndpoint,
  PAGE_ROUTE,
  routeTemplate,
} from "./lib/metrics.js";
import { errorHandler } from "./middleware/error-handler.js";
import { pageMethodGuard } from "./middleware/method-guard.js";
import { pageCache } from "./middleware/page-cache.js";
import { healthRouter } from "./routers/health.router.js";
import { createLoadContext } from "./load-context.js";
import { clientChunkUrls, clientStylesheets } from "./lib/client-manifest.js";
import { SIGN_IN_HOOKS, type SignInHook } from "./sign-in-hooks.js";
import { getImageStore } from "./storage/index.js";
import { serveUploads } from "./storage/serve-uploads.js";

export interface CreateAppOptions {
  /** In development, Vite serves and hot-reloads the storefront. */
  viteDevServer?: ViteDevServer;
  /** Where the built storefront lives; defaults to ./build. */
  buildDir?: string;
  /** The work that follows a sign-in; defaults to SIGN_IN_HOOKS (server/sign-in-hooks.ts). */
  signInHooks?: readonly SignInHook[];
}

const TAG_MANAGER_HOSTS = ["https://www.googletagmanager.com", "https://*.google-analytics.com"];

/** The whole shop as an Express app that never listens: tests drive it with supertest. */
export function createApp(options: CreateAppOptions = {}): Express {
  const env = getEnv();
  const buildDir = path.resolve(options.buildDir ?? "build");
  const app = express();
  app.disable("x-powered-by");
  app.locals.signInHooks = options.signInHooks ?? SIGN_IN_HOOKS;
  // Off unless TRUST_PROXY names the proxies in front (see docs/security.md).
  app.set("trust proxy", env.TRUST_PROXY);

  if (!options.viteDevServer) {
    // Hashed build files first: immutable for a year, and none of the per-request work below
    // (request log, CSP nonce, helmet's dozen headers), which cost ~1.3 KB per script on every page.
    // They are compressed once at build time (vite.config.ts: brotli 11, gzip 9) and served as
    // .br / .gz by what the browser accepts. compression() covers what the plugin never sees:
    // React Router writes its route manifest (manifest-*.js) after the bundle.
    app.use(
      "/assets",
      compression(),
      expressStaticGzip(path.join(buildDir, "client", "assets"), {
        enableBrotli: true,
        orderPreference: ["br"],
        index: false,
        serveStatic: {
          immutable: true,
          maxAge: "1y",
          // Never revalidated (the name changes with the content): no ETag / Last-Modified to send.
          etag: false,
          lastModified: false,
          setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
        },
      }),
    );
  }

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers["x-request-id"];
        const id =
          typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader("x-request-id", id);
        return id;
      },
      autoLogging: {
        ignore: (req) => req.url === "/healthz" || req.url?.startsWith("/assets/") === true,
      },
      // The route template is known once answered (the request line); {} on the request's child logger.
      customProps: (req, res) => (res.headersSent ? { route: routeTemplate(req as Request) } : {}),
      serializers: { req: redactRequestLog },
    }),
  );
  app.use(httpMetrics);

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [
            "'self'",
            (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
            ...TAG_MANAGER_HOSTS,
          ],
          connectSrc: ["'self'", ...TAG_MANAGER_HOSTS, ...(options.viteDevServer ? ["ws:"] : [])],
          imgSrc: [
            "'self'",
            "data:",
            "blob:",
            ...TAG_MANAGER_HOSTS,
            // /uploads/* redirects there when the bucket has a public address.
            ...(env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : []),
          ],
          frameSrc: ["'self'", "https://www.googletagmanager.com"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: env.PUBLIC_URL.startsWith("https://") ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(compression());

  app.use(healthRouter);
  app.get("/metrics", labelRoute("/metrics"), metricsEndpoint);
  // Images from the image store (local folder or bucket): same URLs and cache headers either way.
  app.use(
    "/uploads",
    serveUploads(getImageStore(), { publicUrl: env.S3_PUBLIC_URL }),
    (_req, res) => {
      res.status(404).json({ message: "File not found", code: "NOT_FOUND" });
    },
  );
  app.use(createApi());
  app.use(pageMethodGuard);

  if (options.viteDevServer) {
    const vite = options.viteDevServer;
    app.use(vite.middlewares);
    app.all(
      "/{*splat}",
      labelRoute(PAGE_ROUTE),
      createRequestHandler({
        build: () =>
          vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
        getLoadContext: (_req: Request, res: Response) => createLoadContext(res.locals.cspNonce),
      }),
    );
  } else {
    // Hashed /assets are served at the top; everything else in the client build: an hour.
    app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
    const clientBuild = {
      popupDialogChunks: clientChunkUrls(
        buildDir,
        "app/components/popup/campaign-popup-dialog.tsx",
      ),
      stylesheets: clientStylesheets(buildDir),
    };
    const serverBuild = path.join(buildDir, "server", "index.js");
    // The build is imported once, at the first page, and handed over as an object: given a
    // function, React Router re-derives its route tables from the build on every request (meant
    // for hot reload), ~0.3 ms of CPU per page (npm run bench, 20,000 products).
    let pages: Promise<express.RequestHandler> | undefined;
    const loadPages = async () => {
      if (!existsSync(serverBuild))
        throw new Error(`The storefront is not built (${serverBuild}); run npm run build`);
      return createRequestHandler({
        build: (await import(serverBuild)) as ServerBuild,
        getLoadContext: (_req: Request, res: Response) =>
          createLoadContext(res.locals.cspNonce, clientBuild),
      });
    };
    // The public storefront pages, kept as rendered while what they show is unchanged
    // (docs/performance.md, "Rendered-page cache"); absent when PAGE_CACHE_MB is 0.
    const cache = pageCache({
      maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
      maxAgeMs: env.PAGE_CACHE_MAX_AGE_SECONDS * 1000,
      publicHost: new URL(env.PUBLIC_URL).host,
    });
    app.all("/{*splat}", labelRoute(PAGE_ROUTE), ...(cache ? [cache] : []), (req, res, next) => {
      (pages ??= loadPages()).then(
        (handler) => handler(req, res, next),
        (error: unknown) => {
          pages = undefined; // a build made later is picked up by the next page
          next(error);
        },
      );
    });
  }
  app.use(errorHandler);
  return app;
}
