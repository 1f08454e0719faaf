/**
 * Background jobs of this process. Each job must be safe when several app instances run it at
 * once (claim work with conditional atomic updates). Returns a function that stops them.
 */
const jobs: { name: string; everyMs: number; run: () => Promise<void> }[] = [];

export function registerJob(job: { name: string; everyMs: number; run: () => Promise<void> }) {
  jobs.push(job);
}

export function startBackgroundJobs(): () => void {
  const timers = jobs.map((job) =>
    setInterval(() => {
      // Through a promise, so even a job that throws synchronously is logged, never a crash.
      Promise.resolve()
        .then(() => job.run())
        .catch((error: unknown) => console.error(`[job ${job.name}]`, error));
    }, job.everyMs),
  );
  return () => timers.forEach(clearInterval);
}
