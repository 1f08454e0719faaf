/**
 * Buyers by phone for the back office (docs/buyers.md): the list (search, order, page), one
 * buyer's detail, the CSV export and the staff's notes. The figures are read from the `buyers`
 * collection kept by buyer-summary.ts; nothing here scans the orders.
 */
import mongoose from "mongoose";
import { Buyer, type BuyerFields } from "../../models/buyer.model.js";
import { Order } from "../../models/order.model.js";
import { PhoneBlockModel } from "../../models/phone-block.model.js";
import { User } from "../../models/user.model.js";
import { normalizeBdMobile } from "#contract/phone";
import { normalizeOrderNumber } from "#contract/order-number";
import { toAsciiDigits } from "#contract/i18n/digits";
import {
  BUYER_NOT_FOUND,
  BUYER_NOTE_NOT_FOUND,
  BUYER_NOTES_FULL,
  BUYER_NOTES_MAX,
  BUYER_ORDERS_SHOWN,
  BUYERS_EXPORT_MAX_ROWS,
  type BuyerDetail,
  type BuyerNote,
  type BuyersAnswer,
  type BuyerSort,
  type BuyerSummary,
} from "#contract/schemas/buyers";
import type { ActingAdmin } from "../lib/acting-admin.js";
import { conflict, notFound } from "../lib/http-error.js";
import { pageSummary, pageWindow, type PageRequest } from "../lib/paging.js";
import { containsText, escapeRegex } from "../lib/search-pattern.js";
import { csvText } from "../lib/csv.js";
import { courierRecordsOf } from "./courier-records.service.js";
import { phoneRiskOf, riskLevelOf } from "./phone-history.service.js";

interface StoredNote {
  _id: mongoose.Types.ObjectId;
  text: string;
  at: Date;
  by?: ActingAdmin | null;
  editedAt?: Date | null;
  editedBy?: ActingAdmin | null;
}

type StoredBuyer = Omit<BuyerFields, "notes"> & { _id: string; notes: StoredNote[] };

const SORTS: Record<BuyerSort, Record<string, 1 | -1>> = {
  lastOrder: { lastOrderAt: -1, _id: 1 },
  spend: { spend: -1, lastOrderAt: -1, _id: 1 },
  orders: { orders: -1, lastOrderAt: -1, _id: 1 },
  returns: { returned: -1, lastOrderAt: -1, _id: 1 },
};

// Typed digits that are a piece of a number: "01712", "+880 171", "১৭১২".
const PARTIAL_NUMBER = /^\+?[\d\s-]{3,}$/;

/**
 * The buyers filter for a search: a whole mobile (any written form) or an order number names one
 * buyer; a piece of a number matches numbers containing it; anything else is a piece of a name.
 */
async function searchFilter(q: string): Promise<Record<string, unknown>> {
  const listed = { orders: { $gt: 0 } };
  if (q === "") return listed;
  const mobile = normalizeBdMobile(q);
  if (mobile) return { ...listed, _id: mobile };
  const orderNumber = normalizeOrderNumber(q);
  if (orderNumber) {
    const order = await Order.findOne({ orderNumber }, { deliveryPhone: 1 }).lean();
    return { ...listed, _id: order?.deliveryPhone ?? "" };
  }
  const typed = toAsciiDigits(q);
  if (PARTIAL_NUMBER.test(typed)) {
    const digits = typed.replace(/\D/g, "").replace(/^880?/, "0").replace(/^00/, "0");
    return { ...listed, _id: { $regex: escapeRegex(digits) } };
  }
  return { ...listed, name: containsText(q) };
}

async function blockedAmong(phones: string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const blocks = await PhoneBlockModel.find(
    { phone: { $in: phones }, liftedAt: null },
    { phone: 1 },
  ).lean();
  return new Set(blocks.map((block) => block.phone));
}

function toSummary(buyer: StoredBuyer, blocked: boolean): BuyerSummary {
  const counts = {
    orders: buyer.orders,
    delivered: buyer.delivered,
    returned: buyer.returned,
    cancelled: buyer.cancelled,
    cancelledByCustomer: buyer.cancelledByCustomer,
    open: buyer.open,
  };
  return {
    phone: buyer._id,
    name: buyer.name,
    registered: buyer.registered,
    ...counts,
    spend: buyer.spend,
    lastOrderAt: buyer.lastOrderAt ? buyer.lastOrderAt.toISOString() : null,
    lastOrderNumber: buyer.lastOrderNumber ?? null,
    level: riskLevelOf(
      {
        delivered: buyer.delivered,
        returned: buyer.returned,
        cancelled: buyer.cancelledByCustomer,
        open: buyer.open,
      },
      blocked,
    ),
    blocked,
  };
}

const LIST_FIELDS = { notes: 0, statsVersion: 0, userId: 0 };

async function findBuyers(
  q: string,
  sort: BuyerSort,
  window: { skip: number; limit: number },
): Promise<{ buyers: BuyerSummary[]; total: number }> {
  const filter = await searchFilter(q);
  const [total, found] = await Promise.all([
    Buyer.countDocuments(filter),
    Buyer.find(filter, LIST_FIELDS)
      .sort(SORTS[sort])
      .skip(window.skip)
      .limit(window.limit)
      .lean<StoredBuyer[]>(),
  ]);
  const blocked = await blockedAmong(found.map((buyer) => buyer._id));
  return { buyers: found.map((buyer) => toSummary(buyer, blocked.has(buyer._id))), total };
}

export async function listBuyers(
  query: { q: string; sort: BuyerSort } & PageRequest,
): Promise<BuyersAnswer> {
  const { buyers, total } = await findBuyers(query.q, query.sort, pageWindow(query));
  return { buyers, ...pageSummary(total, query) };
}

const EXPORT_HEADER = [
  "Mobile",
  "Name",
  "Registered",
  "Orders",
  "Delivered",
  "Returned",
  "Cancelled",
  "Cancelled by customer",
  "Open",
  "Spend (BDT)",
  "Last order",
  "Last order number",
  "Risk",
  "Blocked",
];

/** Every matching buyer (up to BUYERS_EXPORT_MAX_ROWS, in the list's order) as a CSV file. */
export async function exportBuyersCsv(query: { q: string; sort: BuyerSort }): Promise<string> {
  const { buyers } = await findBuyers(query.q, query.sort, {
    skip: 0,
    limit: BUYERS_EXPORT_MAX_ROWS,
  });
  return csvText(
    EXPORT_HEADER,
    buyers.map((buyer) => [
      buyer.phone,
      buyer.name,
      buyer.registered ? "yes" : "no",
      buyer.orders,
      buyer.delivered,
      buyer.returned,
      buyer.cancelled,
      buyer.cancelledByCustomer,
      buyer.open,
      buyer.spend,
      buyer.lastOrderAt,
      buyer.lastOrderNumber,
      buyer.level,
      buyer.blocked ? "yes" : "no",
    ]),
  );
}

function toNote(note: StoredNote): BuyerNote {
  return {
    id: String(note._id),
    text: note.text,
    at: note.at.toISOString(),
    by: note.by ?? null,
    editedAt: note.editedAt ? note.editedAt.toISOString() : null,
    editedBy: note.editedBy ?? null,
  };
}

async function accountOf(buyer: StoredBuyer) {
  const fields = { firstName: 1, lastName: 1, email: 1 };
  const user = buyer.userId
    ? await User.findById(buyer.userId, fields).lean()
    : await User.findOne({ phone: buyer._id }, fields).lean();
  if (!user) return null;
  return {
    id: String(user._id),
    name: `${user.firstName} ${user.lastName ?? ""}`.trim(),
    email: user.email ?? "",
  };
}

async function storedBuyer(phone: string): Promise<StoredBuyer> {
  const buyer = await Buyer.findById(phone, { statsVersion: 0 }).lean<StoredBuyer>();
  if (!buyer) throw notFound(BUYER_NOT_FOUND);
  // A buyer made by a figures refresh (an upsert) has no notes field until its first note.
  return { ...buyer, notes: buyer.notes ?? [] };
}

/** One buyer: the figures, the newest orders, notes, block, account and the couriers' record. */
export async function buyerDetail(phone: string): Promise<BuyerDetail> {
  const buyer = await storedBuyer(phone);
  const [recentOrders, risk, account, couriers] = await Promise.all([
    Order.find(
      { deliveryPhone: phone },
      { orderNumber: 1, orderStatus: 1, paymentMethod: 1, totalDiscountedPrice: 1, createdAt: 1 },
    )
      .sort({ createdAt: -1 })
      .limit(BUYER_ORDERS_SHOWN)
      .lean(),
    phoneRiskOf(phone),
    accountOf(buyer),
    courierRecordsOf(phone),
  ]);
  return {
    ...toSummary(buyer, Boolean(risk.block)),
    level: risk.level,
    account,
    block: risk.block,
    recentOrders: recentOrders.map((order) => ({
      id: String(order._id),
      orderNumber: order.orderNumber,
      orderStatus: order.orderStatus,
      paymentMethod: order.paymentMethod,
      total: order.totalDiscountedPrice,
      createdAt: order.createdAt.toISOString(),
    })),
    notes: buyer.notes.map(toNote),
    couriers,
  };
}

/** Adds a staff note to a buyer (a number with orders). */
export async function addBuyerNote(
  phone: string,
  text: string,
  admin: ActingAdmin,
): Promise<BuyerNote> {
  const buyer = await storedBuyer(phone);
  // A ceiling against an endless document, not an exact count: two notes at once may pass it.
  if (buyer.notes.length >= BUYER_NOTES_MAX) throw conflict(BUYER_NOTES_FULL, "NOTES_FULL");
  const note = { _id: new mongoose.Types.ObjectId(), text, at: new Date(), by: admin };
  const added = await Buyer.updateOne({ _id: phone }, { $push: { notes: note } });
  if (added.matchedCount === 0) throw notFound(BUYER_NOT_FOUND);
  return toNote(note);
}

/**
 * Rewrites a note's text, recording who and when. The note is addressed by its place in the list
 * (the embedded database has no positional update); notes are never removed, so a note keeps its
 * place, and the filter checks the id there.
 */
export async function editBuyerNote(
  phone: string,
  noteId: string,
  text: string,
  admin: ActingAdmin,
): Promise<BuyerNote> {
  const buyer = await storedBuyer(phone);
  const { notes } = buyer;
  const index = notes.findIndex((note) => String(note._id) === noteId);
  if (index < 0) throw notFound(BUYER_NOTE_NOT_FOUND);
  const editedAt = new Date();
  const edited = await Buyer.updateOne(
    { _id: phone, [`notes.${index}._id`]: notes[index]._id },
    {
      $set: {
        [`notes.${index}.text`]: text,
        [`notes.${index}.editedAt`]: editedAt,
        [`notes.${index}.editedBy`]: admin,
      },
    },
  );
  if (edited.matchedCount === 0) throw notFound(BUYER_NOTE_NOT_FOUND);
  return toNote({ ...notes[index], text, editedAt, editedBy: admin });
}
