/**
 * Lingui in one language with the catalog's messages compiled from app/locales/<locale>.po, as the
 * build compiles them: for tests that render UI text without a build.
 */
import { readFileSync } from "node:fs";
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
