import { Category } from "../../models/category.model.js";
import { Product } from "../../models/product.model.js";

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

const CARD_FIELDS =
  "title slug brand price discountedPrice discountPercent imageUrl categoryName colors quantity averageRating numRatings";

type LeanCard = Omit<ProductCard, "_id"> & { _id: { toString(): string } };

function toCard(doc: LeanCard): ProductCard {
  return { ...doc, _id: doc._id.toString() };
}

export async function listFeaturedProducts(limit = 8): Promise<ProductCard[]> {
  const docs = await Product.find({ isActive: true, isFeatured: true })
    .sort({ createdAt: -1 })
    .limit(limit)
    .select(CARD_FIELDS)
    .lean<LeanCard[]>();
  return docs.map(toCard);
}

export async function listNewProducts(limit = 8): Promise<ProductCard[]> {
  const docs = await Product.find({ isActive: true })
    .sort({ createdAt: -1, _id: -1 })
    .limit(limit)
    .select(CARD_FIELDS)
    .lean<LeanCard[]>();
  return docs.map(toCard);
}

export interface CategoryNode {
  _id: string;
  name: string;
  slug: string;
  parentCategory: string | null;
  level: number;
}

export async function listCategories(): Promise<CategoryNode[]> {
  const docs = await Category.find()
    .sort({ level: 1, sortOrder: 1, name: 1 })
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
