import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The pieces of `npm run audit:deps`: the installed production tree, and advisories in the OSV
 * format (what osv.dev serves and publishes as one zip per ecosystem) matched against it.
 */

export interface InstalledPackage {
  name: string;
  version: string;
}

/** Severities that fail the audit. An advisory without one (e.g. a malicious-package report) fails too. */
const FAILING = new Set(["HIGH", "CRITICAL", "UNRATED"]);

export interface Finding extends InstalledPackage {
  id: string;
  severity: string;
  summary: string;
}

export const isFailing = (finding: Finding) => FAILING.has(finding.severity);

/**
 * Every package npm installed that production needs (not `dev`), from node_modules/.package-lock.json
 * (what is installed) or else package-lock.json, once per name and version.
 */
export function productionTree(root = "."): InstalledPackage[] {
  let lock: { packages?: Record<string, { name?: string; version?: string; dev?: boolean }> };
  try {
    lock = JSON.parse(readFileSync(path.join(root, "node_modules", ".package-lock.json"), "utf8"));
  } catch {
    lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
  }
  const seen = new Map<string, InstalledPackage>();
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    if (!location || entry.dev || !entry.version) continue;
    const name = entry.name ?? location.slice(location.lastIndexOf("node_modules/") + 13);
    seen.set(`${name}@${entry.version}`, { name, version: entry.version });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Semantic-version order (build metadata ignored; a pre-release sorts before its release). */
export function compareVersions(left: string, right: string): number {
  const split = (version: string) => {
    const [core, pre] = version.replace(/^v/, "").split("+")[0].split(/-(.*)/s);
    return { core: core.split(".").map((part) => Number(part) || 0), pre: pre ?? "" };
  };
  const a = split(left);
  const b = split(right);
  for (let index = 0; index < 3; index += 1) {
    const difference = (a.core[index] ?? 0) - (b.core[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  if (a.pre === b.pre) return 0;
  if (!a.pre) return 1;
  if (!b.pre) return -1;
  const aParts = a.pre.split(".");
  const bParts = b.pre.split(".");
  for (let index = 0; index < Math.max(aParts.length, bParts.length); index += 1) {
    const x = aParts[index];
    const y = bParts[index];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    if (numeric) return Math.sign(Number(x) - Number(y));
    return x < y ? -1 : 1;
  }
  return 0;
}

interface OsvEvent {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
}

export interface OsvRecord {
  id: string;
  summary?: string;
  withdrawn?: string;
  database_specific?: { severity?: string };
  affected?: {
    package?: { ecosystem?: string; name?: string };
    versions?: string[];
    ranges?: { type?: string; events?: OsvEvent[] }[];
  }[];
}

/** Whether `version` falls in an OSV range (events in ascending order, as OSV publishes them). */
function inRange(version: string, events: OsvEvent[]): boolean {
  let affected = false;
  for (const event of events) {
    if (event.introduced !== undefined) {
      if (event.introduced === "0" || compareVersions(version, event.introduced) >= 0)
        affected = true;
    } else if (event.fixed !== undefined) {
      if (compareVersions(version, event.fixed) >= 0) affected = false;
    } else if (event.last_affected !== undefined) {
      if (compareVersions(version, event.last_affected) > 0) affected = false;
    }
  }
  return affected;
}

/** The advisories of `records` that affect an installed package. */
export function matchAdvisories(tree: InstalledPackage[], records: OsvRecord[]): Finding[] {
  const byName = new Map<string, InstalledPackage[]>();
  for (const installed of tree)
    byName.set(installed.name, [...(byName.get(installed.name) ?? []), installed]);
  const findings: Finding[] = [];
  for (const record of records) {
    if (record.withdrawn) continue;
    for (const affected of record.affected ?? []) {
      if (affected.package?.ecosystem !== "npm" || !affected.package.name) continue;
      for (const installed of byName.get(affected.package.name) ?? []) {
        const hit =
          affected.versions?.includes(installed.version) ||
          (affected.ranges ?? []).some(
            (range) => range.type === "SEMVER" && inRange(installed.version, range.events ?? []),
          );
        if (hit)
          findings.push({
            ...installed,
            id: record.id,
            severity: (record.database_specific?.severity ?? "UNRATED").toUpperCase(),
            summary: record.summary ?? "",
          });
      }
    }
  }
  return findings;
}

/** Every OSV record (*.json) in a folder, e.g. osv.dev's npm/all.zip unpacked. */
export function readOsvFolder(folder: string): OsvRecord[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith(".json"))
    .map((file) => JSON.parse(readFileSync(path.join(folder, file), "utf8")) as OsvRecord);
}
