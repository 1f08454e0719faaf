import type { Messages } from "@lingui/core";
import type { Locale } from "#contract/i18n";
// Compiled by @lingui/vite-plugin when the server build imports them; only the server holds both.
import { messages as bn } from "~/locales/bn.po";
import { messages as en } from "~/locales/en.po";

const CATALOGS: Record<Locale, Messages> = { en, bn };

/** The compiled UI messages of one language, sent to the page as loader data. */
export function messagesFor(locale: Locale): Messages {
  return CATALOGS[locale];
}
