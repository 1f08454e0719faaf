import type { Messages } from "@lingui/core";
import type { Locale } from "#contract/i18n";
// Compiled by @lingui/vite-plugin when the server build imports them; only the server holds both.
import { messages as bn } from "~/locales/bn.po";
import { messages as en } from "~/locales/en.po";

/**
 * English ids are the English texts, so an English message that is plain text (no placeholder,
 * plural or escape) says exactly its id: the page does without it (i18nFor answers a missing
 * message with its id). What stays are the messages Lingui must interpolate. This keeps English
 * pages from carrying every text of the catalogue (the API's messages included) in their HTML.
 */
function withoutPlainTexts(messages: Messages): Messages {
  return Object.fromEntries(
    Object.entries(messages).filter(
      ([id, compiled]) => JSON.stringify(compiled) !== JSON.stringify([id]),
    ),
  );
}

const CATALOGS: Record<Locale, Messages> = { en: withoutPlainTexts(en), bn };

/** The compiled UI messages of one language, sent to the page as loader data. */
export function messagesFor(locale: Locale): Messages {
  return CATALOGS[locale];
}
