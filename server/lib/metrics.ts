import { createHash, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import mongoose from "mongoose";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { getEnv } from "../env.js";

/**
 * Everything the shop exports to Prometheus (docs/operations.md lists the series and what to alert
 * on). Services call the small record* functions at the place that already knows the outcome;
 * nothing here changes what a request answers.
 */
export const registry = new Registry();
// Process CPU and memory, heap, GC, event-loop lag (nodejs_eventloop_lag_*), handles.
collectDefaultMetrics({ register: registry });

const httpLabels = ["method", "route", "status_class"] as const;

const httpRequests = new Counter({
  name: "tweest_http_requests_total",
  help: "HTTP requests answered, by route template, method and status class",
  labelNames: httpLabels,
  registers: [registry],
});

const httpDuration = new Histogram({
  name: "tweest_http_request_duration_seconds",
  help: "Time from the request's arrival to the last byte of its answer",
  labelNames: httpLabels,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const ordersPlaced = new Counter({
  name: "tweest_orders_placed_total",
  help: "Orders created at checkout (online ones start PENDING until paid), by payment method",
  labelNames: ["payment_method"],
  registers: [registry],
});

const ordersCancelled = new Counter({
  name: "tweest_orders_cancelled_total",
  help: "Orders moved to CANCELLED, by payment method and who cancelled (admin, courier, expiry)",
  labelNames: ["payment_method", "by"],
  registers: [registry],
});

const paymentOutcomes = new Counter({
  name: "tweest_payment_outcomes_total",
  help: "Online payments settled, each counted once when its status changes, by gateway",
  labelNames: ["gateway", "outcome"],
  registers: [registry],
});

const smsSends = new Counter({
  name: "tweest_sms_sends_total",
  help: "SMS sends: sent (gateway accepted), logged (no gateway, development), failed",
  labelNames: ["outcome"],
  registers: [registry],
});

const courierCalls = new Counter({
  name: "tweest_courier_calls_total",
  help: "Calls to the courier's API (Pathao), by operation and outcome (ok, failed)",
  labelNames: ["courier", "operation", "outcome"],
  registers: [registry],
});

const conditionalWritesLost = new Counter({
  name: "tweest_conditional_writes_lost_total",
  help: "Guarded single-document writes whose condition no longer held (stock taken by another checkout, cart saved by another request)",
  labelNames: ["write"],
  registers: [registry],
});

new Histogram({
  name: "tweest_db_ping_duration_seconds",
  help: "Round trips of the database pings, one per scrape",
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
  async collect() {
    const seconds = await pingForThisScrape();
    if (seconds !== undefined) this.observe(seconds);
  },
});

/**
 * One database ping per scrape, shared by the three series below (prom-client collects them at
 * once). Measured when scraped, so no timer runs in an instance nobody watches (nor in tests).
 * Answers the round trip in seconds, or undefined when the database did not answer.
 */
let scrapePing: Promise<number | undefined> | undefined;
function pingForThisScrape(): Promise<number | undefined> {
  scrapePing ??= (async () => {
    const db = mongoose.connection.db;
    if (mongoose.connection.readyState !== 1 || !db) return undefined;
    const started = process.hrtime.bigint();
    try {
      await db.admin().command({ ping: 1 });
      return Number(process.hrtime.bigint() - started) / 1e9;
    } catch {
      return undefined;
    }
  })().finally(() => setImmediate(() => (scrapePing = undefined)));
  return scrapePing;
}

new Gauge({
  name: "tweest_db_ping_seconds",
  help: "Round trip of the database ping of the latest scrape (absent when it did not answer)",
  registers: [registry],
  async collect() {
    const seconds = await pingForThisScrape();
    if (seconds === undefined) this.reset();
    else this.set(seconds);
  },
});

new Gauge({
  name: "tweest_db_up",
  help: "1 when the database answered this scrape's ping, else 0",
  registers: [registry],
  async collect() {
    this.set((await pingForThisScrape()) === undefined ? 0 : 1);
  },
});

// -------------------------------------------------------------------------------------------------
// HTTP

/** Every path no route claims shares this label, so probes for random URLs add no series. */
export const UNMATCHED_ROUTE = "unmatched";
/** Storefront pages (React Router SSR) share one label: their count is bounded, URLs are not. */
export const PAGE_ROUTE = "page";

declare module "express-serve-static-core" {
  interface Request {
    /** Set by labelRoute(): the registered template of the route that took the request. */
    routeTemplate?: string;
  }
}

/**
 * The first handler of every route: marks the request with the route's template as registered
 * (`/api/orders/:id`). The label never comes from the URL, which Express matches whatever its
 * letter case: `/API/Orders/1` and `/api/orders/1` are one route and must be one series.
 */
export function labelRoute(template: string): RequestHandler {
  return (req, _res, next) => {
    req.routeTemplate = template;
    next();
  };
}

/**
 * The route template of an answered request: the one its route registered (a route that passed
 * the request on to the pages is relabelled by them), the mount of a static folder, or
 * "unmatched". A bounded set whatever clients ask.
 */
export function routeTemplate(req: Request): string {
  if (req.routeTemplate) return req.routeTemplate;
  // Static folders (uploads, the client build) have no route: their mount point is the label.
  const mount = req.baseUrl.toLowerCase();
  if (mount === "/uploads" || mount === "/assets") return `${mount}/*`;
  return UNMATCHED_ROUTE;
}

function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/** Counts and times every answered request by route template, method and status class. */
export function httpMetrics(req: Request, res: Response, next: NextFunction): void {
  const stopTimer = httpDuration.startTimer();
  res.once("finish", () => {
    const labels = {
      method: req.method,
      route: routeTemplate(req),
      status_class: statusClass(res.statusCode),
    };
    httpRequests.inc(labels);
    stopTimer(labels);
  });
  next();
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** Whether the request carries `Authorization: Bearer <METRICS_TOKEN>` (constant-time compare). */
function isOperator(req: Request): boolean {
  const expected = getEnv().METRICS_TOKEN;
  if (!expected) return false;
  const match = /^Bearer (.+)$/.exec(req.get("authorization") ?? "");
  if (!match) return false;
  // Equal-length digests: the comparison's time says nothing about the token.
  return timingSafeEqual(digest(match[1]!), digest(expected));
}

/** GET /metrics: the Prometheus text format for the operator's token, 401 for anyone else. */
export async function metricsEndpoint(req: Request, res: Response): Promise<void> {
  if (!isOperator(req)) {
    res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
    res.status(401).json({ message: "Unauthorized", code: "UNAUTHORIZED" });
    return;
  }
  res.setHeader("Content-Type", registry.contentType);
  res.setHeader("Cache-Control", "no-store");
  res.send(await registry.metrics());
}

// -------------------------------------------------------------------------------------------------
// Business events (one-line calls from the services that know the outcome)

export function recordOrderPlaced(paymentMethod: string): void {
  ordersPlaced.inc({ payment_method: paymentMethod });
}

/** `by` is the status history's actor (`admin:<email>`, `courier:Pathao`, `system`): its kind only. */
export function recordOrderCancelled(paymentMethod: string, by: string): void {
  const kind = by.split(":")[0];
  const label =
    kind === "system" ? "expiry" : kind === "admin" || kind === "courier" ? kind : "other";
  ordersCancelled.inc({ payment_method: paymentMethod, by: label });
}

export type PaymentOutcomeLabel = "success" | "failed" | "cancelled";

export function recordPaymentOutcome(gateway: string, outcome: PaymentOutcomeLabel): void {
  paymentOutcomes.inc({ gateway, outcome });
}

/** Counts an SMS send by how it ended; answers the same promise. */
export async function countSms<T extends { via: "gateway" | "log" }>(send: Promise<T>): Promise<T> {
  try {
    const result = await send;
    smsSends.inc({ outcome: result.via === "gateway" ? "sent" : "logged" });
    return result;
  } catch (error) {
    smsSends.inc({ outcome: "failed" });
    throw error;
  }
}

/** Counts a courier API call by operation (ids in its path become `:id`); answers the same promise. */
export async function countCourierCall<T>(
  courier: string,
  path: string,
  call: Promise<T>,
): Promise<T> {
  const operation = path.replace(/\/\d+(?=\/|$)/g, "/:id");
  try {
    const answer = await call;
    courierCalls.inc({ courier, operation, outcome: "ok" });
    return answer;
  } catch (error) {
    courierCalls.inc({ courier, operation, outcome: "failed" });
    throw error;
  }
}

export type ConditionalWrite = "stock_reservation" | "cart_version";

/** A guarded write that lost to another writer (or to an empty shelf); no lock is ever waited on. */
export function recordConditionalWriteLost(write: ConditionalWrite): void {
  conditionalWritesLost.inc({ write });
}

// -------------------------------------------------------------------------------------------------
// Background jobs (server/jobs.ts): one lease per job and period, shared by every instance

const jobLeaseClaims = new Counter({
  name: "tweest_job_lease_claims_total",
  help: "Attempts to take a job's lease for its period: claimed (this instance runs it), held (another instance, or a backup, holds it: this instance waits for the next period)",
  labelNames: ["job", "outcome"],
  registers: [registry],
});

const jobLeaseClaimDuration = new Histogram({
  name: "tweest_job_lease_claim_duration_seconds",
  help: "Time one lease claim took (the guarded database write), claimed or not",
  labelNames: ["job"],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

const jobRuns = new Counter({
  name: "tweest_job_runs_total",
  help: "Runs of a background job by this instance (after claiming its lease), by outcome (ok, failed)",
  labelNames: ["job", "outcome"],
  registers: [registry],
});

const jobRunDuration = new Histogram({
  name: "tweest_job_run_duration_seconds",
  help: "Time one run of a background job took",
  labelNames: ["job"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [registry],
});

export type JobLeaseOutcome = "claimed" | "held";

export function recordJobLease(job: string, outcome: JobLeaseOutcome, seconds: number): void {
  jobLeaseClaims.inc({ job, outcome });
  jobLeaseClaimDuration.observe({ job }, seconds);
}

export function recordJobRun(job: string, outcome: "ok" | "failed", seconds: number): void {
  jobRuns.inc({ job, outcome });
  jobRunDuration.observe({ job }, seconds);
}

// -------------------------------------------------------------------------------------------------
// Rendered-page cache (server/middleware/page-cache.ts)

export type PageCacheOutcome = "hit" | "miss" | "bypass";

const pageCacheRequests = new Counter({
  name: "tweest_page_cache_requests_total",
  help: "Storefront pages by the page cache's outcome: hit (served from memory), miss (rendered, then kept when it may be), bypass (never cached: not a public page, signed request, ...)",
  labelNames: ["outcome"],
  registers: [registry],
});

const pageCacheBytes = new Gauge({
  name: "tweest_page_cache_bytes",
  help: "Memory the rendered-page cache holds (its bound is PAGE_CACHE_MB)",
  registers: [registry],
});

export function recordPageCacheOutcome(outcome: PageCacheOutcome): void {
  pageCacheRequests.inc({ outcome });
}

export function recordPageCacheBytes(bytes: number): void {
  pageCacheBytes.set(bytes);
}
