/**
 * The stock room (docs/stock-ledger.md): every change of a variant's stock is a ledger entry, the
 * back office adjusts stock with a reason, and variants at or below their threshold are listed as
 * low. Only zod, so the back office's forms check what the server checks.
 */
import { z } from "zod";
import { numeric } from "../numeric.js";
import { ObjectIdString, PageQuery } from "./common.js";
import { pageOf, Timestamp } from "../answers/common.js";

/** Why a variant's stock changed. `opening`: the stock a product had when its ledger began. */
export const STOCK_REASONS = [
  "sale",
  "cancel",
  "return",
  "exchange",
  "received",
  "damaged",
  "correction",
  "import",
  "opening",
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** The reasons an admin may give an adjustment; the others are written by the shop itself. */
export const ADJUSTMENT_REASONS = [
  "received",
  "damaged",
  "return",
  "exchange",
  "correction",
] as const satisfies readonly StockReason[];
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  sale: "Sale",
  cancel: "Cancelled",
  return: "Returned",
  exchange: "Exchange",
  received: "Received",
  damaged: "Damaged",
  correction: "Correction",
  import: "Import",
  opening: "Opening stock",
};

/** Which way a reason moves stock; a reason not named here (correction, exchange) goes either way. */
export const REASON_DIRECTION: Partial<Record<AdjustmentReason, "add" | "remove">> = {
  received: "add",
  return: "add",
  damaged: "remove",
};

export const STOCK_NOTE_MAX = 200;
/** The most units one adjustment moves (a variant holds at most this many, as the editor allows). */
export const STOCK_DELTA_MAX = 100_000;
/** A threshold of 0 warns only when a variant is sold out. */
export const STOCK_THRESHOLD_MAX = 100_000;

const VariantRef = {
  productId: ObjectIdString,
  color: z.string().trim().min(1).max(40),
  size: z.string().trim().min(1).max(40),
};

export const StockAdjustmentBody = z
  .strictObject({
    ...VariantRef,
    delta: z
      .number({ error: "Enter a whole number of units" })
      .int("Enter a whole number of units")
      .min(-STOCK_DELTA_MAX, `At most ${STOCK_DELTA_MAX} units at once`)
      .max(STOCK_DELTA_MAX, `At most ${STOCK_DELTA_MAX} units at once`)
      .refine((delta) => delta !== 0, "Enter a change other than 0"),
    reason: z.enum(ADJUSTMENT_REASONS, { error: "Choose a reason" }),
    note: z.string().trim().max(STOCK_NOTE_MAX, `At most ${STOCK_NOTE_MAX} characters`).default(""),
  })
  .superRefine((body, context) => {
    const direction = REASON_DIRECTION[body.reason];
    if (direction === "add" && body.delta < 0)
      context.addIssue({
        code: "custom",
        path: ["delta"],
        message: `${STOCK_REASON_LABELS[body.reason]} stock adds units: enter a positive number`,
      });
    if (direction === "remove" && body.delta > 0)
      context.addIssue({
        code: "custom",
        path: ["delta"],
        message: `${STOCK_REASON_LABELS[body.reason]} stock removes units: enter a negative number`,
      });
  });
export type StockAdjustmentBody = z.output<typeof StockAdjustmentBody>;

/** `?productId=&page=&limit=`: one product's entries, or every product's without `productId`. */
export const StockEntriesQuery = z.object({
  productId: ObjectIdString.optional(),
  ...PageQuery,
});
export type StockEntriesQuery = z.output<typeof StockEntriesQuery>;

export const StockEntry = z.object({
  _id: z.string(),
  productId: z.string(),
  /** The product's title now; empty when it was deleted. */
  productTitle: z.string(),
  color: z.string(),
  size: z.string(),
  /** Signed: units in are positive, units out negative. */
  delta: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  note: z.string(),
  /** `admin:<email>`, `customer`, `guest` or `system`. */
  by: z.string(),
  at: Timestamp,
  /** The order the entry belongs to (a sale, its cancellation or return), when there is one. */
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
});
export type StockEntry = z.output<typeof StockEntry>;

export const StockVariantState = z.object({
  color: z.string(),
  size: z.string(),
  stock: z.number().int(),
  /** The variant's own threshold; null: the shop's default applies. */
  lowStockThreshold: z.number().int().nullable(),
  /** The threshold in force (its own, else the shop's default). */
  threshold: z.number().int(),
});
export type StockVariantState = z.output<typeof StockVariantState>;

export const StockEntriesAnswer = pageOf("entries", StockEntry).extend({
  /** The product asked for, with its variants' stock now; null without `productId` or when deleted. */
  product: z
    .object({ _id: z.string(), title: z.string(), variants: z.array(StockVariantState) })
    .nullable(),
});
export type StockEntriesAnswer = z.output<typeof StockEntriesAnswer>;

export const StockAdjustmentAnswer = z.object({
  message: z.string(),
  entry: StockEntry,
  /** The variant's stock after the adjustment. */
  stock: z.number().int(),
});
export type StockAdjustmentAnswer = z.output<typeof StockAdjustmentAnswer>;

export const StockThresholdBody = z.strictObject({
  ...VariantRef,
  /** null: back to the shop's default. */
  lowStockThreshold: numeric(
    z
      .number({ error: "Enter a whole number of units" })
      .int("Enter a whole number of units")
      .min(0, "A threshold cannot be negative")
      .max(STOCK_THRESHOLD_MAX, `At most ${STOCK_THRESHOLD_MAX}`),
  ).nullable(),
});
export type StockThresholdBody = z.output<typeof StockThresholdBody>;

export const StockThresholdAnswer = z.object({
  message: z.string(),
  variant: StockVariantState,
});

export const LowStockQuery = z.object(PageQuery);
export type LowStockQuery = z.output<typeof LowStockQuery>;

export const LowStockItem = z.object({
  productId: z.string(),
  title: z.string(),
  color: z.string(),
  size: z.string(),
  sku: z.string(),
  stock: z.number().int(),
  threshold: z.number().int(),
});
export type LowStockItem = z.output<typeof LowStockItem>;

/** Lowest stock first; `defaultThreshold` is the shop's (settings `stock.lowStockThreshold`). */
export const LowStockAnswer = pageOf("items", LowStockItem).extend({
  defaultThreshold: z.number().int(),
});
export type LowStockAnswer = z.output<typeof LowStockAnswer>;
