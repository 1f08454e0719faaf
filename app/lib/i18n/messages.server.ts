import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib } from "node:zlib";
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

const brotliFiles = new Map<CatalogName, Buffer>();

/**
 * The catalogue at brotli's best quality, made once per language: the Bangla one is on a first
 * Bangla page's critical path (hydration waits for it) and compression() would answer it at
 * quality 4 on every request (12.5 KB against 9.8 KB).
 */
function brotliOf(name: CatalogName): Buffer {
  let file = brotliFiles.get(name);
  if (!file) {
    file = brotliCompressSync(FILES[name].json, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      },
    });
    brotliFiles.set(name, file);
  }
  return file;
}

/**
 * The catalogue a `/i18n/<file>` request asks for: `current` when its hash is today's (cacheable for
 * good); a page from before a deploy asking for an older hash gets today's messages, not cached,
 * and so does the back office asking by name alone (`admin-bn.json`). `brotli()`: the same bytes
 * compressed at brotli's best quality.
 */
export function catalogRequest(
  file: string,
): { json: string; brotli: () => Buffer; current: boolean } | undefined {
  const match = /^(admin-)?([a-z]{2})(\.[0-9a-f]{12})?\.json$/.exec(file);
  const locale = match?.[2];
  // Only the back office's catalogues are asked for without a hash.
  if (!match || !isLocale(locale) || !(match[1] || match[3])) return undefined;
  const name = `${match[1] ?? ""}${locale}` as CatalogName;
  const { url, json } = FILES[name];
  return { json, brotli: () => brotliOf(name), current: url === `/i18n/${file}` };
}
