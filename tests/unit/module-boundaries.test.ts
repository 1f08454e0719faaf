/**
 * Module boundaries, read from the import statements.
 *
 * The admin UI and the storefront's forms validate with the API's own schemas (server/schemas,
 * server/lib/phone.ts, models/*-status.ts).
 * Those modules end up in the browser bundle, so none of them may import mongoose, sharp or Node
 * built-ins, directly or through another module. This follows the relative imports from the
 * client-side entry points and reads each module's import statements.
 * The same walk checks the other direction: the server runs from source in the Docker image, which
 * ships server/, models/ and scripts/ but no app/, so nothing the server loads may come from app/.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The admin forms, the storefront's forms, and every API schema module. */
const ENTRY_POINTS = [
  "app/lib/admin-schemas.ts",
  "app/lib/storefront-schemas.ts",
  "app/lib/form-validation.ts",
  "app/lib/checkout.ts",
  "app/routes/bulk-order.tsx",
  "app/routes/checkout.tsx",
  "app/routes/register.tsx",
  "app/routes/login.tsx",
  "app/routes/account.tsx",
  "app/routes/order-guest-track.tsx",
  ...readdirSync(path.join(ROOT, "server/schemas")).map((file) => `server/schemas/${file}`),
];
const SERVER_ONLY = /^(?:mongoose|sharp|multer|express|node:.*)$/;

function resolveModule(from: string, specifier: string): string {
  const base = specifier.startsWith("~/")
    ? path.join(ROOT, "app", specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.js$/, "");
  const found = [`${stem}.ts`, `${stem}.tsx`, path.join(stem, "index.ts")].find(existsSync);
  if (!found) throw new Error(`Cannot resolve ${specifier} from ${from}`);
  return found;
}

/**
 * Every package a module needs at run time (type-only imports are erased), with the importer; `seen`
 * collects our own modules on the way.
 */
function runtimeImports(
  entries: string[],
  seen = new Set<string>(),
): { module: string; specifier: string }[] {
  const found: { module: string; specifier: string }[] = [];
  const stack = entries.map((entry) => path.join(ROOT, entry));
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    // Static imports and re-exports, and dynamic import("...") of a literal path.
    for (const match of source.matchAll(
      /^(?:import|export)\s+(type\s+)?(?:[^;]*?\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm,
    )) {
      const [, typeOnly, staticSpecifier, dynamicSpecifier] = match;
      const specifier = staticSpecifier ?? dynamicSpecifier;
      if (typeOnly) continue;
      const relative = specifier.startsWith(".") || specifier.startsWith("~/");
      if (relative && /\.(?:css|svg|png)$/.test(specifier)) continue;
      // Our own modules are followed (app, server, models); packages are collected.
      if (relative) stack.push(resolveModule(file, specifier));
      else found.push({ module: path.relative(ROOT, file), specifier });
    }
  }
  return found;
}

describe("the server's own modules", () => {
  it("import nothing from app/ at run time: the Docker image runs server/ from source without it", () => {
    const modules = new Set<string>();
    // The server, and the scripts the image ships for operators (seed, admin, database).
    runtimeImports(
      ["server/index.ts", "scripts/seed.ts", "scripts/create-admin.ts", "scripts/db.ts"],
      modules,
    );
    const relative = [...modules].map((file) => path.relative(ROOT, file));
    expect(relative).toContain("server/services/cart.service.ts");
    expect(relative).toContain("server/lib/money.ts");
    expect(relative.filter((file) => file.startsWith(`app${path.sep}`))).toEqual([]);
  });
});

describe("schemas shared with the browser", () => {
  it("import nothing server-only (mongoose, sharp, Node built-ins), directly or indirectly", () => {
    const imports = runtimeImports(ENTRY_POINTS);
    expect(imports.map((entry) => entry.specifier)).toContain("zod");
    expect(imports.filter((entry) => SERVER_ONLY.test(entry.specifier))).toEqual([]);
  });
});
