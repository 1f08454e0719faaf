import { spawnSync } from "node:child_process";
import {
  isFailing,
  matchAdvisories,
  productionTree,
  readOsvFolder,
  type Finding,
  type InstalledPackage,
  type OsvRecord,
} from "./lib/dependency-audit";

/**
 * npm run audit:deps: the installed production dependencies (dev tools left out) against an
 * advisory source, the first that answers of:
 *   1. OSV_DB_DIR: a folder of OSV records (osv.dev's npm/all.zip unpacked), fully offline;
 *   2. `npm audit --omit=dev` (the npm registry's advisory endpoint);
 *   3. the osv.dev API.
 * Exit 0: no high or critical advisory; 1: at least one (listed); 2: no source answered.
 */
const tree = productionTree();
console.log(`audit:deps: ${tree.length} installed production packages`);

function report(source: string, findings: Finding[]): never {
  const failing = findings.filter(isFailing);
  for (const finding of findings)
    console.log(
      `${isFailing(finding) ? "✗" : "·"} ${finding.severity.padEnd(8)} ${finding.name}@${finding.version} ${finding.id} ${finding.summary}`,
    );
  console.log(
    `audit:deps (${source}): ${findings.length} advisories, ${failing.length} high or critical`,
  );
  process.exit(failing.length > 0 ? 1 : 0);
}

const refusals: string[] = [];

const osvFolder = process.env.OSV_DB_DIR;
if (osvFolder)
  report(`OSV records in ${osvFolder}`, matchAdvisories(tree, readOsvFolder(osvFolder)));

function npmAudit(): Finding[] | undefined {
  const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], {
    encoding: "utf8",
    timeout: 120_000,
  });
  let answer: {
    message?: string;
    error?: { summary?: string };
    vulnerabilities?: Record<string, { severity: string; via: unknown[]; range?: string }>;
  };
  try {
    answer = JSON.parse(run.stdout);
  } catch {
    refusals.push(`npm audit: ${run.stderr.trim().split("\n").pop() ?? "no answer"}`);
    return undefined;
  }
  if (!answer.vulnerabilities) {
    refusals.push(`npm audit: ${answer.message || answer.error?.summary || "no answer"}`);
    return undefined;
  }
  return Object.entries(answer.vulnerabilities).map(([name, entry]) => {
    const advisory = entry.via.find(
      (via): via is { title?: string; url?: string } => typeof via === "object",
    );
    return {
      name,
      version: entry.range ?? "",
      id: advisory?.url ?? "(through a dependency)",
      severity: entry.severity.toUpperCase(),
      summary: advisory?.title ?? "",
    };
  });
}

async function osvApi(packages: InstalledPackage[]): Promise<Finding[] | undefined> {
  const base = "https://api.osv.dev/v1";
  try {
    const ids = new Set<string>();
    for (let start = 0; start < packages.length; start += 500) {
      const slice = packages.slice(start, start + 500);
      const response = await fetch(`${base}/querybatch`, {
        method: "POST",
        body: JSON.stringify({
          queries: slice.map((item) => ({
            package: { ecosystem: "npm", name: item.name },
            version: item.version,
          })),
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { results: { vulns?: { id: string }[] }[] };
      for (const result of body.results) for (const vuln of result.vulns ?? []) ids.add(vuln.id);
    }
    const records: OsvRecord[] = [];
    for (const id of ids) {
      const response = await fetch(`${base}/vulns/${id}`, { signal: AbortSignal.timeout(15_000) });
      records.push((await response.json()) as OsvRecord);
    }
    return matchAdvisories(packages, records);
  } catch (error) {
    refusals.push(`osv.dev: ${(error as Error).message}`);
    return undefined;
  }
}

const fromNpm = npmAudit();
if (fromNpm) report("npm audit", fromNpm);
const fromOsv = await osvApi(tree);
if (fromOsv) report("osv.dev", fromOsv);
console.error(
  `✗ audit:deps: no advisory source answered (${refusals.join("; ")}). Download osv.dev's npm database (npm/all.zip), unpack it and run with OSV_DB_DIR=<folder>.`,
);
process.exit(2);
