/**
 * The back office's catalogue (app/locales/admin/*.po, docs/i18n.md "The back office in Bangla"):
 * both languages hold the same messages, every Bangla message is translated, every message the
 * back office's code asks for is in them, and none of them went into the storefront's catalogue
 * (which every shopper's page loads), and no back-office screen shows English text of its own (a
 * new screen is checked as soon as it exists).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BACK_OFFICE_DIRS,
  isBackOfficeFile,
  messageIdsIn,
  poCatalog,
  sourceFiles,
} from "../setup/ui-i18n";

const backOfficeFiles = BACK_OFFICE_DIRS.flatMap(sourceFiles);
/** Every back-office screen and component: all of them are translated, a new one included. */
const backOfficeScreens = backOfficeFiles.filter((file) => file.endsWith(".tsx"));
const storefrontFiles = sourceFiles("app").filter((file) => !isBackOfficeFile(file));

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

/**
 * English a translated file still shows: a JSX text with a word in it, or a word in an attribute a
 * person reads (label, placeholder, title, aria-label, description).
 */
function englishLeftIn(file: string): string[] {
  const source = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const texts = [...source.matchAll(/(?<![=-])>\s*([^<>{}]*[A-Za-z]?[a-z]{2,}[^<>{}]*?)\s*</g)]
    .map((match) => match[1])
    .filter((text) => !/[=;()&|"]|=>|\bextends\b/.test(text));
  const attributes = [
    ...source.matchAll(
      /\b(?:label|placeholder|title|aria-label|description)="([^"]*[A-Za-z]?[a-z]{2,}[^"]*)"/g,
    ),
  ]
    .map((match) => match[1])
    .filter((value) => !/^https?:/.test(value));
  return [...texts, ...attributes];
}

describe("the back office's UI catalogue", async () => {
  const english = await poCatalog("app/locales/admin/en.po", "en");
  const bangla = await poCatalog("app/locales/admin/bn.po", "bn");
  const used = messageIdsIn(backOfficeFiles);

  it("holds the same message ids in English and Bangla, each Bangla one translated", () => {
    expect(Object.keys(english).length).toBeGreaterThan(30);
    expect(Object.keys(bangla).sort()).toEqual(Object.keys(english).sort());
    for (const [id, message] of Object.entries(bangla)) {
      expect(message.translation, id).toBeTruthy();
      expect(placeholders(message.translation ?? ""), id).toEqual(placeholders(id));
      if (/[A-Za-z]{3,}/.test(id.replace(/\{\w+\}|Tweest|COD|SKU|SMS|CSV|OTP/g, "")))
        expect(message.translation, id).toMatch(/[\u0980-\u09FF]/);
    }
  });

  it("contains every message the back office's code asks for", () => {
    expect(used.size).toBeGreaterThan(30);
    for (const [id, file] of used) {
      expect(english[id], `${id} (${file})`).toBeDefined();
      expect(bangla[id], `${id} (${file})`).toBeDefined();
    }
  });

  it("leaves the storefront's catalogue without the back office's texts", async () => {
    const storefrontIds = messageIdsIn(storefrontFiles);
    const knownToStorefront = new Set(Object.keys(await poCatalog("app/locales/en.po", "en")));
    const onlyBackOffice = [...used.keys()].filter((id) => !storefrontIds.has(id));
    expect(onlyBackOffice.length).toBeGreaterThan(30);
    // A text both use ("Cancel") is in both catalogues; one only the back office uses is not.
    expect(onlyBackOffice.filter((id) => knownToStorefront.has(id))).toEqual([]);
  });

  it("shows no English text in any back-office screen", () => {
    expect(backOfficeScreens.length).toBeGreaterThan(60);
    for (const file of backOfficeScreens) expect(englishLeftIn(file), file).toEqual([]);
  });
});
