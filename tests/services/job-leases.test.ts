/**
 * Background jobs run once per period in total, whatever the number of instances: each tick
 * claims the job's lease with one guarded write. Here several "instances" (holders) share this
 * file's database; tests/resilience/instances.test.ts does the same with real shop processes.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { JobLease } from "../../models/job-lease.model";
import {
  claimJobLease,
  JOBS,
  leaseLengthMs,
  pauseJobs,
  resumeJobs,
  runJobOnce,
  startBackgroundJobs,
  type Job,
} from "../../server/jobs";
import { registry } from "../../server/lib/metrics";

beforeEach(async () => {
  await JobLease.deleteMany({});
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function countingJob(name: string, everyMs: number, work = () => Promise.resolve()) {
  const job = {
    name,
    everyMs,
    runs: 0,
    run: async () => {
      job.runs += 1;
      await work();
    },
  };
  return job;
}

async function metricValue(name: string, labels: Record<string, string>): Promise<number> {
  const metric = (await registry.getMetricsAsJSON()).find((entry) => entry.name === name);
  const values = (metric?.values ?? []) as { labels: Record<string, unknown>; value: number }[];
  return values
    .filter((value) => Object.entries(labels).every(([key, want]) => value.labels[key] === want))
    .reduce((sum, value) => sum + value.value, 0);
}

describe("job leases", () => {
  it("every job of the shop is listed once, with a period", () => {
    const names = JOBS.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual([
      "cancel-unconfirmed-cod-orders",
      "courier-record-purge",
      "expire-pending-orders",
      "incomplete-checkout-purge",
      "low-stock-digest",
      "otp-purge",
      "poll-open-shipments",
      "poll-pending-refunds",
      "rate-limit-purge",
      "reconcile-stock-ledger",
      "reconcile-stock-reservations",
      "release-stalled-settlements",
    ]);
    for (const job of JOBS) expect(job.everyMs).toBeGreaterThanOrEqual(15_000);
  });

  it("ten instances ticking at once, the first time and again after the period: one run each time", async () => {
    // A period long enough that the second tick surely falls inside it: ten claims at once take
    // FerretDB some tens of milliseconds quiet, several times that on a loaded machine (a 300 ms
    // period left a 270 ms lease).
    const job = countingJob("once", 2_000);
    const tick = () =>
      Promise.all(Array.from({ length: 10 }, (_, index) => runJobOnce(job, `instance-${index}`)));
    const first = await tick();
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(job.runs).toBe(1);
    // Still inside the period: nobody runs it.
    expect((await tick()).filter(Boolean)).toHaveLength(0);
    await sleep(leaseLengthMs(2_000) + 20);
    expect((await tick()).filter(Boolean)).toHaveLength(1);
    expect(job.runs).toBe(2);
    const lease = (await JobLease.findById("once").lean())!;
    expect(lease.runs).toBe(2);
    expect(lease.finishedAt!.getTime()).toBeGreaterThanOrEqual(lease.claimedAt.getTime());
    expect(await metricValue("tweest_job_lease_claims_total", { job: "once" })).toBe(30);
    expect(
      await metricValue("tweest_job_lease_claims_total", { job: "once", outcome: "held" }),
    ).toBe(28);
    expect(await metricValue("tweest_job_runs_total", { job: "once", outcome: "ok" })).toBe(2);
  });

  it("two instances' timers over 1.2 s run a 100 ms job about 12 times in total, not 24", async () => {
    const job = countingJob("timers", 100);
    const stops = [startBackgroundJobs([job], "a"), startBackgroundJobs([job], "b")];
    await sleep(1_200);
    await Promise.all(stops.map((stop) => stop()));
    // Each instance ticked about 12 times; the lease let about one tick per period run.
    expect(job.runs).toBeGreaterThanOrEqual(3);
    expect(job.runs).toBeLessThanOrEqual(Math.floor(1_200 / leaseLengthMs(100)) + 1);
    const ticks = await metricValue("tweest_job_lease_claims_total", { job: "timers" });
    // The other instance's ticks found the lease held (how many depends on the machine's load).
    expect(ticks).toBeGreaterThan(job.runs);
  });

  it("a failing job is logged and counted, its lease marked done, and the next period runs again", async () => {
    const job: Job = {
      name: "failing",
      everyMs: 100,
      run: () => Promise.reject(new Error("database away")),
    };
    expect(await runJobOnce(job, "a")).toBe(true);
    expect(await metricValue("tweest_job_runs_total", { job: "failing", outcome: "failed" })).toBe(
      1,
    );
    const lease = (await JobLease.findById("failing").lean())!;
    expect(lease.finishedAt).not.toBeNull();
    await sleep(leaseLengthMs(100) + 20);
    expect(await runJobOnce(job, "b")).toBe(true);
  });

  it("pauseJobs waits for a run under way, holds every lease, and resumeJobs gives them back", async () => {
    let release: () => void = () => undefined;
    const slow = countingJob("slow", 100, () => new Promise<void>((done) => (release = done)));
    const quick = countingJob("quick", 100);
    const running = runJobOnce(slow, "shop-1");
    await sleep(50);
    let paused = false;
    const pausing = pauseJobs("backup-1", 60_000, { jobs: [slow, quick], pollMs: 20 }).then(
      () => (paused = true),
    );
    await sleep(200);
    // The slow run is still under way: the pause waits for it.
    expect(paused).toBe(false);
    release();
    await running;
    await pausing;
    expect(paused).toBe(true);
    // Long past both periods, nobody may run them while the backup holds the leases.
    await sleep(150);
    expect(await runJobOnce(quick, "shop-1")).toBe(false);
    expect(await runJobOnce(slow, "shop-2")).toBe(false);
    expect(quick.runs).toBe(0);
    await resumeJobs("backup-1");
    expect(await runJobOnce(quick, "shop-2")).toBe(true);
    expect(await claimJobLease(slow, "shop-1")).toBe(true);
  });

  it("a pause right after another on leases no job has run yet does not wait for a run", async () => {
    const never = countingJob("never-ran", 60_000);
    await pauseJobs("backup-1", 60_000, { jobs: [never], pollMs: 20 });
    await resumeJobs("backup-1");
    const started = Date.now();
    // Before the fix the lease the first pause wrote looked like a run under way, and this second
    // pause waited for it to go stale (two minutes).
    await pauseJobs("backup-2", 60_000, { jobs: [never], pollMs: 20, staleAfterMs: 5_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(never.runs).toBe(0);
  });
});
