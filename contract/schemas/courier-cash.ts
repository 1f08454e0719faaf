/**
 * Courier cash (docs/cod.md): what the courier collected on delivered COD parcels, what it still
 * owes the shop, and the settlements (payouts) that cover chosen parcels. Only zod, so the admin
 * screen validates with the same schemas the server does.
 */
import { z } from "zod";
import { COURIER_IDS } from "../couriers.js";
import { startOfShopDay } from "../dates.js";
import { IdParams, ObjectIdString, PageQuery, Taka } from "./common.js";

export { IdParams };

/** Cash in whole taka; at most ten million (far above any parcel or payout). */
const Cash = Taka(10_000_000);

export const MAX_SETTLEMENT_PARCELS = 500;

/** An admin types the cash the courier collected on one delivered COD parcel. */
export const CollectedCashBody = z.strictObject({ collected: Cash });
export type CollectedCashBody = z.output<typeof CollectedCashBody>;

/** A settlement: the parcels it covers and the payout that covers them (docs/cod.md). */
export const SettlementBody = z.strictObject({
  orderIds: z
    .array(ObjectIdString)
    .min(1, "Choose at least one parcel")
    .max(MAX_SETTLEMENT_PARCELS, `At most ${MAX_SETTLEMENT_PARCELS} parcels in one settlement`)
    .refine((ids) => new Set(ids).size === ids.length, "A parcel is chosen twice"),
  /** Cash the shop received. */
  amount: Cash,
  /** What the courier kept from the collected cash (its fees); amount + deductions = collected. */
  deductions: Cash.default(0),
  reference: z
    .string()
    .trim()
    .min(1, "Enter the payout's reference (transaction or invoice number)")
    .max(100),
  /** The day the payout arrived, in the shop's calendar. */
  paidAt: z.iso.date("Enter the payout's date").transform(startOfShopDay),
  note: z.string().trim().max(500).default(""),
});
export type SettlementBody = z.output<typeof SettlementBody>;
export type SettlementInput = z.input<typeof SettlementBody>;

const CourierId = z.enum(COURIER_IDS);

/** `?courier=`: one courier's parcels or settlements; absent, every courier's. */
const CourierFilter = { courier: CourierId.optional() };

export const CourierCashQuery = z.object(CourierFilter);
export const SettlementsQuery = z.object({ ...PageQuery, ...CourierFilter });

/** A delivered COD parcel whose cash the courier has not yet paid to the shop. */
export const OwedParcelAnswer = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  /** The courier that carried it (and owes its cash): the shipment's, Pathao for its older record, else `manual`. */
  courier: CourierId,
  courierName: z.string(),
  /** Delivered in part (the shopper kept some items): its collected amount is the courier's word, never the COD amount. */
  partial: z.boolean(),
  customer: z.string(),
  mobile: z.string(),
  /** What the parcel was sent to collect: the order's total less a delivery charge paid in advance. */
  toCollect: z.number(),
  /** What the courier collected; null while nobody has recorded it. */
  collected: z.number().nullable(),
  /** Whose word the amount is: the courier's event, an admin's entry, or a matched payout statement. */
  collectedSource: z.enum(["courier", "admin", "statement"]).nullable(),
  consignmentId: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type OwedParcelAnswer = z.output<typeof OwedParcelAnswer>;

const OwedTotals = z.object({
  /** Collected and not yet settled, taka: the cash the courier owes the shop. */
  owed: z.number(),
  /** Parcels with a collected amount, not yet settled. */
  parcels: z.number(),
  /** Delivered COD parcels whose collected amount nobody has recorded yet. */
  unrecorded: z.number(),
});

export const CourierCashAnswer = z.object({
  /** The parcels of the courier asked for (every courier's without `?courier=`), oldest first. */
  parcels: z.array(OwedParcelAnswer),
  /** The totals of those parcels. */
  totals: OwedTotals,
  /** Every courier that owes something or has parcels unrecorded, whatever the filter. */
  couriers: z.array(OwedTotals.extend({ courier: CourierId, name: z.string() })),
});
export type CourierCashAnswer = z.output<typeof CourierCashAnswer>;

export const SettlementAnswer = z.object({
  _id: z.string(),
  courier: CourierId,
  courierName: z.string(),
  /** The payout statement it was written from (uploaded or read from the courier), if any. */
  statement: z.string().nullable(),
  amount: z.number(),
  deductions: z.number(),
  collectedTotal: z.number(),
  reference: z.string(),
  paidAt: z.string(),
  note: z.string(),
  parcels: z.array(z.object({ order: z.string(), orderNumber: z.string(), collected: z.number() })),
  recordedBy: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type SettlementAnswer = z.output<typeof SettlementAnswer>;

export const SettlementPageAnswer = z.object({
  settlements: z.array(SettlementAnswer),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type SettlementPageAnswer = z.output<typeof SettlementPageAnswer>;
