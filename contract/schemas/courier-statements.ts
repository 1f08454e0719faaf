/**
 * A courier's payout statement matched to parcels (docs/cod.md, "Payout statements"): uploaded as
 * CSV from any courier, or read through the courier's API where it has one (Steadfast's
 * `payments`). Each row is matched to a delivered COD parcel; the owner confirms and one settlement
 * covers the rows that match. Only zod, so the admin screen validates with the server's schemas.
 */
import { z } from "zod";
import { COURIER_IDS } from "../couriers.js";
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

export const StatementRowAnswer = z.object({
  /** The row's line in the file (the header is line 1), or its place in the courier's payout. */
  line: z.number(),
  /** What the row names the parcel by, as written (consignment id, tracking code or invoice). */
  parcel: z.string(),
  collected: z.number(),
  fee: z.number(),
  match: z.enum(STATEMENT_MATCHES),
  /** Why it matched as it did, in a sentence. */
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
