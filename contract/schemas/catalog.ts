import { z } from "zod";
import { MAX_REVIEW_PHOTOS } from "../images.js";
import { numeric } from "../numeric.js";
import { IdParams, ObjectIdString, zeroBasedPageQuery } from "./common.js";
import { BanglaText } from "./i18n.js";
import { OptionalVariantCode } from "../variant-codes.js";

export { IdParams, ObjectIdString };
export const ProductIdParams = z.object({ productId: ObjectIdString });
export const SlugParams = z.object({ slug: z.string().trim().min(1).max(200) });

/** A comma list (`Black,Navy`) or repeated parameter, trimmed, empties dropped. */
const CommaList = z.union([z.string(), z.array(z.string())]).transform((value) =>
  (Array.isArray(value) ? value.join(",") : value)
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .slice(0, 30),
);

const optionalNumber = z.preprocess(
  (value) => (value === "" ? undefined : value),
  numeric(z.number().min(0).optional()),
);

export const PRODUCT_SORTS = ["price_low", "price_high", "newest", "popular"] as const;
export const MAX_PAGE_SIZE = 60;

export const ProductListQuery = z.object({
  category: z.string().trim().max(200).optional(),
  colors: CommaList.optional(),
  sizes: CommaList.optional(),
  minPrice: optionalNumber,
  maxPrice: optionalNumber,
  minDiscount: optionalNumber,
  sort: z.enum(PRODUCT_SORTS).optional(),
  stock: z.enum(["in_stock", "out_of_stock"]).optional(),
  search: z.string().trim().max(100).optional(),
  ...zeroBasedPageQuery(12, MAX_PAGE_SIZE),
});
export type ProductListInput = z.output<typeof ProductListQuery>;

export const ProductSuggestQuery = z.object({
  q: z.string().trim().min(1).max(100),
  limit: numeric(z.number().int().min(1).max(10)).default(6),
});

export const AdminProductListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  category: z.string().trim().max(200).optional(),
  ...zeroBasedPageQuery(20, 100),
});

/** Multipart sends every field as text: JSON arrays arrive as strings, booleans as "true". */
function jsonText<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);
}
const boolText = z.preprocess(
  (value) =>
    value === "true" || value === "1" ? true : value === "false" || value === "0" ? false : value,
  z.boolean(),
);

export const VariantInput = z.object({
  color: z.string().trim().min(1).max(40),
  size: z.string().trim().min(1).max(40),
  stock: numeric(z.number().int().min(0).max(100000)),
  // Empty: the server gives one (docs/packing.md).
  sku: OptionalVariantCode,
  barcode: OptionalVariantCode,
});

const ProductFieldsObject = z.object({
  title: z.string().trim().min(1).max(200),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and dashes")
    .max(200)
    .optional(),
  description: z.string().max(5000).optional(),
  titleBn: BanglaText(200),
  descriptionBn: BanglaText(5000),
  brand: z.string().trim().min(1).max(80).optional(),
  price: numeric(z.number().int().min(0)),
  discountedPrice: numeric(z.number().int().min(0)),
  category: ObjectIdString,
  variants: jsonText(
    z
      .array(VariantInput)
      .max(200)
      .refine(
        (variants) =>
          new Set(variants.map((variant) => `${variant.color}\u0000${variant.size}`)).size ===
          variants.length,
        "Each colour and size appears once",
      ),
  ),
  isActive: boolText.optional(),
  isFeatured: boolText.optional(),
  // On update: the existing images to keep, in order; new uploads are appended after them.
  existingImages: jsonText(z.array(z.string().max(300)).max(8)).optional(),
  // On update: the stock grid as the editor loaded it. Given, each variant's stock moves by what
  // the admin changed (typed minus loaded), so units sold while the form was open stay sold.
  variantsSeen: jsonText(z.array(VariantInput).max(200)).optional(),
});

/**
 * A product's editable fields, declared once: create and update read them here, and so does the
 * catalogue CSV (its columns are these keys, catalog-csv.ts).
 */
export const ProductEditableFields = ProductFieldsObject.omit({
  existingImages: true,
  variantsSeen: true,
});

/** The editable fields' names, in their declared order (the editor's form data, the CSV's columns). */
export const PRODUCT_EDITABLE_KEYS = ProductEditableFields.keyof().options;
export type ProductEditableKey = (typeof PRODUCT_EDITABLE_KEYS)[number];
/**
 * The editable fields a product document stores as given; the others are resolved first (the
 * variants get their codes, the category its name and path).
 */
export type ProductPlainKey = Exclude<ProductEditableKey, "variants" | "category">;
export const PRODUCT_PLAIN_KEYS = PRODUCT_EDITABLE_KEYS.filter(
  (key): key is ProductPlainKey => key !== "variants" && key !== "category",
);

export const ProductCreateBody = ProductEditableFields.refine(
  (body) => body.discountedPrice <= body.price,
  {
    message: "discountedPrice cannot exceed price",
    path: ["discountedPrice"],
  },
);
export type ProductCreateInput = z.output<typeof ProductCreateBody>;

export const ProductUpdateBody = ProductFieldsObject.partial().refine(
  (body) =>
    body.price === undefined ||
    body.discountedPrice === undefined ||
    body.discountedPrice <= body.price,
  { message: "discountedPrice cannot exceed price", path: ["discountedPrice"] },
);
export type ProductUpdateInput = z.output<typeof ProductUpdateBody>;

export const CategoryBody = z.object({
  name: z.string().trim().min(1).max(80),
  nameBn: BanglaText(80),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and dashes")
    .max(100)
    .optional(),
  parentCategory: ObjectIdString.nullable().optional(),
  sortOrder: numeric(z.number().int().optional()),
});
export const CategoryUpdateBody = CategoryBody.partial();

/** JSON, or multipart with up to MAX_REVIEW_PHOTOS files in `photos` (contract/images.ts). */
export const ReviewBody = z.object({
  productId: ObjectIdString,
  review: z.string().trim().min(1).max(2000),
  /** The reviewer's stars, saved as their rating of the product. */
  rating: numeric(z.number().int().min(1).max(5)).optional(),
  /**
   * Writing again: the photos of the earlier review to keep (their URLs; one multipart field per
   * photo). Those not named are removed; new files are added after them.
   */
  keepPhotos: z
    .preprocess(
      (value) => (typeof value === "string" ? [value] : value),
      z.array(z.string().max(300)).max(MAX_REVIEW_PHOTOS),
    )
    .optional(),
});

export const RatingBody = z.object({
  productId: ObjectIdString,
  rating: numeric(z.number().int().min(1).max(5)),
});

const SizeGuideFields = {
  name: z.string().trim().min(1).max(120),
  category: ObjectIdString.nullable().optional(),
  unit: z.enum(["cm", "inch"]),
  columns: z.array(z.string().trim().min(1).max(40)).max(20),
  rows: z
    .array(
      z.object({
        size: z.string().trim().min(1).max(40),
        values: z.array(z.string().trim().max(40)).max(20),
      }),
    )
    .max(50),
  note: z.string().max(2000),
  nameBn: BanglaText(120),
  noteBn: BanglaText(2000),
};
export const SizeGuideBody = z.object({
  ...SizeGuideFields,
  unit: SizeGuideFields.unit.default("inch"),
  columns: SizeGuideFields.columns.default([]),
  rows: SizeGuideFields.rows.default([]),
  note: SizeGuideFields.note.default(""),
});
export const SizeGuideUpdateBody = z.object(SizeGuideFields).partial();
export const SizeGuideQuery = z.object({ category: z.string().trim().max(200).optional() });

const optionalDate = z.preprocess(
  (value) => (value === "" ? null : value),
  z.coerce.date().nullable().optional(),
);
const optionalLimit = z.preprocess(
  (value) => (value === "" ? null : value),
  numeric(z.number().int().min(0).nullable().optional()),
);

const PromoFields = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{2,40}$/, "Letters, digits, dash or underscore (2 to 40)"),
  description: z.string().max(500).optional(),
  type: z.enum(["PERCENTAGE", "FIXED"]),
  value: numeric(z.number().int().min(1)),
  minOrderAmount: numeric(z.number().int().min(0).default(0)),
  maxDiscount: optionalLimit,
  startsAt: optionalDate,
  expiresAt: optionalDate,
  usageLimit: optionalLimit,
  perUserLimit: optionalLimit,
  isActive: z.boolean().default(true),
});

function promoRules(
  body: { type?: string; value?: number; startsAt?: Date | null; expiresAt?: Date | null },
  ctx: z.RefinementCtx,
) {
  if (body.type === "PERCENTAGE" && body.value !== undefined && body.value > 100)
    ctx.addIssue({ code: "custom", path: ["value"], message: "A percentage is at most 100" });
  if (body.startsAt && body.expiresAt && body.expiresAt <= body.startsAt)
    ctx.addIssue({ code: "custom", path: ["expiresAt"], message: "Must be after startsAt" });
}

export const PromoCodeBody = PromoFields.superRefine(promoRules);
/** The fields staff set on a promo code (never its uses or reservations), in the form's order. */
export const PROMO_CODE_FIELDS = PromoFields.keyof().options;
export const PromoCodeUpdateBody = PromoFields.partial()
  .extend({
    minOrderAmount: numeric(z.number().int().min(0).optional()),
    isActive: z.boolean().optional(),
  })
  .superRefine(promoRules);

/** The back office's promo codes: without page or limit the whole list, with them one page. */
export const PromoCodeListQuery = z.object({
  search: z.string().max(100).optional(),
  isActive: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
  page: numeric(z.number().int().min(1).optional()),
  limit: numeric(z.number().int().min(1).max(100).optional()),
});
