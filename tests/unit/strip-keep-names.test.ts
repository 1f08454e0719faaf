/**
 * The build's Radix "keep names" stripper: every wrapper goes, the code stays valid JavaScript and
 * the wrapped values stay in place.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { transform } from "esbuild";
import { describe, expect, it } from "vitest";
import { stripKeepNames } from "../../scripts/build/strip-keep-names";

const RADIX = path.resolve("node_modules/@radix-ui");

describe("stripKeepNames", () => {
  it("unwraps statements and inline wrappers, leaving the wrapped expression", () => {
    const source = [
      'var __name = (target, value) => __defProp(target, "name", { value, configurable: true });',
      "function setRef(ref) { return ref; }",
      '__name(setRef, "setRef");',
      "var Dialog = /* @__PURE__ */ __name((props) => {",
      "  // the dialog's root doesn't render anything (an apostrophe in a comment)",
      '  return f("a)", [props], { b: `c(${props.d})` });',
      '}, "Dialog");',
    ].join("\n");
    const stripped = stripKeepNames(source);
    expect(stripped).not.toMatch(/__name\(/);
    expect(stripped).toContain("var Dialog = /* @__PURE__ */ (props) => {");
    expect(stripped).toContain('return f("a)", [props], { b: `c(${props.d})` });\n}');
    expect(stripped).toContain("function setRef(ref) { return ref; }");
  });

  it("leaves a call whose last argument is not a name untouched", () => {
    expect(stripKeepNames("x = __name(a, b);")).toBe("x = __name(a, b);");
  });

  it("strips every installed Radix module to valid JavaScript without a wrapper", async () => {
    const modules = readdirSync(RADIX)
      .map((name) => path.join(RADIX, name, "dist", "index.mjs"))
      .filter((file) => {
        try {
          return readFileSync(file, "utf8").includes("__name(");
        } catch {
          return false;
        }
      });
    expect(modules.length).toBeGreaterThan(10);
    for (const file of modules) {
      const stripped = stripKeepNames(readFileSync(file, "utf8"));
      expect(stripped, file).not.toMatch(/(?<![\w$.])__name\(/);
      await expect(transform(stripped, { format: "esm", loader: "js" })).resolves.toBeTruthy();
    }
  });
});
