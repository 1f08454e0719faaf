import { Category } from "../../models/category.model.js";
import { catalogReadModel, type CatalogEntry } from "./catalog-read-model.js";
import type { ProductAnswer } from "./product-answer.js";
import { banglaFieldsOf } from "../lib/i18n/localized.js";

/** The slice of a product that cards and listings show. */
export interface ProductCard {
  _id: string;
  title: string;
  slug: string;
  brand: string;
  price: number;
  discountedPrice: number;
  discountPercent: number;
  imageUrl: string;
  categoryName: string;
  colors: string[];
  quantity: number;
  averageRating: number;
  numRatings: number;
}

/** The card fields of a read-model product. */
function cardOf(entry: CatalogEntry): ProductCard {
  const product = JSON.parse(entry.answer) as ProductAnswer;
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
  };
}

const NEWEST = { createdAt: -1, _id: -1 } as const;

/** The home page's rows come from the catalogue read model too (no product read per page). */
export async function listFeaturedProducts(limit = 8): Promise<ProductCard[]> {
  await catalogReadModel.ensureFresh();
  const cards: ProductCard[] = [];
  for (const entry of catalogReadModel.inOrder("newest", NEWEST)) {
    if (cards.length >= limit) break;
    if (entry.isFeatured) cards.push(cardOf(entry));
  }
  return cards;
}

export async function listNewProducts(limit = 8): Promise<ProductCard[]> {
  await catalogReadModel.ensureFresh();
  return catalogReadModel.inOrder("newest", NEWEST).slice(0, limit).map(cardOf);
}

export interface CategoryNode {
  _id: string;
  name: string;
  /** Present when written. */
  nameBn?: string;
  slug: string;
  parentCategory: string | null;
  level: number;
}

export async function listCategories(): Promise<CategoryNode[]> {
  const docs = await Category.find()
    .sort({ level: 1, sortOrder: 1, name: 1 })
    .select("name nameBn slug parentCategory level")
    .lean();
  return docs.map((doc) => ({
    _id: doc._id.toString(),
    name: doc.name,
    ...banglaFieldsOf(doc, ["name"]),
    slug: doc.slug,
    parentCategory: doc.parentCategory ? doc.parentCategory.toString() : null,
    level: doc.level,
  }));
}
