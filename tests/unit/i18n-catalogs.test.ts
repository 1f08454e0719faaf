/**
 * The storefront's UI catalogs (app/locales/*.po): both languages hold the same messages, every
 * Bangla message is translated, and every message the code asks for is in them. (The build fails
 * on an untranslated or broken Bangla message too: @lingui/vite-plugin's failOnMissing.)
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { formatter } from "@lingui/format-po";
import { describe, expect, it } from "vitest";

const po = formatter();
type Catalog = Record<string, { translation?: string }>;
const catalog = (locale: string) =>
  po.parse(readFileSync(`app/locales/${locale}.po`, "utf8"), {
    locale,
    sourceLocale: "en",
    filename: `${locale}.po`,
  }) as Catalog;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Message ids in the forms `lingui extract` reads: i18n._("…") and <Trans id="…">. */
function messageIdsInCode(): Map<string, string> {
  const ids = new Map<string, string>();
  for (const file of sourceFiles("app")) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/i18n\._\(\s*"((?:[^"\\]|\\.)*)"|<Trans\s+id="([^"]*)"/g))
      ids.set(JSON.parse(`"${match[1] ?? match[2]}"`) as string, file);
  }
  return ids;
}

describe("UI message catalogs", async () => {
  const english = await catalog("en");
  const bangla = await catalog("bn");

  it("hold the same message ids in English and Bangla", () => {
    expect(Object.keys(english).length).toBeGreaterThan(5);
    expect(Object.keys(bangla).sort()).toEqual(Object.keys(english).sort());
  });

  it("translate every Bangla message, keeping its {placeholders}", () => {
    for (const [id, message] of Object.entries(bangla)) {
      expect(message.translation, id).toBeTruthy();
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
      expect(placeholders(message.translation ?? ""), id).toEqual(placeholders(id));
      // Bangla text, not an English message copied over: an English message with words (the brand
      // and {placeholders} aside) has Bangla letters in its translation.
      const words = id.replace(/\{\w+\}|Tweest/g, "").match(/[A-Za-z]{3,}/);
      if (words) expect(message.translation, id).toMatch(/[\u0980-\u09FF]/);
    }
  });

  it("contain every message the storefront's code asks for", () => {
    const used = messageIdsInCode();
    expect(used.size).toBeGreaterThan(5);
    for (const [id, file] of used) expect(bangla[id], `${id} (${file})`).toBeDefined();
  });
});
