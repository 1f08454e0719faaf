/**
 * Customer history by phone and the block list (docs/cod.md, "Customer history and risk"): what
 * the back office shows for an order's mobile number, and what the checkout's rules read. Only zod.
 */
import { z } from "zod";
import { BdMobile } from "../phone.js";
import { ObjectIdString } from "./common.js";
import { CourierRecord } from "../courier-insights.js";

// The checkout page reads these without zod (checkout-refusals.ts).
export { PHONE_BLOCKED_CODE, PHONE_BLOCKED_MESSAGE } from "../checkout-refusals.js";

export const PHONE_RISK_LEVELS = ["new", "good", "risky", "blocked"] as const;
export type PhoneRiskLevel = (typeof PHONE_RISK_LEVELS)[number];

/** Orders of one delivery phone, by how they ended (or not yet). */
export const PhoneOrderCounts = z.object({
  delivered: z.number().int(),
  /** RETURNING or RETURNED: the customer refused the parcel. */
  returned: z.number().int(),
  /**
   * Cash-on-delivery orders the customer cancelled (`cancelledBy: "customer"`); the shop's and the
   * system's cancellations, and online orders cancelled unpaid, are not counted.
   */
  cancelled: z.number().int(),
  /** PLACED, CONFIRMED or SHIPPED. */
  open: z.number().int(),
});
export type PhoneOrderCounts = z.output<typeof PhoneOrderCounts>;

export const PhoneBlockedBy = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const PhoneBlockInfo = z.object({
  reason: z.string(),
  blockedAt: z.string(),
  blockedBy: PhoneBlockedBy.nullable(),
});

export const PhoneRisk = z.object({
  /** 01XXXXXXXXX */
  phone: z.string(),
  level: z.enum(PHONE_RISK_LEVELS),
  counts: PhoneOrderCounts,
  block: PhoneBlockInfo.nullable(),
});
export type PhoneRisk = z.output<typeof PhoneRisk>;

/**
 * `GET /api/admin/phones/:phone`: the shop's own history and risk, and beside it each courier's
 * record of the number in its whole network (couriers whose API offers one), each with its state.
 */
export const PhoneHistoryAnswer = PhoneRisk.extend({ couriers: z.array(CourierRecord) });
export type PhoneHistoryAnswer = z.output<typeof PhoneHistoryAnswer>;

/** `/api/admin/phones/:phone`: any written form of the number. */
export const PhoneParams = z.object({ phone: BdMobile });
/** `?excludeOrder=<id>`: the order being viewed, left out of its own "earlier orders". */
export const PhoneHistoryQuery = z.object({
  excludeOrder: ObjectIdString.optional(),
});

export const PHONE_BLOCK_REASON_MAX = 300;

export const PhoneBlockBody = z.strictObject({
  phone: BdMobile,
  reason: z
    .string()
    .trim()
    .min(1, "Give a reason for the block")
    .max(PHONE_BLOCK_REASON_MAX, `At most ${PHONE_BLOCK_REASON_MAX} characters`),
});

export const PhoneBlock = z.object({
  phone: z.string(),
  reason: z.string(),
  blockedAt: z.string(),
  blockedBy: PhoneBlockedBy.nullable(),
  /** Set when an admin lifted the block; a lifted block no longer refuses anything. */
  liftedAt: z.string().nullable(),
  liftedBy: PhoneBlockedBy.nullable(),
});
export type PhoneBlock = z.output<typeof PhoneBlock>;

export const PhoneBlocksQuery = z.object({
  /** `active` (default): blocks in force; `all`: lifted ones too, newest first. */
  show: z.enum(["active", "all"]).default("active"),
});

export const PhoneBlocksAnswer = z.object({ blocks: z.array(PhoneBlock) });
export type PhoneBlocksAnswer = z.output<typeof PhoneBlocksAnswer>;
