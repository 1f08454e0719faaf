import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../../server/seed/seed";
import { clearDatabase } from "../setup/db";
import { createAdmin } from "../factories/user";
import { startOpenApiTarget, useOpenApiTargetEnv, type OpenApiTarget } from "./openapi-target";

useOpenApiTargetEnv();

/**
 * Schemathesis (PyPI) against /api/openapi.json of a real server: every operation gets generated
 * valid and invalid input, anonymous and as an admin. Checks: no 5xx, every status declared, every
 * body matches the schema declared for its status. The complement of openapi-fuzz.test.ts (our own
 * fuzzer, which also checks that refused input changes nothing).
 *
 * Bounded: a fixed seed, 25 examples per operation and phase, one worker per run (schemathesis'
 * threads trip over Hypothesis' shared caches), both runs at once, each killed after RUN_LIMIT_MS.
 * The anonymous run leaves out the back office's operations: anonymous, each of them answers 401
 * before it reads its input, so generating input for them tests nothing (openapi-fuzz.test.ts still
 * sends every operation anonymous), and they are two thirds of the document. The admin run skips
 * the random fuzzing phase: its coverage phase (each field's boundaries and wrong types, generated
 * from the schema, the same every run) already took 330 s of a loaded run, and random input to the
 * back office is what openapi-fuzz.test.ts sends, checking as well that nothing changed.
 */
const SCHEMATHESIS_VERSION = "4.32.5";
const VENV = path.join(os.homedir(), ".cache", "tweest-shop", "schemathesis-venv");
const ST = path.join(VENV, "bin", "st");
const SEED = "20261124";
const MAX_EXAMPLES = "25";
// Each run's ceiling (not a speed target): 334-374 s in full runs on the 2-core machine with the
// packing, printing and stock endpoints (about 150 operations); the runs grow with the document.
const RUN_LIMIT_MS = 540_000;
const BACK_OFFICE_PATHS = "^/api/admin/";
const EVERY_PHASE = ["--phases", "examples,coverage,fuzzing"];
const WITHOUT_FUZZING = ["--phases", "examples,coverage"];

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

let server: OpenApiTarget;
let workDir: string;
let adminToken: string;

beforeAll(async () => {
  ensureSchemathesis();
  await clearDatabase();
  await seedDatabase();
  adminToken = (await createAdmin({ email: "schemathesis-admin@example.com" })).token;
  workDir = mkdtempSync(path.join(os.tmpdir(), "tweest-schemathesis-"));
  server = await startOpenApiTarget();
}, 600_000);

afterAll(async () => {
  await server?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe("schemathesis against /api/openapi.json", () => {
  it(
    "finds no server error and no undeclared status or body, anonymous and as an admin",
    async () => {
      const { documentUrl } = server;
      const started = Date.now();
      const timed = async (name: string, run: Promise<RunResult>) => {
        const result = await run;
        console.log(
          `schemathesis: the ${name} run took ${Math.round((Date.now() - started) / 1000)} s`,
        );
        return result;
      };
      const [anonymous, admin] = await Promise.all([
        timed(
          "anonymous",
          runSchemathesis(
            documentUrl,
            [...EVERY_PHASE, "--exclude-path-regex", BACK_OFFICE_PATHS],
            workDir,
          ),
        ),
        timed(
          "admin",
          runSchemathesis(
            documentUrl,
            [...WITHOUT_FUZZING, "--header", `Authorization: Bearer ${adminToken}`],
            workDir,
          ),
        ),
      ]);
      expect(anonymous.code, `anonymous run:\n${report(anonymous)}`).toBe(0);
      expect(admin.code, `admin run:\n${report(admin)}`).toBe(0);
      // The admin run tested every operation of the document, the anonymous run every one outside
      // the back office.
      const operations = await server.operationCount();
      const outsideBackOffice = await server.operationCount(
        (path) => !new RegExp(BACK_OFFICE_PATHS).test(path),
      );
      expect(outsideBackOffice).toBeGreaterThan(30);
      expect(admin.output).toContain(`Tested: ${operations}\n`);
      expect(anonymous.output).toContain(`Tested: ${outsideBackOffice}\n`);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    },
    RUN_LIMIT_MS + 30_000,
  );
});
