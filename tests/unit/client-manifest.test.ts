import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { clientChunkUrls } from "../../server/lib/client-manifest";

const DIALOG = "app/components/popup/campaign-popup-dialog.tsx";
const made: string[] = [];

function buildWith(manifest: unknown): string {
  const buildDir = mkdtempSync(path.join(os.tmpdir(), "tweest-manifest-"));
  made.push(buildDir);
  mkdirSync(path.join(buildDir, "client", ".vite"), { recursive: true });
  writeFileSync(path.join(buildDir, "client", ".vite", "manifest.json"), JSON.stringify(manifest));
  return buildDir;
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("clientChunkUrls", () => {
  it("lists a lazily imported module's chunk and everything it imports, once each", () => {
    const buildDir = buildWith({
      [DIALOG]: {
        file: "assets/dialog-a.js",
        isDynamicEntry: true,
        imports: ["_framework.js", "_icons.js"],
      },
      "_framework.js": { file: "assets/framework-b.js" },
      "_icons.js": { file: "assets/icons-c.js", imports: ["_framework.js"] },
    });
    expect(clientChunkUrls(buildDir, DIALOG)).toEqual([
      "/assets/dialog-a.js",
      "/assets/framework-b.js",
      "/assets/icons-c.js",
    ]);
  });

  it("finds the module under the merged chunk that carries its name", () => {
    // What vite.config.ts's experimentalMinChunkSize does to the popup dialog in a real build.
    const buildDir = buildWith({
      "_campaign-popup-dialog-X1.js": {
        file: "assets/campaign-popup-dialog-X1.js",
        name: "campaign-popup-dialog",
        isDynamicEntry: true,
        imports: ["_framework.js"],
      },
      "_campaign-popup-dialog-helpers.js": {
        file: "assets/campaign-popup-dialog-helpers.js",
        name: "campaign-popup-dialog",
      },
      "_framework.js": { file: "assets/framework-b.js" },
    });
    expect(clientChunkUrls(buildDir, DIALOG)).toEqual([
      "/assets/campaign-popup-dialog-X1.js",
      "/assets/framework-b.js",
    ]);
  });

  it("is empty without a build or without the module, so nothing is preloaded", () => {
    expect(clientChunkUrls(path.join(os.tmpdir(), "no-such-build"), DIALOG)).toEqual([]);
    const buildDir = buildWith({ "_framework.js": { file: "assets/framework-b.js" } });
    expect(clientChunkUrls(buildDir, DIALOG)).toEqual([]);
  });
});
