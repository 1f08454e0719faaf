/**
 * `npm run audit:pages [-- --strict]`: Lighthouse (mobile, simulated throttling) on the home page, a
 * category listing and a product page of a freshly seeded shop, in English and in Bangla (/bn/...;
 * `--lang en` or `--lang bn` audits one language only), each as a session's first page and later in
 * it, and later in a session the shop's own pages, order tracking and the cart (`--only NAME,NAME`
 * audits those pages only, e.g. `--only "home,cart (later)"`).
 *
 * Starts everything itself: the embedded database in a temporary directory, the demo seed, the
 * production build (built first when missing) served by createApp() on a random loopback port, and
 * Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Prints the four category scores and the
 * JavaScript sent per page (transfer sizes of the script requests: compressed as the server negotiated
 * with Chromium — brotli, else gzip — plus response headers), writes
 * audit-results/pages-<timestamp>.json (and pages-latest.json), then each page against the speed
 * targets with pass/fail (scripts/lib/page-targets.ts); with --strict it exits 1 when a page is below
 * the shop's floor (a score under 95, more than 170 KB of JavaScript). `--runs N` (default 3): each
 * page is audited N times and the run with the median performance score is reported. It refuses to
 * audit a development build of React (what a build under NODE_ENV=development makes), and builds
 * for production when there is no build.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Result as LighthouseResult } from "lighthouse";
import {
  CATEGORIES,
  FLOOR,
  floorChecks,
  isProductionBuild,
  SPEED_TARGETS,
  speedChecks,
  type Category,
  type MeasuredPage,
} from "./lib/page-targets";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

interface PageResult {
  name: string;
  path: string;
  firstInSession: boolean;
  forSearchEngines: boolean;
  scores: Record<Category, number | null>;
  jsKb: number;
  scripts: { url: string; kb: number }[];
  metrics: Record<string, number | null>;
  /** Performance score of every run; the reported run is the median one. */
  performanceRuns: number[];
  /** Audits that lost points (score < 0.9), for the follow-up work. */
  failing: { id: string; title: string; score: number | null; displayValue?: string }[];
}

const strict = process.argv.includes("--strict");
const runsArg = process.argv.indexOf("--runs");
const runs = Math.max(1, Number(runsArg >= 0 ? process.argv[runsArg + 1] : 3) || 3);
// --applied-throttling: Chromium itself slows the network and CPU during the load (Lighthouse's
// "devtools" method) instead of Lighthouse simulating a slow phone from a fast loopback trace.
const throttlingMethod = process.argv.includes("--applied-throttling") ? "devtools" : "simulate";
const langArg = process.argv.indexOf("--lang");
const languages = (["en", "bn"] as const).filter(
  (language) => langArg < 0 || process.argv[langArg + 1] === language,
);
const onlyArg = process.argv.indexOf("--only");
const onlyNames =
  onlyArg < 0 ? null : (process.argv[onlyArg + 1] ?? "").split(",").map((name) => name.trim());
const workDir = mkdtempSync(path.join(os.tmpdir(), "tweest-audit-"));

// Before any server module reads the config: quiet logs, private uploads, no external tag manager.
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? "silent";
process.env.UPLOADS_DIR = path.join(workDir, "uploads");
process.env.NODE_ENV = process.env.NODE_ENV ?? "development";
delete process.env.GTM_ID;

// AUDIT_BUILD_DIR: audit a copy of the build (a parallel `npm run build` cannot pull it away).
const buildDir = path.resolve(process.env.AUDIT_BUILD_DIR ?? "build");

function ensureBuild(): void {
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    if (process.env.AUDIT_BUILD_DIR) throw new Error(`No build in ${buildDir}`);
    console.log("[audit] no build: running npm run build for production");
    // The server below runs under NODE_ENV=development; the build must not inherit it.
    const result = spawnSync("npm", ["run", "build"], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) throw new Error("npm run build failed");
  }
  if (!isProductionBuild(buildDir))
    throw new Error(
      `${buildDir} holds a development build of React (built under NODE_ENV=development): ` +
        "its scores say nothing about the shop. Run `NODE_ENV=production npm run build` and audit again.",
    );
}

/** Chromium with a DevTools port; resolves with the port it listens on. */
function launchChromium(): Promise<{ port: number; process: ChildProcess; profile: string }> {
  if (!existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH}`);
  const profile = mkdtempSync(path.join(os.tmpdir(), "tweest-audit-chromium-"));
  const child = spawn(
    CHROME_PATH,
    [...CHROME_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ port: Number(match[1]), process: child, profile });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}):\n${output}`));
    });
  });
}

async function stopChromium(chromium: Awaited<ReturnType<typeof launchChromium>>): Promise<void> {
  const exited = new Promise((resolve) => chromium.process.once("exit", resolve));
  chromium.process.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  try {
    rmSync(chromium.profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  } catch {
    // A helper process still writing into the profile: a leftover temp dir is not worth failing for.
  }
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const score = (result: PageResult, id: Category) => String(result.scores[id] ?? "-").padStart(4);

async function main(): Promise<number> {
  ensureBuild();
  const { default: lighthouse } = await import("lighthouse");
  const { default: puppeteer } = await import("puppeteer-core");
  const { startDatabase } = await import("../server/db/embedded");
  const { connectDatabase, disconnectDatabase } = await import("../server/db/connect");
  const { seedDatabase } = await import("../server/seed/seed");
  const { createApp } = await import("../server/app");
  const { Product } = await import("../models/product.model");

  const database = await startDatabase({
    dataDir: path.join(workDir, "db"),
    log: (line) => console.log(line),
  });
  let server: Server | undefined;
  let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;
  try {
    await connectDatabase(database.uri);
    console.log("[audit] seeding the demo shop");
    await seedDatabase();
    const product = await Product.findOne({ isActive: { $ne: false } })
      .sort({ slug: 1 })
      .select("slug")
      .lean<{ slug: string }>();
    if (!product) throw new Error("The seed created no product");

    const app = createApp({ buildDir });
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    const { port } = server.address() as AddressInfo;
    const baseUrl = `http://127.0.0.1:${port}`;
    console.log(`[audit] shop on ${baseUrl}`);

    // A fresh profile is a session's first page, where the campaign popup opens and its
    // image becomes the largest paint. "(later)" runs are the same pages later in that session:
    // hasShownPopup is set before the page's own scripts run, so no popup, and the Bangla font's
    // cookie says the file is cached (app/components/layout/bangla-font.tsx).
    // Each page in each language, English then Bangla (/bn/...: the same screen, its Bangla
    // messages, catalogue text and web font); Lighthouse's Chromium asks for English, so English
    // URLs are not redirected.
    const screens: {
      name: string;
      path: string;
      laterInSession?: boolean;
      /** False: the page says `noindex` on purpose (docs/performance.md, "Page audits"). */
      forSearchEngines?: boolean;
    }[] = [
      { name: "home", path: "/" },
      { name: "category", path: "/products?category=men" },
      { name: "product", path: `/product/${product.slug}` },
      { name: "home (later)", path: "/", laterInSession: true },
      { name: "category (later)", path: "/products?category=men", laterInSession: true },
      { name: "product (later)", path: `/product/${product.slug}`, laterInSession: true },
      // The other pages a shopper reaches from every page's header and footer, later in a session.
      { name: "shop page (later)", path: "/pages/returns", laterInSession: true },
      {
        name: "order tracking (later)",
        path: "/order/track",
        laterInSession: true,
        forSearchEngines: false,
      },
      { name: "cart (later)", path: "/cart", laterInSession: true, forSearchEngines: false },
    ];
    const chosen = screens.filter((screen) => !onlyNames || onlyNames.includes(screen.name));
    const pages = chosen.flatMap((screen) =>
      languages.map((language) =>
        language === "en"
          ? screen
          : {
              ...screen,
              name: `${screen.name} bn`,
              path: screen.path === "/" ? "/bn" : `/bn${screen.path}`,
            },
      ),
    );

    const results: PageResult[] = [];
    for (const page of pages) {
      // A warm-up request so the first audit does not measure the server's first import of the build.
      await fetch(`${baseUrl}${page.path}`).then((response) => response.arrayBuffer());
      // Several runs, keeping the one with the median performance score (Lighthouse's own advice:
      // a single run's TBT/LCP swings with whatever else the machine is doing).
      const lhrs: LighthouseResult[] = [];
      for (let attempt = 0, failures = 0; attempt < runs; attempt += 1) {
        // A fresh browser and profile per run (as the Lighthouse CLI does): no cache, no session.
        chromium = await launchChromium();
        const browser = await puppeteer.connect({
          browserURL: `http://127.0.0.1:${chromium.port}`,
          defaultViewport: null,
        });
        try {
          const tab = (await browser.pages())[0] ?? (await browser.newPage());
          if (page.laterInSession) {
            await tab.evaluateOnNewDocument(
              `try { sessionStorage.setItem("hasShownPopup", "true"); } catch {}`,
            );
            // Later pages know the Bangla font is cached and preload it (Lighthouse has emptied
            // the cache, so this measures the file fetched again: the worst case).
            await tab.setCookie({ name: "bn_font", value: "1", url: baseUrl });
          }
          const run = await lighthouse(
            `${baseUrl}${page.path}`,
            {
              output: "json",
              logLevel: "error",
              onlyCategories: [...CATEGORIES],
              throttlingMethod,
            },
            undefined,
            tab,
          );
          if (!run) throw new Error(`Lighthouse returned nothing for ${page.path}`);
          if (run.lhr.runtimeError)
            throw new Error(`${page.path}: ${run.lhr.runtimeError.message}`);
          lhrs.push(run.lhr);
        } catch (error) {
          // Trace hiccups (NO_NAVSTART and the like) happen on a busy machine: retry twice.
          failures += 1;
          if (failures > 2) throw error;
          console.log(`[audit] ${page.path}: run failed (${(error as Error).message}); retrying`);
          attempt -= 1;
        } finally {
          await browser.disconnect();
          await stopChromium(chromium);
          chromium = undefined;
        }
      }
      const performanceOf = (result: LighthouseResult) => result.categories.performance?.score ?? 0;
      lhrs.sort((a, b) => performanceOf(a) - performanceOf(b));
      const lhr = lhrs[Math.floor((lhrs.length - 1) / 2)];
      const performanceRuns = lhrs.map((result) => Math.round(performanceOf(result) * 100));
      // The whole Lighthouse result too, for digging into an audit (open it in the Lighthouse viewer).
      mkdirSync("audit-results", { recursive: true });
      writeFileSync(
        path.join("audit-results", `${page.name.replace(/\W+/g, "-").replace(/-$/, "")}.lhr.json`),
        JSON.stringify(lhr),
      );
      const requests =
        (
          lhr.audits["network-requests"]?.details as
            { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined
        )?.items ?? [];
      const scripts = requests
        .filter((item) => item.resourceType === "Script")
        .map((item) => ({ url: item.url.replace(baseUrl, ""), kb: kb(item.transferSize ?? 0) }));
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => {
          const score = lhr.categories[id]?.score;
          return [id, typeof score === "number" ? Math.round(score * 100) : null];
        }),
      ) as Record<Category, number | null>;
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? null;
      const failing = Object.values(lhr.audits)
        .filter(
          (audit) =>
            typeof audit.score === "number" &&
            audit.score < 0.9 &&
            audit.scoreDisplayMode !== "informative" &&
            audit.scoreDisplayMode !== "manual",
        )
        .map((audit) => ({
          id: audit.id,
          title: audit.title,
          score: audit.score,
          displayValue: audit.displayValue,
        }));
      results.push({
        name: page.name,
        path: page.path,
        firstInSession: !page.laterInSession,
        forSearchEngines: page.forSearchEngines ?? true,
        scores,
        jsKb: kb(
          requests
            .filter((item) => item.resourceType === "Script")
            .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
        ),
        scripts,
        performanceRuns,
        metrics: {
          firstContentfulPaintMs: metric("first-contentful-paint"),
          largestContentfulPaintMs: metric("largest-contentful-paint"),
          totalBlockingTimeMs: metric("total-blocking-time"),
          cumulativeLayoutShift: metric("cumulative-layout-shift"),
          speedIndexMs: metric("speed-index"),
        },
        failing,
      });
      // As it goes: a long audit stopped half-way still leaves the pages it finished.
      console.log(
        `[audit] ${page.name}: perf ${scores.performance} (runs ${performanceRuns.join("/")}), a11y ${scores.accessibility}, best ${scores["best-practices"]}, seo ${scores.seo}, JS ${results.at(-1)?.jsKb} KB`,
      );
    }

    console.log("");
    console.log(
      "page                  perf  a11y  best   seo   JS (KB wire)   LCP (ms)   TBT (ms)   CLS   path",
    );
    const measured = (result: PageResult): MeasuredPage => ({
      name: result.name,
      firstInSession: result.firstInSession,
      forSearchEngines: result.forSearchEngines,
      scores: result.scores,
      jsKb: result.jsKb,
      largestContentfulPaintMs: result.metrics.largestContentfulPaintMs ?? null,
      totalBlockingTimeMs: result.metrics.totalBlockingTimeMs ?? null,
      cumulativeLayoutShift: result.metrics.cumulativeLayoutShift ?? null,
    });
    const misses: string[] = [];
    for (const result of results) {
      console.log(
        `${result.name.padEnd(20)} ${score(result, "performance")}  ${score(result, "accessibility")}  ${score(result, "best-practices")}  ${score(result, "seo")}   ${String(result.jsKb).padStart(12)}   ${String(Math.round(result.metrics.largestContentfulPaintMs ?? 0)).padStart(8)}   ${String(Math.round(result.metrics.totalBlockingTimeMs ?? 0)).padStart(8)}   ${(result.metrics.cumulativeLayoutShift ?? 0).toFixed(3)}   ${result.path} (perf runs ${result.performanceRuns.join("/")})`,
      );
      for (const check of floorChecks(measured(result)))
        if (!check.pass) misses.push(`${result.name}: ${check.target} (measured ${check.value})`);
      for (const audit of result.failing)
        console.log(
          `                       ! ${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}`,
        );
    }

    // The speed targets, page by page.
    console.log("");
    console.log("[audit] speed targets (pass/fail):");
    const speed = results.map((result) => ({
      page: result.name,
      checks: speedChecks(measured(result)),
    }));
    for (const { page, checks } of speed) {
      const failed = checks.filter((check) => !check.pass);
      console.log(
        `  ${failed.length === 0 ? "PASS" : "FAIL"}  ${page.padEnd(20)} ${checks
          .map((check) => `${check.pass ? "ok" : "MISS"} ${check.target} (${check.value})`)
          .join(", ")}`,
      );
    }

    mkdirSync("audit-results", { recursive: true });
    const report = {
      date: new Date().toISOString(),
      lighthouse: `mobile, ${throttlingMethod === "simulate" ? "simulated throttling (Lighthouse defaults)" : "applied (devtools) throttling"}; median of ${runs} runs`,
      floor: FLOOR,
      speedTargets: SPEED_TARGETS,
      pages: results,
      misses,
      speed,
    };
    const stamp = report.date.replace(/[:.]/g, "-");
    const file = path.join("audit-results", `pages-${stamp}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(
      path.join("audit-results", "pages-latest.json"),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    console.log("");
    console.log(`[audit] report: ${file}`);
    if (misses.length === 0) {
      console.log(`[audit] the floor is met (scores >= ${FLOOR.score}, JS <= ${FLOOR.jsKb} KB)`);
      return 0;
    }
    console.log(`[audit] below the floor:\n  ${misses.join("\n  ")}`);
    return strict ? 1 : 0;
  } finally {
    if (chromium) await stopChromium(chromium);
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server?.close(() => resolve()));
    }
    await disconnectDatabase();
    await database.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("[audit] failed:", error);
    rmSync(workDir, { recursive: true, force: true });
    process.exit(2);
  },
);
