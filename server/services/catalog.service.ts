import { Category } from "../../models/category.model.js";
import { catalogReadModel, type CatalogEntry } from "./catalog-read-model.js";
import type { CategoryAnswer, ProductCard } from "#contract/answers/catalog";
import { banglaFieldsOf } from "#contract/i18n/localized";

export type { ProductCard };
export type CategoryNode = CategoryAnswer;

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

/** How long a page's header waits for the read model to catch up before asking the database. */
const CATEGORY_WAIT_MS = 250;

/**
 * The category tree for the header, the listing's sub-category links and the sitemap. Once the
 * catalogue read model has read the catalogue, from it (kept current like the listings: this
 * process's writes at once, other instances' within a second), so a page reads no category from
 * the database. While it loads (start-up), and while it re-reads the products after a change
 * (seconds at 20,000 products: no page's header, the checkout's included, waits for that), from
 * the database.
 */
export async function listCategories(): Promise<CategoryNode[]> {
  if (catalogReadModel.isLoaded) {
    let timer: NodeJS.Timeout | undefined;
    const current = await Promise.race([
      // Usually at once, or after one quick version check.
      catalogReadModel.ensureFresh().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(resolve, CATEGORY_WAIT_MS, false);
      }),
    ]);
    clearTimeout(timer);
    if (current && catalogReadModel.isLoaded) return catalogReadModel.categoryNodes();
  }
  return listCategoriesFromDatabase();
}

async function listCategoriesFromDatabase(): Promise<CategoryNode[]> {
  const docs = await Category.find()
    // _id last: same-named categories under different parents keep one order (creation).
    .sort({ level: 1, sortOrder: 1, name: 1, _id: 1 })
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
