/**
 * The module graph of server/ and models/, read from the sources as a reader would: every static
 * import, type-only import, re-export and dynamic `import()`. ESLint's boundaries
 * (import-boundaries.test.ts) see static imports only; an import cycle or a dynamic import across a
 * boundary is found here.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** What a source imports: `import … from`, `import "…"`, `export … from`, `import("…")`. */
function importedSpecifiers(source: string): string[] {
  const pattern = /\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g;
  return [...source.matchAll(pattern)].map((match) => match[1]);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** file -> the files of the graph it imports (relative specifiers; `x.js` names `x.ts`). */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const targets = importedSpecifiers(readFileSync(path.join(ROOT, file), "utf8"))
        .filter((specifier) => specifier.startsWith("."))
        .map((specifier) => path.join(path.dirname(file), specifier).replace(/\.js$/, ""))
        .flatMap((stem) =>
          [`${stem}.ts`, `${stem}.tsx`, stem, `${stem}/index.ts`].filter((f) => known.has(f)),
        );
      return [file, targets];
    }),
  );
}

/** The graph's cycles: its strongly connected components of more than one file (Tarjan). */
function importCycles(graph: Map<string, string[]>): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return cycles;
}

const graph = importGraph([...sourceFiles("server"), ...sourceFiles("models")]);

describe("reading imports", () => {
  it("sees every kind of import a source can make", () => {
    const source = [
      `import mongoose from "mongoose";`,
      `import type { ProductFacetDoc } from "./catalog-read-model.js";`,
      `import {\n  listProducts,\n} from "./catalog-listing.js";`,
      `import "./side-effect.js";`,
      `export { slugify } from "./products.service.js";`,
      `const { logger } = await import("../server/lib/logger.js");`,
    ].join("\n");
    expect(importedSpecifiers(source)).toEqual([
      "mongoose",
      "./catalog-read-model.js",
      "./catalog-listing.js",
      "./side-effect.js",
      "./products.service.js",
      "../server/lib/logger.js",
    ]);
  });

  it("finds a cycle, type-only or not, and nothing in a graph without one", () => {
    const cyclic = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "d.ts"]],
      ["d.ts", []],
    ]);
    expect(importCycles(cyclic)).toEqual([["a.ts", "b.ts", "c.ts"]]);
    expect(importCycles(new Map([...cyclic, ["c.ts", ["d.ts"]]]))).toEqual([]);
  });
});

describe("the catalogue's modules are in no import cycle", () => {
  // The read model and its listing own the catalogue's answers; products.service.ts writes. The
  // listing once lived in products.service.ts, which imported the read model that imported its
  // types back.
  const CATALOGUE = [
    "server/services/catalog-read-model.ts",
    "server/services/catalog-listing.ts",
    "server/services/catalog.service.ts",
    "server/services/product-answer.ts",
    "server/services/products.service.ts",
  ];

  it.each(CATALOGUE)("%s", (file) => {
    expect(graph.has(file)).toBe(true);
    expect(importCycles(graph).filter((cycle) => cycle.includes(file))).toEqual([]);
  });
});

describe("no module of server/ or models/ is in an import cycle", () => {
  // A cycle makes a module's exports undefined while its cycle is still loading, depending on
  // which module was imported first. The orders service once reached the payment gateways
  // through the queues' counters, which reached order placement, which reached the gateways.
  it("finds none", () => {
    expect(importCycles(graph)).toEqual([]);
  });
});

describe("models/ imports nothing from server/", () => {
  // The server provides what the models' hooks need (models/model-services.ts) as it connects.
  it.each(sourceFiles("models"))("%s", (file) => {
    const fromServer = importedSpecifiers(readFileSync(path.join(ROOT, file), "utf8")).filter(
      (specifier) => /^server(\/|$)/.test(path.join(path.dirname(file), specifier)),
    );
    expect(fromServer).toEqual([]);
  });

  it("a process that opened the database without connectDatabase is told so", async () => {
    vi.resetModules();
    const { modelServices } = await import("../../models/model-services");
    expect(() => modelServices()).toThrow(
      "The models have no services: open the database with connectDatabase (server/db/connect.ts)",
    );
  });
});
