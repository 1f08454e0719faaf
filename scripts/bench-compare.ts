import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { LISTING_PAGE_QUERY, LISTING_QUERY, positiveFlag } from "./lib/bench-flags";

/**
 * `npm run bench:compare -- --baseline DIR`: an A/B of the catalogue targets on a shared machine.
 * One database is seeded once; then, round after round, a bench server from the baseline tree
 * (a checkout of the commit to compare with, with its own `build/` and `node_modules`) and one
 * from this tree are measured one after the other, in ABBA order so drifting load hits both
 * alike. Prints every round and the medians, with the load average at each measurement; writes
 * bench-results/compare-<timestamp>.json. Flags: --baseline DIR (required) --current DIR (default:
 * this tree) --rounds 3
 * --products 20000 --duration 10 --connections 10 --targets listing,listing-page,search
 * --cpu-prof DIR (V8 CPU profiles of the servers of this tree).
 */
const { values: flags } = parseArgs({
  options: {
    baseline: { type: "string" },
    current: { type: "string" },
    rounds: { type: "string", default: "3" },
    products: { type: "string", default: "20000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    targets: { type: "string", default: "listing,listing-page" },
    "cpu-prof": { type: "string" },
  },
});
const ROUNDS = positiveFlag("rounds", flags.rounds);
const PRODUCTS = positiveFlag("products", flags.products);
const DURATION = positiveFlag("duration", flags.duration);
const CONNECTIONS = positiveFlag("connections", flags.connections);
const baselineDir = flags.baseline ? path.resolve(flags.baseline) : undefined;
if (!baselineDir || !existsSync(path.join(baselineDir, "build", "server", "index.js"))) {
  console.error("✗ --baseline DIR must be a checkout of the shop with its build/ (npm run build)");
  process.exit(1);
}
// --current DIR: a snapshot of this tree, so editing the sources meanwhile changes nothing.
const currentDir = path.resolve(flags.current ?? process.cwd());
if (!existsSync(path.join(currentDir, "build", "server", "index.js"))) {
  console.error("✗ this tree has no build/: run npm run build first");
  process.exit(1);
}

// The same queries as `npm run bench`.
const TARGETS: Record<string, { path: string; headers?: Record<string, string> }> = {
  listing: { path: `/api/products?${LISTING_QUERY}` },
  search: { path: "/api/products?search=panjbi&pageSize=24" },
  "listing-page": {
    path: `/products?${LISTING_PAGE_QUERY}`,
    headers: { accept: "text/html", "accept-encoding": "gzip" },
  },
};
const targetNames = flags.targets!.split(",").map((name) => name.trim());
for (const name of targetNames)
  if (!TARGETS[name]) {
    console.error(`✗ unknown target ${name} (${Object.keys(TARGETS).join(", ")})`);
    process.exit(1);
  }

const workDir = mkdtempSync(path.join(os.tmpdir(), "tweest-bench-compare-"));
Object.assign(process.env, {
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  DATA_DIR: path.join(workDir, "data"),
  UPLOADS_DIR: path.join(workDir, "uploads"),
  SEED_ON_START: "false",
  JWT_SECRET: randomBytes(32).toString("hex"),
  COOKIE_SECRET: randomBytes(32).toString("hex"),
  ADMIN_PASSWORD: randomBytes(16).toString("hex"),
});
const say = (line: string) => console.log(line);

const { startDatabase } = await import("../server/db/embedded");
const { connectDatabase } = await import("../server/db/connect");
const mongoose = (await import("mongoose")).default;
const { seedBenchData } = await import("./lib/bench-seed");

interface Measurement {
  round: number;
  tree: "baseline" | "current";
  target: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /**
   * The server process's CPU time (all its threads, compression included) per request: what a
   * request costs, much less disturbed by other processes than latency is.
   */
  cpuMsPerRequest: number;
  /** Bytes on the wire per response (headers included; compressed where the target asks). */
  bytesPerResponse: number;
  loadAverage: number;
}

/** CPU time (user + system) of a process so far, in ms (Linux /proc; 0 elsewhere). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

function startServer(dir: string, uri: string): Promise<{ child: ChildProcess; port: number }> {
  const profile =
    dir === currentDir && flags["cpu-prof"]
      ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(flags["cpu-prof"])}`]
      : [];
  const child = spawn(
    process.execPath,
    ["--expose-gc", ...profile, "--import", "tsx", "scripts/lib/bench-server.ts"],
    {
      cwd: dir,
      env: {
        ...process.env,
        BENCH_DB_URI: uri,
        BENCH_LISTING_QUERY: LISTING_QUERY,
        BENCH_APP_BUILD_DIR: path.join(dir, "build"),
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      try {
        const message = JSON.parse(line) as { ready?: boolean; appPort: number };
        if (message.ready) resolve({ child, port: message.appPort });
      } catch {
        say(`[server] ${line}`);
      }
    });
    child.once("exit", (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

const database = await startDatabase({
  mongodbUri: process.env.MONGODB_URI,
  dataDir: path.join(workDir, "data", "db"),
  log: say,
});
const uri = database.uri.replace(
  /^(mongodb(?:\+srv)?:\/\/[^/?]+)(\/[^?]*)?/,
  `$1/tweest_bench_compare_${Date.now()}`,
);
const measurements: Measurement[] = [];
let exitCode = 0;
try {
  await connectDatabase(uri);
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
  await seedBenchData({ products: PRODUCTS, orders: 200, log: say });

  for (let round = 1; round <= ROUNDS; round += 1) {
    const order: ("baseline" | "current")[] =
      round % 2 === 1 ? ["baseline", "current"] : ["current", "baseline"];
    for (const tree of order) {
      const { child, port } = await startServer(
        tree === "baseline" ? baselineDir : currentDir,
        uri,
      );
      try {
        for (const target of targetNames) {
          const url = `http://127.0.0.1:${port}${TARGETS[target].path}`;
          const headers = TARGETS[target].headers ?? {};
          // Warm-up: JIT, memoised orders and filters, as on a server that has been serving.
          await autocannon({ url, headers, connections: 2, amount: 200 });
          const cpuBefore = cpuMsOf(child.pid);
          const result = await autocannon({
            url,
            headers,
            connections: CONNECTIONS,
            duration: DURATION,
          });
          const cpuMs = cpuMsOf(child.pid) - cpuBefore;
          const measurement: Measurement = {
            round,
            tree,
            target,
            requestsPerSecond: result.requests.average,
            p50: result.latency.p50,
            p99: result.latency.p99,
            non2xx: result.non2xx + result.errors,
            cpuMsPerRequest: cpuMs / Math.max(1, result.requests.total),
            bytesPerResponse: Math.round(
              result.throughput.total / Math.max(1, result.requests.total),
            ),
            loadAverage: os.loadavg()[0],
          };
          measurements.push(measurement);
          say(
            `[compare] round ${round} ${tree.padEnd(8)} ${target.padEnd(12)} ${measurement.requestsPerSecond.toFixed(1).padStart(7)} req/s  p50 ${String(measurement.p50).padStart(4)} ms  p99 ${String(measurement.p99).padStart(4)} ms  CPU ${measurement.cpuMsPerRequest.toFixed(2)} ms/req  ${measurement.bytesPerResponse} B  load ${measurement.loadAverage.toFixed(1)}`,
          );
          if (measurement.non2xx > 0) {
            console.error(`✗ ${measurement.non2xx} failed requests: not comparable`);
            exitCode = 1;
          }
        }
      } finally {
        await stopServer(child);
      }
    }
  }

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  say("");
  say("median of rounds   tree      req/s    p50    p99  CPU ms/req");
  for (const target of targetNames)
    for (const tree of ["baseline", "current"]) {
      const rows = measurements.filter((m) => m.tree === tree && m.target === target);
      const of = (pick: (m: Measurement) => number) => median(rows.map(pick));
      say(
        [
          target.padEnd(18),
          tree.padEnd(8),
          of((m) => m.requestsPerSecond)
            .toFixed(1)
            .padStart(7),
          String(of((m) => m.p50)).padStart(6),
          String(of((m) => m.p99)).padStart(6),
          of((m) => m.cpuMsPerRequest)
            .toFixed(2)
            .padStart(11),
        ].join(" "),
      );
    }
  const loads = measurements.map((m) => m.loadAverage);
  say(
    `load average (1 min) during the measurements: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
  );
  mkdirSync("bench-results", { recursive: true });
  const file = path.join(
    "bench-results",
    `compare-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
  );
  writeFileSync(
    file,
    `${JSON.stringify({ baseline: baselineDir, products: PRODUCTS, connections: CONNECTIONS, duration: DURATION, measurements }, null, 2)}\n`,
  );
  say(`[compare] written to ${file}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  if (mongoose.connection.readyState === 1) {
    if (database.kind === "external") await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  }
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
