/**
 * An export is part of a module's interface: one nothing else imports is a helper that says it is
 * used elsewhere. These modules (cleaned up in a code review) export only what other files use;
 * the scan is by name, over every source and test file, like a reader's grep.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CHECKED = [
  "server/services/cod-phone-checks.ts",
  "server/services/courier-cash.service.ts",
  "server/services/payments.service.ts",
  "server/payments/gateway.ts",
  "server/payments/ledger.ts",
  "server/payments/bkash.ts",
  "server/payments/sslcommerz.ts",
  "server/payments/nagad.ts",
  "server/integrations/nagad.ts",
  "server/lib/rsa.ts",
  "server/payments/index.ts",
  "server/payments/refunds.ts",
  "server/services/phone-history.service.ts",
  "server/services/unconfirmed-orders.service.ts",
];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes("+types"));
}

const sources = new Map(
  ["app", "server", "contract", "models", "tests", "scripts"]
    .flatMap(sourceFiles)
    .map((file) => [file, readFileSync(path.join(ROOT, file), "utf8")]),
);

describe("exports used only in their own file", () => {
  it.each(CHECKED)("%s exports only what other files use", (file) => {
    const own = sources.get(file)!;
    const exported = [
      ...own.matchAll(/^export (?:async )?(?:const|function|interface|type|class) (\w+)/gm),
    ].map((match) => match[1]);
    expect(exported.length).toBeGreaterThan(0);
    const unused = exported.filter((name) => {
      const word = new RegExp(`\\b${name}\\b`);
      return ![...sources].some(([other, text]) => other !== file && word.test(text));
    });
    expect(unused).toEqual([]);
  });
});
