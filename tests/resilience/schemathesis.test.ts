// Before any server module reads the config: no rate limit may hide a route behind 429s, and Google
// sign-in is configured (its endpoints are never reached: the state check refuses first), so that
// /auth/google answers its 302 rather than the 503 of an install without Google.
process.env.AUTH_RATE_LIMIT_IP_PER_15_MIN = "1000000";
process.env.AUTH_RATE_LIMIT_ACCOUNT_PER_15_MIN = "1000000";
process.env.OTP_RATE_LIMIT_IP_PER_HOUR = "1000000";
process.env.GOOGLE_CLIENT_ID = "schemathesis-client.apps.googleusercontent.com";
process.env.GOOGLE_CLIENT_SECRET = "schemathesis-secret";
process.env.GOOGLE_TOKEN_URL = "http://127.0.0.1:9/token";
process.env.GOOGLE_JWKS_URL = "http://127.0.0.1:9/certs";

import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { resetEnvForTests } from "../../server/env";
import { seedDatabase } from "../../server/seed/seed";
import { clearDatabase } from "../setup/db";
import { createAdmin } from "../factories/user";
import { listen } from "./helpers";

resetEnvForTests();

/**
 * Schemathesis (PyPI) against /api/openapi.json of a real server: every operation gets generated
 * valid and invalid input, anonymous and as an admin. Checks: no 5xx, every status declared, every
 * body matches the schema declared for its status. The complement of openapi-fuzz.test.ts (our own
 * fuzzer, which also checks that refused input changes nothing).
 *
 * Bounded: a fixed seed, 25 examples per operation and phase, one worker per run (schemathesis'
 * threads trip over Hypothesis' shared caches), both runs at once, each killed after RUN_LIMIT_MS.
 */
const SCHEMATHESIS_VERSION = "4.32.5";
const VENV = path.join(os.homedir(), ".cache", "tweest-shop", "schemathesis-venv");
const ST = path.join(VENV, "bin", "st");
const SEED = "20261124";
const MAX_EXAMPLES = "25";
const RUN_LIMIT_MS = 240_000;

/** A pinned schemathesis in a venv of its own (Debian's system pip is externally managed). */
function ensureSchemathesis(): void {
  const installed = () => {
    try {
      return execFileSync(ST, ["--version"], { encoding: "utf8" }).includes(SCHEMATHESIS_VERSION);
    } catch {
      return false;
    }
  };
  if (installed()) return;
  const python = ["python3.11", "python3"].find((name) => {
    try {
      execFileSync(name, ["--version"]);
      return true;
    } catch {
      return false;
    }
  });
  if (!python) throw new Error("schemathesis needs python3 (3.10+) with venv");
  rmSync(VENV, { recursive: true, force: true });
  execFileSync(python, ["-m", "venv", VENV], { stdio: "inherit", timeout: 120_000 });
  execFileSync(
    path.join(VENV, "bin", "pip"),
    ["install", "--quiet", "--disable-pip-version-check", `schemathesis==${SCHEMATHESIS_VERSION}`],
    { stdio: "inherit", timeout: 300_000 },
  );
  if (!installed()) throw new Error(`schemathesis ${SCHEMATHESIS_VERSION} did not install`);
}

interface RunResult {
  code: number | null;
  output: string;
  timedOut: boolean;
}

/** One `st run` as a child process (the server keeps answering in this process meanwhile). */
function runSchemathesis(documentUrl: string, extraArgs: string[], workDir: string) {
  return new Promise<RunResult>((resolve) => {
    const child = spawn(
      ST,
      [
        "run",
        documentUrl,
        "--checks",
        "not_a_server_error,status_code_conformance,response_schema_conformance",
        "--phases",
        "examples,coverage,fuzzing",
        "--max-examples",
        MAX_EXAMPLES,
        "--seed",
        SEED,
        "--workers",
        "1",
        "--max-redirects",
        "0",
        "--request-timeout",
        "10",
        "--generation-database",
        "none",
        "--no-color",
        ...extraArgs,
      ],
      { cwd: workDir, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, RUN_LIMIT_MS);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut });
    });
  });
}

/** What a failed run says: its failures and errors, and the summary (not the progress lines). */
function report(result: RunResult): string {
  if (result.timedOut) return `schemathesis ran past ${RUN_LIMIT_MS / 1000} s\n${result.output}`;
  const start = result.output.search(/^=+ (FAILURES|ERRORS) =+$/m);
  return start >= 0 ? result.output.slice(start) : result.output;
}

let server: Awaited<ReturnType<typeof listen>>;
let buildCopy: string;
let workDir: string;
let adminToken: string;

beforeAll(async () => {
  ensureSchemathesis();
  await clearDatabase();
  await seedDatabase();
  adminToken = (await createAdmin({ email: "schemathesis-admin@example.com" })).token;
  // Routes without a JSON answer fall through to the storefront: serve a private copy of the build
  // so that another job rebuilding ./build meanwhile cannot turn them into 500s.
  for (let wait = 0; !existsSync("build/server/index.js") && wait < 120; wait += 1)
    await new Promise((resolve) => setTimeout(resolve, 500));
  buildCopy = mkdtempSync(path.join(os.tmpdir(), "tweest-schemathesis-build-"));
  cpSync("build", buildCopy, { recursive: true });
  workDir = mkdtempSync(path.join(os.tmpdir(), "tweest-schemathesis-"));
  server = await listen(createApp({ buildDir: buildCopy }));
}, 600_000);

afterAll(async () => {
  await server?.close();
  for (const dir of [buildCopy, workDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("schemathesis against /api/openapi.json", () => {
  it(
    "finds no server error and no undeclared status or body, anonymous and as an admin",
    async () => {
      const documentUrl = `${server.url}/api/openapi.json`;
      const started = Date.now();
      const [anonymous, admin] = await Promise.all([
        runSchemathesis(documentUrl, [], workDir),
        runSchemathesis(documentUrl, ["--header", `Authorization: Bearer ${adminToken}`], workDir),
      ]);
      console.log(`schemathesis: both runs took ${Math.round((Date.now() - started) / 1000)} s`);
      expect(anonymous.code, `anonymous run:\n${report(anonymous)}`).toBe(0);
      expect(admin.code, `admin run:\n${report(admin)}`).toBe(0);
      // Each run tested every operation of the document.
      const document = (await (await fetch(documentUrl)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const operations = Object.values(document.paths).flatMap(Object.keys).length;
      expect(operations).toBeGreaterThan(60);
      for (const run of [anonymous, admin]) expect(run.output).toContain(`Tested: ${operations}\n`);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    },
    RUN_LIMIT_MS + 30_000,
  );
});
