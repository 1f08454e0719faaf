import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { JobLease } from "../models/job-lease.model.js";
import { getEnv } from "./env.js";
import { logger } from "./lib/logger.js";
import { recordJobLease, recordJobRun } from "./lib/metrics.js";
import { purgeEndedRateLimits } from "./middleware/rate-limit.js";
import { expirePendingOrders } from "./services/orders.service.js";
import { purgeStaleOtps } from "./services/otp.service.js";
import { reconcileReservations } from "./services/reservations.service.js";
import { releaseStalledSettlements } from "./services/courier-cash.service.js";
import { cancelUnconfirmedCodOrders } from "./services/unconfirmed-orders.service.js";
import { pollOpenShipments } from "./services/shipments.service.js";
import { purgeOldCourierRecords } from "./services/courier-records.service.js";
import { purgeExpiredIncompleteCheckouts } from "./services/incomplete-checkouts.service.js";
import { reconcileStockLedger } from "./services/stock-ledger.js";
import { sendLowStockDigest } from "./services/low-stock-digest.js";
import { pollPendingRefunds } from "./payments/refunds.js";

export interface Job {
  name: string;
  /** How often the job runs in total, whatever the number of instances. */
  everyMs: number;
  run: () => Promise<unknown>;
}

/** Every background job of the shop (docs/operations.md, "Background jobs"). */
export const JOBS: readonly Job[] = [
  // Unpaid online orders past PENDING_ORDER_TTL_MINUTES: cancelled, stock given back.
  { name: "expire-pending-orders", everyMs: 60_000, run: () => expirePendingOrders() },
  // Cash-on-delivery orders nobody confirmed within the shop setting's hours: cancelled, stock back.
  {
    name: "cancel-unconfirmed-cod-orders",
    everyMs: 5 * 60_000,
    run: () => cancelUnconfirmedCodOrders(),
  },
  // Courier settlements a dead process left half recorded: given up, their parcels owed again.
  {
    name: "release-stalled-settlements",
    everyMs: 5 * 60_000,
    run: () => releaseStalledSettlements(),
  },
  // Parcels of couriers that send no webhooks (Steadfast): their status read again (docs/couriers.md).
  { name: "poll-open-shipments", everyMs: 15 * 60_000, run: () => pollOpenShipments() },
  // Checkout reservations whose order never came: their units and promo use given back.
  { name: "reconcile-stock-reservations", everyMs: 15_000, run: () => reconcileReservations() },
  // Stock ledger entries a dead process left in their product's outbox: copied; new products opened.
  { name: "reconcile-stock-ledger", everyMs: 60_000, run: () => reconcileStockLedger() },
  // The owner's low-stock digest: once per shop day, from 9:00 Dhaka (docs/stock-ledger.md).
  { name: "low-stock-digest", everyMs: 15 * 60_000, run: () => sendLowStockDigest() },
  // Gateway refunds not settled yet: asked about again until completed or failed (docs/payments.md).
  { name: "poll-pending-refunds", everyMs: 10 * 60_000, run: () => pollPendingRefunds() },
  // Ended rate-limit windows (FerretDB has no TTL index).
  { name: "rate-limit-purge", everyMs: 10 * 60_000, run: () => purgeEndedRateLimits() },
  // One-time-code rows with no send for a day.
  { name: "otp-purge", everyMs: 60 * 60_000, run: () => purgeStaleOtps() },
  // Couriers' records of numbers older than a day (FerretDB has no TTL index).
  { name: "courier-record-purge", everyMs: 60 * 60_000, run: () => purgeOldCourierRecords() },
  // Saved checkouts past the shop's `callList.keepDays`, with their carts (docs/call-list.md).
  {
    name: "incomplete-checkout-purge",
    everyMs: 60 * 60_000,
    run: () => purgeExpiredIncompleteCheckouts(),
  },
];

/** This process, as named in the lease documents (host, pid and a random part). */
export const THIS_INSTANCE = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * A lease lasts a little less than the period: the instance that ran the job last finds the lease
 * over at its own next tick even when that tick's clock reading comes a few milliseconds early
 * relative to the last one (timers and database round trips jitter).
 */
export function leaseLengthMs(everyMs: number): number {
  return everyMs - Math.min(everyMs / 10, 1_000);
}

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown })?.code === 11000;
}

/**
 * Takes the job's lease for one period when nobody holds it: one guarded write, so among any
 * number of instances ticking at once exactly one gets it. Answers whether this caller did.
 */
export async function claimJobLease(
  job: Pick<Job, "name" | "everyMs">,
  holder: string,
  now = new Date(),
): Promise<boolean> {
  const leaseUntil = new Date(now.getTime() + leaseLengthMs(job.everyMs));
  try {
    // Upsert: the job's first period on this database inserts its lease. When another instance
    // holds the lease, the filter misses and the insert meets the existing _id: a duplicate key.
    const claimed = await JobLease.updateOne(
      { _id: job.name, leaseUntil: { $lte: now } },
      { $set: { leaseUntil, holder, claimedAt: now }, $inc: { runs: 1 } },
      { upsert: true },
    );
    return claimed.modifiedCount + claimed.upsertedCount === 1;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/**
 * One tick of one job on this instance: claim the period's lease, and run the job if claimed.
 * Answers whether it ran. A failing job is logged and counted, never thrown.
 */
export async function runJobOnce(job: Job, holder = THIS_INSTANCE): Promise<boolean> {
  const claimStarted = performance.now();
  const claimed = await claimJobLease(job, holder);
  recordJobLease(job.name, claimed ? "claimed" : "held", (performance.now() - claimStarted) / 1e3);
  if (!claimed) return false;
  const started = performance.now();
  try {
    // Through a promise, so even a job that throws synchronously is logged, never a crash.
    await Promise.resolve().then(() => job.run());
    recordJobRun(job.name, "ok", (performance.now() - started) / 1e3);
  } catch (error) {
    recordJobRun(job.name, "failed", (performance.now() - started) / 1e3);
    logger.error({ err: error, job: job.name }, "background job failed");
  } finally {
    await JobLease.updateOne({ _id: job.name }, { $set: { finishedAt: new Date() } }).catch(
      (error: unknown) => logger.warn({ err: error, job: job.name }, "job lease not marked done"),
    );
  }
  return true;
}

/**
 * Starts every job's timer on this instance (each tick tries the lease; only one instance per
 * period runs the job). `JOB_PERIOD_SCALE` multiplies every period (drills and tests). Answers a
 * stop function that clears the timers and waits for the runs under way, so a graceful shutdown
 * never cuts a job off from its database.
 */
export function startBackgroundJobs(
  jobs: readonly Job[] = JOBS,
  holder = THIS_INSTANCE,
): () => Promise<void> {
  const scale = getEnv().JOB_PERIOD_SCALE;
  const running = new Map<string, Promise<unknown>>();
  const scheduled = jobs.map((job) => ({
    ...job,
    everyMs: Math.max(10, Math.round(job.everyMs * scale)),
  }));
  logger.info(
    { jobs: Object.fromEntries(scheduled.map((job) => [job.name, `${job.everyMs / 1000} s`])) },
    "background jobs scheduled (each runs on one instance per period)",
  );
  const timers = scheduled.map((job) => {
    return setInterval(() => {
      // A run longer than its period is not started twice by the same instance.
      if (running.has(job.name)) return;
      const tick = runJobOnce(job, holder)
        .catch((error: unknown) =>
          logger.warn({ err: error, job: job.name }, "job lease not claimed"),
        )
        .finally(() => running.delete(job.name));
      running.set(job.name, tick);
    }, job.everyMs);
  });
  return async () => {
    timers.forEach(clearInterval);
    await Promise.allSettled(running.values());
  };
}

/**
 * Holds every job's lease for `forMs` under `holder` (a backup), then waits until no run that
 * started before is still under way (a run claimed more than `staleAfterMs` ago is taken for a
 * dead process's). Instances keep ticking and find the leases held.
 */
export async function pauseJobs(
  holder: string,
  forMs: number,
  { jobs = JOBS, staleAfterMs = 2 * 60_000, pollMs = 100 } = {},
): Promise<void> {
  const now = new Date();
  const leaseUntil = new Date(now.getTime() + forMs);
  await Promise.all(
    jobs.map((job) =>
      JobLease.updateOne(
        { _id: job.name },
        // A lease first written here records no run: with finishedAt it does not look under way,
        // or the next pause would wait for it until it went stale.
        {
          $set: { leaseUntil, holder },
          $setOnInsert: { claimedAt: now, finishedAt: now, runs: 0 },
        },
        { upsert: true },
      ),
    ),
  );
  const deadline = Date.now() + staleAfterMs;
  while (Date.now() < deadline) {
    const leases = await JobLease.find({ _id: { $in: jobs.map((job) => job.name) } }).lean();
    const underWay = leases.filter(
      (lease) =>
        (!lease.finishedAt || lease.finishedAt < lease.claimedAt) &&
        lease.claimedAt.getTime() > Date.now() - staleAfterMs &&
        lease.claimedAt < now,
    );
    if (underWay.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Gives back the leases `pauseJobs` took: the jobs run again at their instances' next tick. */
export async function resumeJobs(holder: string): Promise<void> {
  await JobLease.updateMany({ holder }, { $set: { leaseUntil: new Date() } });
}
