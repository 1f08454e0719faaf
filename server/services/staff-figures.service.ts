/**
 * Figures per staff member for one month of the shop (docs/staff-roles.md, "Figures per staff
 * member"). "Confirmed by" is the staff member whose move PLACED → CONFIRMED the audit trail records
 * (an order is confirmed once: no move leads back to PLACED); the month is that entry's, in
 * Asia/Dhaka. "Entered" is the orders staff placed for a customer (`createdBy`, `source`), in the
 * month they were placed.
 *
 * The embedded database has no $lookup or $facet and sums one accumulator per $group
 * (docs/database.md), so the figures are a few small queries: the month's confirmations (order id
 * and staff id only), one $group by status per staff member over the orders they confirmed, one
 * $group of the month's staff orders by creator and channel.
 */
import mongoose from "mongoose";
import { ORDER_SOURCES, STAFF_ORDER_SOURCES, type OrderSource } from "#contract/order-sources";
import type { OrderStatus } from "#contract/order-status";
import type {
  ConfirmedOutcome,
  StaffFiguresAnswer,
  StaffMemberFigures,
} from "#contract/schemas/staff-figures";
import { AuditEntry } from "../../models/audit-entry.model.js";
import { Order } from "../../models/order.model.js";
import { User } from "../../models/user.model.js";
import { staffRoleOf } from "../lib/staff-access.js";

/** Bangladesh keeps UTC+6 all year, so a Dhaka month starts 6 hours before its UTC namesake. */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

export interface ShopMonth {
  month: string;
  from: Date;
  to: Date;
}

/** The Dhaka month `yyyy-MM` (default: the one `now` is in), as the instants it runs between. */
export function shopMonth(month: string | undefined, now = new Date()): ShopMonth {
  const dhakaNow = new Date(now.getTime() + DHAKA_OFFSET_MS);
  const [year, monthIndex] = month
    ? [Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1]
    : [dhakaNow.getUTCFullYear(), dhakaNow.getUTCMonth()];
  const start = (index: number) => new Date(Date.UTC(year, index, 1) - DHAKA_OFFSET_MS);
  return {
    month: `${year}-${String(monthIndex + 1).padStart(2, "0")}`,
    from: start(monthIndex),
    to: start(monthIndex + 1),
  };
}

const OUTCOME_OF: Record<OrderStatus, ConfirmedOutcome> = {
  PENDING: "open",
  PLACED: "open",
  CONFIRMED: "open",
  SHIPPED: "open",
  DELIVERED: "delivered",
  RETURNING: "returned",
  RETURNED: "returned",
  CANCELLED: "cancelled",
};

/** The audit entries of staff confirming an order in the month (docs/audit.md). */
const confirmationsIn = (range: ShopMonth) => ({
  entity: "order",
  action: "status",
  at: { $gte: range.from, $lt: range.to },
  "actor.kind": "staff",
  // A confirmation's only change that can read CONFIRMED is its orderStatus (FerretDB has no
  // $elemMatch on fields; this needs none).
  "changes.after": "CONFIRMED",
});

/** Who a row is about: the staff member's id, or the email when no account answers to it. */
const keyOfId = (id: string) => `id:${id}`;
const keyOfEmail = (email: string) => `email:${email}`;

interface Row {
  key: string;
  id: string | null;
  name: string;
  email: string;
  confirmedOrders: Set<string>;
  entered: Map<OrderSource, number>;
}

/** Where each confirmed order of one staff member stands now, counted by the database. */
async function outcomesOf(orderIds: Iterable<string>): Promise<StaffMemberFigures["outcomes"]> {
  const ids = [...orderIds].filter((id) => mongoose.isValidObjectId(id));
  const outcomes = { delivered: 0, returned: 0, cancelled: 0, open: 0, deleted: 0 };
  if (ids.length === 0) return outcomes;
  const rows = await Order.aggregate<{ _id: OrderStatus; value: number }>([
    { $match: { _id: { $in: ids.map((id) => new mongoose.Types.ObjectId(id)) } } },
    { $group: { _id: "$orderStatus", value: { $sum: 1 } } },
  ]).exec();
  let found = 0;
  for (const row of rows) {
    outcomes[OUTCOME_OF[row._id] ?? "open"] += row.value;
    found += row.value;
  }
  outcomes.deleted = ids.length - found;
  return outcomes;
}

/** The month's staff orders, counted per creator (`admin:<email>`) and channel. */
async function enteredIn(range: ShopMonth) {
  return Order.aggregate<{ _id: { by: string; source: string | null }; value: number }>([
    { $match: { createdAt: { $gte: range.from, $lt: range.to }, createdBy: { $ne: null } } },
    { $group: { _id: { by: "$createdBy", source: "$source" }, value: { $sum: 1 } } },
  ]).exec();
}

const ADMIN_PREFIX = "admin:";

export async function staffFigures(month?: string, now = new Date()): Promise<StaffFiguresAnswer> {
  const range = shopMonth(month, now);
  const [confirmations, entered] = await Promise.all([
    AuditEntry.find(confirmationsIn(range), { entityId: 1, actor: 1, _id: 0 }).lean(),
    enteredIn(range),
  ]);
  const creatorEmails = [
    ...new Set(entered.map((row) => row._id.by.slice(ADMIN_PREFIX.length)).filter(Boolean)),
  ];
  const actorIds = [...new Set(confirmations.map((entry) => entry.actor.id ?? ""))].filter((id) =>
    mongoose.isValidObjectId(id),
  );
  const users = await User.find(
    { $or: [{ role: "ADMIN" }, { _id: { $in: actorIds } }, { email: { $in: creatorEmails } }] },
    { firstName: 1, lastName: 1, email: 1, role: 1, staffRole: 1 },
  ).lean();

  const rows = new Map<string, Row>();
  const rowFor = (key: string, seed: Omit<Row, "key" | "confirmedOrders" | "entered">) => {
    let row = rows.get(key);
    if (!row) {
      row = { key, ...seed, confirmedOrders: new Set(), entered: new Map() };
      rows.set(key, row);
    }
    return row;
  };
  const userByEmail = new Map(users.map((user) => [user.email, user]));
  for (const user of users) {
    const id = String(user._id);
    const name = `${user.firstName} ${user.lastName ?? ""}`.trim();
    rowFor(keyOfId(id), { id, name, email: user.email });
  }
  for (const { entityId, actor } of confirmations) {
    const email = actor.email ?? "";
    const key = actor.id ? keyOfId(actor.id) : keyOfEmail(email);
    rowFor(key, { id: actor.id, name: actor.name, email }).confirmedOrders.add(entityId);
  }
  for (const { _id, value } of entered) {
    const email = _id.by.startsWith(ADMIN_PREFIX) ? _id.by.slice(ADMIN_PREFIX.length) : _id.by;
    const user = userByEmail.get(email);
    const key = user ? keyOfId(String(user._id)) : keyOfEmail(email);
    const row = rowFor(key, { id: null, name: email, email });
    const source = ORDER_SOURCES.find((known) => known === _id.source) ?? "web";
    row.entered.set(source, (row.entered.get(source) ?? 0) + value);
  }

  const roleOf = new Map(users.map((user) => [String(user._id), staffRoleOf(user)]));
  const staff = await Promise.all(
    [...rows.values()].map(async (row): Promise<StaffMemberFigures> => {
      const bySource = Object.fromEntries(
        STAFF_ORDER_SOURCES.map((source) => [source, row.entered.get(source) ?? 0]),
      ) as StaffMemberFigures["entered"]["bySource"];
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        role: (row.id && roleOf.get(row.id)) || null,
        confirmed: row.confirmedOrders.size,
        outcomes: await outcomesOf(row.confirmedOrders),
        entered: {
          total: [...row.entered.values()].reduce((sum, count) => sum + count, 0),
          bySource,
        },
      };
    }),
  );
  staff.sort(
    (a, b) =>
      b.confirmed - a.confirmed ||
      b.entered.total - a.entered.total ||
      a.name.localeCompare(b.name),
  );
  return {
    month: range.month,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    staff,
  };
}
