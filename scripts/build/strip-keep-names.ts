/**
 * A Vite plugin that removes esbuild's "keep names" wrappers from Radix's published code.
 *
 * Radix ships its modules built with `keepNames`: every component and helper is wrapped in
 * `__name(fn, "Name")`, which only sets `Function.name` for debuggers and stack traces. In the
 * storefront's scripts that is about 200 calls and a dozen copies of the helper, around 1.5 KB
 * gzipped on every page, for names nobody reads in production (React's component stacks come
 * from the displayName Radix sets itself). The wrapper returns its first argument, so replacing
 * the call by that argument changes nothing else.
 */
import type { Plugin } from "vite";

const RADIX_MODULE = /\/node_modules\/@radix-ui\/[^/]+\/dist\/index\.mjs$/;
const STATEMENT = /^__name\([\w$]+, "[\w$]+"\);$/gm;
const CALL = /(?<![\w$.])__name\(/g;

/** The index of the parenthesis closing the one just before `start`, and of its last top-level comma. */
function scanArguments(code: string, start: number): { close: number; lastComma: number } | null {
  let depth = 0;
  let lastComma = -1;
  for (let index = start; index < code.length; index++) {
    const char = code[index];
    if (char === "/" && code[index + 1] === "/") {
      index = code.indexOf("\n", index);
      if (index < 0) return null;
      continue;
    }
    if (char === "/" && code[index + 1] === "*") {
      index = code.indexOf("*/", index + 2) + 1;
      if (index <= 0) return null;
      continue;
    }
    if (char === '"' || char === "'" || char === "`") {
      // Skip the literal; comments are skipped above, so an apostrophe in one does not open a literal.
      for (index++; index < code.length && code[index] !== char; index++)
        if (code[index] === "\\") index++;
      continue;
    }
    if (char === "(" || char === "[" || char === "{") depth++;
    else if (char === ")" || char === "]" || char === "}") {
      if (depth === 0) return char === ")" ? { close: index, lastComma } : null;
      depth--;
    } else if (char === "," && depth === 0) lastComma = index;
  }
  return null;
}

export function stripKeepNames(code: string): string {
  let result = code.replace(STATEMENT, "");
  let searchFrom = 0;
  for (;;) {
    CALL.lastIndex = searchFrom;
    const match = CALL.exec(result);
    if (!match) return result;
    const argsStart = match.index + match[0].length;
    const scanned = scanArguments(result, argsStart);
    const nameArgument = scanned && result.slice(scanned.lastComma + 1, scanned.close).trim();
    if (!scanned || scanned.lastComma < 0 || !/^"[\w$]+"$/.test(nameArgument ?? "")) {
      searchFrom = argsStart;
      continue;
    }
    const wrapped = result.slice(argsStart, scanned.lastComma);
    result = result.slice(0, match.index) + wrapped + result.slice(scanned.close + 1);
    searchFrom = match.index;
  }
}

export function stripRadixKeepNames(): Plugin {
  return {
    name: "strip-radix-keep-names",
    apply: "build",
    transform(code, id) {
      if (!RADIX_MODULE.test(id) || !code.includes("__name(")) return null;
      return { code: stripKeepNames(code), map: null };
    },
  };
}
