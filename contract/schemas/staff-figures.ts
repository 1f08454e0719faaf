/**
 * The owner's figures per staff member for one month (docs/staff-roles.md, "Figures per staff
 * member"): orders each confirmed and what became of them, and orders each entered, by channel.
 */
import { z } from "zod";
import { Timestamp } from "../answers/common.js";
import { STAFF_ORDER_SOURCES } from "../order-sources.js";
import { STAFF_ROLES } from "../staff-roles.js";

/** A calendar month of the shop (Asia/Dhaka), `yyyy-MM`. */
export const StaffFiguresQuery = z.object({
  month: z
    .string()
    .regex(/^20\d\d-(0[1-9]|1[0-2])$/, "The month must be written yyyy-MM, e.g. 2026-11")
    .optional(),
});
export type StaffFiguresQuery = z.output<typeof StaffFiguresQuery>;

/** Where the orders a staff member confirmed stand now. */
export const CONFIRMED_OUTCOMES = [
  "delivered",
  "returned",
  "cancelled",
  "open",
  "deleted",
] as const;
export type ConfirmedOutcome = (typeof CONFIRMED_OUTCOMES)[number];

const Count = z.number().int().min(0);

export const StaffMemberFigures = z.object({
  /** The staff member's user id; null for an order's creator no account answers to any more. */
  id: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  /** Their role now; null for someone no longer on the staff. */
  role: z.enum(STAFF_ROLES).nullable(),
  confirmed: Count,
  outcomes: z.object({
    delivered: Count,
    returned: Count,
    cancelled: Count,
    open: Count,
    deleted: Count,
  }),
  entered: z.object({ total: Count, bySource: z.record(z.enum(STAFF_ORDER_SOURCES), Count) }),
});
export type StaffMemberFigures = z.output<typeof StaffMemberFigures>;

export const StaffFiguresAnswer = z.object({
  month: z.string(),
  /** The month's first instant and the next month's (Asia/Dhaka), as the figures count them. */
  from: Timestamp,
  to: Timestamp,
  staff: z.array(StaffMemberFigures),
});
export type StaffFiguresAnswer = z.output<typeof StaffFiguresAnswer>;
