import mongoose from "mongoose";
import { Category } from "../../models/category.model.js";
import { Product } from "../../models/product.model.js";
import { colorPhoto } from "#contract/colors";
import type { ProductListAnswer, ProductSuggestion } from "#contract/answers/catalog";
import type { ProductListInput } from "#contract/schemas/catalog";
import {
  catalogReadModel,
  comparatorFor,
  type CatalogEntry,
  type ProductFacetDoc,
  type SortName,
} from "./catalog-read-model.js";
import {
  CATEGORY_REF_FIELDS,
  toProductAnswer,
  type LeanProductDoc,
  type ProductAnswer,
  type ProductCard,
} from "./product-answer.js";
import { pageCount } from "../lib/paging.js";
import { escapeRegex } from "../lib/search-pattern.js";
import { synonymTable } from "../lib/search-synonyms.js";
import { getShopSettings } from "./shop-settings.service.js";

/**
 * Every listing of products: the storefront's (listing, search, suggestions) answered from the
 * catalogue read model, its reference query over the database, and the back office's list. The
 * read model owns these answers; products.service.ts keeps the writes and the single-product reads
 * and imports nothing from here (docs/architecture.md, "The catalogue's modules").
 */

/** A category given by id or slug; undefined when there is no such category. */
export async function findCategoryByIdOrSlug(idOrSlug: string) {
  if (mongoose.isValidObjectId(idOrSlug) && /^[0-9a-fA-F]{24}$/.test(idOrSlug)) {
    const byId = await Category.findById(idOrSlug).lean();
    if (byId) return byId;
  }
  return (await Category.findOne({ slug: idOrSlug.toLowerCase() }).lean()) ?? undefined;
}

const SIZE_ORDER = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "2XL", "3XL", "XXXL", "4XL", "5XL"];

/** Garment sizes in the order a shopper reads them: XS..XXL, then numbers, then the rest. */
function sortSizes(sizes: string[]): string[] {
  const rank = (size: string) => {
    const index = SIZE_ORDER.indexOf(size.toUpperCase());
    if (index >= 0) return [0, index, size] as const;
    const number = Number.parseFloat(size);
    if (Number.isFinite(number)) return [1, number, size] as const;
    return [2, 0, size] as const;
  };
  return [...sizes].sort((a, b) => {
    const [ga, na, sa] = rank(a);
    const [gb, nb, sb] = rank(b);
    return ga - gb || na - nb || sa.localeCompare(sb);
  });
}

const SORTS: Record<SortName, Record<string, 1 | -1>> = {
  price_low: { discountedPrice: 1, _id: 1 },
  price_high: { discountedPrice: -1, _id: 1 },
  newest: { createdAt: -1, _id: -1 },
  popular: { soldCount: -1, numRatings: -1, averageRating: -1, createdAt: -1, _id: -1 },
};

const FACET_FIELDS = {
  _id: 0,
  colors: 1,
  "sizes.name": 1,
  discountedPrice: 1,
  discountPercent: 1,
  quantity: 1,
} as const;

/**
 * The listing's MongoDB query for a resolved category: `base` (what the shopper browses: category
 * and search; availableFilters come from it), `filter` (base + the refinements), `sort`, and
 * `refines`, the refinements as a predicate over a base product's facet fields (the same
 * conditions as `filter` adds to `base`, evaluated as MongoDB does for numbers and strings).
 * Exported so the benchmark's ceiling route runs exactly the same query through the driver.
 */
export function buildProductListQuery(
  input: ProductListInput,
  categoryId?: mongoose.Types.ObjectId,
  searchIds?: string[],
): {
  base: Record<string, unknown>;
  filter: Record<string, unknown>;
  sort: Record<string, 1 | -1>;
  refines: (doc: ProductFacetDoc) => boolean;
} {
  const base: Record<string, unknown> = { isActive: true };
  const and: Record<string, unknown>[] = [];
  if (categoryId) and.push({ $or: [{ categoryPath: categoryId }, { category: categoryId }] });
  if (searchIds) {
    and.push({ _id: { $in: searchIds.map((id) => new mongoose.Types.ObjectId(id)) } });
  } else if (input.search) {
    const pattern = escapeRegex(input.search);
    and.push({
      $or: ["title", "brand", "description"].map((field) => ({
        [field]: { $regex: pattern, $options: "i" },
      })),
    });
  }
  if (and.length > 0) base.$and = and;

  const filter: Record<string, unknown> = { ...base, $and: [...and] };
  const refine = filter.$and as Record<string, unknown>[];
  if (input.colors?.length) refine.push({ colors: { $in: input.colors } });
  if (input.sizes?.length)
    // Products offering one of the sizes (FerretDB has no $elemMatch on sub-document fields, so
    // "offered and in stock" cannot be one match; stock=in_stock narrows to buyable products).
    refine.push({ "sizes.name": { $in: input.sizes } });
  if (input.minPrice !== undefined) refine.push({ discountedPrice: { $gte: input.minPrice } });
  if (input.maxPrice !== undefined) refine.push({ discountedPrice: { $lte: input.maxPrice } });
  if (input.minDiscount !== undefined)
    refine.push({ discountPercent: { $gte: input.minDiscount } });
  if (input.stock === "in_stock") refine.push({ quantity: { $gt: 0 } });
  if (input.stock === "out_of_stock") refine.push({ quantity: { $lte: 0 } });
  if (refine.length === 0) delete filter.$and;

  // Numbers compare only with numbers, as MongoDB's comparison operators do.
  const numberIs =
    (field: "discountedPrice" | "discountPercent" | "quantity", test: (value: number) => boolean) =>
    (doc: ProductFacetDoc) => {
      const value = doc[field];
      return typeof value === "number" && test(value);
    };
  const checks: ((doc: ProductFacetDoc) => boolean)[] = [];
  const { colors, sizes, minPrice, maxPrice, minDiscount, stock } = input;
  if (colors?.length)
    checks.push((doc) => (doc.colors ?? []).some((color) => colors.includes(color as string)));
  if (sizes?.length)
    checks.push((doc) => (doc.sizes ?? []).some((size) => sizes.includes(size?.name as string)));
  if (minPrice !== undefined)
    checks.push(numberIs("discountedPrice", (value) => value >= minPrice));
  if (maxPrice !== undefined)
    checks.push(numberIs("discountedPrice", (value) => value <= maxPrice));
  if (minDiscount !== undefined)
    checks.push(numberIs("discountPercent", (value) => value >= minDiscount));
  if (stock === "in_stock") checks.push(numberIs("quantity", (value) => value > 0));
  if (stock === "out_of_stock") checks.push(numberIs("quantity", (value) => value <= 0));
  const refines = (doc: ProductFacetDoc) => checks.every((check) => check(doc));
  return { base, filter, sort: SORTS[input.sort ?? "newest"], refines };
}

function emptyListing(pageNumber: number): ProductListAnswer {
  return {
    content: [],
    totalPages: 1,
    currentPage: pageNumber,
    totalProducts: 0,
    availableFilters: { colors: [], sizes: [] },
  };
}

/** availableFilters of a set of products: their colours and size names, in reading order. */
function facetsOf(docs: ProductFacetDoc[]): { colors: string[]; sizes: string[] } {
  const colors = new Set<string>();
  const sizes = new Set<string>();
  for (const facet of docs) {
    for (const color of facet.colors ?? [])
      if (typeof color === "string" && color) colors.add(color);
    for (const size of facet.sizes ?? [])
      if (typeof size?.name === "string" && size.name) sizes.add(size.name);
  }
  return { colors: [...colors].sort((a, b) => a.localeCompare(b)), sizes: sortSizes([...sizes]) };
}

/**
 * The storefront's listing, answered from the in-process catalogue read model (no product is read
 * from the database per request). Same products, order, counts and filters as
 * listProductsFromDatabase; a search matches through the search index (typos, prefixes) and,
 * without an explicit sort, lists the best matches first (title matches before the rest).
 */
export async function listProducts(input: ProductListInput): Promise<ProductListAnswer> {
  const { entries, ...listing } = await listEntries(input);
  const photoOf = filteredColorPhoto(input);
  const content = entries.map((entry) => JSON.parse(entry.answer) as ProductAnswer);
  return {
    content: content.map((product) => ({ ...product, imageUrl: photoOf(product) })),
    ...listing,
  };
}

/** The same listing with card fields only (the listing page: less to parse and to send). */
export async function listProductCards(
  input: ProductListInput,
): Promise<Omit<ProductListAnswer, "content"> & { content: ProductCard[] }> {
  const { entries, ...listing } = await listEntries(input);
  const photoOf = filteredColorPhoto(input);
  const content = entries.map((entry) => {
    const card = JSON.parse(entry.card) as ProductCard;
    return { ...card, imageUrl: photoOf({ ...card, images: entry.images }) };
  });
  return { content, ...listing };
}

/**
 * A listing filtered by colour shows each product in that colour: the photo (colorPhoto) of the
 * first filtered colour the product has; an unfiltered listing shows the first photo.
 */
function filteredColorPhoto({ colors }: ProductListInput) {
  return (product: { colors?: string[]; images?: string[]; imageUrl?: string }) =>
    colorPhoto(
      product,
      colors?.find((color) => product.colors?.includes(color)),
    );
}

/** The read model brought up to date, searching with the shop's synonyms as last saved. */
async function readyToSearch(): Promise<void> {
  const [, settings] = await Promise.all([catalogReadModel.ensureFresh(), getShopSettings()]);
  catalogReadModel.useSynonyms(synonymTable(settings.search.synonyms));
}

async function listEntries(
  input: ProductListInput,
): Promise<Omit<ProductListAnswer, "content"> & { entries: CatalogEntry[] }> {
  if (input.search) await readyToSearch();
  else await catalogReadModel.ensureFresh();
  const model = catalogReadModel;
  let categoryId: string | undefined;
  if (input.category) {
    const category = model.findCategory(input.category);
    if (!category) {
      const { content: _none, ...empty } = emptyListing(input.pageNumber);
      return { entries: [], ...empty };
    }
    categoryId = String(category._id);
  }
  const { refines } = buildProductListQuery(input);
  const inCategory = (entry: CatalogEntry) => !categoryId || entry.categories.has(categoryId);

  let ordered: CatalogEntry[];
  let base: CatalogEntry[] | undefined;
  if (input.search) {
    const hits = model.searchIds(input.search);
    const found = hits.map((hit) => model.entry(hit.id)).filter((entry) => entry !== undefined);
    base = found.filter(inCategory);
    ordered = input.sort ? [...base].sort(comparatorFor(SORTS[input.sort])) : base;
  } else {
    const sortName = input.sort ?? "newest";
    // The category's products in this order, kept until the catalogue changes.
    ordered = model.memo(`order\n${sortName}\n${categoryId ?? ""}`, () =>
      model.inOrder(sortName, SORTS[sortName]).filter(inCategory),
    );
  }
  const availableFilters = model.memo(`filters\n${categoryId ?? ""}\n${input.search ?? ""}`, () =>
    facetsOf((base ?? ordered).map((entry) => entry.facet)),
  );

  // The count does not depend on the sort or the page: one walk per filter combination and state
  // of the catalogue, then each page only walks up to its last product.
  const { colors, sizes, minPrice, maxPrice, minDiscount, stock } = input;
  const totalProducts = model.memo(
    `count\n${categoryId ?? ""}\n${input.search ?? ""}\n${JSON.stringify([colors, sizes, minPrice, maxPrice, minDiscount, stock])}`,
    () => {
      let count = 0;
      for (const entry of base ?? ordered) if (refines(entry.facet)) count += 1;
      return count;
    },
  );
  const first = input.pageNumber * input.pageSize;
  const page: CatalogEntry[] = [];
  if (first < totalProducts) {
    let passed = 0;
    for (const entry of ordered) {
      if (!refines(entry.facet)) continue;
      if (passed >= first) {
        page.push(entry);
        if (page.length === input.pageSize) break;
      }
      passed += 1;
    }
  }
  return {
    entries: page,
    totalPages: pageCount(totalProducts, input.pageSize),
    currentPage: input.pageNumber,
    totalProducts,
    availableFilters,
  };
}

/** Products the search index matches, for the listing's reference query (tests, MongoDB side). */
export async function searchProductIds(search: string): Promise<string[]> {
  await readyToSearch();
  return catalogReadModel.searchIds(search).map((hit) => hit.id);
}

export async function suggestProducts(query: string, limit = 8): Promise<ProductSuggestion[]> {
  await readyToSearch();
  const suggestions: ProductSuggestion[] = [];
  for (const hit of catalogReadModel.searchIds(query)) {
    const entry = catalogReadModel.entry(hit.id);
    if (!entry) continue;
    const product = JSON.parse(entry.answer) as ProductAnswer;
    suggestions.push({
      _id: product._id,
      title: product.title,
      ...(product.titleBn ? { titleBn: product.titleBn } : {}),
      slug: product.slug,
      categoryName: product.categoryName,
      ...(product.category?.nameBn ? { categoryNameBn: product.category.nameBn } : {}),
      imageUrl: product.imageUrl,
      price: product.price,
      discountedPrice: product.discountedPrice,
    });
    if (suggestions.length >= limit) break;
  }
  return suggestions;
}

/**
 * The listing as one MongoDB query (plus one read of the base's facet fields): the reference the
 * read model's answers are tested against, and what a MongoDB-only deployment could run.
 * `searchIds` stands for the search (the products the search index matched).
 */
export async function listProductsFromDatabase(
  input: ProductListInput,
  searchIds?: string[],
): Promise<ProductListAnswer> {
  let categoryId: mongoose.Types.ObjectId | undefined;
  if (input.category) {
    const category = await findCategoryByIdOrSlug(input.category);
    if (!category) return emptyListing(input.pageNumber);
    categoryId = category._id;
  }
  const { base, filter, sort, refines } = buildProductListQuery(input, categoryId, searchIds);
  // One read of the base's facet fields gives availableFilters and the total (the products of
  // the base that pass the refinements).
  const [docs, facets] = await Promise.all([
    Product.find(filter)
      .sort(sort)
      .skip(input.pageNumber * input.pageSize)
      .limit(input.pageSize)
      .populate("category", CATEGORY_REF_FIELDS)
      .lean<LeanProductDoc[]>(),
    Product.find(base).select(FACET_FIELDS).lean<ProductFacetDoc[]>(),
  ]);
  const totalProducts = facets.filter(refines).length;
  const photoOf = filteredColorPhoto(input);
  return {
    content: docs
      .map(toProductAnswer)
      .map((product) => ({ ...product, imageUrl: photoOf(product) })),
    totalPages: pageCount(totalProducts, input.pageSize),
    currentPage: input.pageNumber,
    totalProducts,
    availableFilters: facetsOf(facets),
  };
}

// ---------------------------------------------------------------------------------------------
// The back office's list (from the database: inactive products too)

export async function adminListProducts(input: {
  search?: string;
  category?: string;
  pageNumber: number;
  pageSize: number;
}): Promise<{ products: ProductAnswer[]; total: number }> {
  const and: Record<string, unknown>[] = [];
  if (input.search) {
    const pattern = escapeRegex(input.search);
    and.push({
      $or: ["title", "brand", "slug"].map((field) => ({
        [field]: { $regex: pattern, $options: "i" },
      })),
    });
  }
  if (input.category) {
    const category = await findCategoryByIdOrSlug(input.category);
    if (!category) return { products: [], total: 0 };
    and.push({ $or: [{ categoryPath: category._id }, { category: category._id }] });
  }
  const filter = and.length > 0 ? { $and: and } : {};
  const [docs, total] = await Promise.all([
    Product.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip(input.pageNumber * input.pageSize)
      .limit(input.pageSize)
      .populate("category", CATEGORY_REF_FIELDS)
      .lean<LeanProductDoc[]>(),
    Product.countDocuments(filter),
  ]);
  return { products: docs.map(toProductAnswer), total };
}
