import type { ActingAdmin } from "../lib/acting-admin.js";
import type mongoose from "mongoose";
import { CourierSettlement } from "../../models/courier-settlement.model.js";
import { Order } from "../../models/order.model.js";
import { badRequest, conflict, notFound } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import { orderLogFields } from "../lib/log-fields.js";
import { pageSummary, pageWindow, type PageRequest } from "../lib/paging.js";
import { paymentSplit } from "#contract/advance-delivery-charge";
import { COURIER_IDS, COURIER_NAMES, type CourierId } from "#contract/couriers";
import { formatBDT } from "#contract/money";
import type {
  CourierCashAnswer,
  OwedParcelAnswer,
  SettlementAnswer,
  SettlementBody,
  SettlementPageAnswer,
} from "#contract/schemas/courier-cash";
import { getCourier } from "../couriers/index.js";
import { shipmentOf } from "./shipment-answer.js";
import { recordAudit, type AuditBy } from "./audit.service.js";

/**
 * Courier cash (docs/cod.md): the cash the courier collected on delivered COD parcels, what it
 * still owes the shop, and settlements. Every write is one guarded update, so a parcel's amount
 * cannot change once it is settled and a parcel is never in two settlements.
 */

const NOT_A_COD_PARCEL = "Only a delivered cash-on-delivery parcel has cash for the courier to pay";

/** A delivered COD parcel whose cash the courier has not paid yet. */
const UNSETTLED = { orderStatus: "DELIVERED", paymentMethod: "COD", cashSettlement: null };

const settledAlready = (orderNumber: string) =>
  conflict(
    `${orderNumber} is already settled; its collected amount cannot change`,
    "ALREADY_SETTLED",
  );

/** A courier's reported amount: whole taka, or undefined when it is not a usable number. */
export function courierAmount(value: unknown): number | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const amount = Number(value);
  if (!Number.isFinite(amount) || amount < 0 || amount > 10_000_000) return undefined;
  return Math.round(amount);
}

/**
 * The courier that carried a parcel and owes its cash: its shipment's (Pathao for a parcel of the
 * older `courier` record); a parcel shipped without either ("Mark shipped") went with some other
 * courier or the shop's rider, which is what `manual` stands for.
 */
export function parcelCourier(order: Parameters<typeof shipmentOf>[0]): CourierId {
  return shipmentOf(order)?.courier ?? "manual";
}

/** A settlement's stored courier as an id: those written before couriers had ids say "Pathao". */
function settlementCourier(stored: string | null | undefined): CourierId {
  return COURIER_IDS.find((id) => id === stored) ?? "pathao";
}

/**
 * The courier's delivered event says what it collected. Stored when the parcel is a delivered,
 * unsettled COD parcel and no admin has typed an amount (an admin's entry is a correction the
 * courier's resent events must not undo); a later courier event corrects the courier's own amount.
 * `by` names the courier (`courier:Steadfast`).
 */
export async function recordCourierCollection(
  orderId: string,
  reported: unknown,
  by: string,
): Promise<boolean> {
  const amount = courierAmount(reported);
  if (amount === undefined) {
    if (reported !== undefined && reported !== null)
      logger.warn({ orderId, reported }, "courier's collected amount is not a number; ignored");
    return false;
  }
  return writeCollected(
    {
      _id: orderId,
      ...UNSETTLED,
      $or: [{ cashCollected: null }, { "cashCollected.source": "courier" }],
    },
    { amount, at: new Date(), source: "courier", by },
    by,
  );
}

interface ParcelAsRead {
  _id: mongoose.Types.ObjectId;
  orderNumber: string;
  cashCollected?: { amount?: number | null; at?: Date | null; source?: string | null } | null;
}

type CashCollected = {
  amount: number;
  at: Date;
  source: "courier" | "admin" | "statement";
  by: string;
};

/**
 * Every write of a parcel's collected cash (the courier's event, an admin's entry, a statement's
 * row) and its audit entry (docs/audit.md). The write is guarded by `filter` and by the amount it
 * read, so the entry's before is exactly what the write replaced, never a stale read; a write
 * landing in between makes it read again (at most 3 times, like an order's status move). False
 * when the guard misses: nothing written, nothing recorded.
 */
export async function writeCollected(
  filter: mongoose.RootFilterQuery<InstanceType<typeof Order>>,
  cashCollected: CashCollected,
  by: AuditBy,
  /** The parcel as the caller just read it (matching `filter`), which saves the first read. */
  read?: ParcelAsRead,
): Promise<boolean> {
  let known = read;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const current =
      known ?? (await Order.findOne(filter, { orderNumber: 1, cashCollected: 1 }).lean());
    known = undefined;
    if (!current) return false;
    const was = current.cashCollected;
    const asRead = was
      ? { "cashCollected.amount": was.amount, "cashCollected.at": was.at }
      : { cashCollected: null };
    const result = await Order.updateOne(
      { $and: [filter, { _id: current._id, ...asRead }] },
      { $set: { cashCollected } },
    );
    if (result.matchedCount !== 1) continue;
    await recordAudit({
      entity: "order",
      entityId: String(current._id),
      action: "update",
      by,
      label: current.orderNumber,
      before: { cashCollected: { amount: was?.amount ?? null, source: was?.source ?? null } },
      after: { cashCollected: { amount: cashCollected.amount, source: cashCollected.source } },
    });
    return true;
  }
  return false;
}

/**
 * An admin records (or corrects) what the courier collected on one parcel: one read (the parcel as
 * the screen shows it, and what the checks need), one guarded update, and the answer built from the
 * two.
 */
export async function recordCollectedByAdmin(
  orderId: string,
  collected: number,
  admin: ActingAdmin,
): Promise<OwedParcelAnswer> {
  const order = await Order.findById(orderId, {
    ...OWED_PARCEL_FIELDS,
    orderStatus: 1,
    cashSettlement: 1,
  }).lean();
  if (!order) throw notFound("Order not found");
  if (order.orderStatus !== "DELIVERED" || order.paymentMethod !== "COD")
    throw conflict(NOT_A_COD_PARCEL, "NOT_A_COD_PARCEL");
  if (order.cashSettlement) throw settledAlready(order.orderNumber);
  if (collected > order.totalDiscountedPrice)
    throw badRequest(
      `The courier cannot have collected more than the order's total (${formatBDT(order.totalDiscountedPrice)})`,
      [{ path: "collected", message: "More than the order's total" }],
    );
  const cashCollected: CashCollected = {
    amount: collected,
    at: new Date(),
    source: "admin",
    by: admin.email,
  };
  // DELIVERED is final and the payment method never changes: only a settlement that took the
  // parcel between the read and this write makes it miss.
  if (!(await writeCollected({ _id: order._id, ...UNSETTLED }, cashCollected, admin, order)))
    throw settledAlready(order.orderNumber);
  logger.info(
    { ...orderLogFields(order), collected, by: admin.email },
    "courier's collected cash recorded",
  );
  return toOwedParcel({ ...order, cashCollected });
}

/** What the courier cash screen shows of a parcel. */
const OWED_PARCEL_FIELDS = {
  orderNumber: 1,
  shippingAddress: 1,
  totalDiscountedPrice: 1,
  cashCollected: 1,
  courier: 1,
  shipment: 1,
  statusHistory: 1,
  advanceDeliveryCharge: 1,
  paymentMethod: 1,
  createdAt: 1,
} as const;

type OrderLean = Awaited<ReturnType<typeof unsettledParcels>>[number];

function unsettledParcels() {
  return Order.find(UNSETTLED, OWED_PARCEL_FIELDS).sort({ createdAt: 1, _id: 1 }).lean();
}

function toOwedParcel(order: OrderLean): OwedParcelAnswer {
  const delivered = [...(order.statusHistory ?? [])]
    .reverse()
    .find((entry) => entry.status === "DELIVERED");
  const source = order.cashCollected?.source;
  const shipment = shipmentOf(order);
  const courier = parcelCourier(order);
  return {
    _id: String(order._id),
    orderNumber: order.orderNumber,
    courier,
    courierName: shipment?.courierName ?? COURIER_NAMES[courier],
    partial: Boolean(shipment && getCourier(courier).partlyDelivered?.(shipment.status)),
    customer: `${order.shippingAddress.firstName} ${order.shippingAddress.lastName ?? ""}`.trim(),
    mobile: order.shippingAddress.mobile,
    // What the courier was asked to collect: the total less an advance paid online.
    toCollect: paymentSplit(order).collectOnDelivery,
    collected: order.cashCollected?.amount ?? null,
    collectedSource: COLLECTED_SOURCES.find((known) => known === source) ?? null,
    consignmentId: order.shipment?.consignmentId ?? order.courier?.consignmentId ?? null,
    deliveredAt: delivered?.at ? delivered.at.toISOString() : null,
  };
}

const COLLECTED_SOURCES = ["courier", "admin", "statement"] as const;

function owedTotals(parcels: OwedParcelAnswer[]) {
  const recorded = parcels.filter((parcel) => parcel.collected !== null);
  return {
    owed: recorded.reduce((sum, parcel) => sum + parcel.collected!, 0),
    parcels: recorded.length,
    unrecorded: parcels.length - recorded.length,
  };
}

/**
 * Every delivered COD parcel not yet settled (one courier's with `courier`), oldest first, their
 * totals, and the totals of every courier that owes something.
 */
export async function courierCash(
  filter: { courier?: CourierId } = {},
): Promise<CourierCashAnswer> {
  const every = (await unsettledParcels()).map(toOwedParcel);
  const parcels = filter.courier
    ? every.filter((parcel) => parcel.courier === filter.courier)
    : every;
  const couriers = COURIER_IDS.map((courier) => ({
    courier,
    name: COURIER_NAMES[courier],
    ...owedTotals(every.filter((parcel) => parcel.courier === courier)),
  })).filter((totals) => totals.parcels + totals.unrecorded > 0);
  return { parcels, totals: owedTotals(parcels), couriers };
}

// ---------------------------------------------------------------------------------------------
// Settlements

type SettlementDoc = mongoose.HydratedDocument<
  mongoose.InferSchemaType<(typeof CourierSettlement)["schema"]>
>;

function toSettlementAnswer(settlement: SettlementDoc): SettlementAnswer {
  const courier = settlementCourier(settlement.courier);
  return {
    _id: String(settlement._id),
    courier,
    courierName: COURIER_NAMES[courier],
    statement: settlement.statement ? String(settlement.statement) : null,
    amount: settlement.amount,
    deductions: settlement.deductions ?? 0,
    collectedTotal: settlement.collectedTotal,
    reference: settlement.reference,
    paidAt: settlement.paidAt.toISOString(),
    note: settlement.note ?? "",
    parcels: settlement.parcels.map((parcel) => ({
      order: String(parcel.order),
      orderNumber: parcel.orderNumber,
      collected: parcel.collected,
    })),
    recordedBy: {
      id: settlement.recordedBy.id ?? "",
      email: settlement.recordedBy.email ?? "",
      name: settlement.recordedBy.name ?? "",
    },
    createdAt: (settlement.get("createdAt") as Date).toISOString(),
  };
}

const ALREADY_SETTLED = (orderNumber: string) =>
  conflict(`${orderNumber} is already in another settlement`, "ALREADY_SETTLED");

/**
 * Records a payout covering chosen parcels. The parcels must be delivered, unsettled COD parcels
 * with a collected amount, and `amount + deductions` must equal their collected total to the taka
 * (else 400, nothing written). The settlement is written first (`recording`), then each parcel is
 * claimed by a guarded update (still unsettled, amount unchanged), in id order, so of two
 * settlements reaching for the same parcel exactly one gets it; the other undoes its claims,
 * deletes itself and answers 409.
 */
export async function recordSettlement(
  body: SettlementBody,
  admin: ActingAdmin,
  from: { statement?: mongoose.Types.ObjectId } = {},
): Promise<SettlementAnswer> {
  const ids = [...body.orderIds].sort();
  const orders = await Order.find({ _id: { $in: ids } }).lean();
  const byId = new Map(orders.map((order) => [String(order._id), order]));
  const parcels = ids.map((id) => {
    const order = byId.get(id);
    if (!order) throw notFound("Order not found");
    if (order.orderStatus !== "DELIVERED" || order.paymentMethod !== "COD")
      throw conflict(`${order.orderNumber}: ${NOT_A_COD_PARCEL}`, "NOT_A_COD_PARCEL");
    if (order.cashSettlement) throw ALREADY_SETTLED(order.orderNumber);
    const collected = order.cashCollected?.amount;
    if (collected === undefined || collected === null)
      throw badRequest(
        `${order.orderNumber} has no collected amount yet; record what the courier collected first`,
        [{ path: "orderIds", message: `${order.orderNumber}: collected amount not recorded` }],
      );
    return {
      order: order._id,
      orderNumber: order.orderNumber,
      collected,
      courier: parcelCourier(order),
    };
  });
  // One payout comes from one courier: its parcels are one courier's.
  const courier = parcels[0].courier;
  const stranger = parcels.find((parcel) => parcel.courier !== courier);
  if (stranger)
    throw badRequest(
      `A settlement covers one courier's parcels: ${parcels[0].orderNumber} went with ${COURIER_NAMES[courier]}, ${stranger.orderNumber} with ${COURIER_NAMES[stranger.courier]}`,
      [{ path: "orderIds", message: "Parcels of more than one courier" }],
    );
  const collectedTotal = parcels.reduce((sum, parcel) => sum + parcel.collected, 0);
  if (body.amount + body.deductions !== collectedTotal)
    throw badRequest(
      `The amount and the deductions (${formatBDT(body.amount + body.deductions)}) must add up to the parcels' collected total (${formatBDT(collectedTotal)})`,
      [
        {
          path: "amount",
          message: `Must add up to ${formatBDT(collectedTotal)} with the deductions`,
        },
      ],
    );

  // What the settlement records and its audit entry repeats.
  const settled = {
    courier,
    amount: body.amount,
    deductions: body.deductions,
    collectedTotal,
    reference: body.reference,
    paidAt: body.paidAt,
    note: body.note,
  };
  const settlement = await CourierSettlement.create({
    ...settled,
    statement: from.statement ?? null,
    parcels: parcels.map(({ courier: _courier, ...parcel }) => parcel),
    recordedBy: admin,
  });
  const claimed: mongoose.Types.ObjectId[] = [];
  let lost: string | undefined;
  for (const parcel of parcels) {
    const result = await Order.updateOne(
      { _id: parcel.order, ...UNSETTLED, "cashCollected.amount": parcel.collected },
      { $set: { cashSettlement: settlement._id } },
    );
    if (result.modifiedCount !== 1) {
      lost = parcel.orderNumber;
      break;
    }
    claimed.push(parcel.order);
  }
  if (lost !== undefined) {
    await Order.updateMany(
      { _id: { $in: claimed }, cashSettlement: settlement._id },
      { $set: { cashSettlement: null } },
    );
    await CourierSettlement.deleteOne({ _id: settlement._id });
    const current = await Order.findOne({ orderNumber: lost }, { cashSettlement: 1 }).lean();
    if (current?.cashSettlement) throw ALREADY_SETTLED(lost);
    throw conflict(
      `${lost} changed while the settlement was being recorded; reload and try again`,
      "PARCEL_CHANGED",
    );
  }
  // Guarded: a recording the stalled-settlement sweep gave up on (it took far too long) stays given up.
  const recorded = await CourierSettlement.updateOne(
    { _id: settlement._id, state: "recording" },
    { $set: { state: "recorded" } },
  );
  if (recorded.modifiedCount !== 1) {
    await Order.updateMany(
      { _id: { $in: claimed }, cashSettlement: settlement._id },
      { $set: { cashSettlement: null } },
    );
    throw conflict(
      "Recording the settlement took too long; reload and try again",
      "SETTLEMENT_STALLED",
    );
  }
  await recordAudit({
    entity: "courier-settlement",
    entityId: String(settlement._id),
    action: "create",
    by: admin,
    label: `${COURIER_NAMES[courier]} ${body.reference}`,
    after: {
      ...settled,
      parcels: parcels.map((parcel) => `${parcel.orderNumber}: ${parcel.collected}`),
    },
  });
  logger.info(
    {
      settlement: String(settlement._id),
      amount: body.amount,
      deductions: body.deductions,
      parcels: parcels.length,
      by: admin.email,
    },
    "courier settlement recorded",
  );
  return toSettlementAnswer(settlement);
}

export async function listSettlements(
  page: PageRequest & { courier?: CourierId },
): Promise<SettlementPageAnswer> {
  const filter = { state: "recorded", ...(page.courier ? { courier: page.courier } : {}) };
  const { skip, limit } = pageWindow(page);
  const [settlements, total] = await Promise.all([
    CourierSettlement.find(filter).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit),
    CourierSettlement.countDocuments(filter),
  ]);
  return { settlements: settlements.map(toSettlementAnswer), ...pageSummary(total, page) };
}

export async function readSettlement(id: string): Promise<SettlementAnswer> {
  const settlement = await CourierSettlement.findOne({ _id: id, state: "recorded" });
  if (!settlement) throw notFound("Settlement not found");
  return toSettlementAnswer(settlement);
}

/** How long a settlement may stay `recording` before the sweep takes it for a dead process's. */
export const SETTLEMENT_STALL_MS = 10 * 60_000;

/**
 * The `release-stalled-settlements` job: a settlement still `recording` after SETTLEMENT_STALL_MS was
 * left by a process that died between its claims and its final write (recording takes
 * milliseconds). It becomes `abandoned` (one guarded update, so one sweep takes it) and its parcels
 * go back to the owed list. Claims still pointing at a settlement abandoned in the last day are
 * undone again, in case its writer was only slow and claimed more afterwards. Answers how many
 * settlements it abandoned.
 */
export async function releaseStalledSettlements(now = new Date()): Promise<number> {
  const stalled = await CourierSettlement.find(
    { state: "recording", createdAt: { $lte: new Date(now.getTime() - SETTLEMENT_STALL_MS) } },
    { _id: 1, reference: 1 },
  ).lean();
  let abandoned = 0;
  for (const settlement of stalled) {
    const taken = await CourierSettlement.updateOne(
      { _id: settlement._id, state: "recording" },
      { $set: { state: "abandoned" } },
    );
    if (taken.modifiedCount !== 1) continue;
    abandoned += 1;
    logger.warn(
      { settlement: String(settlement._id), reference: settlement.reference },
      "courier settlement left recording: abandoned, its parcels are owed again",
    );
  }
  const recent = await CourierSettlement.find(
    { state: "abandoned", updatedAt: { $gte: new Date(now.getTime() - 24 * 60 * 60_000) } },
    { _id: 1 },
  ).lean();
  if (recent.length > 0)
    await Order.updateMany(
      { cashSettlement: { $in: recent.map((settlement) => settlement._id) } },
      { $set: { cashSettlement: null } },
    );
  return abandoned;
}
