import type mongoose from "mongoose";
import { banglaFieldsOf } from "../lib/i18n/localized.js";

/** The contract §4 product, as every catalogue endpoint answers it (services and read model). */
export interface ProductAnswer {
  _id: string;
  title: string;
  slug: string;
  description: string;
  /** Bangla title and description, present when written (else the storefront shows the English). */
  titleBn?: string;
  descriptionBn?: string;
  brand: string;
  price: number;
  discountedPrice: number;
  discountPercent: number;
  category: {
    _id: string;
    name: string;
    nameBn?: string;
    slug: string;
    parentCategory: string | null;
  } | null;
  categoryName: string;
  colors: string[];
  sizes: { name: string; quantity: number }[];
  variants: { _id: string; color: string; size: string; stock: number; sku: string }[];
  quantity: number;
  images: string[];
  imageUrl: string;
  averageRating: number;
  numRatings: number;
  numReviews: number;
  isActive: boolean;
  isFeatured: boolean;
  createdAt: string;
}

interface LeanCategoryRef {
  _id: mongoose.Types.ObjectId;
  name: string;
  nameBn?: string | null;
  slug: string;
  parentCategory: mongoose.Types.ObjectId | null;
}

export interface LeanProductDoc {
  _id: mongoose.Types.ObjectId;
  title: string;
  slug: string;
  description?: string;
  titleBn?: string | null;
  descriptionBn?: string | null;
  brand?: string;
  price: number;
  discountedPrice: number;
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
  }[];
  quantity?: number;
  images?: string[];
  imageUrl?: string;
  averageRating?: number;
  numRatings?: number;
  numReviews?: number;
  isActive?: boolean;
  isFeatured?: boolean;
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
