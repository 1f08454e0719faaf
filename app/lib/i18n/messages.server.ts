import { createHash } from "node:crypto";
import type { Messages } from "@lingui/core";
import { isLocale, type Locale } from "#contract/i18n";
// Compiled by @lingui/vite-plugin when the server build imports them; only the server holds both.
import { messages as bn } from "~/locales/bn.po";
import { messages as en } from "~/locales/en.po";
import { messages as adminBn } from "~/locales/admin/bn.po";
import { messages as adminEn } from "~/locales/admin/en.po";
import { provideCatalog } from "./i18n";

/**
 * English ids are the English texts, so an English message that is plain text (no placeholder,
 * plural or escape) says exactly its id: the page does without it (i18nFor answers a missing
 * message with its id). What stays are the messages Lingui must interpolate. This keeps English
 * pages from carrying every text of the catalogue (the API's messages included).
 */
function withoutPlainTexts(messages: Messages): Messages {
  return Object.fromEntries(
    Object.entries(messages).filter(
      ([id, compiled]) => JSON.stringify(compiled) !== JSON.stringify([id]),
    ),
  );
}

/** One language's catalogue as the browser fetches it: `/i18n/<locale>.<hash of the content>.json`. */
interface CatalogFile {
  url: string;
  json: string;
}

/** A catalogue's name: a language (the storefront's) or `admin-<language>` (the back office's). */
type CatalogName = Locale | `admin-${Locale}`;

function catalogFile(name: CatalogName, messages: Messages): CatalogFile {
  const json = JSON.stringify(messages);
  const hash = createHash("sha256").update(json).digest("hex").slice(0, 12);
  const url = `/i18n/${name}.${hash}.json`;
  provideCatalog(url, messages);
  return { url, json };
}

const FILES: Record<CatalogName, CatalogFile> = {
  en: catalogFile("en", withoutPlainTexts(en)),
  bn: catalogFile("bn", bn),
  // The back office's: its own texts over the storefront's (status words, the API's messages).
  // Only its screens fetch them, by name (no server-rendered page names them): docs/i18n.md, "The
  // back office in Bangla".
  "admin-en": catalogFile("admin-en", withoutPlainTexts({ ...en, ...adminEn })),
  "admin-bn": catalogFile("admin-bn", { ...bn, ...adminBn }),
};

/** The URL of one language's compiled UI messages, which the page names instead of carrying. */
export function catalogUrl(locale: Locale): string {
  return FILES[locale].url;
}

/**
 * The catalogue a `/i18n/<file>` request asks for: `current` when its hash is today's (cacheable for
 * good); a page from before a deploy asking for an older hash gets today's messages, not cached,
 * and so does the back office asking by name alone (`admin-bn.json`).
 */
export function catalogRequest(file: string): { json: string; current: boolean } | undefined {
  const match = /^(admin-)?([a-z]{2})(\.[0-9a-f]{12})?\.json$/.exec(file);
  const locale = match?.[2];
  // Only the back office's catalogues are asked for without a hash.
  if (!match || !isLocale(locale) || !(match[1] || match[3])) return undefined;
  const { url, json } = FILES[`${match[1] ?? ""}${locale}` as CatalogName];
  return { json, current: url === `/i18n/${file}` };
}
