import type { I18n } from "@lingui/core";

/**
 * A size guide's column (a garment measurement) in the page's language. The measurements shops
 * use are UI words with a message each; any other column an admin typed is shown as written.
 */
export function measurementName(column: string, i18n: I18n): string {
  switch (column.trim().toLowerCase()) {
    case "chest":
      return i18n._("Chest");
    case "length":
      return i18n._("Length");
    case "sleeve":
      return i18n._("Sleeve");
    case "shoulder":
      return i18n._("Shoulder");
    case "waist":
      return i18n._("Waist");
    case "hip":
      return i18n._("Hip");
    case "neck":
      return i18n._("Neck");
    case "inseam":
      return i18n._("Inseam");
    default:
      return column;
  }
}
