import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  compareVersions,
  matchAdvisories,
  productionTree,
  type OsvRecord,
} from "../../scripts/lib/dependency-audit";

/** npm run audit:deps against a folder of OSV records made here (its offline source). */
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const tree = productionTree();
const express = tree.find((item) => item.name === "express")!;

function advisory(id: string, severity: string | undefined, events: object[]): OsvRecord {
  return {
    id,
    summary: `test advisory ${id}`,
    ...(severity ? { database_specific: { severity } } : {}),
    affected: [
      { package: { ecosystem: "npm", name: "express" }, ranges: [{ type: "SEMVER", events }] },
    ],
  };
}

function runAudit(records: OsvRecord[]) {
  const folder = mkdtempSync(path.join(os.tmpdir(), "tweest-osv-"));
  folders.push(folder);
  for (const record of records)
    writeFileSync(path.join(folder, `${record.id}.json`), JSON.stringify(record));
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/audit-deps.ts"], {
    env: { ...process.env, OSV_DB_DIR: folder },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("dependency audit", () => {
  it("reads the installed production tree, without dev tools", () => {
    expect(express).toBeDefined();
    expect(tree.some((item) => item.name === "vitest")).toBe(false);
    expect(tree.some((item) => item.name === "sharp")).toBe(true);
  });

  it("orders versions as semver does", () => {
    expect(compareVersions("4.21.2", "4.9.0")).toBe(1);
    expect(compareVersions("5.0.0-beta.2", "5.0.0")).toBe(-1);
    expect(compareVersions("5.0.0-beta.10", "5.0.0-beta.2")).toBe(1);
    expect(compareVersions("1.2.3", "1.2.3")).toBe(0);
  });

  it("matches OSV ranges (introduced / fixed / last_affected) and exact versions", () => {
    const pkg = [{ name: "express", version: "4.17.1" }];
    const hit = (events: object[]) => matchAdvisories(pkg, [advisory("X", "HIGH", events)]).length;
    expect(hit([{ introduced: "0" }, { fixed: "4.17.3" }])).toBe(1);
    expect(hit([{ introduced: "0" }, { fixed: "4.17.1" }])).toBe(0);
    expect(hit([{ introduced: "4.0.0" }, { last_affected: "4.17.1" }])).toBe(1);
    expect(hit([{ introduced: "5.0.0" }])).toBe(0);
  });

  it("fails on a high or critical advisory of an installed package, naming it", () => {
    const run = runAudit([
      advisory("GHSA-test-high", "HIGH", [{ introduced: "0" }, { fixed: "99.0.0" }]),
    ]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`✗ HIGH     express@${express.version} GHSA-test-high`);
  });

  it("passes with only moderate ones, or advisories for versions not installed", () => {
    const run = runAudit([
      advisory("GHSA-test-moderate", "MODERATE", [{ introduced: "0" }, { fixed: "99.0.0" }]),
      advisory("GHSA-test-fixed", "CRITICAL", [{ introduced: "0" }, { fixed: "0.0.1" }]),
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("1 advisories, 0 high or critical");
  });
});
