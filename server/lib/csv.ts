import type { Response } from "express";

/**
 * Writing CSV for spreadsheets (Excel, Google Sheets, LibreOffice): UTF-8 with a byte-order mark so
 * Excel reads Bangla as Bangla, CRLF line ends, and every text cell that a spreadsheet would take
 * for a formula (starting with = + - @, a tab or a carriage return) prefixed with ' so it is shown
 * as text and never run (docs/security.md, CSV export).
 */

/** Excel decodes a file as UTF-8 only when it starts with this mark. */
export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | null | undefined;

/** One cell: a number as it is, a text neutralised when formula-looking, quoted when it must be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, with its CRLF. */
export function csvLine(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** A whole small file: the mark, the header line and one line per row. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + [header, ...rows].map(csvLine).join("");
}

/**
 * Starts a CSV download named `filename`: never cached, since the back office's exports hold
 * customers' names and numbers.
 */
export function startCsvDownload(res: Response, filename: string): void {
  res.status(200).set({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "no-store",
  });
}
