/**
 * Buyers by phone (docs/buyers.md): one customer per normalised mobile, guest or registered, with
 * what their orders came to, the shop's notes about them and whether the number is blocked. Only zod.
 */
import { z } from "zod";
import { BdMobile } from "../phone.js";
import { ObjectIdString, PageQuery } from "./common.js";
import { CourierRecord } from "../courier-insights.js";
import { ORDER_STATUSES, PAYMENT_METHODS } from "../order-status.js";
import { PhoneBlockInfo, PHONE_RISK_LEVELS } from "./phone-history.js";

/** How the list can be ordered, each biggest (or newest) first. */
export const BUYER_SORTS = ["lastOrder", "spend", "orders", "returns"] as const;
export type BuyerSort = (typeof BUYER_SORTS)[number];

export const BUYER_SEARCH_MAX = 100;

/** `?q=&sort=&page=&limit=`: `q` is a name, a mobile in any written form, or an order number. */
export const BuyersQuery = z.object({
  q: z.string().trim().max(BUYER_SEARCH_MAX, `At most ${BUYER_SEARCH_MAX} characters`).default(""),
  sort: z.enum(BUYER_SORTS).default("lastOrder"),
  ...PageQuery,
});
export type BuyersQuery = z.output<typeof BuyersQuery>;

/** The export takes the list's search and order, and no page: every match, up to a ceiling. */
export const BuyersExportQuery = BuyersQuery.pick({ q: true, sort: true });

/** The most rows one export holds (the newest by the chosen order); the header says if cut. */
export const BUYERS_EXPORT_MAX_ROWS = 10_000;

/** What a number's orders came to. */
export const BuyerCounts = z.object({
  /** Every order placed with the number, except online orders still awaiting payment. */
  orders: z.number().int(),
  delivered: z.number().int(),
  /** RETURNING or RETURNED: the parcel was refused. */
  returned: z.number().int(),
  /** Every cancellation, whoever caused it (the customer, the shop, or an unpaid order expiring). */
  cancelled: z.number().int(),
  /** The customer's own cash-on-delivery cancellations: the ones the risk level counts. */
  cancelledByCustomer: z.number().int(),
  /** PLACED, CONFIRMED or SHIPPED. */
  open: z.number().int(),
});
export type BuyerCounts = z.output<typeof BuyerCounts>;

export const BuyerSummary = BuyerCounts.extend({
  /** 01XXXXXXXXX */
  phone: z.string(),
  /** The name on the latest order. */
  name: z.string(),
  /** Some order of the number was placed signed in to an account. */
  registered: z.boolean(),
  /**
   * Taka paid for goods on delivered orders: the order's total after discounts and promo codes,
   * without the delivery charge. Returned, cancelled and open orders add nothing.
   */
  spend: z.number(),
  lastOrderAt: z.string().nullable(),
  lastOrderNumber: z.string().nullable(),
  level: z.enum(PHONE_RISK_LEVELS),
  blocked: z.boolean(),
});
export type BuyerSummary = z.output<typeof BuyerSummary>;

export const BuyersAnswer = z.object({
  buyers: z.array(BuyerSummary),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type BuyersAnswer = z.output<typeof BuyersAnswer>;

export const BuyerStaff = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const BuyerNote = z.object({
  id: z.string(),
  text: z.string(),
  at: z.string(),
  by: BuyerStaff.nullable(),
  editedAt: z.string().nullable(),
  editedBy: BuyerStaff.nullable(),
});
export type BuyerNote = z.output<typeof BuyerNote>;

export const BuyerOrder = z.object({
  id: z.string(),
  orderNumber: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  total: z.number(),
  createdAt: z.string(),
});
export type BuyerOrder = z.output<typeof BuyerOrder>;

/** The newest orders the detail lists (the counts cover them all). */
export const BUYER_ORDERS_SHOWN = 50;

/** `GET /api/admin/buyers/{mobile}`. */
export const BuyerDetail = BuyerSummary.extend({
  /** The account the latest signed-in order was placed from. */
  account: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  block: PhoneBlockInfo.nullable(),
  /** The newest BUYER_ORDERS_SHOWN orders, newest first (`orders` counts them all). */
  recentOrders: z.array(BuyerOrder),
  notes: z.array(BuyerNote),
  /** Each courier's record of the number in its whole network (couriers whose API has one). */
  couriers: z.array(CourierRecord),
});
export type BuyerDetail = z.output<typeof BuyerDetail>;

/** `/api/admin/buyers/{mobile}`: any written form of the number. */
export const BuyerParams = z.object({ mobile: BdMobile });
export const BuyerNoteParams = BuyerParams.extend({ noteId: ObjectIdString });

export const BUYER_NOTE_MAX = 1000;
/** Notes one number can hold (a note is edited, never deleted). */
export const BUYER_NOTES_MAX = 200;

export const BuyerNoteBody = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1, "Write the note")
    .max(BUYER_NOTE_MAX, `At most ${BUYER_NOTE_MAX} characters`),
});

export const BUYER_NOT_FOUND = "No orders from this number";
export const BUYER_NOTE_NOT_FOUND = "Note not found";
export const BUYER_NOTES_FULL = `A number holds at most ${BUYER_NOTES_MAX} notes: edit an older one`;
