import { createHash } from "node:crypto";
import type mongoose from "mongoose";
import { CourierStatement } from "../../models/courier-statement.model.js";
import { Order } from "../../models/order.model.js";
import { paymentSplit } from "#contract/advance-delivery-charge";
import { COURIER_NAMES, type CourierId } from "#contract/couriers";
import { formatBDT } from "#contract/money";
import type { SettlementAnswer } from "#contract/schemas/courier-cash";
import {
  statementNote,
  type PayoutListAnswer,
  type StatementAnswer,
  type StatementMatch,
  type StatementReason,
  type StatementRowAnswer,
  type StatementUploadFields,
} from "#contract/schemas/courier-statements";
import { startOfShopDay } from "#contract/dates";
import { CourierRefusal, getCourier, type CourierPayouts } from "../couriers/index.js";
import { courierState } from "./courier-settings.service.js";
import type { ActingAdmin } from "../lib/acting-admin.js";
import { badRequest, conflict, HttpError, notFound } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import { parcelCourier, recordSettlement, writeCollected } from "./courier-cash.service.js";
import { shipmentOf } from "./shipment-answer.js";
import { parseStatementCsv, type StatementRow } from "./statement-csv.js";

/**
 * Payout statements matched to parcels in one step (docs/cod.md, "Payout statements"): a courier's
 * statement (an uploaded CSV, or a payout read through the courier's API) is stored, its rows are
 * matched to delivered COD parcels, and confirming writes one settlement of the matched rows
 * (amount = collected - fees, deductions = fees) through recordSettlement, whose guarded claims
 * keep every parcel in at most one settlement. The same file or payout again is the same
 * statement; its settled rows show as settled, and confirming with nothing left is a 409.
 */

type StatementDoc = mongoose.HydratedDocument<
  mongoose.InferSchemaType<(typeof CourierStatement)["schema"]>
>;

/** The fields matching reads of an order. */
const MATCH_FIELDS = {
  orderNumber: 1,
  orderStatus: 1,
  paymentMethod: 1,
  totalDiscountedPrice: 1,
  advanceDeliveryCharge: 1,
  cashCollected: 1,
  cashSettlement: 1,
  shipment: 1,
  courier: 1,
} as const;

async function ordersNamedIn(courier: CourierId, rows: StatementRow[]) {
  const ids = [
    ...new Set(rows.flatMap((row) => [row.consignmentId, row.trackingNumber, row.orderNumber])),
  ].filter((id): id is string => Boolean(id));
  if (ids.length === 0) return [];
  return Order.find(
    {
      $or: [
        { "shipment.courier": courier, "shipment.consignmentId": { $in: ids } },
        { "shipment.courier": courier, "shipment.trackingNumber": { $in: ids } },
        // Pathao's parcels booked before shipments existed (matched to the courier below).
        { "courier.consignmentId": { $in: ids } },
        { orderNumber: { $in: ids } },
      ],
    },
    MATCH_FIELDS,
  ).lean();
}

type MatchedOrder = Awaited<ReturnType<typeof ordersNamedIn>>[number];

/** What a row names its parcel by, as the preview shows it. */
const parcelLabel = (row: StatementRow) =>
  row.consignmentId ?? row.trackingNumber ?? row.orderNumber ?? "";

/** The order a row names: by its consignment id, else its tracking code, else its order number. */
function findOrder(orders: MatchedOrder[], row: StatementRow): MatchedOrder | undefined {
  const byConsignment = (id: string) =>
    orders.find((order) => (order.shipment?.consignmentId ?? order.courier?.consignmentId) === id);
  const byTracking = (id: string) => orders.find((order) => order.shipment?.trackingNumber === id);
  const byNumber = (id: string) => orders.find((order) => order.orderNumber === id);
  const ids = [row.consignmentId, row.trackingNumber, row.orderNumber].filter((id): id is string =>
    Boolean(id),
  );
  for (const find of [byConsignment, byTracking, byNumber])
    for (const id of ids) {
      const found = find(id);
      if (found) return found;
    }
  return undefined;
}

/** How one row stands against its parcel now. */
function matchRow(
  courier: CourierId,
  row: StatementRow,
  order: MatchedOrder | undefined,
  seen: Map<string, number>,
): StatementRowAnswer {
  const [match, reason] = rowStanding(courier, row, order, seen);
  const parcel = parcelLabel(row);
  const orderNumber = order?.orderNumber ?? null;
  return {
    line: row.line,
    parcel,
    collected: row.collected,
    fee: row.fee,
    match,
    reason,
    note: statementNote(reason, { parcel, collected: row.collected, orderNumber }, courier),
    orderId: order ? String(order._id) : null,
    orderNumber,
    recorded: order?.cashCollected?.amount ?? null,
  };
}

/** A row's match and why. */
function rowStanding(
  courier: CourierId,
  row: StatementRow,
  order: MatchedOrder | undefined,
  seen: Map<string, number>,
): [StatementMatch, StatementReason] {
  if (!order) return ["unknown", { kind: "no-parcel" }];
  const carrier = parcelCourier(order);
  if (carrier !== courier) return ["unknown", { kind: "other-courier", carrier }];
  if (order.orderStatus !== "DELIVERED" || order.paymentMethod !== "COD")
    return ["unknown", { kind: "not-delivered-cod", status: order.orderStatus }];
  if (order.cashSettlement) return ["settled", { kind: "already-settled" }];
  const id = String(order._id);
  const earlier = seen.get(id);
  if (earlier !== undefined) return ["unknown", { kind: "listed-twice", firstLine: earlier }];
  seen.set(id, row.line);
  const recorded = order.cashCollected?.amount;
  if (recorded !== undefined && recorded !== null)
    return recorded === row.collected
      ? ["matched", { kind: "as-recorded" }]
      : ["amount-differs", { kind: "recorded-differs", recorded }];
  const toCollect = paymentSplit(order).collectOnDelivery;
  const shipment = shipmentOf(order);
  const partly = Boolean(shipment && getCourier(carrier).partlyDelivered?.(shipment.status));
  // Nothing recorded yet: the statement is the courier's word for what it collected, when it is
  // what the parcel was sent to collect (or, delivered in part, no more than that).
  if (row.collected === toCollect || (partly && row.collected <= toCollect))
    return ["matched", { kind: "record-from-statement", partly }];
  return ["amount-differs", { kind: "sent-differs", toCollect }];
}

async function matchRows(courier: CourierId, rows: StatementRow[]) {
  const orders = await ordersNamedIn(courier, rows);
  const seen = new Map<string, number>();
  return rows.map((row) => matchRow(courier, row, findOrder(orders, row), seen));
}

function toStatementAnswer(statement: StatementDoc, rows: StatementRowAnswer[]): StatementAnswer {
  const matched = rows.filter((row) => row.match === "matched");
  const collected = matched.reduce((sum, row) => sum + row.collected, 0);
  const fees = matched.reduce((sum, row) => sum + row.fee, 0);
  const count = (match: StatementMatch) => rows.filter((row) => row.match === match).length;
  const courier = statement.courier as CourierId;
  return {
    _id: String(statement._id),
    courier,
    courierName: COURIER_NAMES[courier],
    source: statement.source as StatementAnswer["source"],
    fileName: statement.fileName ?? null,
    reference: statement.reference,
    paidAt: statement.paidAt.toISOString(),
    rows,
    toSettle: { parcels: matched.length, collected, fees, amount: collected - fees },
    counts: {
      matched: matched.length,
      "amount-differs": count("amount-differs"),
      unknown: count("unknown"),
      settled: count("settled"),
    },
    settlements: statement.settlements.map(String),
  };
}

const storedRows = (statement: StatementDoc): StatementRow[] =>
  statement.rows.map((row) => ({
    line: row.line,
    consignmentId: row.consignmentId ?? undefined,
    trackingNumber: row.trackingNumber ?? undefined,
    orderNumber: row.orderNumber ?? undefined,
    collected: row.collected,
    fee: row.fee ?? 0,
  }));

/**
 * Stores a statement under its key (the same file or payout again finds the one stored, its
 * reference and date as given this time) and answers it matched.
 */
async function storeStatement(
  fields: {
    courier: CourierId;
    key: string;
    source: "csv" | "api";
    fileName: string | null;
    reference: string;
    paidAt: Date;
    rows: StatementRow[];
  },
  admin: ActingAdmin,
): Promise<StatementAnswer> {
  const { courier, key, ...rest } = fields;
  const save = () =>
    CourierStatement.findOneAndUpdate(
      { courier, key },
      { $set: rest, $setOnInsert: { uploadedBy: admin } },
      { upsert: true, new: true },
    );
  // Two uploads of one file at once: the loser of the unique index finds the winner's.
  const statement = await save().catch((error: unknown) => {
    if ((error as { code?: unknown })?.code === 11000) return save();
    throw error;
  });
  logger.info(
    { statement: String(statement._id), courier, key, rows: fields.rows.length, by: admin.email },
    "courier statement stored",
  );
  return toStatementAnswer(statement, await matchRows(courier, fields.rows));
}

/** The payout's reference and day: typed on the form, else the file's; one of them is needed. */
function payoutOf(upload: StatementUploadFields, file: { reference?: string; paidAt?: string }) {
  const reference = upload.reference || file.reference;
  const paidAt = upload.paidAt || file.paidAt;
  const missing = [
    reference ? undefined : { path: "reference", message: "Enter the payout's reference" },
    paidAt ? undefined : { path: "paidAt", message: "Enter the payout's date" },
  ].filter((error) => error !== undefined);
  if (missing.length > 0)
    throw badRequest(
      `The statement has no ${missing.map((error) => (error.path === "reference" ? "payout reference" : "payout date")).join(" or ")}: enter it beside the file`,
      missing,
    );
  return { reference: reference!, paidAt: startOfShopDay(paidAt!) };
}

export const STATEMENT_FILE_MISSING = 'Attach the statement (a CSV file) in the field "statement"';

/** An uploaded CSV statement: parsed (400 naming line and column), stored, and answered matched. */
export async function previewUploadedStatement(
  upload: StatementUploadFields,
  file: { buffer: Buffer; originalname: string } | undefined,
  admin: ActingAdmin,
): Promise<StatementAnswer> {
  if (!file)
    throw badRequest(STATEMENT_FILE_MISSING, [
      { path: "statement", message: STATEMENT_FILE_MISSING },
    ]);
  const parsed = parseStatementCsv(file.buffer);
  return storeStatement(
    {
      courier: upload.courier,
      key: `csv:${createHash("sha256").update(file.buffer).digest("hex")}`,
      source: "csv",
      fileName: file.originalname.slice(-200),
      ...payoutOf(upload, parsed),
      rows: parsed.rows,
    },
    admin,
  );
}

/** The courier's payouts API, or a 400 saying its statements are uploaded instead. */
async function payoutsOf(courier: CourierId): Promise<CourierPayouts> {
  const payouts = getCourier(courier).payouts;
  if (!payouts)
    throw badRequest(
      `${COURIER_NAMES[courier]}'s payouts cannot be read through its API: upload its statement as a CSV file`,
      [{ path: "courier", message: "No payouts API" }],
    );
  // A courier switched off for new bookings still owes what it collected: only its keys count.
  if (!(await courierState(getCourier(courier).settings)).configured)
    throw badRequest(getCourier(courier).notConfiguredMessage, [
      { path: "courier", message: getCourier(courier).notConfiguredMessage },
    ]);
  return payouts;
}

/** The courier's answer going wrong as the API's error: its 404 a 404, anything else a 502. */
function payoutError(courier: CourierId, error: unknown): HttpError {
  if (!(error instanceof CourierRefusal)) throw error;
  if (error.status === 404) return notFound("The courier knows no such payout");
  return new HttpError(
    502,
    `${COURIER_NAMES[courier]} did not give its payouts: ${error.message}`,
    "COURIER_ERROR",
  );
}

const payoutKey = (payoutId: string) => `payout:${payoutId}`;

/** The courier's payouts, newest as it lists them, each with whether the shop settled from it. */
export async function listPayouts(courier: CourierId): Promise<PayoutListAnswer> {
  const payouts = await (await payoutsOf(courier)).list().catch((error: unknown) => {
    throw payoutError(courier, error);
  });
  const settled = await CourierStatement.find(
    {
      courier,
      key: { $in: payouts.map((payout) => payoutKey(payout.id)) },
      "settlements.0": { $exists: true },
    },
    { key: 1 },
  ).lean();
  const settledKeys = new Set(settled.map((statement) => statement.key));
  return {
    courier,
    payouts: payouts.map((payout) => ({
      id: payout.id,
      amount: payout.amount,
      status: payout.status,
      paidAt: payout.paidAt?.toISOString() ?? null,
      settled: settledKeys.has(payoutKey(payout.id)),
    })),
  };
}

/** One of the courier's payouts read through its API, stored as a statement, answered matched. */
export async function previewPayout(
  courier: CourierId,
  payoutId: string,
  admin: ActingAdmin,
): Promise<StatementAnswer> {
  const payout = await (await payoutsOf(courier)).read(payoutId).catch((error: unknown) => {
    throw payoutError(courier, error);
  });
  return storeStatement(
    {
      courier,
      key: payoutKey(payout.id),
      source: "api",
      fileName: null,
      reference: `${COURIER_NAMES[courier]} payout ${payout.id}`.slice(0, 100),
      paidAt: payout.paidAt ?? new Date(),
      rows: payout.parcels.map((parcel, index) => ({ line: index + 1, ...parcel })),
    },
    admin,
  );
}

async function findStatement(id: string): Promise<StatementDoc> {
  const statement = await CourierStatement.findById(id);
  if (!statement) throw notFound("Statement not found");
  return statement;
}

export async function readStatement(id: string): Promise<StatementAnswer> {
  const statement = await findStatement(id);
  return toStatementAnswer(
    statement,
    await matchRows(statement.courier as CourierId, storedRows(statement)),
  );
}

/**
 * Settles the rows that match now: parcels with no amount recorded get the statement's (source
 * `statement`), then one settlement covers them all (amount = collected - fees, deductions = fees).
 * Rows settled already are skipped; with nothing left to settle the answer is 409, so the same
 * statement confirmed twice never settles a parcel twice (and two confirmations at once: one
 * settlement's claims win, the other's 409 writes nothing).
 */
export async function confirmStatement(
  id: string,
  note: string,
  admin: ActingAdmin,
): Promise<{ statement: StatementAnswer; settlement: SettlementAnswer }> {
  const statement = await findStatement(id);
  const courier = statement.courier as CourierId;
  const rows = await matchRows(courier, storedRows(statement));
  const matched = rows.filter((row) => row.match === "matched");
  if (matched.length === 0) {
    const { counts } = toStatementAnswer(statement, rows);
    throw conflict(
      `Nothing in this statement is left to settle: ${counts.settled} settled already, ${counts["amount-differs"]} differ in amount, ${counts.unknown} unknown`,
      "NOTHING_TO_SETTLE",
    );
  }
  const collected = matched.reduce((sum, row) => sum + row.collected, 0);
  const fees = matched.reduce((sum, row) => sum + row.fee, 0);
  if (fees > collected)
    throw badRequest(
      `The statement's fees (${formatBDT(fees)}) are more than the cash collected on its matched parcels (${formatBDT(collected)})`,
    );
  for (const row of matched.filter((entry) => entry.recorded === null))
    await writeCollected(
      {
        _id: row.orderId,
        orderStatus: "DELIVERED",
        paymentMethod: "COD",
        cashSettlement: null,
        cashCollected: null,
      },
      { amount: row.collected, at: new Date(), source: "statement", by: admin.email },
      admin,
    );
  const settlement = await recordSettlement(
    {
      orderIds: matched.map((row) => row.orderId!),
      amount: collected - fees,
      deductions: fees,
      reference: statement.reference,
      paidAt: statement.paidAt,
      note: note || `From ${statement.fileName ?? statement.reference}`,
    },
    admin,
    { statement: statement._id },
  );
  const updated = await CourierStatement.findOneAndUpdate(
    { _id: statement._id },
    { $push: { settlements: settlement._id } },
    { new: true },
  );
  logger.info(
    { statement: id, settlement: settlement._id, parcels: matched.length, by: admin.email },
    "courier statement settled",
  );
  return {
    statement: toStatementAnswer(
      updated ?? statement,
      await matchRows(courier, storedRows(statement)),
    ),
    settlement,
  };
}
