/**
 * Variant codes (docs/packing.md): every variant has a SKU, unique across the shop, and a barcode
 * (the SKU unless another is given). Uniqueness is held by the `variant_codes` claims, one
 * document per code keyed by the code: a product's save claims its codes first (an insert, which
 * the `_id` index refuses for a code another product holds, however many saves race), writes the
 * product, then releases the codes it stopped using.
 */
import type mongoose from "mongoose";
import { Product } from "../../models/product.model.js";
import { VariantCode } from "../../models/variant-code.model.js";
import { HttpError, conflict } from "../lib/http-error.js";
import { barcodeOf, generatedSku, isValidCode, normalizeCode } from "#contract/variant-codes";
import {
  CODE_NOT_FOUND,
  CODE_TAKEN,
  codeTaken,
  codeTwiceInProduct,
  noVariantWithCode,
  type VariantLookupAnswer,
} from "#contract/schemas/packing";

type ProductId = mongoose.Types.ObjectId;

export interface CodedVariant {
  color: string;
  size: string;
  sku?: string | null;
  barcode?: string | null;
}

/** A claim older than this whose product does not use the code is left over from a save that failed. */
const STALE_CLAIM_MS = 60_000;
/** Generated SKUs tried per variant (`-2`, `-3`... after the readable one) before giving up. */
const MAX_GENERATED_ATTEMPTS = 50;

const isDuplicateKey = (error: unknown) => (error as { code?: unknown })?.code === 11000;

/** The codes a variant answers to: its SKU, and its barcode when that differs. */
export function codesOf(variant: CodedVariant): string[] {
  const sku = variant.sku ?? "";
  const barcode = barcodeOf(variant);
  return [...new Set([sku, barcode].filter(Boolean))];
}

const usesCode = (codes: string[]) => ({
  $or: [{ "variants.sku": { $in: codes } }, { "variants.barcode": { $in: codes } }],
});

/**
 * Which of `codes` a product other than `product` uses, claimed or not (a product written before
 * claims existed, or around the service, holds its codes too). One read for a whole save.
 */
async function codesUsedElsewhere(product: ProductId, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const others = await Product.find(
    { _id: { $ne: product }, ...usesCode(codes) },
    { "variants.sku": 1, "variants.barcode": 1 },
  ).lean();
  const used = new Set(others.flatMap((other) => other.variants.flatMap(codesOf)));
  return new Set(codes.filter((code) => used.has(code)));
}

/**
 * Claims `code` for the product: "new" when this call claimed it, "held" when the product held it
 * already, undefined when another product holds it.
 */
async function claimCode(code: string, product: ProductId): Promise<"new" | "held" | undefined> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await VariantCode.create({ _id: code, product, claimedAt: new Date() });
      return "new";
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const holder = await VariantCode.findById(code).lean();
    if (!holder) continue; // released meanwhile: claim it again
    if (holder.product.equals(product)) return "held";
    const stale =
      holder.claimedAt.getTime() < Date.now() - STALE_CLAIM_MS &&
      !(await Product.exists({ _id: holder.product, ...usesCode([code]) }));
    if (!stale) return undefined;
    // Taken over only from the claim as read: of two takers, one write lands.
    const taken = await VariantCode.updateOne(
      { _id: code, product: holder.product, claimedAt: holder.claimedAt },
      { $set: { product, claimedAt: new Date() } },
    );
    if (taken.modifiedCount === 1) return "new";
  }
  return undefined;
}

/** Releases the codes `product` claimed and does not use, among those claimed before `before`. */
export async function releaseUnusedCodes(
  product: ProductId,
  inUse: string[],
  before: Date = new Date(),
): Promise<void> {
  await VariantCode.deleteMany({ product, _id: { $nin: inUse }, claimedAt: { $lt: before } });
}

/** Releases exactly these codes of the product (a save that failed gives back what it claimed). */
export async function releaseCodes(product: ProductId, codes: string[]): Promise<void> {
  if (codes.length > 0) await VariantCode.deleteMany({ product, _id: { $in: codes } });
}

/** What a generated SKU must not be: codes of this product's other variants, or in use elsewhere. */
interface Avoid {
  mine: string[];
  elsewhere: (code: string) => Promise<boolean>;
}

/** The first free generated SKU for a variant, claimed for the product. */
async function claimGeneratedSku(
  product: ProductId,
  slug: string,
  variant: CodedVariant,
  position: number,
  avoid: Avoid,
): Promise<{ sku: string; claim: "new" | "held" }> {
  for (let attempt = 1; attempt <= MAX_GENERATED_ATTEMPTS; attempt += 1) {
    const sku = generatedSku(slug, variant, position, attempt);
    if (avoid.mine.includes(sku) || (await avoid.elsewhere(sku))) continue;
    const claim = await claimCode(sku, product);
    if (claim) {
      avoid.mine.push(sku);
      return { sku, claim };
    }
  }
  throw new HttpError(409, `No free SKU for ${slug} ${variant.color}/${variant.size}`, CODE_TAKEN);
}

/**
 * Gives each variant its codes and claims them for the product: a SKU typed is kept (in capitals),
 * else the variant's SKU today (`current`, by colour and size), else one is generated from the
 * product's slug, colour and size; the barcode is the one typed, else the SKU (or, when neither
 * code was sent, today's barcode). 409 CODE_TAKEN when a typed code belongs to another product or two variants.
 * Answers the variants with their codes and the codes this call newly claimed (to release if the
 * product's write then fails).
 */
export async function assignVariantCodes<V extends CodedVariant>(
  product: ProductId,
  slug: string,
  variants: V[],
  current: CodedVariant[] = [],
  /**
   * The caller read every product's codes just before (a catalogue import checks its whole file
   * against them): the read of products using the codes is skipped; the claims still decide.
   */
  { checkedElsewhere = false }: { checkedElsewhere?: boolean } = {},
): Promise<{ variants: (V & { sku: string; barcode: string })[]; claimed: string[] }> {
  const key = (variant: CodedVariant) => `${variant.color}\u0000${variant.size}`;
  const today = new Map(current.map((variant) => [key(variant), variant]));
  const planned = variants.map((variant) => {
    const before = today.get(key(variant));
    const sku = variant.sku ? normalizeCode(variant.sku) : before?.sku || undefined;
    const keptBarcode = before?.barcode && before.barcode !== before.sku ? before.barcode : "";
    // A client that sends the SKU and no barcode asks for the default (the editor's empty field).
    const barcode = variant.barcode
      ? normalizeCode(variant.barcode)
      : variant.sku
        ? ""
        : keptBarcode;
    return { variant, sku, barcode };
  });
  const named = planned.flatMap(({ variant, sku, barcode }) =>
    codesOf({ ...variant, sku, barcode }),
  );
  const twice = named.find((code, index) => named.indexOf(code) !== index);
  if (twice) throw conflict(codeTwiceInProduct(twice), CODE_TAKEN);
  // One read for the typed codes and the first SKU each variant without one would be given.
  const firstGenerated = planned.flatMap(({ variant, sku }, position) =>
    sku ? [] : [generatedSku(slug, variant, position)],
  );
  const usedElsewhere = checkedElsewhere
    ? new Set<string>()
    : await codesUsedElsewhere(product, [...named, ...firstGenerated]);
  const taken = named.find((code) => usedElsewhere.has(code));
  if (taken) throw conflict(codeTaken(taken), CODE_TAKEN);
  const avoid: Avoid = {
    mine: [...named],
    elsewhere: async (code) =>
      firstGenerated.includes(code)
        ? usedElsewhere.has(code)
        : (await codesUsedElsewhere(product, [code])).size > 0,
  };
  const claimed: string[] = [];
  const coded: (V & { sku: string; barcode: string })[] = [];
  try {
    for (const code of named) {
      const claim = await claimCode(code, product);
      if (!claim) throw conflict(codeTaken(code), CODE_TAKEN);
      if (claim === "new") claimed.push(code);
    }
    for (const [position, { variant, sku, barcode }] of planned.entries()) {
      let given = sku;
      if (!given) {
        const generated = await claimGeneratedSku(product, slug, variant, position, avoid);
        if (generated.claim === "new") claimed.push(generated.sku);
        given = generated.sku;
      }
      coded.push({ ...variant, sku: given, barcode: barcode || given });
    }
  } catch (error) {
    await releaseCodes(product, claimed);
    throw error;
  }
  return { variants: coded, claimed };
}

/**
 * Claims the codes of new products (ids not written yet, every variant with its SKU) in one insert:
 * a catalogue import creating hundreds. A code someone else claimed first is tried once more on
 * its own (claimCode takes over a stale claim); a product that cannot have all its codes gets back
 * none of them and is answered in `refused` with the code it could not have.
 */
export async function claimCodesOfNewProducts(
  products: { id: ProductId; codes: string[] }[],
): Promise<{ refused: Map<string, string> }> {
  const refused = new Map<string, string>();
  const claims = products.flatMap(({ id, codes }) => codes.map((code) => ({ code, product: id })));
  if (claims.length === 0) return { refused };
  const claimedAt = new Date();
  try {
    await VariantCode.insertMany(
      claims.map(({ code, product }) => ({ _id: code, product, claimedAt })),
      { ordered: false },
    );
  } catch (error) {
    if (!isDuplicateKey(error) && !(error as { writeErrors?: unknown[] }).writeErrors?.length)
      throw error;
  }
  const holders = new Map(
    (
      await VariantCode.find(
        { _id: { $in: claims.map((claim) => claim.code) } },
        { product: 1 },
      ).lean()
    ).map((claim) => [claim._id, claim.product]),
  );
  for (const { id, codes } of products) {
    for (const code of codes) {
      if (holders.get(code)?.equals(id) || (await claimCode(code, id))) continue;
      refused.set(String(id), code);
      break;
    }
    if (refused.has(String(id))) await releaseCodes(id, codes);
  }
  return { refused };
}

/** The variant a scanned or typed code names (its SKU or its barcode); 404 when none. */
export async function lookupVariant(text: string): Promise<VariantLookupAnswer> {
  const code = normalizeCode(text);
  const product = await Product.findOne(usesCode([code]), { title: 1, variants: 1 }).lean();
  const variant = product?.variants.find(
    (candidate) => candidate.sku === code || barcodeOf(candidate) === code,
  );
  if (!product || !variant) throw new HttpError(404, noVariantWithCode(code), CODE_NOT_FOUND);
  return {
    productId: String(product._id),
    title: product.title,
    color: variant.color,
    size: variant.size,
    stock: variant.stock,
    sku: variant.sku ?? "",
    barcode: barcodeOf(variant),
  };
}

/**
 * Gives every variant of every product its codes and claims them (a migration, and the end of the
 * demo seed): a SKU missing, or one a scanner cannot read back, is generated; a SKU another
 * product claimed first is generated anew for this one; a missing barcode is the SKU. Each product
 * is one write, conditional on its variants still being the ones read (an admin's save meanwhile
 * is read again). Idempotent: a second run finds every code held and writes nothing. Answers how
 * many variants it gave a code.
 */
export async function giveVariantsCodes(): Promise<number> {
  let given = 0;
  // Oldest first: of two products sharing a SKU, the older keeps it.
  for await (const product of Product.find({}, { _id: 1 }).sort({ _id: 1 }).lean().cursor())
    given += await giveProductCodes(product._id, 0);
  return given;
}

/**
 * Claims a product's codes in one insert (the demo seed and the migration give hundreds), and
 * answers those the product holds now; the others are tried one by one by the caller.
 */
async function claimAtOnce(product: ProductId, codes: string[]): Promise<Set<string>> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return new Set();
  const claimedAt = new Date();
  try {
    await VariantCode.insertMany(
      unique.map((code) => ({ _id: code, product, claimedAt })),
      { ordered: false },
    );
  } catch (error) {
    // Codes claimed already (by this product or another) are read below; whatever else failed
    // is tried again one by one.
    if (!isDuplicateKey(error) && !(error as { writeErrors?: unknown[] }).writeErrors?.length)
      throw error;
  }
  const mine = await VariantCode.find({ _id: { $in: unique }, product }, { _id: 1 }).lean();
  return new Set(mine.map((claim) => claim._id));
}

async function giveProductCodes(id: ProductId, attempt: number): Promise<number> {
  const product = await Product.findById(id, { slug: 1, variants: 1 }).lean();
  if (!product || attempt >= 5) return 0;
  const set: Record<string, string> = {};
  const where: Record<string, unknown> = { _id: id };
  // Products not yet given codes hold none: the claims alone decide who keeps a shared SKU.
  const avoid: Avoid = { mine: [], elsewhere: async () => false };
  const valid = (code: string | null | undefined) =>
    code && isValidCode(normalizeCode(code)) ? normalizeCode(code) : undefined;
  const held = await claimAtOnce(
    id,
    product.variants.flatMap((variant) =>
      [valid(variant.sku), valid(variant.barcode)].filter((code) => code !== undefined),
    ),
  );
  const free = async (code: string | undefined) =>
    code !== undefined &&
    !avoid.mine.includes(code) &&
    (held.has(code) || (await claimCode(code, id)) !== undefined);
  let given = 0;
  for (const [index, variant] of product.variants.entries()) {
    const typed = valid(variant.sku);
    const sku = (await free(typed))
      ? typed!
      : (await claimGeneratedSku(id, product.slug, variant, index, avoid)).sku;
    avoid.mine.push(sku);
    const otherBarcode = valid(variant.barcode);
    const barcode = otherBarcode && (await free(otherBarcode)) ? otherBarcode : sku;
    avoid.mine.push(barcode);
    if (sku === variant.sku && barcode === variant.barcode) continue;
    if (sku !== variant.sku) given += 1;
    Object.assign(set, { [`variants.${index}.sku`]: sku, [`variants.${index}.barcode`]: barcode });
    Object.assign(where, {
      [`variants.${index}._id`]: variant._id,
      [`variants.${index}.sku`]: variant.sku ?? null,
    });
  }
  if (Object.keys(set).length === 0) return 0;
  const written = await Product.updateOne(where, { $set: set });
  if (written.matchedCount === 1) return given;
  return giveProductCodes(id, attempt + 1);
}

type OrderLineRef = { productId: unknown; color: string; size: string };

/** The key `lineCodes` answers a line's codes under. */
export const lineCodeKey = (line: OrderLineRef) =>
  `${String(line.productId)}:${line.color}:${line.size}`;

/**
 * The SKU and barcode each order line's variant has now, read in one query for every line given
 * (packing checks scans against them; printed documents show the SKU). A line whose variant is gone
 * is absent.
 */
export async function lineCodes(
  lines: readonly OrderLineRef[],
): Promise<Map<string, { sku: string; barcode: string }>> {
  const ids = [...new Set(lines.map((line) => String(line.productId)))];
  const products = await Product.find({ _id: { $in: ids } }, { variants: 1 }).lean();
  const codes = new Map<string, { sku: string; barcode: string }>();
  for (const product of products)
    for (const variant of product.variants)
      codes.set(lineCodeKey({ productId: product._id, ...variant }), {
        sku: variant.sku ?? "",
        barcode: barcodeOf(variant),
      });
  return codes;
}
