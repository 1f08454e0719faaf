import type { Types } from "mongoose";
import { Product } from "../../models/product.model";
import type { StockChange } from "../../server/services/stock-ledger";
import { createCategory } from "./category";
import { uniqueSlug } from "./slug";

export interface ProductOverrides {
  title?: string;
  /** Default: the title as a slug with a random suffix. */
  slug?: string;
  description?: string;
  titleBn?: string;
  descriptionBn?: string;
  brand?: string;
  price?: number;
  discountedPrice?: number;
  /** The category and its ancestors, root first (the last one is the product's category). Default: a new category. */
  categoryPath?: { _id: Types.ObjectId; name: string }[];
  variants?: { color: string; size: string; stock: number }[];
  images?: string[];
  soldCount?: number;
  isActive?: boolean;
  /** Kept as given (timestamps off), for listings sorted by age. */
  createdAt?: Date;
}

/**
 * A product written through the model, so the derived stock fields come from deriveStock.
 * Default: "Classic Tee", 1,000 taka sold at 800, Black/M, Black/L and White/M with 10 each, one image.
 */
export async function createProduct(overrides: ProductOverrides = {}) {
  const categoryPath = overrides.categoryPath ?? [await createCategory()];
  const category = categoryPath[categoryPath.length - 1];
  const title = overrides.title ?? "Classic Tee";
  const slug = overrides.slug ?? uniqueSlug(title);
  const variants = overrides.variants ?? [
    { color: "Black", size: "M", stock: 10 },
    { color: "Black", size: "L", stock: 10 },
    { color: "White", size: "M", stock: 10 },
  ];
  const product = new Product({
    title,
    slug,
    description: overrides.description ?? "",
    titleBn: overrides.titleBn ?? "",
    descriptionBn: overrides.descriptionBn ?? "",
    brand: overrides.brand ?? "Tweest",
    price: overrides.price ?? 1000,
    discountedPrice: overrides.discountedPrice ?? 800,
    category: category._id,
    categoryName: category.name,
    categoryPath: categoryPath.map((entry) => entry._id),
    variants: variants.map((variant) => ({
      ...variant,
      sku: `${slug}-${variant.color}-${variant.size}`.toUpperCase(),
    })),
    images: overrides.images ?? ["/uploads/products/tee.webp"],
    soldCount: overrides.soldCount ?? 0,
    isActive: overrides.isActive ?? true,
  });
  if (overrides.createdAt) {
    product.set("createdAt", overrides.createdAt);
    product.set("updatedAt", overrides.createdAt);
    await product.save({ timestamps: false });
  } else await product.save();
  return product;
}

/** The stock of one variant as stored now. */
export async function variantStock(productId: unknown, color: string, size: string) {
  const product = await Product.findById(productId).lean();
  return product?.variants.find((variant) => variant.color === color && variant.size === size)
    ?.stock;
}

/** Why a test takes or gives back units (the stock ledger's entry of each write). */
export const TEST_SALE: StockChange = { reason: "sale", by: "customer" };
export const TEST_CANCEL: StockChange = { reason: "cancel", by: "customer" };
