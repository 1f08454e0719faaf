import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const ManifestChunk = z.object({
  file: z.string(),
  name: z.string().optional(),
  isDynamicEntry: z.boolean().optional(),
  imports: z.array(z.string()).optional(),
});
const Manifest = z.record(z.string(), ManifestChunk);

/**
 * The public URLs of the client chunk built from `source` (a path relative to the project, e.g.
 * "app/components/popup/campaign-popup-dialog.tsx") and of every chunk it imports, read from Vite's
 * build manifest (vite.config.ts `build.manifest`). A lazily imported module that the build merged
 * with other small modules is listed under the merged chunk, which carries the module's name (the
 * popup's browser test checks the preload is there). Empty when there is no build (dev server, tests
 * without a build): callers then simply do not preload.
 */
export function clientChunkUrls(buildDir: string, source: string): string[] {
  let manifest: z.infer<typeof Manifest>;
  try {
    const file = path.join(buildDir, "client", ".vite", "manifest.json");
    manifest = Manifest.parse(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return [];
  }
  const urls: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    urls.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const chunkName = path.parse(source).name;
  visit(
    source in manifest
      ? source
      : (Object.keys(manifest).find(
          (key) => manifest[key].isDynamicEntry && manifest[key].name === chunkName,
        ) ?? source),
  );
  return urls;
}

/**
 * The client build's stylesheets by public URL ("/assets/app-….css" → its text), read once at
 * start-up so a page can carry its stylesheet inline (app/components/layout/app-stylesheet.tsx).
 * Empty when there is no build (dev server): pages then link the stylesheet.
 */
export function clientStylesheets(buildDir: string): ReadonlyMap<string, string> {
  const assets = path.join(buildDir, "client", "assets");
  let names: string[];
  try {
    names = readdirSync(assets).filter((name) => name.endsWith(".css"));
  } catch {
    return new Map();
  }
  return new Map(
    names.map((name) => [`/assets/${name}`, readFileSync(path.join(assets, name), "utf8")]),
  );
}
