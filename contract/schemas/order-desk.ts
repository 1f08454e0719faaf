/**
 * The order desk (docs/order-desk.md): the queues of the owner's day, many orders moved at once,
 * and the orders list as CSV. Each queue's rule is the server's (server/services/order-queues.ts);
 * the ids and the inputs are shared here with the back office.
 */
import { z } from "zod";
import { ADMIN_CANCELLED_BY, ORDER_STATUSES } from "../order-status.js";
import { ObjectIdString } from "./common.js";

/** Queues that are filters of the orders list (`GET /api/admin/orders?queue=<id>`). */
export const ORDER_QUEUE_IDS = [
  "to-confirm",
  "to-pack",
  "to-ship",
  "in-transit",
  "returning",
] as const;
export type OrderQueueId = (typeof ORDER_QUEUE_IDS)[number];

/**
 * Every queue the desk counts, in the order of the day: the order queues, then the incomplete
 * checkouts (not orders: their list is the call list's own screen).
 */
export const QUEUE_IDS = [...ORDER_QUEUE_IDS, "incomplete"] as const;
export type QueueId = (typeof QUEUE_IDS)[number];

export const QueuesAnswer = z.object({
  queues: z.array(z.object({ id: z.enum(QUEUE_IDS), count: z.number().int().min(0) })),
});
export type QueuesAnswer = z.infer<typeof QueuesAnswer>;

const upperCaseStatus = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(ORDER_STATUSES));

/**
 * The filters of the orders list, its CSV and a many-at-once change "to everything in the filter":
 * one queue or one status, a search text, and the days placed (`from`, `to`).
 */
export const OrderFilterFields = {
  queue: z.enum(ORDER_QUEUE_IDS).optional(),
  status: upperCaseStatus.optional(),
  search: z.string().max(100).optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
};
export const OrderFilter = z.strictObject(OrderFilterFields);
export type OrderFilter = z.infer<typeof OrderFilter>;

/** `GET /api/admin/orders/export.csv`: the list's filters. */
export const OrderExportQuery = z.object(OrderFilterFields);

/** Rows of one CSV export at most: a larger filter is refused, never cut short without a word. */
export const MAX_EXPORT_ROWS = 5000;
export const tooManyToExport = (count: number) =>
  `The filter matches ${count} orders; at most ${MAX_EXPORT_ROWS} are exported at once: narrow the dates or the filter`;

/**
 * What many orders at once may be given: the same moves as the order's own Confirm and Cancel
 * buttons. Booking a courier has its own many-at-once endpoint (`POST /api/admin/shipments`) and
 * printing is the browser's: the desk hands its selection to those (docs/order-desk.md).
 */
export const BULK_ACTIONS = ["confirm", "cancel"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Orders one request may change: a page of the desk is 20, "everything in a filter" at most this. */
export const MAX_BULK_ORDERS = 500;
export const BULK_TARGET_MISSING = "Send the orders' ids (orderIds) or a filter, one of the two";
/** `cancelledBy` on another move than a cancellation (the one-order move answers the same). */
export const ONLY_CANCELLATION_SAYS_WHO = "Only a cancellation says who cancelled";
export const tooManyInFilter = (count: number) =>
  `The filter matches ${count} orders; at most ${MAX_BULK_ORDERS} are changed at once: narrow the filter`;

export const BulkOrdersBody = z
  .strictObject({
    action: z.enum(BULK_ACTIONS),
    /** The orders chosen one by one or a page at a time (duplicates are answered once). */
    orderIds: z
      .array(ObjectIdString)
      .min(1, "Choose at least one order")
      .max(MAX_BULK_ORDERS, `At most ${MAX_BULK_ORDERS} orders at once`)
      .transform((ids) => [...new Set(ids)])
      .optional(),
    /** Everything the list shows with these filters, read when the request arrives. */
    filter: OrderFilter.optional(),
    /** A cancellation: who caused it (the shop unless told; docs/cod.md). */
    cancelledBy: z.enum(ADMIN_CANCELLED_BY).optional(),
  })
  .superRefine((body, context) => {
    if ((body.orderIds === undefined) === (body.filter === undefined))
      context.addIssue({ code: "custom", path: ["orderIds"], message: BULK_TARGET_MISSING });
    if (body.cancelledBy && body.action !== "cancel")
      context.addIssue({
        code: "custom",
        path: ["cancelledBy"],
        message: ONLY_CANCELLATION_SAYS_WHO,
      });
  });
export type BulkOrdersBody = z.infer<typeof BulkOrdersBody>;

/** One order of a many-at-once change: its new status, or why it was refused (nothing changed). */
export const BulkOrderResult = z.union([
  z.object({
    orderId: z.string(),
    ok: z.literal(true),
    orderNumber: z.string(),
    orderStatus: z.enum(ORDER_STATUSES),
  }),
  z.object({
    orderId: z.string(),
    ok: z.literal(false),
    status: z.number(),
    message: z.string(),
    code: z.string().optional(),
  }),
]);
export type BulkOrderResult = z.infer<typeof BulkOrderResult>;

export const BulkOrdersAnswer = z.object({
  results: z.array(BulkOrderResult),
  /** How many were changed and how many refused. */
  done: z.number(),
  refused: z.number(),
});
export type BulkOrdersAnswer = z.infer<typeof BulkOrdersAnswer>;
