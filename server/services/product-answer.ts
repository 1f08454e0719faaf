import type { ProductCard } from "#contract/answers/catalog";
import type mongoose from "mongoose";
import type { ProductFields } from "../../models/product.model.js";
import type { ProductPlainKey } from "#contract/schemas/catalog";
import type { ProductAnswer } from "#contract/answers/catalog";

export type { ProductAnswer };
import { banglaFieldsOf } from "#contract/i18n/localized";
import { barcodeOf } from "#contract/variant-codes";

interface LeanCategoryRef {
  _id: mongoose.Types.ObjectId;
  name: string;
  nameBn?: string | null;
  slug: string;
  parentCategory: mongoose.Types.ObjectId | null;
}

/** The category fields a product's answer carries (the populate every product read asks for). */
export const CATEGORY_REF_FIELDS = "name nameBn slug parentCategory";

/**
 * The editable fields as the model stores them, named by their one declaration (the contract's
 * ProductEditableFields): a field declared there and not in the model fails the type check.
 */
type EditableDocFields = Partial<Pick<ProductFields, ProductPlainKey>> &
  Pick<ProductFields, "title" | "slug" | "price" | "discountedPrice">;

export interface LeanProductDoc extends EditableDocFields {
  _id: mongoose.Types.ObjectId;
  discountPercent?: number;
  category: LeanCategoryRef | null;
  categoryName?: string;
  colors?: string[];
  sizes?: { name: string; quantity: number }[];
  variants?: {
    _id: mongoose.Types.ObjectId;
    color: string;
    size: string;
    stock: number;
    sku?: string;
    barcode?: string;
  }[];
  quantity?: number;
  images?: string[];
  imageUrl?: string;
  averageRating?: number;
  numRatings?: number;
  numReviews?: number;
  createdAt?: Date;
}

export function toProductAnswer(doc: LeanProductDoc): ProductAnswer {
  const category =
    doc.category && typeof doc.category === "object" && "name" in doc.category
      ? {
          _id: doc.category._id.toString(),
          name: doc.category.name,
          ...banglaFieldsOf(doc.category, ["name"]),
          slug: doc.category.slug,
          parentCategory: doc.category.parentCategory
            ? doc.category.parentCategory.toString()
            : null,
        }
      : null;
  return {
    _id: doc._id.toString(),
    title: doc.title,
    slug: doc.slug,
    description: doc.description ?? "",
    ...banglaFieldsOf(doc, ["title", "description"]),
    brand: doc.brand ?? "Tweest",
    price: doc.price,
    discountedPrice: doc.discountedPrice,
    discountPercent: doc.discountPercent ?? 0,
    category,
    categoryName: doc.categoryName ?? category?.name ?? "",
    colors: doc.colors ?? [],
    sizes: (doc.sizes ?? []).map((size) => ({ name: size.name, quantity: size.quantity })),
    variants: (doc.variants ?? []).map((variant) => ({
      _id: variant._id.toString(),
      color: variant.color,
      size: variant.size,
      stock: variant.stock,
      sku: variant.sku ?? "",
      barcode: barcodeOf(variant),
    })),
    quantity: doc.quantity ?? 0,
    images: doc.images ?? [],
    imageUrl: doc.imageUrl ?? "",
    averageRating: doc.averageRating ?? 0,
    numRatings: doc.numRatings ?? 0,
    numReviews: doc.numReviews ?? 0,
    isActive: doc.isActive ?? true,
    isFeatured: doc.isFeatured ?? false,
    createdAt: (doc.createdAt ?? new Date(0)).toISOString(),
  };
}

export type { ProductCard };

/**
 * The card fields of a product: what a listing page sends to the browser (its loader data is
 * written into the HTML: with whole products, descriptions and variants included, the listing
 * page at 20,000 products was 20.8 KB gzipped instead of 16.2 KB).
 */
export function toProductCard(product: ProductAnswer): ProductCard {
  return {
    _id: product._id,
    title: product.title,
    slug: product.slug,
    brand: product.brand,
    price: product.price,
    discountedPrice: product.discountedPrice,
    discountPercent: product.discountPercent,
    imageUrl: product.imageUrl,
    categoryName: product.categoryName,
    colors: product.colors,
    quantity: product.quantity,
    averageRating: product.averageRating,
    numRatings: product.numRatings,
    // Bangla only when written (the storefront's Bangla pages show it, English pages drop it).
    ...(product.titleBn ? { titleBn: product.titleBn } : {}),
    ...(product.category?.nameBn ? { categoryNameBn: product.category.nameBn } : {}),
  };
}
