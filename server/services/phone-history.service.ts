/**
 * Customer history by phone, its risk level and the block list (docs/cod.md, "Customer history and
 * risk"). Orders are matched on `deliveryPhone`, the normalised delivery mobile every order carries
 * (models/order.model.ts), so guest and signed-in orders and every written form of a number count
 * together, with one indexed match grouped by status: never a scan of all orders.
 */
import type { ActingAdmin } from "../lib/acting-admin.js";
import mongoose from "mongoose";
import { Order } from "../../models/order.model.js";
import { PhoneBlockModel, type PhoneBlockFields } from "../../models/phone-block.model.js";
import { normalizeBdMobile } from "#contract/phone";
import type {
  PhoneBlock,
  PhoneBlocksAnswer,
  PhoneOrderCounts,
  PhoneRisk,
  PhoneRiskLevel,
} from "#contract/schemas/phone-history";
import type { CancelledBy, OrderStatus } from "#contract/order-status";
import { notFound } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";

export type { PhoneRisk, PhoneRiskLevel, PhoneOrderCounts } from "#contract/schemas/phone-history";

const COUNTED_AS: Partial<Record<OrderStatus, keyof PhoneOrderCounts>> = {
  DELIVERED: "delivered",
  RETURNING: "returned",
  RETURNED: "returned",
  PLACED: "open",
  CONFIRMED: "open",
  SHIPPED: "open",
  // CANCELLED counts the customer's cash-on-delivery cancellations only (below); PENDING (an
  // online order not paid yet) is not counted at all.
};

/**
 * The shop's risk rule (docs/cod.md). Blocked numbers are "blocked"; a number with nothing counted
 * is "new"; "good" needs a delivery. Failures are refused parcels and the customer's
 * cancellations: any with nothing delivered, or two or more outnumbering the deliveries, is
 * "risky".
 */
export function riskLevelOf(counts: PhoneOrderCounts, blocked: boolean): PhoneRiskLevel {
  if (blocked) return "blocked";
  const failures = counts.returned + counts.cancelled;
  if (counts.delivered + failures === 0) return "new";
  if (counts.delivered === 0) return "risky";
  if (failures >= 2 && failures > counts.delivered) return "risky";
  return "good";
}

/** The 01XXXXXXXXX form of `phone`, or the text as given when it is no Bangladeshi mobile. */
function phoneKey(phone: string): string {
  return normalizeBdMobile(phone) ?? phone.trim();
}

export interface OrderGroup {
  status: OrderStatus;
  method: string;
  cancelledBy?: CancelledBy | null;
}

/**
 * The count an order adds to. A cancellation only when it was the customer's doing and cash on
 * delivery: the shop's and the system's (an unpaid advance or an unconfirmed order expiring, which
 * anyone can cause with a stranger's number) say nothing of the customer, and an online order
 * cancelled unpaid is no sign of a fake order.
 */
export function countedAs(group: OrderGroup): keyof PhoneOrderCounts | undefined {
  if (group.status === "CANCELLED")
    return group.method === "COD" && group.cancelledBy === "customer" ? "cancelled" : undefined;
  return COUNTED_AS[group.status];
}

/** Orders of one delivery phone by outcome; `excludeOrderId` leaves the order being viewed out. */
async function phoneOrderCounts(phone: string, excludeOrderId?: string): Promise<PhoneOrderCounts> {
  const match: Record<string, unknown> = { deliveryPhone: phoneKey(phone) };
  if (excludeOrderId) match._id = { $ne: new mongoose.Types.ObjectId(excludeOrderId) };
  // One grouped aggregate: by status, payment method and who cancelled, so the cancellations can
  // be told apart.
  const groups = await Order.aggregate<{ _id: OrderGroup; n: number }>([
    { $match: match },
    {
      $group: {
        _id: { status: "$orderStatus", method: "$paymentMethod", cancelledBy: "$cancelledBy" },
        n: { $sum: 1 },
      },
    },
  ]);
  const counts: PhoneOrderCounts = { delivered: 0, returned: 0, cancelled: 0, open: 0 };
  for (const { _id: group, n } of groups) {
    const field = countedAs(group);
    if (field) counts[field] += n;
  }
  return counts;
}

async function activeBlockOf(phone: string) {
  return PhoneBlockModel.findOne({ phone, liftedAt: null }).lean();
}

/** The history and risk level of a delivery phone (any written form; answered as 01XXXXXXXXX). */
export async function phoneRiskOf(
  phone: string,
  options: { excludeOrderId?: string } = {},
): Promise<PhoneRisk> {
  const key = phoneKey(phone);
  const [counts, block] = await Promise.all([
    phoneOrderCounts(key, options.excludeOrderId),
    activeBlockOf(key),
  ]);
  return {
    phone: key,
    level: riskLevelOf(counts, Boolean(block)),
    counts,
    block: block
      ? {
          reason: block.reason,
          blockedAt: block.blockedAt.toISOString(),
          blockedBy: block.blockedBy ?? null,
        }
      : null,
  };
}

/** Whether a block is in force for this number (the checkout's cheap check). */
export async function isPhoneBlocked(phone: string): Promise<boolean> {
  return Boolean(await PhoneBlockModel.exists({ phone: phoneKey(phone), liftedAt: null }));
}

function toPhoneBlock(block: PhoneBlockFields): PhoneBlock {
  return {
    phone: block.phone,
    reason: block.reason,
    blockedAt: block.blockedAt.toISOString(),
    blockedBy: block.blockedBy ?? null,
    liftedAt: block.liftedAt ? block.liftedAt.toISOString() : null,
    liftedBy: block.liftedBy ?? null,
  };
}

/** Blocks a number (again, with the new reason, when it was lifted or already blocked). */
export async function blockPhone(
  input: { phone: string; reason: string },
  admin: ActingAdmin,
): Promise<PhoneBlock> {
  const phone = phoneKey(input.phone);
  const block = () =>
    PhoneBlockModel.findOneAndUpdate(
      { phone },
      {
        $set: {
          reason: input.reason,
          blockedAt: new Date(),
          blockedBy: admin,
          liftedAt: null,
          liftedBy: null,
        },
      },
      { upsert: true, new: true },
    ).lean();
  // Two first blocks of one number at once: one inserts, the other meets the unique index and
  // then updates the document the first one made.
  const saved = await block().catch((error: unknown) => {
    if ((error as { code?: unknown }).code === 11000) return block();
    throw error;
  });
  logger.info({ phone, admin: admin.id }, "phone number blocked");
  return toPhoneBlock(saved!);
}

/** Lifts the block in force on a number; 404 when there is none. */
export async function liftPhoneBlock(phone: string, admin: ActingAdmin): Promise<PhoneBlock> {
  const key = phoneKey(phone);
  const lifted = await PhoneBlockModel.findOneAndUpdate(
    { phone: key, liftedAt: null },
    { $set: { liftedAt: new Date(), liftedBy: admin } },
    { new: true },
  ).lean();
  if (!lifted) throw notFound("This number is not blocked");
  logger.info({ phone: key, admin: admin.id }, "phone block lifted");
  return toPhoneBlock(lifted);
}

/** The block list, newest first: the blocks in force, or every block ever made (`all`). */
export async function listPhoneBlocks(
  show: "active" | "all" = "active",
): Promise<PhoneBlocksAnswer> {
  const filter = show === "active" ? { liftedAt: null } : {};
  const blocks = await PhoneBlockModel.find(filter).sort({ blockedAt: -1 }).limit(1000).lean();
  return { blocks: blocks.map(toPhoneBlock) };
}
