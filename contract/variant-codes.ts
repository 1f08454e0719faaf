/**
 * A variant's codes (docs/packing.md): its SKU, unique across the shop, and its barcode (the SKU
 * unless another is given). Both are printed as Code 128 and read back by a scanner, so they are
 * printable ASCII without spaces, and compared in capitals (a scanner or a hand typing the same
 * label may differ in case).
 */
import { z } from "zod";

export const MAX_CODE_LENGTH = 64;
/** Printable ASCII without the space: what Code 128 (sets A and B) encodes and a scanner types back. */
const CODE_PATTERN = /^[\x21-\x7E]+$/;
export const CODE_MESSAGE = "Use letters, digits and signs without spaces (A-Z, 0-9, - . /)";

/** A code as stored and compared: trimmed, in capitals. */
export function normalizeCode(text: string): string {
  return text.trim().toUpperCase();
}

export function isValidCode(code: string): boolean {
  return code.length > 0 && code.length <= MAX_CODE_LENGTH && CODE_PATTERN.test(code);
}

/** The zod field of a code an admin types or a scanner reads: yields the stored form. */
export const VariantCodeText = z
  .string()
  .max(200, CODE_MESSAGE)
  .transform(normalizeCode)
  .refine(isValidCode, CODE_MESSAGE);

/** The part of a generated SKU a word gives: capitals and digits, other runs as one dash. */
function codePart(text: string, max: number): string {
  return text
    .normalize("NFKD")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
}

/**
 * The SKU a variant gets when none is given: readable on the packing table, from the product's
 * address, the colour and the size (`CLASSIC-TEE-BLACK-M`); `attempt` > 1 adds `-2`, `-3`... when
 * that one is taken. A colour or size with no Latin letters (a Bangla name) becomes its position.
 */
export function generatedSku(
  slug: string,
  variant: { color: string; size: string },
  position: number,
  attempt = 1,
): string {
  const parts = [
    codePart(slug, 32) || "ITEM",
    codePart(variant.color, 12) || `C${position + 1}`,
    codePart(variant.size, 8) || `S${position + 1}`,
  ];
  return attempt > 1 ? `${parts.join("-")}-${attempt}` : parts.join("-");
}

/** A variant's barcode as read: the SKU unless another was given. */
export function barcodeOf(variant: { sku?: string | null; barcode?: string | null }): string {
  return variant.barcode || variant.sku || "";
}

/** A code field an admin may leave empty (then the server gives one). */
export const OptionalVariantCode = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  VariantCodeText.optional(),
);
