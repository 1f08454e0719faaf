import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { LISTING_PAGE_QUERY, LISTING_QUERY, positiveFlag } from "./lib/bench-flags";

/**
 * `npm run bench`: seeds a throw-away database (2,000 products, 20,000 orders by default), serves
 * the shop and a driver-only "ceiling" route in a child process, and measures each target with
 * autocannon on 127.0.0.1. Prints requests/s, p50/p99 latency and the ratio to the ceiling; writes
 * bench-results/report-<timestamp>.json. Flags: --duration 30 --connections 2 (defaults sized for FerretDB; raise both on MongoDB) --timeout 120
 * --products 2000 --orders 20000 --only listing,search,suggest,listing-page,by-id,product-page,cart-add,flash-sale
 * (see docs/performance.md). Reports the catalogue read model's load time and memory and the server's RSS.
 * Then a flash sale (200 buyers check out one variant with 20 units at once) on one shop instance
 * and on two on the same database: orders must equal units; wall time and p99 are reported.
 */
const { values: flags } = parseArgs({
  options: {
    duration: { type: "string", default: "30" },
    connections: { type: "string", default: "2" },
    timeout: { type: "string", default: "120" },
    products: { type: "string", default: "2000" },
    orders: { type: "string", default: "20000" },
    only: { type: "string" },
    "cpu-prof": { type: "string" },
  },
});
const DURATION = positiveFlag("duration", flags.duration);
const CONNECTIONS = positiveFlag("connections", flags.connections);
/** Seconds before a request counts as failed (FerretDB's full scans take seconds under load). */
const TIMEOUT = positiveFlag("timeout", flags.timeout);
const PRODUCTS = positiveFlag("products", flags.products);
const ORDERS = positiveFlag("orders", flags.orders);

/** A search with a typo (panjabi), as a shopper types it. */
const SEARCH_QUERY = "search=panjbi&pageSize=24";

// Configuration of this process and of the measured one, before any server module reads it.
const workDir = mkdtempSync(path.join(os.tmpdir(), "tweest-bench-"));
const secrets = {
  JWT_SECRET: randomBytes(32).toString("hex"),
  COOKIE_SECRET: randomBytes(32).toString("hex"),
  // Production refuses the default admin password.
  ADMIN_PASSWORD: randomBytes(16).toString("hex"),
};
Object.assign(process.env, {
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  DATA_DIR: path.join(workDir, "data"),
  UPLOADS_DIR: path.join(workDir, "uploads"),
  SEED_ON_START: "false",
  // Every bench buyer comes from 127.0.0.1: the per-address, per-phone and per-cart order limits
  // would stop a flash sale's 200 buyers (they are tested in tests/resilience/order-abuse.test.ts).
  ORDER_RATE_LIMIT_IP_PER_HOUR: "1000000",
  ORDER_RATE_LIMIT_PHONE_PER_DAY: "1000000",
  ORDER_RATE_LIMIT_GUEST_CART_PER_DAY: "1000000",
  ...secrets,
});

const say = (line: string) => console.log(line);

const buildSource = path.resolve(process.env.BENCH_BUILD_DIR ?? "build");
if (!existsSync(path.join(buildSource, "server", "index.js"))) {
  say(`[bench] ${buildSource} is missing: running npm run build`);
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// A private snapshot of the build: a parallel `npm run build` must not pull it away mid-run. It
// sits under node_modules/.cache so the server bundle still resolves its packages.
const buildDir = path.resolve("node_modules", ".cache", `tweest-bench-build-${process.pid}`);
cpSync(buildSource, buildDir, { recursive: true });

const { startDatabase } = await import("../server/db/embedded");
const { connectDatabase } = await import("../server/db/connect");
const mongoose = (await import("mongoose")).default;
const { seedBenchData } = await import("./lib/bench-seed");
const { Product } = await import("../models/product.model");
const { Order } = await import("../models/order.model");
const { describeFlashSale, runFlashSale } = await import("./lib/flash-sale");

const FLASH_SALE_BUYERS = 200;
const FLASH_SALE_UNITS = 20;

/** Same server, own database: a MONGODB_URI's data is never touched (dropped at the end). */
function withDatabaseName(uri: string, name: string): string {
  return uri.replace(/^(mongodb(?:\+srv)?:\/\/[^/?]+)(\/[^?]*)?/, `$1/${name}`);
}

/** cookie-parser's signed-cookie format (`s:` + value + `.` + HMAC-SHA256, base64, no padding). */
function signedGuestCookie(guestId: string): string {
  const signature = createHmac("sha256", secrets.COOKIE_SECRET)
    .update(guestId)
    .digest("base64")
    .replace(/=+$/, "");
  return `tweest_guest=${encodeURIComponent(`s:${guestId}.${signature}`)}`;
}

interface Target {
  name: string;
  label: string;
  options: Partial<autocannon.Options>;
  port: "app" | "ceiling";
  path: string;
}

interface Measured {
  name: string;
  label: string;
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAverageMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  ratioToCeiling: number;
  /** The bench server's highest resident memory while this target ran. */
  serverPeakRssMb: number;
}

interface CatalogueMemory {
  products: number;
  loadMs: number;
  rssMb: number;
  heapMb: number;
}
interface Ready {
  appPort: number;
  ceilingPort: number;
  pid: number;
  catalogue: CatalogueMemory;
}

/** Resident memory of a process (Linux /proc), in MB; 0 where /proc is missing. */
function rssMbOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

function waitForReady(child: ChildProcess): Promise<Ready> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      try {
        const message = JSON.parse(line) as Ready & { ready?: boolean };
        if (message.ready) resolve(message);
      } catch {
        say(`[server] ${line}`);
      }
    });
    child.once("exit", (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
}

async function run(target: Target, baseUrl: string): Promise<autocannon.Result> {
  const instance = autocannon({
    url: `${baseUrl}${target.path}`,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: TIMEOUT,
    ...target.options,
  } as autocannon.Options);
  return instance;
}

const started = new Date();
const database = await startDatabase({
  mongodbUri: process.env.MONGODB_URI,
  dataDir: path.join(workDir, "data", "db"),
  log: say,
});
const dbName = `tweest_bench_${Date.now()}`;
const dbUri = withDatabaseName(database.uri, dbName);
let server: ChildProcess | undefined;
let secondServer: ChildProcess | undefined;
let exitCode = 0;

function startBenchServer(): { child: ChildProcess; ready: ReturnType<typeof waitForReady> } {
  const child = spawn(
    process.execPath,
    [
      "--expose-gc",
      // --cpu-prof DIR: a V8 CPU profile of each bench server, written when it stops.
      ...(flags["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${flags["cpu-prof"]}`] : []),
      "--import",
      "tsx",
      "scripts/lib/bench-server.ts",
    ],
    {
      env: {
        ...process.env,
        BENCH_DB_URI: dbUri,
        BENCH_LISTING_QUERY: LISTING_QUERY,
        BENCH_APP_BUILD_DIR: buildDir,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return { child, ready: waitForReady(child) };
}

/** A fresh product whose one variant has FLASH_SALE_UNITS units, cloned from the cart product. */
async function flashSaleProduct(templateId: string, round: number) {
  const template = await Product.findById(templateId).lean();
  if (!template) throw new Error("the bench's cart product is missing");
  const { _id: _ignored, ...fields } = template;
  return Product.create({
    ...fields,
    title: `Flash Sale ${round}`,
    slug: `flash-sale-${round}-${Date.now()}`,
    variants: [{ color: "White", size: "L", stock: FLASH_SALE_UNITS }],
    sizes: [{ name: "L", quantity: FLASH_SALE_UNITS }],
    colors: ["White"],
    quantity: FLASH_SALE_UNITS,
    soldCount: 0,
    stockReservations: [],
    isActive: true,
  });
}
try {
  await connectDatabase(dbUri);
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
  say(
    `[bench] ${database.kind} at ${dbUri}; seeding ${PRODUCTS.toLocaleString("en")} products, ${ORDERS.toLocaleString("en")} orders`,
  );
  const seeded = await seedBenchData({ products: PRODUCTS, orders: ORDERS, log: say });

  const first = startBenchServer();
  server = first.child;
  const { appPort, ceilingPort, pid: serverPid, catalogue } = await first.ready;
  say(
    `[bench] catalogue read model: ${catalogue.products} active products loaded in ${catalogue.loadMs} ms, +${catalogue.rssMb} MB RSS (+${catalogue.heapMb} MB heap); server RSS ${rssMbOf(serverPid)} MB`,
  );
  const app = `http://127.0.0.1:${appPort}`;
  const ceilingUrl = `http://127.0.0.1:${ceilingPort}`;
  say(`[bench] shop on ${app}, ceiling on ${ceilingUrl}`);

  // Add to cart: each request adds 1 unit of one of 3 variants (stock 1,000,000) to one of
  // 2 x connections guest carts in turn, so concurrent requests rarely share a cart (its lock).
  // After 9 rounds on a slot (3 variants x 3 units), the slot moves to a fresh guest cart: no line
  // ever passes the 10-unit cap and carts stay 3 lines long, like a shopper's. One add in 9
  // creates a cart.
  const slots = CONNECTIONS * 2;
  const rounds = seeded.cartProduct.variants.length * 3;
  let cartRequest = 0;
  const cookies = new Map<string, string>();
  const cartCookie = (slot: number, generation: number) => {
    const key = `${slot}:${generation}`;
    let cookie = cookies.get(key);
    if (!cookie) {
      cookie = signedGuestCookie(randomUUID());
      cookies.set(key, cookie);
    }
    return cookie;
  };

  const targets: Target[] = [
    {
      name: "listing",
      label: `GET /api/products?${LISTING_QUERY}`,
      port: "app",
      path: `/api/products?${LISTING_QUERY}`,
      options: {},
    },
    {
      name: "search",
      label: `GET /api/products?${SEARCH_QUERY}`,
      port: "app",
      path: `/api/products?${SEARCH_QUERY}`,
      options: {},
    },
    {
      name: "suggest",
      label: "GET /api/products/suggest?q=hood",
      port: "app",
      path: "/api/products/suggest?q=hood",
      options: {},
    },
    {
      name: "listing-page",
      label: `GET /products?${LISTING_PAGE_QUERY} (SSR)`,
      port: "app",
      path: `/products?${LISTING_PAGE_QUERY}`,
      options: { headers: { accept: "text/html", "accept-encoding": "gzip" } },
    },
    {
      name: "by-id",
      label: "GET /api/products/id/{id}",
      port: "app",
      path: `/api/products/id/${seeded.sampleProduct._id}`,
      options: {},
    },
    {
      name: "product-page",
      label: "GET /product/{slug} (SSR)",
      port: "app",
      path: `/product/${seeded.sampleProduct.slug}`,
      options: { headers: { accept: "text/html", "accept-encoding": "gzip" } },
    },
    {
      name: "cart-add",
      label: "PUT /api/cart/add (guest cookie)",
      port: "app",
      path: "/api/cart/add",
      options: {
        requests: [
          {
            method: "PUT",
            path: "/api/cart/add",
            setupRequest: (request) => {
              const n = cartRequest++;
              const slot = n % slots;
              const round = Math.floor(n / slots);
              const variant =
                seeded.cartProduct.variants[round % seeded.cartProduct.variants.length];
              return {
                ...request,
                headers: {
                  "content-type": "application/json",
                  cookie: cartCookie(slot, Math.floor(round / rounds)),
                },
                body: JSON.stringify({
                  productId: seeded.cartProduct._id,
                  color: variant.color,
                  size: variant.size,
                  quantity: 1,
                }),
              };
            },
          },
        ],
      },
    },
    {
      name: "ceiling",
      label: "ceiling: same listing query, driver only",
      port: "ceiling",
      path: "/ceiling",
      options: {},
    },
  ];
  const only = flags.only?.split(",").map((name) => name.trim());
  const selected = targets.filter(
    (target) => !only || only.includes(target.name) || target.name === "ceiling",
  );

  // Warm-up and a correctness check: each target answers 2xx before it is measured.
  for (const target of selected) {
    const base = target.port === "app" ? app : ceilingUrl;
    const result = await autocannon({
      ...target.options,
      url: `${base}${target.path}`,
      connections: 2,
      amount: 4,
      timeout: TIMEOUT,
    } as autocannon.Options);
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(
        `${target.label} answered ${result.non2xx} non-2xx and ${result.errors} errors during warm-up`,
      );
  }
  cartRequest = 0;
  cookies.clear();

  // Requests still running when a target's time is up keep the server and the database busy
  // (FerretDB finishes its scans even for closed connections) and would slow the next target.
  // Before each target, wait until a by-id read is as quick as on the idle server.
  const probeUrl = `${app}/api/products/id/${seeded.sampleProduct._id}`;
  const probe = async () => {
    const start = performance.now();
    const response = await fetch(probeUrl);
    await response.arrayBuffer();
    return performance.now() - start;
  };
  const idle: number[] = [];
  for (let n = 0; n < 5; n += 1) idle.push(await probe());
  const idleMs = idle.sort((a, b) => a - b)[2];
  const settle = async () => {
    const deadline = Date.now() + TIMEOUT * 1000;
    while (Date.now() < deadline) {
      if ((await probe()) <= Math.max(3 * idleMs, idleMs + 50)) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    say("[bench] ⚠ the server did not settle before the next target");
  };

  const results: Omit<Measured, "ratioToCeiling">[] = [];
  for (const target of selected) {
    await settle();
    say(`[bench] ${target.label}: ${DURATION} s, ${CONNECTIONS} connections…`);
    const base = target.port === "app" ? app : ceilingUrl;
    let peakRssMb = rssMbOf(serverPid);
    const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rssMbOf(serverPid))), 250);
    const result = await run(target, base);
    clearInterval(sampler);
    results.push({
      serverPeakRssMb: peakRssMb,
      name: target.name,
      label: target.label,
      url: `${base}${target.path}`,
      requestsPerSecond: result.requests.average,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      latencyAverageMs: result.latency.average,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
    });
  }
  // Flash sale: one instance, then two on the same database (as behind a load balancer).
  const flashSales: (Awaited<ReturnType<typeof runFlashSale>> & { ordersStored: number })[] = [];
  if (!only || only.includes("flash-sale")) {
    const second = startBenchServer();
    secondServer = second.child;
    const secondApp = `http://127.0.0.1:${(await second.ready).appPort}`;
    for (const baseUrls of [[app], [app, secondApp]]) {
      await settle();
      const product = await flashSaleProduct(seeded.cartProduct._id, flashSales.length + 1);
      say(
        `[bench] flash sale: ${FLASH_SALE_BUYERS} buyers, ${FLASH_SALE_UNITS} units, ${baseUrls.length} instance(s)…`,
      );
      const result = await runFlashSale({
        baseUrls,
        productId: String(product._id),
        color: "White",
        size: "L",
        buyers: FLASH_SALE_BUYERS,
      });
      const ordersStored = await Order.countDocuments({ "orderItems.productId": product._id });
      flashSales.push({ ...result, ordersStored });
      say(`[bench] ${describeFlashSale("flash sale", result)}; orders stored ${ordersStored}`);
      if (ordersStored !== FLASH_SALE_UNITS || result.statuses[201] !== FLASH_SALE_UNITS) {
        console.error(`✗ the flash sale sold ${ordersStored} orders for ${FLASH_SALE_UNITS} units`);
        exitCode = 1;
      }
    }
  }

  const ceilingRate = results.find((result) => result.name === "ceiling")!.requestsPerSecond;
  const measured: Measured[] = results.map((result) => ({
    ...result,
    ratioToCeiling: ceilingRate > 0 ? result.requestsPerSecond / ceilingRate : 0,
  }));

  const rows = measured.map((result) => [
    result.label,
    result.requestsPerSecond.toFixed(1),
    `${result.latencyP50Ms} ms`,
    `${result.latencyP99Ms} ms`,
    ceilingRate > 0
      ? `${result.ratioToCeiling.toFixed(result.ratioToCeiling >= 10 ? 0 : 2)}×`
      : "n/a",
    String(result.requests),
    `${result.serverPeakRssMb} MB`,
    result.non2xx + result.errors > 0 ? `${result.non2xx} non-2xx, ${result.errors} errors` : "",
  ]);
  const header = ["target", "req/s", "p50", "p99", "vs ceiling", "requests", "RSS", "failures"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column])).join("  ");
  say("");
  say(line(header));
  say(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) say(line(row));
  say("");

  const report = {
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "",
      totalMemoryGb: Math.round(os.totalmem() / 1e9),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    database: { kind: database.kind, name: dbName },
    options: {
      duration: DURATION,
      connections: CONNECTIONS,
      timeout: TIMEOUT,
      listingQuery: LISTING_QUERY,
    },
    data: { products: seeded.products, orders: seeded.orders, payments: seeded.payments },
    catalogue,
    results: measured,
    flashSales: flashSales.map(({ orderIds: _orderIds, ...figures }) => figures),
  };
  mkdirSync("bench-results", { recursive: true });
  const file = path.join(
    "bench-results",
    `report-${started.toISOString().replace(/[:.]/g, "-")}.json`,
  );
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  say(`[bench] report written to ${file}`);
  const few = measured.filter((result) => result.requests < 10);
  if (few.length > 0)
    say(
      `[bench] ⚠ fewer than 10 requests completed for ${few.map((result) => result.name).join(", ")}: requests still running when --duration ends are not counted; use fewer --connections or a longer --duration (FerretDB: --connections 2 --duration 30)`,
    );
  if (measured.some((result) => result.non2xx + result.errors + result.timeouts > 0)) {
    console.error("✗ some requests failed: the figures above are not comparable");
    exitCode = 1;
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  if (secondServer && secondServer.exitCode === null) secondServer.kill("SIGTERM");
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (server.exitCode === null) server.kill("SIGKILL");
  }
  if (mongoose.connection.readyState === 1) {
    if (database.kind === "external") await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  }
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
  rmSync(buildDir, { recursive: true, force: true });
}
process.exit(exitCode);
