/**
 * What `npm run audit:pages` holds pages to (scripts/lib/page-targets.ts): it refuses to audit a
 * development build of React, and it reports each speed target as pass or fail.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  floorChecks,
  isProductionBuild,
  speedChecks,
  type MeasuredPage,
} from "../../scripts/lib/page-targets";

const BUILD = path.resolve(process.env.E2E_BUILD_DIR ?? "build");
const scratch = mkdtempSync(path.join(os.tmpdir(), "tweest-page-targets-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function buildWith(name: string, chunk: string): string {
  const assets = path.join(scratch, name, "client", "assets");
  mkdirSync(assets, { recursive: true });
  writeFileSync(path.join(assets, "entry.client-abc.js"), chunk);
  return path.join(scratch, name);
}

describe("the audited build", () => {
  it("accepts the production build npm test made", () => {
    expect(isProductionBuild(BUILD)).toBe(true);
  });

  it("refuses React's development build, and a folder with no build", () => {
    const development = buildWith(
      "development",
      'console.error("Invalid hook call. Hooks can only be called inside of the body");',
    );
    expect(isProductionBuild(development)).toBe(false);
    expect(isProductionBuild(buildWith("nothing-of-react", "export const a = 1;"))).toBe(false);
    expect(isProductionBuild(path.join(scratch, "missing"))).toBe(false);
  });
});

describe("targets", () => {
  const fast: MeasuredPage = {
    name: "home",
    firstInSession: true,
    forSearchEngines: true,
    scores: { performance: 99, accessibility: 100, "best-practices": 100, seo: 100 },
    jsKb: 108.4,
    largestContentfulPaintMs: 1400,
    totalBlockingTimeMs: 30,
    cumulativeLayoutShift: 0,
  };

  it("a page meeting every speed target passes each check", () => {
    const checks = speedChecks(fast);
    expect(checks.map((check) => check.target)).toEqual([
      "performance >= 99",
      "accessibility >= 100",
      "best-practices >= 100",
      "seo >= 100",
      "LCP <= 1500 ms",
      "TBT <= 50 ms",
      "CLS <= 0",
      "first-page JavaScript <= 110 KB",
    ]);
    expect(checks.every((check) => check.pass)).toBe(true);
  });

  it("names each missed target with what was measured", () => {
    const slow = {
      ...fast,
      largestContentfulPaintMs: 2310,
      cumulativeLayoutShift: 0.02,
      jsKb: 146,
    };
    expect(speedChecks(slow).filter((check) => !check.pass)).toEqual([
      { target: "LCP <= 1500 ms", value: "2310 ms", pass: false },
      { target: "CLS <= 0", value: "0.02", pass: false },
      { target: "first-page JavaScript <= 110 KB", value: "146 KB", pass: false },
    ]);
    // The shop's floor is looser: 146 KB and a score of 99 are within it.
    expect(floorChecks(slow).every((check) => check.pass)).toBe(true);
  });

  it("a later page of a session has no first-page JavaScript budget, and a missing score fails", () => {
    const later = { ...fast, firstInSession: false, jsKb: 140 };
    expect(speedChecks(later).map((check) => check.target)).not.toContain(
      "first-page JavaScript <= 110 KB",
    );
    const unscored = { ...fast, scores: { ...fast.scores, seo: null } };
    expect(floorChecks(unscored).find((check) => check.target === "seo >= 95")).toEqual({
      target: "seo >= 95",
      value: "n/a",
      pass: false,
    });
  });

  it("a page kept out of search engines on purpose has no SEO bar; every other bar holds", () => {
    const cart = {
      ...fast,
      name: "cart (later)",
      firstInSession: false,
      forSearchEngines: false,
      scores: { ...fast.scores, seo: 54 },
    };
    expect(floorChecks(cart).map((check) => check.target)).toEqual([
      "performance >= 95",
      "accessibility >= 95",
      "best-practices >= 95",
      "JavaScript <= 170 KB",
    ]);
    expect(speedChecks(cart).some((check) => check.target.startsWith("seo"))).toBe(false);
    expect(floorChecks({ ...cart, forSearchEngines: true }).filter((check) => !check.pass)).toEqual(
      [{ target: "seo >= 95", value: "54", pass: false }],
    );
  });
});
