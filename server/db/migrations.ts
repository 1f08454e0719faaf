import mongoose from "mongoose";
import { MongoDBStorage, Umzug } from "umzug";
import { normalizeBdMobile } from "#contract/phone";
import { COURIER_IDS } from "#contract/couriers";
import { CourierSettlement } from "../../models/courier-settlement.model.js";
import { Order, PAYMENT_LOCK_MS, type CancelledBy } from "../../models/order.model.js";
import { parcelCourier } from "../services/courier-cash.service.js";
import { Payment } from "../../models/payment.model.js";
import { User } from "../../models/user.model.js";
import { rebuildBuyers } from "../services/buyer-summary.js";
import { giveVariantsCodes } from "../services/variant-codes.service.js";
import { openAllStockLedgers } from "../services/stock-ledger.js";
import { copySettingsChangesToAudit } from "../services/audit.service.js";

/**
 * One-off data changes that bring a database written by an earlier version up to date. Each runs
 * once per database: umzug records the names it ran in the `migrations` collection, so a start-up
 * after the first does not scan the orders again (docs/database.md, "Migrations"). Each is also
 * idempotent, because two instances starting at once may both run it.
 *
 * `beforeServing` ones finish before the server listens (a request must not see the old shape);
 * `inBackground` ones run while it serves (they only fill in what a request would work without).
 * A migration answers a line for the start-up log, or nothing when it had nothing to do.
 */
interface Migration {
  name: string;
  up: () => Promise<string | undefined>;
}

/**
 * Orders written before the one payment lock kept bKash's `paymentClaim` (the bKash payment id being
 * executed) or SSLCommerz's `paymentWindow` ({transactionId, until}). Each PENDING order's one
 * becomes its `paymentLock` (a bKash claim for a lock's time from now), once, at start-up before
 * any request; through the driver, as the model no longer knows the old fields. Idempotent;
 * answers how many locks it carried over.
 */
export async function carryOverLegacyPaymentLocks(): Promise<number> {
  const orders = Order.collection;
  const legacy = await orders
    .find(
      {
        orderStatus: "PENDING",
        $or: [{ paymentClaim: { $ne: null } }, { paymentWindow: { $ne: null } }],
      },
      { projection: { paymentClaim: 1, paymentWindow: 1 } },
    )
    .toArray();
  let carried = 0;
  for (const order of legacy) {
    const window = order.paymentWindow as { transactionId?: string; until?: Date } | null;
    const claimedBy =
      typeof order.paymentClaim === "string"
        ? await Payment.findOne(
            { paymentId: order.paymentClaim, method: "BKASH" },
            { transactionId: 1 },
          ).lean()
        : null;
    const lock = window?.transactionId
      ? { transactionId: window.transactionId, until: window.until ?? new Date() }
      : claimedBy
        ? { transactionId: claimedBy.transactionId, until: new Date(Date.now() + PAYMENT_LOCK_MS) }
        : null;
    await orders.updateOne(
      { _id: order._id },
      { $set: { paymentLock: lock }, $unset: { paymentClaim: "", paymentWindow: "" } },
    );
    if (lock) carried += 1;
  }
  return carried;
}

/** Removes the old lock fields from every other order (in the background: one pass, then a no-op). */
export async function dropLegacyPaymentLockFields(): Promise<number> {
  const dropped = await Order.collection.updateMany(
    { $or: [{ paymentClaim: { $exists: true } }, { paymentWindow: { $exists: true } }] },
    { $unset: { paymentClaim: "", paymentWindow: "" } },
  );
  return dropped.modifiedCount;
}

/**
 * Fills in `deliveryPhone` on orders saved before it existed (or written around the model), a
 * batch at a time. Idempotent; run at start-up. Answers how many orders it filled in.
 */
export async function backfillDeliveryPhones(batchSize = 500): Promise<number> {
  let filled = 0;
  for (;;) {
    const batch = await Order.find(
      { deliveryPhone: { $exists: false } },
      { "shippingAddress.mobile": 1 },
    )
      .limit(batchSize)
      .lean();
    if (batch.length === 0) return filled;
    await Order.bulkWrite(
      batch.map((order) => {
        const mobile = order.shippingAddress?.mobile ?? "";
        return {
          updateOne: {
            filter: { _id: order._id, deliveryPhone: { $exists: false } },
            update: { $set: { deliveryPhone: normalizeBdMobile(mobile) ?? mobile } },
          },
        };
      }),
    );
    filled += batch.length;
  }
}

/**
 * Who caused an older cancellation, from the history entry that cancelled it: the system's jobs
 * (unpaid orders expiring, unconfirmed orders) wrote `by: "system"`; everything else was an admin
 * (or nobody recorded it) and becomes the shop's. Nobody asked those admins whether the customer
 * cancelled, and a cancellation counts against a number only on someone's word (docs/cod.md).
 */
function cancelledByOf(history: { status?: string; by?: string }[] | undefined): CancelledBy {
  const entry = (history ?? []).findLast((change) => change.status === "CANCELLED");
  return entry?.by?.split(":")[0] === "system" ? "system" : "shop";
}

/**
 * Sets `cancelledBy` on cancelled orders saved before it existed, a batch at a time. Idempotent
 * (only orders without one are written); answers how many it set.
 */
export async function deriveCancelledBy(batchSize = 500): Promise<number> {
  let derived = 0;
  for (;;) {
    const batch = await Order.collection
      .find(
        { orderStatus: "CANCELLED", cancelledBy: { $exists: false } },
        { projection: { statusHistory: 1 } },
      )
      .limit(batchSize)
      .toArray();
    if (batch.length === 0) return derived;
    await Order.collection.bulkWrite(
      batch.map((order) => ({
        updateOne: {
          filter: { _id: order._id, cancelledBy: { $exists: false } },
          update: { $set: { cancelledBy: cancelledByOf(order.statusHistory) } },
        },
      })),
    );
    derived += batch.length;
  }
}

/**
 * Settlements written before couriers had ids say `courier: "Pathao"` (the model's old default,
 * whatever courier paid). Each gets the id of the courier that carried its first parcel (its
 * shipment's; Pathao for the older record), so the per-courier lists and totals hold it. Idempotent
 * (only settlements whose courier is not an id are written); answers how many it set.
 */
export async function settlementCourierIds(): Promise<number> {
  const older = await CourierSettlement.collection
    .find({ courier: { $nin: COURIER_IDS } }, { projection: { "parcels.order": 1 } })
    .toArray();
  let set = 0;
  for (const settlement of older) {
    const first = (settlement.parcels as { order: unknown }[] | undefined)?.[0]?.order;
    const order = first ? await Order.findById(first, { shipment: 1, courier: 1 }).lean() : null;
    const result = await CourierSettlement.collection.updateOne(
      { _id: settlement._id, courier: { $nin: COURIER_IDS } },
      { $set: { courier: order ? parcelCourier(order) : "pathao" } },
    );
    set += result.modifiedCount;
  }
  return set;
}

/**
 * Admins from before staff roles had the owner's powers: each becomes an owner (only an admin
 * without a role; an owner who has since given one a role is not overruled). Idempotent; answers
 * how many it made owners.
 */
export async function makeAdminsOwners(): Promise<number> {
  const result = await User.updateMany(
    { role: "ADMIN", $or: [{ staffRole: null }, { staffRole: { $exists: false } }] },
    { $set: { staffRole: "owner" } },
  );
  return result.modifiedCount;
}

const MIGRATIONS = {
  beforeServing: [
    // Before serving: until it ran, every existing admin would be refused the back office.
    {
      name: "2026-11-admins-become-owners",
      up: async () => {
        const made = await makeAdminsOwners();
        return made > 0 ? `${made} admins became owners` : undefined;
      },
    },
    {
      name: "2026-11-one-payment-lock",
      up: async () => {
        const carried = await carryOverLegacyPaymentLocks();
        return carried > 0 ? `${carried} open payment locks carried over` : undefined;
      },
    },
    // Before serving: the per-courier settlement list filters on the id.
    {
      name: "2026-11-settlement-courier-ids",
      up: async () => {
        const set = await settlementCourierIds();
        return set > 0 ? `courier id set on ${set} older settlements` : undefined;
      },
    },
  ],
  inBackground: [
    {
      name: "2026-11-drop-old-payment-lock-fields",
      up: async () => {
        const dropped = await dropLegacyPaymentLockFields();
        return dropped > 0 ? `old payment lock fields dropped from ${dropped} orders` : undefined;
      },
    },
    {
      name: "2026-11-delivery-phone",
      up: async () => {
        const filled = await backfillDeliveryPhones();
        return filled > 0 ? `delivery phone filled in on ${filled} older orders` : undefined;
      },
    },
    // In the background: an order without `cancelledBy` counts as nobody's against its number,
    // which is what this derives for all but the system's anyway.
    {
      name: "2026-11-cancelled-by",
      up: async () => {
        const derived = await deriveCancelledBy();
        return derived > 0 ? `who cancelled derived on ${derived} older orders` : undefined;
      },
    },
    // After the two above (it reads the delivery phone and who cancelled): each number's buyer
    // figures from its orders (docs/buyers.md). Until it ends, the Buyers screen misses older numbers.
    {
      name: "2026-11-buyers",
      up: async () => {
        const numbers = await rebuildBuyers();
        return numbers > 0 ? `buyer figures computed for ${numbers} numbers` : undefined;
      },
    },
    // In the background: until it ends, a variant without a SKU is not found by the packing
    // table's scans (docs/packing.md); saving its product in the editor gives it one meanwhile.
    {
      name: "2026-11-variant-codes",
      up: async () => {
        const given = await giveVariantsCodes();
        return given > 0 ? `SKU and barcode given to ${given} variants` : undefined;
      },
    },
    // In the background: a product not yet opened writes no entries, and its opening counts them.
    {
      name: "2026-11-stock-ledger-opening",
      up: async () => {
        const opened = await openAllStockLedgers();
        return opened > 0 ? `stock ledger opened for ${opened} products` : undefined;
      },
    },
    // In the background: until it ends, the settings screen's change log misses older changes.
    {
      name: "2026-11-settings-changes-to-audit",
      up: async () => {
        const copied = await copySettingsChangesToAudit();
        return copied > 0 ? `${copied} settings changes copied to the audit trail` : undefined;
      },
    },
  ],
} satisfies Record<string, Migration[]>;

/** Every migration's name, in both groups. */
export const MIGRATION_NAMES = Object.values(MIGRATIONS).flatMap((group) =>
  group.map((migration) => migration.name),
);

/** Where umzug records the names of the migrations that ran (one document each). */
export const MIGRATIONS_COLLECTION = "migrations";

/** Runs the migrations of one group this database has not run yet; answers their names. */
export async function runMigrations(
  group: keyof typeof MIGRATIONS,
  log: (line: string) => void,
): Promise<string[]> {
  const db = mongoose.connection.db;
  if (!db) throw new Error("runMigrations: not connected");
  const lines = new Map<string, string | undefined>();
  const umzug = new Umzug({
    migrations: MIGRATIONS[group].map((migration) => ({
      name: migration.name,
      up: async () => {
        lines.set(migration.name, await migration.up());
      },
    })),
    storage: new MongoDBStorage({ collection: db.collection(MIGRATIONS_COLLECTION) }),
    logger: undefined,
  });
  const ran = await umzug.up();
  for (const { name } of ran) {
    const line = lines.get(name);
    if (line) log(`[db] ${name}: ${line}`);
  }
  return ran.map(({ name }) => name);
}
