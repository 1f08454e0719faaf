/**
 * A courier's payout statement matched to parcels (docs/cod.md, "Payout statements"): uploaded as
 * CSV from any courier, or read through the courier's API where it has one (Steadfast's
 * `payments`). Each row is matched to a delivered COD parcel; the owner confirms and one settlement
 * covers the rows that match. Only zod, so the admin screen validates with the server's schemas.
 */
import { z } from "zod";
import { COURIER_IDS, COURIER_NAMES, type CourierId } from "../couriers.js";
import { formatBDT } from "../money.js";
import { SettlementAnswer } from "./courier-cash.js";

/** Largest statement file accepted (bytes): a month of a busy shop's parcels is far below it. */
export const MAX_STATEMENT_BYTES = 1024 * 1024;
/** Most rows one statement may hold (as many parcels as a settlement may cover). */
export const MAX_STATEMENT_ROWS = 500;

/** The multipart form's text fields beside the file (`statement`). */
export const StatementUploadFields = z.strictObject({
  courier: z.enum(COURIER_IDS, "Choose the courier whose statement this is"),
  /** The payout's reference; needed when the file has no payout column. */
  reference: z.string().trim().max(100).optional(),
  /** The day the payout arrived; needed when the file has no date column. */
  paidAt: z.union([z.literal(""), z.iso.date("Enter the payout's date")]).optional(),
});
export type StatementUploadFields = z.output<typeof StatementUploadFields>;

export const PayoutParams = z.object({
  courier: z.enum(COURIER_IDS),
  payoutId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "Invalid payout id"),
});
export const PayoutListParams = z.object({ courier: z.enum(COURIER_IDS) });

/**
 * How a row matched: `matched` (a delivered COD parcel of this courier, not settled, whose
 * collected amount is the row's, or not recorded and the row's amount fits it), `amount-differs`
 * (the parcel is found but its amount is not the row's), `unknown` (no such parcel with this
 * courier, or not a delivered COD parcel), `settled` (already in a settlement).
 */
export const STATEMENT_MATCHES = ["matched", "amount-differs", "unknown", "settled"] as const;
export type StatementMatch = (typeof STATEMENT_MATCHES)[number];

/**
 * Why a row matched as it did, as data: the back office words it in the staff member's language
 * and `statementNote` in English (the answer's `note`). Each kind carries the values its sentence
 * names besides the row's own (parcel, collected amount, order number).
 */
export const StatementReason = z.discriminatedUnion("kind", [
  /** No order of the shop's is named by the row's consignment id, tracking code or number. */
  z.object({ kind: z.literal("no-parcel") }),
  /** The parcel went with another courier. */
  z.object({ kind: z.literal("other-courier"), carrier: z.enum(COURIER_IDS) }),
  /** The order is not a delivered cash-on-delivery parcel; `status` is its order status. */
  z.object({ kind: z.literal("not-delivered-cod"), status: z.string() }),
  z.object({ kind: z.literal("already-settled") }),
  /** A row earlier in the statement names the same parcel. */
  z.object({ kind: z.literal("listed-twice"), firstLine: z.number() }),
  /** The collected amount the shop recorded is the row's. */
  z.object({ kind: z.literal("as-recorded") }),
  /** The shop recorded another amount. */
  z.object({ kind: z.literal("recorded-differs"), recorded: z.number() }),
  /** Nothing recorded; the row's amount will be (`partly`: the parcel was delivered in part). */
  z.object({ kind: z.literal("record-from-statement"), partly: z.boolean() }),
  /** Nothing recorded, and the row's amount is not what the parcel was sent to collect. */
  z.object({ kind: z.literal("sent-differs"), toCollect: z.number() }),
]);
export type StatementReason = z.output<typeof StatementReason>;
export type StatementReasonKind = StatementReason["kind"];

/** What a reason's sentence reads besides the reason: the row as the preview shows it. */
export interface StatementReasonRow {
  parcel: string;
  collected: number;
  orderNumber: string | null;
}

type ReasonOf<Kind extends StatementReasonKind> = Extract<StatementReason, { kind: Kind }>;

/** A reason's English sentence, one per kind (the type checker keeps the table complete). */
const ENGLISH_NOTES: {
  [Kind in StatementReasonKind]: (
    reason: ReasonOf<Kind>,
    row: StatementReasonRow,
    courier: CourierId,
  ) => string;
} = {
  "no-parcel": (_, row) => `No parcel of the shop's is ${row.parcel}`,
  "other-courier": (reason, row, courier) =>
    `${row.orderNumber} went with ${COURIER_NAMES[reason.carrier]}, not ${COURIER_NAMES[courier]}`,
  "not-delivered-cod": (reason, row) =>
    `${row.orderNumber} is not a delivered cash-on-delivery parcel (${reason.status})`,
  "already-settled": (_, row) => `${row.orderNumber} is already settled`,
  "listed-twice": (reason, row) =>
    `${row.orderNumber} is listed twice (line ${reason.firstLine} too)`,
  "as-recorded": (_, row) => `Collected ${formatBDT(row.collected)}, as recorded`,
  "recorded-differs": (reason, row) =>
    `The shop recorded ${formatBDT(reason.recorded)}; the statement says ${formatBDT(row.collected)}`,
  "record-from-statement": (reason, row) =>
    `No amount recorded: ${formatBDT(row.collected)} will be recorded from the statement${reason.partly ? " (delivered in part)" : ""}`,
  "sent-differs": (reason, row) =>
    `Sent to collect ${formatBDT(reason.toCollect)}; the statement says ${formatBDT(row.collected)}`,
};

/** The reason in an English sentence, for the answer's `note`. */
export function statementNote(
  reason: StatementReason,
  row: StatementReasonRow,
  courier: CourierId,
): string {
  const note = ENGLISH_NOTES[reason.kind] as (
    reason: StatementReason,
    row: StatementReasonRow,
    courier: CourierId,
  ) => string;
  return note(reason, row, courier);
}

export const StatementRowAnswer = z.object({
  /** The row's line in the file (the header is line 1), or its place in the courier's payout. */
  line: z.number(),
  /** What the row names the parcel by, as written (consignment id, tracking code or invoice). */
  parcel: z.string(),
  collected: z.number(),
  fee: z.number(),
  match: z.enum(STATEMENT_MATCHES),
  /** Why it matched as it did. */
  reason: StatementReason,
  /** The reason in an English sentence. */
  note: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** The parcel's collected amount as the shop recorded it (null: not recorded). */
  recorded: z.number().nullable(),
});
export type StatementRowAnswer = z.output<typeof StatementRowAnswer>;

export const StatementAnswer = z.object({
  _id: z.string(),
  courier: z.enum(COURIER_IDS),
  courierName: z.string(),
  /** `csv`: uploaded; `api`: read from the courier's payouts. */
  source: z.enum(["csv", "api"]),
  fileName: z.string().nullable(),
  reference: z.string(),
  paidAt: z.string(),
  rows: z.array(StatementRowAnswer),
  /** What confirming settles now: the matched rows. */
  toSettle: z.object({
    parcels: z.number(),
    collected: z.number(),
    fees: z.number(),
    amount: z.number(),
  }),
  counts: z.object({
    matched: z.number(),
    "amount-differs": z.number(),
    unknown: z.number(),
    settled: z.number(),
  }),
  /** Settlements written from this statement so far. */
  settlements: z.array(z.string()),
});
export type StatementAnswer = z.output<typeof StatementAnswer>;

export const ConfirmStatementBody = z.strictObject({
  note: z.string().trim().max(500).default(""),
});
export type ConfirmStatementInput = z.input<typeof ConfirmStatementBody>;

export const ConfirmedStatementAnswer = z.object({
  statement: StatementAnswer,
  settlement: SettlementAnswer,
});
export type ConfirmedStatementAnswer = z.output<typeof ConfirmedStatementAnswer>;

/** One payout as the courier lists it. */
export const PayoutAnswer = z.object({
  id: z.string(),
  amount: z.number(),
  status: z.string(),
  paidAt: z.string().nullable(),
  /** Whether the shop has written a settlement from it already. */
  settled: z.boolean(),
});
export type PayoutAnswer = z.output<typeof PayoutAnswer>;

export const PayoutListAnswer = z.object({
  courier: z.enum(COURIER_IDS),
  payouts: z.array(PayoutAnswer),
});
export type PayoutListAnswer = z.output<typeof PayoutListAnswer>;
