/**
 * Lingui in one language with the catalog's messages compiled from app/locales/<locale>.po, as the
 * build compiles them: for tests that render UI text without a build.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { formatter } from "@lingui/format-po";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Locale } from "#contract/i18n";

export async function catalogI18n(locale: Locale): Promise<I18n> {
  const catalog = (await formatter().parse(readFileSync(`app/locales/${locale}.po`, "utf8"), {
    locale,
    sourceLocale: "en",
    filename: `${locale}.po`,
  })) as Record<string, { translation?: string }>;
  const messages: Messages = {};
  for (const [id, { translation }] of Object.entries(catalog))
    messages[id] = compileMessage(translation || id);
  return setupI18n({ locale, messages: { [locale]: messages } });
}

export type PoCatalog = Record<string, { translation?: string }>;

/** A PO catalogue as Lingui reads it: `app/locales/bn.po`, `app/locales/admin/bn.po`. */
export async function poCatalog(file: string, locale: Locale): Promise<PoCatalog> {
  return (await formatter().parse(readFileSync(file, "utf8"), {
    locale,
    sourceLocale: "en",
    filename: path.basename(file),
  })) as PoCatalog;
}

/** The back office's source folders: their texts are the back-office catalogue's (lingui.config.ts). */
export const BACK_OFFICE_DIRS = ["app/routes/admin", "app/components/admin"];

export const isBackOfficeFile = (file: string) =>
  BACK_OFFICE_DIRS.some((dir) => file.startsWith(`${dir}/`));

/** The .ts/.tsx files under `dir`. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Message ids in the forms `lingui extract` reads (i18n._("…"), <Trans id="…">), with a file each. */
export function messageIdsIn(files: readonly string[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/i18n\._\(\s*"((?:[^"\\]|\\.)*)"|<Trans\s+id="([^"]*)"/g))
      ids.set(JSON.parse(`"${match[1] ?? match[2]}"`) as string, file);
  }
  return ids;
}
