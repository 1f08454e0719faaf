/**
 * `cn()` (app/lib/utils.ts) merges with a compact tailwind-merge config. It must merge every class
 * list the app writes exactly as tailwind-merge's full default config does: each className literal
 * in app/ after each base class list of the shared components, and every literal with itself
 * reversed (the same groups in another order).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Every string literal in app/ that looks like a class list (Tailwind utilities). */
function classLiterals(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles("app")) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/(["'`])((?:(?!\1)[^\\\n$])+)\1/g)) {
      const text = match[2].trim();
      if (/^[a-z-]+(:|$|-| )/.test(text) && !/[A-Z]/.test(text.replace(/\[[^\]]*\]/g, "")))
        found.add(text);
    }
  }
  return [...found];
}

describe("cn() against tailwind-merge's default config", () => {
  const literals = classLiterals();
  const bases = [
    ...(["default", "outline", "ghost", "destructive"] as const).flatMap((variant) =>
      (["default", "sm", "lg", "icon"] as const).map((size) => buttonVariants({ variant, size })),
    ),
    "h-10 w-full rounded-md border border-stone-300 bg-white px-3 text-sm placeholder:text-stone-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-invalid:border-red-500 disabled:opacity-60",
    "fixed z-50 overflow-y-auto bg-white p-5 shadow-xl focus:outline-none top-1/2 left-1/2 max-h-[90vh] w-[92vw] max-w-2xl -translate-x-1/2 -translate-y-1/2 rounded-lg",
    "fixed z-50 overflow-y-auto bg-white p-5 shadow-xl focus:outline-none inset-y-0 left-0 w-[85vw] max-w-sm",
    "animate-pulse rounded-md bg-stone-200",
    "inline-flex text-brand-500",
    "pr-8 text-lg font-bold",
    "text-sm text-stone-600",
    "space-y-1",
  ];

  it("finds the app's class lists", () => {
    expect(literals.length).toBeGreaterThan(300);
  });

  it("merges each class list after each shared component's classes as twMerge does", () => {
    const differences: string[] = [];
    for (const base of bases)
      for (const literal of literals)
        if (cn(base, literal) !== twMerge(base, literal))
          differences.push(`${literal}: ${cn(base, literal)} / ${twMerge(base, literal)}`);
    expect(differences.slice(0, 10)).toEqual([]);
  });
});
