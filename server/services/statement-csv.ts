import { CsvError, parse } from "csv-parse/sync";
import { toAsciiDigits } from "#contract/i18n/digits";
import { MAX_STATEMENT_ROWS } from "#contract/schemas/courier-statements";
import { badRequest } from "../lib/http-error.js";

/**
 * A courier's payout statement as CSV (docs/cod.md, "Payout statements"): whichever courier wrote
 * it, its columns are recognised by their header (case, spaces and `_` ignored), the parcel by its
 * consignment id, tracking code or invoice (our order number), the cash by the collected amount,
 * the courier's charges by a fee column (or the sum of its delivery and COD charges), the payout
 * by its reference and date when the file has them. Anything it cannot read is a 400 naming the
 * line and the column; nothing is guessed.
 */

/** One parcel of a statement as read from a file or from a courier's payout. */
export interface StatementRow {
  /** The line in the file (the header is line 1). */
  line: number;
  consignmentId?: string;
  trackingNumber?: string;
  orderNumber?: string;
  collected: number;
  fee: number;
}

export interface ParsedStatement {
  rows: StatementRow[];
  /** The payout's reference and day when the file carries them (one payout per file). */
  reference?: string;
  paidAt?: string;
}

/** Header names (normalised: lower case, words split by one space) of each column we read. */
const COLUMNS = {
  consignmentId: ["consignment id", "consignment", "consignment no", "cid"],
  trackingNumber: ["tracking code", "tracking id", "tracking number", "tracking no", "tracking"],
  orderNumber: [
    "invoice",
    "invoice no",
    "merchant invoice id",
    "merchant order id",
    "order id",
    "order number",
    "order no",
  ],
  collected: [
    "collected amount",
    "collected",
    "amount collected",
    "cod amount",
    "cash collection",
    "cash collection amount",
    "collected cash",
  ],
  /** One column with every charge the courier kept. */
  fee: ["fee", "fees", "charge", "charges", "total charge", "total fee", "total charges"],
  /** Used (summed) when there is no single fee column. */
  feeParts: ["delivery charge", "delivery fee", "cod charge", "cod fee", "return charge"],
  reference: [
    "payout id",
    "payout reference",
    "payout",
    "payment id",
    "payment reference",
    "reference",
  ],
  paidAt: ["payout date", "payment date", "paid at", "paid on", "paid date"],
} as const;

type Column = keyof typeof COLUMNS;

const normalHeader = (header: string) =>
  header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

function badStatement(message: string): never {
  throw badRequest(message, [{ path: "statement", message }]);
}

/** "৳1,060", "1060.00", "১০৬০", "Tk 60" as whole taka; undefined when it is not an amount. */
function amountOf(cell: string): number | undefined {
  const text = toAsciiDigits(cell)
    .replace(/৳|\btk\.?|\bbdt\b/gi, "")
    .replace(/[,\s]/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return undefined;
  return Math.round(Number(text));
}

/** `2026-11-24`, `24/11/2026` or `24-11-2026` (a time after it is ignored) as yyyy-MM-dd. */
function dayOf(cell: string): string | undefined {
  const text = toAsciiDigits(cell).trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
  const local = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?:[T ].*)?$/.exec(text);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : local
      ? [local[3], local[2].padStart(2, "0"), local[1].padStart(2, "0")]
      : [];
  if (!year) return undefined;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${year}-${month}-${day}`)
    return undefined;
  return `${year}-${month}-${day}`;
}

function records(text: string): { record: string[]; line: number }[] {
  try {
    return (
      parse(text, {
        bom: true,
        delimiter: [",", ";", "\t"],
        info: true,
        relax_column_count: true,
        skip_empty_lines: true,
        skip_records_with_empty_values: true,
        trim: true,
        max_record_size: 64 * 1024,
        // The header, the rows allowed, and one more to tell a file that holds too many.
        to: MAX_STATEMENT_ROWS + 2,
      }) as unknown as { record: string[]; info: { lines: number } }[]
    ).map(({ record, info }) => ({ record, line: info.lines }));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines;
    return badStatement(
      `The statement is not valid CSV${line ? ` at line ${line}` : ""}: ${error.message.replace(/^Invalid [^:]*: /, "")}`,
    );
  }
}

/** The one value of a payout column across rows; two different ones are two payouts in one file. */
function single(values: string[], header: string, what: string): string | undefined {
  const distinct = [...new Set(values.filter(Boolean))];
  if (distinct.length > 1)
    badStatement(
      `The statement holds more than one ${what} (${distinct.slice(0, 3).join(", ")} in column "${header}"): upload one payout at a time`,
    );
  return distinct[0];
}

export function parseStatementCsv(file: Buffer): ParsedStatement {
  if (file.includes(0)) badStatement("The statement is not a CSV text file");
  const text = file.toString("utf8");
  if (text.includes("\uFFFD"))
    badStatement("The statement is not UTF-8 text: save it from the spreadsheet as CSV UTF-8");
  const all = records(text);
  if (all.length === 0) badStatement("The statement is empty");
  const [header, ...body] = all;
  if (body.length === 0) badStatement("The statement has a header and no parcels");
  if (body.length > MAX_STATEMENT_ROWS)
    badStatement(
      `The statement has more than ${MAX_STATEMENT_ROWS} parcels: split it into files of at most ${MAX_STATEMENT_ROWS}`,
    );

  const headers = header.record;
  const named = headers.map(normalHeader);
  const indexOf = (column: Column) =>
    named.findIndex((name) => (COLUMNS[column] as readonly string[]).includes(name));
  const feePartIndexes = named.flatMap((name, index) =>
    (COLUMNS.feeParts as readonly string[]).includes(name) ? [index] : [],
  );
  const at = {
    consignmentId: indexOf("consignmentId"),
    trackingNumber: indexOf("trackingNumber"),
    orderNumber: indexOf("orderNumber"),
    collected: indexOf("collected"),
    fee: indexOf("fee"),
    reference: indexOf("reference"),
    paidAt: indexOf("paidAt"),
  };
  if (at.consignmentId < 0 && at.trackingNumber < 0 && at.orderNumber < 0)
    badStatement(
      "The statement has no column naming the parcel: one of consignment_id, tracking_code or invoice (the order number)",
    );
  if (at.collected < 0)
    badStatement(
      "The statement has no column of the cash collected: collected_amount or cod_amount",
    );
  const feeIndexes = at.fee >= 0 ? [at.fee] : feePartIndexes;

  const cell = (record: string[], index: number) => (index >= 0 ? (record[index] ?? "") : "");
  const amountAt = (row: { record: string[]; line: number }, index: number, required: boolean) => {
    const value = cell(row.record, index);
    if (value === "" && !required) return 0;
    const amount = amountOf(value);
    if (amount === undefined)
      badStatement(
        value === ""
          ? `Line ${row.line}, column "${headers[index]}": no amount`
          : `Line ${row.line}, column "${headers[index]}": "${value.slice(0, 40)}" is not an amount in taka`,
      );
    return amount;
  };

  const rows = body.map((row): StatementRow => {
    const ids = {
      consignmentId: cell(row.record, at.consignmentId) || undefined,
      trackingNumber: cell(row.record, at.trackingNumber) || undefined,
      orderNumber: cell(row.record, at.orderNumber) || undefined,
    };
    if (!ids.consignmentId && !ids.trackingNumber && !ids.orderNumber)
      badStatement(
        `Line ${row.line}: no consignment id, tracking code or invoice names the parcel`,
      );
    return {
      line: row.line,
      ...ids,
      collected: amountAt(row, at.collected, true),
      fee: feeIndexes.reduce((sum, index) => sum + amountAt(row, index, false), 0),
    };
  });

  const reference =
    at.reference >= 0
      ? single(
          body.map((row) => cell(row.record, at.reference)),
          headers[at.reference],
          "payout reference",
        )
      : undefined;
  let paidAt: string | undefined;
  if (at.paidAt >= 0) {
    const days = body.map((row) => {
      const value = cell(row.record, at.paidAt);
      const day = value === "" ? "" : dayOf(value);
      if (day === undefined)
        badStatement(
          `Line ${row.line}, column "${headers[at.paidAt]}": "${value.slice(0, 40)}" is not a date (yyyy-mm-dd or dd/mm/yyyy)`,
        );
      return day;
    });
    paidAt = single(days, headers[at.paidAt], "payout date");
  }
  return { rows, reference: reference?.slice(0, 100), paidAt };
}
