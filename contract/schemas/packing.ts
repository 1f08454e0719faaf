/**
 * Variant codes and scan-to-pack (docs/packing.md): the look-up of a variant by SKU or barcode,
 * the pack endpoint's scans and answer, and the refusals the packing screen shows.
 */
import { z } from "zod";
import { VariantCodeText } from "../variant-codes.js";
import { Timestamp } from "../answers/common.js";

/** `GET /api/admin/products/lookup?code=`: a SKU or a barcode. */
export const CodeLookupQuery = z.object({ code: VariantCodeText });

export const VariantLookupAnswer = z.object({
  productId: z.string(),
  title: z.string(),
  color: z.string(),
  size: z.string(),
  stock: z.number(),
  sku: z.string(),
  barcode: z.string(),
});
export type VariantLookupAnswer = z.infer<typeof VariantLookupAnswer>;

/** The order by its id or its number (what the order's barcode holds). */
export const PackParams = z.object({ id: z.string().min(1).max(64) });

/** Scans in the order they were read; a unit is a scan (a line of 3 takes three scans). */
export const MAX_SCANS = 500;
export const PackBody = z.strictObject({
  scans: z.array(z.string().min(1).max(200)).max(MAX_SCANS, `At most ${MAX_SCANS} scans`),
});
export type PackBody = z.infer<typeof PackBody>;

export const PackLineAnswer = z.object({
  lineId: z.string(),
  productId: z.string(),
  title: z.string(),
  color: z.string(),
  size: z.string(),
  /** The variant's codes now (empty when the product or the variant is gone). */
  sku: z.string(),
  barcode: z.string(),
  quantity: z.number(),
  scanned: z.number(),
  complete: z.boolean(),
});
export type PackLineAnswer = z.infer<typeof PackLineAnswer>;

export const PackAnswer = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  lines: z.array(PackLineAnswer),
  /** Every line has all its units scanned. */
  complete: z.boolean(),
  /** Set by the request whose scans completed the order (once: a later one is a 409). */
  packedAt: Timestamp.nullable(),
  packedBy: z.string().nullable(),
});
export type PackAnswer = z.infer<typeof PackAnswer>;

export const CODE_NOT_FOUND = "CODE_NOT_FOUND";
export const noVariantWithCode = (code: string) => `No variant has the SKU or barcode ${code}`;
export const CODE_TAKEN = "CODE_TAKEN";
export const codeTaken = (code: string) => `The code ${code} belongs to another variant`;
export const codeTwiceInProduct = (code: string) =>
  `The code ${code} is given to two variants of this product`;

export const CODE_NOT_IN_ORDER = "CODE_NOT_IN_ORDER";
export const notInOrder = (code: string, orderNumber: string) =>
  `${code} is not in order ${orderNumber}`;
export const EXTRA_UNIT = "EXTRA_UNIT";
export const extraUnit = (code: string, quantity: number) =>
  `${code}: all ${quantity} ordered already scanned; this one is extra`;
export const NOT_PACKABLE = "NOT_PACKABLE";
export const notPackable = (orderNumber: string, status: string) =>
  `Order ${orderNumber} is ${status}: only confirmed orders are packed`;
export const ALREADY_PACKED = "ALREADY_PACKED";
export const alreadyPacked = (orderNumber: string, by: string) =>
  `Order ${orderNumber} is already packed (by ${by})`;
