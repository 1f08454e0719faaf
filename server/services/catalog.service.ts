import { Category } from "../../models/category.model.js";
import { catalogReadModel, type CatalogEntry, type CategoryNode } from "./catalog-read-model.js";
import type { ProductCard } from "./product-answer.js";

export type { ProductCard };

/** The card fields of a read-model product. */
function cardOf(entry: CatalogEntry): ProductCard {
  return JSON.parse(entry.card) as ProductCard;
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
