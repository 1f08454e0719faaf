import { Category } from "../../models/category.model.js";
import { catalogReadModel, type CatalogEntry, type CategoryNode } from "./catalog-read-model.js";
import type { ProductAnswer } from "./product-answer.js";

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

/**
 * The card fields of a product: what a listing page sends to the browser (its loader data is
 * written into the HTML; descriptions, variants and images of 24 products would triple it).
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
  };
}

/** The card fields of a read-model product. */
function cardOf(entry: CatalogEntry): ProductCard {
  return toProductCard(JSON.parse(entry.answer) as ProductAnswer);
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

export type { CategoryNode };

/**
 * The category tree for the header, the listing's sub-category links and the sitemap. Once the
 * catalogue read model has read the catalogue, from it (kept current like the listings: this
 * process's writes at once, other instances' within a second), so a page reads no category from
 * the database; while it loads (start-up), from the database.
 */
export async function listCategories(): Promise<CategoryNode[]> {
  if (catalogReadModel.isLoaded) {
    await catalogReadModel.ensureFresh();
    if (catalogReadModel.isLoaded) return catalogReadModel.categoryNodes();
  }
  return listCategoriesFromDatabase();
}

async function listCategoriesFromDatabase(): Promise<CategoryNode[]> {
  const docs = await Category.find()
    // _id last: same-named categories under different parents keep one order (creation).
    .sort({ level: 1, sortOrder: 1, name: 1, _id: 1 })
    .select("name slug parentCategory level")
    .lean();
  return docs.map((doc) => ({
    _id: doc._id.toString(),
    name: doc.name,
    slug: doc.slug,
    parentCategory: doc.parentCategory ? doc.parentCategory.toString() : null,
    level: doc.level,
  }));
}
