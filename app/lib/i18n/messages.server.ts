import { createHash } from "node:crypto";
import type { Messages } from "@lingui/core";
import { isLocale, type Locale } from "#contract/i18n";
// Compiled by @lingui/vite-plugin when the server build imports them; only the server holds both.
import { messages as bn } from "~/locales/bn.po";
import { messages as en } from "~/locales/en.po";
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

function catalogFile(locale: Locale, messages: Messages): CatalogFile {
  const json = JSON.stringify(messages);
  const hash = createHash("sha256").update(json).digest("hex").slice(0, 12);
  const url = `/i18n/${locale}.${hash}.json`;
  provideCatalog(url, messages);
  return { url, json };
}

const FILES: Record<Locale, CatalogFile> = {
  en: catalogFile("en", withoutPlainTexts(en)),
  bn: catalogFile("bn", bn),
};

/** The URL of one language's compiled UI messages, which the page names instead of carrying. */
export function catalogUrl(locale: Locale): string {
  return FILES[locale].url;
}

/**
 * The catalogue a `/i18n/<file>` request asks for: `current` when its hash is today's (cacheable for
 * good); a page from before a deploy asking for an older hash gets today's messages, not cached.
 */
export function catalogRequest(file: string): { json: string; current: boolean } | undefined {
  const locale = /^([a-z]{2})\.[0-9a-f]{12}\.json$/.exec(file)?.[1];
  if (!isLocale(locale)) return undefined;
  const { url, json } = FILES[locale];
  return { json, current: url === `/i18n/${file}` };
}
