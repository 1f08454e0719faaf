import type { I18n } from "@lingui/core";
import { formatNumber, toLocale } from "#contract/i18n";
import { colorName } from "./color-names";

/**
 * The API's and the client's messages (errors, notices) in the page's language. The API answers in
 * English for everyone (its texts are the contract's, byte for byte); a Bangla page shows the
 * Bangla message with the same meaning. Every text the server or the client may show a shopper is
 * a Lingui message (the list: known-messages.ts), so only the page's language travels, as data.
 *
 * - a text naming a product, colour or size is matched by its English pattern (NAMED);
 * - any other text is looked up as it is, else with its numbers as `{0}`, `{1}`… (a count, or
 *   a count with its unit: "Please try again in {0}." for "… in 15 minutes."), the values put back
 *   in the page's words and digits;
 * - a text no message knows is shown as the server wrote it.
 */
export function shopperMessage(i18n: I18n, text: string): string {
  if (i18n.locale === "en" || !text) return text;
  for (const [pattern, id] of NAMED) {
    const match = pattern.exec(text);
    if (match?.groups) return i18n._(id, localizedValues(i18n, match.groups));
  }
  if (Object.hasOwn(i18n.messages, text)) return i18n._(text);
  const values: string[] = [];
  const template = text.replace(
    /(\d[\d,]*)(?: (second|minute|hour)s?\b)?/g,
    (_, digits: string, unit?: string) =>
      `{${values.push(unit ? duration(i18n, digits, unit) : bengaliNumber(i18n, digits)) - 1}}`,
  );
  if (!Object.hasOwn(i18n.messages, template)) return text;
  return i18n._(template, Object.fromEntries(values.entries()));
}

/** "15 minutes" as one value: the unit is the page's word, the count in its digits. */
function duration(i18n: I18n, digits: string, unit: string): string {
  const count = bengaliNumber(i18n, digits);
  if (unit === "second") return i18n._("{count} seconds", { count });
  if (unit === "hour") return i18n._("{count} hours", { count });
  return i18n._("{count} minutes", { count });
}

/** English patterns of the messages that name a colour, a size or a product (groups = values). */
const NAMED: readonly (readonly [RegExp, string])[] = [
  [/^Promo code (?<code>\S+) applied\.$/, "Promo code {code} applied."],
  [/^(?<color>.+) \/ (?<size>[^/]+) is out of stock$/, "{color} / {size} is out of stock"],
  [
    /^Only (?<count>\d+) left in (?<color>.+) \/ (?<size>[^/]+) \((?<inCart>\d+) already in your cart\)$/,
    "Only {count} left in {color} / {size} ({inCart} already in your cart)",
  ],
  [
    /^Only (?<count>\d+) left in (?<color>.+) \/ (?<size>[^/]+)$/,
    "Only {count} left in {color} / {size}",
  ],
  [
    /^(?<color>.+) \/ (?<size>[^/]+) is not available for this product$/,
    "{color} / {size} is not available for this product",
  ],
  [
    /^Only (?<count>\d+) left of (?<product>.+) \((?<color>[^,]+), (?<size>[^)]+)\)$/,
    "Only {count} left of {product} ({color}, {size})",
  ],
  [
    /^(?<product>.+) \((?<color>[^,]+), (?<size>[^)]+)\) is out of stock$/,
    "{product} ({color}, {size}) is out of stock",
  ],
];

function localizedValues(i18n: I18n, groups: Record<string, string | undefined>) {
  const values: Record<string, string> = {};
  for (const [name, value = ""] of Object.entries(groups))
    values[name] =
      name === "color"
        ? colorName(value, i18n)
        : /^\d+$/.test(value)
          ? bengaliNumber(i18n, value)
          : value;
  return values;
}

/** "1,500" → "১,৫০০" (lakh grouping, as formatNumber writes every count). */
function bengaliNumber(i18n: I18n, digits: string): string {
  return formatNumber(Number(digits.replaceAll(",", "")), toLocale(i18n.locale));
}
