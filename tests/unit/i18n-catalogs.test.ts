/**
 * The storefront's UI catalogs (app/locales/*.po): both languages hold the same messages, every
 * Bangla message is translated, and every message the code asks for is in them. (The build fails
 * on an untranslated or broken Bangla message too: @lingui/vite-plugin's failOnMissing.)
 */
import { describe, expect, it } from "vitest";
import { isBackOfficeFile, messageIdsIn, poCatalog, sourceFiles } from "../setup/ui-i18n";

const catalog = (locale: "en" | "bn") => poCatalog(`app/locales/${locale}.po`, locale);

/** The storefront's ids: the back office's files have their own catalogue (admin-i18n-catalogs.test.ts). */
const messageIdsInCode = () =>
  messageIdsIn(sourceFiles("app").filter((file) => !isBackOfficeFile(file)));

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
