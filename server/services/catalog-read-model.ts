import { banglaFieldsOf } from "#contract/i18n/localized";
import type { CategoryAnswer } from "#contract/answers/catalog";
import MiniSearch, { type SearchOptions } from "minisearch";
import mongoose from "mongoose";
import {
  ALL_PRODUCTS,
  CATALOG_VERSION_ID,
  CATEGORIES_CHANGED,
  CatalogVersion,
  onLocalCatalogChange,
} from "../../models/catalog-version.model.js";
import { Category } from "../../models/category.model.js";
import { Product } from "../../models/product.model.js";
import { logger } from "../lib/logger.js";
import { toProductAnswer, toProductCard, type LeanProductDoc } from "./product-answer.js";
import { searchTerm } from "../lib/bangla-search.js";
import { expandQuery, NO_SYNONYMS, type SynonymTable } from "../lib/search-synonyms.js";

/**
 * The catalogue read model: every active product of this process's database in memory, with
 * pre-sorted orders and a MiniSearch index, so a listing, its counts, its filters and a search
 * cost the same at 48 and at 20,000 products on any backend. Kept current from the shop's own
 * writes (models/catalog-version.model.ts records each one) and a version poll, so instances on
 * one database agree within a second. The design and its limits: docs/catalog.md.
 */

/** Within this age an answer is served without looking at the version document. */
const CHECK_AFTER_MS = 500;
/** Older than this, a request waits for the check (listings never lag a write by more). */
export const MAX_LAG_MS = 1000;
/** Heals writes that were never recorded (a process killed between a write and its record). */
const FULL_RELOAD_MS = 15 * 60_000;
/** More changed products than this since the last check: one full read is cheaper. */
const MAX_INCREMENTAL = 64;
/** Derived answers kept per state of the catalogue (orders, filters, counts). */
const MAX_MEMOS = 5000;

export type SortName = "price_low" | "price_high" | "newest" | "popular";

/** The fields of a base product the refinements look at (and availableFilters read). */
export interface ProductFacetDoc {
  colors?: unknown[];
  sizes?: { name?: unknown }[];
  discountedPrice?: unknown;
  discountPercent?: unknown;
  quantity?: unknown;
}

interface CategoryRef {
  _id: mongoose.Types.ObjectId;
  name: string;
  nameBn: string;
  slug: string;
  parentCategory: mongoose.Types.ObjectId | null;
}

/** A category as the storefront's header, filters and sitemap use it. */
export type CategoryNode = CategoryAnswer;

/** A product as the database stores it (category unpopulated). */
type StoredProduct = Omit<LeanProductDoc, "category"> & {
  category: mongoose.Types.ObjectId | null;
  categoryPath?: mongoose.Types.ObjectId[];
  soldCount?: number;
};

/**
 * One product, compact: its listing answer as JSON text (one string per product instead of ~40
 * objects, which the garbage collector would walk on every major collection), the values the
 * sorts compare and the refinements test, and its categories.
 */
export interface CatalogEntry {
  id: string;
  answer: string;
  /** Its card fields as JSON text (what listing pages and the home page's rows show). */
  card: string;
  /** Its photos, for the card of a listing filtered by colour (colorPhoto). */
  images: string[];
  keys: Record<string, unknown>;
  facet: ProductFacetDoc;
  isFeatured: boolean;
  /** The product's category, its ancestors (categoryPath) and its own category, as strings. */
  categories: Set<string>;
  /** The searchable fields joined: an edit re-indexes the product only when this changes. */
  searchText: string;
}

const SORT_FIELDS = ["discountedPrice", "createdAt", "soldCount", "numRatings", "averageRating"];

const PRODUCT_PROJECTION = { stockReservations: 0 } as const;

/** Sort keys as MongoDB orders them: a missing or null value before any number. */
function sortValue(entry: CatalogEntry, field: string): number {
  const value = entry.keys[field];
  if (typeof value === "number") return value;
  if (value instanceof Date) return value.getTime();
  return Number.NEGATIVE_INFINITY;
}

export function comparatorFor(sort: Record<string, 1 | -1>) {
  const keys = Object.entries(sort);
  return (a: CatalogEntry, b: CatalogEntry): number => {
    for (const [field, direction] of keys) {
      let order: number;
      if (field === "_id") order = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
      else {
        const left = sortValue(a, field);
        const right = sortValue(b, field);
        order = left < right ? -1 : left > right ? 1 : 0;
      }
      if (order !== 0) return order * direction;
    }
    return 0;
  };
}

/** Typos forgiven: none up to 3 letters, one up to 5, two from 6 (`hoodei`, `panjbi`). */
export const SEARCH_OPTIONS: SearchOptions = {
  prefix: true,
  fuzzy: (term) => (term.length <= 3 ? false : term.length <= 5 ? 1 : 2),
  combineWith: "AND",
  boost: { title: 4, categoryName: 2, colors: 2, brand: 1, description: 1 },
};

interface SearchDocument {
  id: string;
  title: string;
  categoryName: string;
  colors: string;
  brand: string;
  description: string;
}

/** The English and the Bangla text of a field, searched as one (a Bangla title is a title). */
const bothLanguages = (...texts: (string | null | undefined)[]) => texts.filter(Boolean).join(" ");

function searchDocumentOf(
  doc: StoredProduct,
  categoriesById: Map<string, CategoryRef>,
): SearchDocument {
  const category = doc.category ? categoriesById.get(String(doc.category)) : undefined;
  return {
    id: String(doc._id),
    title: bothLanguages(doc.title, doc.titleBn),
    categoryName: bothLanguages(doc.categoryName, category?.nameBn),
    colors: (doc.colors ?? []).filter((color) => typeof color === "string").join(" "),
    brand: doc.brand ?? "",
    description: bothLanguages(doc.description, doc.descriptionBn),
  };
}

function newSearchIndex() {
  return new MiniSearch<SearchDocument>({
    fields: ["title", "categoryName", "colors", "brand", "description"],
    storeFields: [],
    // Index and queries alike: Bangla romanised, NFC, Bangla digits as ASCII (docs/i18n.md).
    processTerm: searchTerm,
    searchOptions: SEARCH_OPTIONS,
  });
}

function toEntry(
  doc: StoredProduct,
  search: SearchDocument,
  categoriesById: Map<string, CategoryRef>,
): CatalogEntry {
  const categories = new Set<string>((doc.categoryPath ?? []).map(String));
  if (doc.category) categories.add(String(doc.category));
  const category = doc.category ? (categoriesById.get(String(doc.category)) ?? null) : null;
  const keys: Record<string, unknown> = {};
  for (const field of SORT_FIELDS) keys[field] = (doc as unknown as Record<string, unknown>)[field];
  const answer = toProductAnswer({ ...doc, category } as LeanProductDoc);
  return {
    id: String(doc._id),
    answer: JSON.stringify(answer),
    card: JSON.stringify(toProductCard(answer)),
    images: answer.images ?? [],
    keys,
    facet: {
      colors: doc.colors,
      sizes: doc.sizes?.map((size) => ({ name: size.name })),
      discountedPrice: doc.discountedPrice,
      discountPercent: doc.discountPercent,
      quantity: doc.quantity,
    },
    isFeatured: doc.isFeatured === true,
    categories,
    searchText: Object.values(search).join("\u0000"),
  };
}

export class CatalogReadModel {
  private entries = new Map<string, CatalogEntry>();
  private categoriesById = new Map<string, CategoryRef>();
  private categoriesBySlug = new Map<string, CategoryRef>();
  /** The tree in the order the database query gives it (level, sortOrder, name, _id). */
  private categoryList: CategoryNode[] = [];
  private search = newSearchIndex();
  private sorted = new Map<string, CatalogEntry[]>();
  /** Derived answers (category orders, availableFilters), dropped at every change. */
  private memos = new Map<string, unknown>();
  /** Search hits by query, dropped only when the search index changes (not on stock changes). */
  private searches = new Map<string, { id: string; tier: number }[]>();
  /** The shop's search synonyms in force (shop settings); a new table drops every search answer. */
  private synonyms: SynonymTable = NO_SYNONYMS;
  private loaded = false;
  private epoch = "";
  private version = 0;
  private lastCheck = 0;
  private lastFullLoad = 0;
  /** Full reads so far: the periodic one heals writes whose change was never recorded. */
  private fullLoads = 0;
  private mustCheck = true;
  private refreshing: Promise<void> | undefined;
  private fullReloading: Promise<void> | undefined;
  private readonly unsubscribe: () => void;

  constructor() {
    this.unsubscribe = onLocalCatalogChange(() => {
      this.mustCheck = true;
    });
  }

  /** Stops listening to this process's writes (tests that create their own model). */
  close(): void {
    this.unsubscribe();
  }

  /** Forget everything: the next answer reads the whole catalogue again. */
  invalidate(): void {
    this.loaded = false;
    this.mustCheck = true;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Which state of the catalogue the model holds (the page cache's version): its version document's
   * epoch and version as last applied, and a count of full loads; undefined until loaded.
   */
  get versionTag(): string | undefined {
    return this.loaded ? `${this.epoch}.${this.version}.${this.fullLoads}` : undefined;
  }

  /** True once the whole catalogue has been read (until invalidate()). */
  get isLoaded(): boolean {
    return this.loaded;
  }

  /**
   * Brings the model up to date as the freshness rules say: a write of this process is seen by
   * its next answer; another instance's within MAX_LAG_MS (checked in the background after
   * CHECK_AFTER_MS, awaited after MAX_LAG_MS).
   */
  async ensureFresh(): Promise<void> {
    for (let round = 0; round < 3; round += 1) {
      const age = Date.now() - this.lastCheck;
      // Read before refresh(), which clears the flag as its check starts.
      const localWrite = this.mustCheck;
      if (this.loaded && !localWrite && age < CHECK_AFTER_MS) return;
      const refresh = this.refresh();
      if (this.loaded && !localWrite && age < MAX_LAG_MS) {
        refresh.catch((error: unknown) => logger.warn({ err: error }, "catalogue refresh failed"));
        return;
      }
      await refresh;
    }
  }

  private refresh(): Promise<void> {
    this.refreshing ??= this.checkVersion().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async checkVersion(): Promise<void> {
    this.mustCheck = false;
    const checkedAt = Date.now();
    try {
      // The version is read before any product: a write after this read is seen by the next check.
      const head = await CatalogVersion.findById(CATALOG_VERSION_ID).lean();
      const epoch = head?.epoch ?? "";
      const version = head?.version ?? 0;
      const gap = version - this.version;
      if (!this.loaded || epoch !== this.epoch || gap < 0 || gap > (head?.recent.length ?? 0)) {
        await this.loadEverything();
      } else if (gap > 0) {
        const changed = new Set(head!.recent.slice(-gap));
        if (changed.has(ALL_PRODUCTS) || changed.size > MAX_INCREMENTAL) {
          await this.loadEverything();
        } else {
          // Answers carry their category (name, slug): a category change re-reads them all.
          if (changed.has(CATEGORIES_CHANGED)) await this.loadEverything();
          else await this.reloadProducts([...changed]);
        }
      }
      this.epoch = epoch;
      this.version = version;
      this.lastCheck = checkedAt;
      this.loaded = true;
      if (checkedAt - this.lastFullLoad > FULL_RELOAD_MS) this.reloadInBackground();
    } catch (error) {
      this.mustCheck = true;
      throw error;
    }
  }

  private async loadCategories(): Promise<void> {
    const categories = await Category.find(
      {},
      { name: 1, nameBn: 1, slug: 1, parentCategory: 1, level: 1, sortOrder: 1 },
    ).lean();
    this.categoriesById = new Map();
    this.categoriesBySlug = new Map();
    // Sorted as MongoDB sorts {level: 1, sortOrder: 1, name: 1, _id: 1} (a missing number first;
    // an ObjectId's hex text sorts as the ObjectId does).
    const number = (value: unknown) =>
      typeof value === "number" ? value : Number.NEGATIVE_INFINITY;
    const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
    this.categoryList = [...categories]
      .sort(
        (a, b) =>
          compare(number(a.level), number(b.level)) ||
          compare(number(a.sortOrder), number(b.sortOrder)) ||
          compare(a.name, b.name) ||
          compare(String(a._id), String(b._id)),
      )
      .map((category) => ({
        _id: String(category._id),
        name: category.name,
        ...banglaFieldsOf(category, ["name"]),
        slug: category.slug,
        parentCategory: category.parentCategory ? String(category.parentCategory) : null,
        level: category.level,
      }));
    for (const category of categories) {
      const ref: CategoryRef = {
        _id: category._id,
        name: category.name,
        nameBn: category.nameBn ?? "",
        slug: category.slug,
        parentCategory: category.parentCategory ?? null,
      };
      this.categoriesById.set(String(category._id), ref);
      this.categoriesBySlug.set(category.slug, ref);
    }
  }

  /** Every active product, read once; unchanged products keep their search entry. */
  private async loadEverything(): Promise<void> {
    this.lastFullLoad = Date.now();
    await this.loadCategories();
    // Through a cursor, a batch at a time: the whole catalogue is never in memory twice (as
    // documents and as entries), which kept the load's peak memory 20,000 documents higher.
    const docs = Product.find({ isActive: true }, PRODUCT_PROJECTION)
      .lean<StoredProduct[]>()
      .cursor({ batchSize: 500 });
    const seen = new Set<string>();
    for await (const doc of docs as AsyncIterable<StoredProduct>) {
      seen.add(String(doc._id));
      this.upsert(doc);
    }
    for (const id of [...this.entries.keys()]) if (!seen.has(id)) this.remove(id);
    this.changed();
    this.fullLoads += 1;
  }

  /**
   * The periodic full read, off the request path: its state is as new as the version read before
   * it, so the version is set back to that and the next check re-reads anything changed since.
   */
  private reloadInBackground(): void {
    if (this.fullReloading) return;
    this.lastFullLoad = Date.now();
    this.fullReloading = (async () => {
      const head = await CatalogVersion.findById(CATALOG_VERSION_ID).lean();
      await this.loadEverything();
      if (head && head.epoch === this.epoch) this.version = Math.min(this.version, head.version);
      else this.loaded = false;
    })()
      .catch((error: unknown) => logger.warn({ err: error }, "catalogue full reload failed"))
      .finally(() => {
        this.fullReloading = undefined;
      });
  }

  private async reloadProducts(changed: string[]): Promise<void> {
    const ids = changed.filter((id) => mongoose.isValidObjectId(id));
    // One `_id` lookup each: the one query FerretDB answers without reading every product.
    const docs = await Promise.all(
      ids.map((id) => Product.findById(id, PRODUCT_PROJECTION).lean<StoredProduct>()),
    );
    ids.forEach((id, index) => {
      const doc = docs[index];
      if (doc && doc.isActive === true) this.upsert(doc);
      else this.remove(id);
    });
    if (ids.length > 0) this.changed();
  }

  private upsert(doc: StoredProduct): void {
    if (doc.isActive !== true) {
      this.remove(String(doc._id));
      return;
    }
    const search = searchDocumentOf(doc, this.categoriesById);
    const entry = toEntry(doc, search, this.categoriesById);
    const before = this.entries.get(entry.id);
    if (!before || before.searchText !== entry.searchText) {
      if (before) this.search.discard(entry.id);
      this.search.add(search);
      this.searches.clear();
    }
    this.entries.set(entry.id, entry);
  }

  private remove(id: string): void {
    if (!this.entries.delete(id)) return;
    this.search.discard(id);
    this.searches.clear();
  }

  private changed(): void {
    this.sorted.clear();
    this.memos.clear();
  }

  // -------------------------------------------------------------------------------------------
  // Answers (callers run ensureFresh first)

  /** A category by id or slug, as the database lookup finds it (id first, then slug). */
  findCategory(idOrSlug: string): CategoryRef | undefined {
    if (mongoose.isValidObjectId(idOrSlug) && /^[0-9a-fA-F]{24}$/.test(idOrSlug)) {
      const byId = this.categoriesById.get(idOrSlug.toLowerCase());
      if (byId) return byId;
    }
    return this.categoriesBySlug.get(idOrSlug.toLowerCase());
  }

  /** Every category, ordered by level, sortOrder, name and _id (a copy: callers may filter it). */
  categoryNodes(): CategoryNode[] {
    return [...this.categoryList];
  }

  /** All active products in one of the listing's orders (cached until the next change). */
  inOrder(sortName: SortName, sort: Record<string, 1 | -1>): CatalogEntry[] {
    let list = this.sorted.get(sortName);
    if (!list) {
      list = [...this.entries.values()].sort(comparatorFor(sort));
      this.sorted.set(sortName, list);
    }
    return list;
  }

  /**
   * Searches from now on with `table` (the settings' synonyms): a different table drops the kept
   * hits and every derived answer keyed by a search (filters, counts).
   */
  useSynonyms(table: SynonymTable): void {
    if (table === this.synonyms) return;
    this.synonyms = table;
    this.searches.clear();
    this.memos.clear();
  }

  /**
   * Search hits, best first: products whose title matches every word as typed (or as its start),
   * then title matches with typos, then matches in the other fields as typed, then with typos;
   * the newest first within each group (a predictable order the shopper can page through).
   */
  searchIds(query: string): { id: string; tier: number }[] {
    const key = query.trim().normalize("NFC").toLowerCase();
    let found = this.searches.get(key);
    if (!found) {
      found = this.rankedSearch(key);
      if (this.searches.size >= 500) this.searches.clear();
      this.searches.set(key, found);
    }
    return found;
  }

  private rankedSearch(query: string): { id: string; tier: number }[] {
    const newest = comparatorFor({ createdAt: -1, _id: -1 });
    const hits = this.search.search(expandQuery(query, this.synonyms)).flatMap((hit) => {
      const entry = this.entries.get(String(hit.id));
      if (!entry) return [];
      const inTitle = Object.values(hit.match).some((fields) => fields.includes("title"));
      const asTyped = hit.queryTerms.every((typed) =>
        hit.terms.some((term) => term.startsWith(typed)),
      );
      return [{ entry, tier: (inTitle ? 0 : 2) + (asTyped ? 0 : 1) }];
    });
    hits.sort((a, b) => a.tier - b.tier || newest(a.entry, b.entry));
    return hits.map((hit) => ({ id: hit.entry.id, tier: hit.tier }));
  }

  entry(id: string): CatalogEntry | undefined {
    return this.entries.get(id);
  }

  /** A derived answer computed once per state of the catalogue (any change drops it). */
  memo<T>(key: string, compute: () => T): T {
    if (this.memos.has(key)) return this.memos.get(key) as T;
    const value = compute();
    // Keys include what shoppers type (searches, prices): bounded, like the search hits.
    if (this.memos.size >= MAX_MEMOS) this.memos.clear();
    this.memos.set(key, value);
    return value;
  }
}

/** This process's read model (one per process: each instance keeps its own and polls). */
export const catalogReadModel = new CatalogReadModel();
