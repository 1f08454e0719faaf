/** Answers of the catalogue: products, listings, suggestions, categories, reviews, ratings, size guides, promo codes. */
import { z } from "zod";
import { pageOf } from "./common.js";

const CategoryRef = z.object({
  _id: z.string(),
  name: z.string(),
  /** Bangla name, present when written (the storefront falls back to `name`). */
  nameBn: z.string().optional(),
  slug: z.string(),
  parentCategory: z.string().nullable(),
});

/** A product as every catalogue endpoint answers it. */
export const ProductAnswer = z.object({
  _id: z.string(),
  title: z.string(),
  /** Bangla title and description, present when written (else the storefront shows the English). */
  titleBn: z.string().optional(),
  descriptionBn: z.string().optional(),
  slug: z.string(),
  description: z.string(),
  brand: z.string(),
  price: z.number(),
  discountedPrice: z.number(),
  discountPercent: z.number(),
  category: CategoryRef.nullable(),
  categoryName: z.string(),
  colors: z.array(z.string()),
  sizes: z.array(z.object({ name: z.string(), quantity: z.number() })),
  variants: z.array(
    z.object({
      _id: z.string(),
      color: z.string(),
      size: z.string(),
      stock: z.number(),
      sku: z.string(),
      /** What the variant's label encodes: the SKU unless another barcode was given. */
      barcode: z.string(),
    }),
  ),
  quantity: z.number(),
  images: z.array(z.string()),
  imageUrl: z.string(),
  averageRating: z.number(),
  numRatings: z.number(),
  numReviews: z.number(),
  isActive: z.boolean(),
  isFeatured: z.boolean(),
  createdAt: z.string(),
});
export type ProductAnswer = z.infer<typeof ProductAnswer>;

/** A page of the storefront's listing, with the filters that would find something. */
export const ProductListAnswer = z.object({
  content: z.array(ProductAnswer),
  totalPages: z.number(),
  currentPage: z.number(),
  totalProducts: z.number(),
  availableFilters: z.object({ colors: z.array(z.string()), sizes: z.array(z.string()) }),
});
export type ProductListAnswer = z.infer<typeof ProductListAnswer>;

export const AdminProductListAnswer = z.object({
  products: z.array(ProductAnswer),
  total: z.number(),
});
export type AdminProductListAnswer = z.infer<typeof AdminProductListAnswer>;

/** The slice of a product that cards and listings show. */
export const ProductCard = ProductAnswer.pick({
  _id: true,
  title: true,
  slug: true,
  brand: true,
  price: true,
  discountedPrice: true,
  discountPercent: true,
  imageUrl: true,
  categoryName: true,
  colors: true,
  quantity: true,
  averageRating: true,
  numRatings: true,
  titleBn: true,
}).extend({ categoryNameBn: z.string().optional() });
export type ProductCard = z.infer<typeof ProductCard>;

/** What the header's search suggests while one types. */
export const ProductSuggestion = ProductAnswer.pick({
  _id: true,
  title: true,
  titleBn: true,
  slug: true,
  categoryName: true,
  imageUrl: true,
  price: true,
  discountedPrice: true,
}).extend({ categoryNameBn: z.string().optional() });
export type ProductSuggestion = z.infer<typeof ProductSuggestion>;
export const ProductSuggestionsAnswer = z.object({ products: z.array(ProductSuggestion) });

/** A category as GET /api/categories lists it (a flat list; `parentCategory` and `level` make the tree). */
export const CategoryAnswer = CategoryRef.extend({ level: z.number() });
export type CategoryAnswer = z.infer<typeof CategoryAnswer>;
/** A category as the admin endpoints answer it: with its sort position. */
export const AdminCategoryAnswer = CategoryAnswer.extend({ sortOrder: z.number() });
export type AdminCategoryAnswer = z.infer<typeof AdminCategoryAnswer>;

/**
 * Who wrote a review or a rating, as every shopper reads it: the first name only. No account id:
 * a review by a member of staff must not name their account to the public.
 */
const Reviewer = z.object({ firstName: z.string() });

/** The shop's answer under a review. */
export const ReviewReply = z.object({ text: z.string(), repliedAt: z.string() });

export const ReviewAnswer = z.object({
  _id: z.string(),
  review: z.string(),
  /** The reviewer's stars for the product (their rating), null when they gave none. */
  rating: z.number().int().min(1).max(5).nullable(),
  /** Up to 3 photos, each the URL of its 800 px WebP (400 and 1200 px beside it). */
  photos: z.array(z.string()),
  reply: ReviewReply.nullable(),
  verifiedPurchase: z.boolean(),
  productId: z.string(),
  user: Reviewer,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReviewAnswer = z.infer<typeof ReviewAnswer>;

export const RatingAnswer = z.object({
  _id: z.string(),
  rating: z.number(),
  productId: z.string(),
  user: Reviewer,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RatingAnswer = z.infer<typeof RatingAnswer>;
/** A rating with the product's new average. */
export const RatedAnswer = RatingAnswer.extend({
  averageRating: z.number(),
  numRatings: z.number(),
});
export type RatedAnswer = z.infer<typeof RatedAnswer>;

export const SizeGuideAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  unit: z.enum(["cm", "inch"]),
  columns: z.array(z.string()),
  rows: z.array(z.object({ size: z.string(), values: z.array(z.string()) })),
  note: z.string(),
  /** Bangla name and note, present when written. */
  nameBn: z.string().optional(),
  noteBn: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SizeGuideAnswer = z.infer<typeof SizeGuideAnswer>;

export const PromoCodeAnswer = z.object({
  _id: z.string(),
  code: z.string(),
  description: z.string(),
  type: z.enum(["PERCENTAGE", "FIXED"]),
  value: z.number(),
  minOrderAmount: z.number(),
  maxDiscount: z.number().nullable(),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  usageLimit: z.number().nullable(),
  usedCount: z.number(),
  perUserLimit: z.number().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromoCodeAnswer = z.infer<typeof PromoCodeAnswer>;
export const PromoCodePageAnswer = pageOf("promoCodes", PromoCodeAnswer);
export type PromoCodePageAnswer = z.infer<typeof PromoCodePageAnswer>;
