import type { I18n } from "@lingui/core";

/**
 * A product colour's name in the page's language. The shop's named colours (contract/colors.ts)
 * are UI words with a message each; any other colour an admin typed is shown as written.
 */
export function colorName(color: string, i18n: I18n): string {
  switch (color) {
    case "Black":
      return i18n._("Black");
    case "White":
      return i18n._("White");
    case "Navy":
      return i18n._("Navy");
    case "Maroon":
      return i18n._("Maroon");
    case "Olive":
      return i18n._("Olive");
    case "Grey":
      return i18n._("Grey");
    case "Sky Blue":
      return i18n._("Sky Blue");
    case "Mustard":
      return i18n._("Mustard");
    case "Red":
      return i18n._("Red");
    case "Blue":
      return i18n._("Blue");
    case "Green":
      return i18n._("Green");
    default:
      return color;
  }
}
