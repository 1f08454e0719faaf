import type { Response } from "express";

/**
 * CSV files the back office downloads, written for Excel in Bangladesh: UTF-8 with a byte-order
 * mark (without it Excel reads Bangla as mojibake), CRLF line ends, every cell quoted. A cell that
 * a spreadsheet would take for a formula (starting with = + - @, a tab or a carriage return) is
 * neutralised with a leading apostrophe, so a name typed as `=HYPERLINK(...)` at checkout stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '""';
  const text = typeof value === "string" && FORMULA_START.test(value) ? `'${value}` : String(value);
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvText(header: string[], rows: (string | number | boolean | null)[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** Sends `csv` as a download named `filename`, never cached (it holds customers' numbers). */
export function sendCsv(res: Response, filename: string, csv: string): void {
  res
    .status(200)
    .set({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    })
    .send(csv);
}
