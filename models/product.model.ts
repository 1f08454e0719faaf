import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { trackCatalogChanges } from "./catalog-version.model.js";
import { PendingStockEntrySchema } from "./stock-ledger.model.js";

const VariantSchema = new Schema(
  {
    color: { type: String, required: true, trim: true },
    size: { type: String, required: true, trim: true },
    // Low at or below this many units; absent: the shop's default (settings `stock`).
    lowStockThreshold: { type: Number, min: 0 },
    stock: { type: Number, required: true, min: 0, default: 0 },
    // Unique across the shop (claimed in variant_codes) and given to every variant; the barcode
    // is the SKU unless another is given (docs/packing.md).
    sku: { type: String, trim: true },
    barcode: { type: String, trim: true },
  },
  { _id: true },
);

/**
 * Stock lives on variants (colour x size). `colors`, `sizes[].quantity` and `quantity` are derived
 * copies kept in step by `deriveStock`, so listings can filter without unwinding variants.
 */
const ProductSchema = new Schema(
  {
    title: { type: String, required: true, trim: true, maxlength: 200 },
    slug: { type: String, required: true, unique: true, lowercase: true, trim: true },
    description: { type: String, default: "", maxlength: 5000 },
    // Optional Bangla text; the storefront falls back to the English (server/lib/i18n/localized.ts).
    titleBn: { type: String, default: "", trim: true, maxlength: 200 },
    descriptionBn: { type: String, default: "", maxlength: 5000 },
    brand: { type: String, default: "Tweest", trim: true },
    price: { type: Number, required: true, min: 0 },
    discountedPrice: { type: Number, required: true, min: 0 },
    discountPercent: { type: Number, default: 0, min: 0, max: 100, index: true },
    category: { type: Schema.Types.ObjectId, ref: "Category", required: true, index: true },
    categoryName: { type: String, default: "" },
    // Ancestors plus the category itself, so a parent-category listing is one indexed match.
    categoryPath: { type: [Schema.Types.ObjectId], default: [], index: true },
    colors: { type: [String], default: [], index: true },
    sizes: { type: [{ name: String, quantity: Number, _id: false }], default: [] },
    variants: { type: [VariantSchema], default: [] },
    quantity: { type: Number, default: 0, min: 0, index: true },
    images: { type: [String], default: [] },
    imageUrl: { type: String, default: "" },
    averageRating: { type: Number, default: 0 },
    numRatings: { type: Number, default: 0 },
    numReviews: { type: Number, default: 0 },
    // Bumped by every rating / review write before it recomputes the summary above; the summary
    // is saved only while the version is unchanged, so the last writer's count always wins.
    ratingsVersion: { type: Number, default: 0 },
    // Moved by every stock write (sales, give-backs, admin edits): an admin save is applied only
    // while it is unchanged since the save read the product (products.service updateProduct).
    stockVersion: { type: Number, default: 0 },
    reviewsVersion: { type: Number, default: 0 },
    soldCount: { type: Number, default: 0 },
    isFeatured: { type: Boolean, default: false, index: true },
    isActive: { type: Boolean, default: true, index: true },
    // Tokens `<reservation id>:<line>` of checkout lines whose units this document's stock gave up
    // (set in the decrement's own update); see models/stock-reservation.model.ts. Absent until used.
    stockReservations: { type: [String], default: undefined },
    // The stock ledger (models/stock-ledger.model.ts): once opened, every stock write adds its
    // entry here in the same update; the entry is then copied to the ledger and removed.
    stockLedgerOpened: { type: Boolean, default: undefined },
    stockLedgerOutbox: { type: Map, of: PendingStockEntrySchema, default: undefined },
  },
  { timestamps: true },
);

ProductSchema.index({ isActive: 1, createdAt: -1 });
// Category listings (categoryPath holds the category and its ancestors): newest and by price.
ProductSchema.index({ categoryPath: 1, isActive: 1, createdAt: -1 });
ProductSchema.index({ categoryPath: 1, isActive: 1, discountedPrice: 1 });
ProductSchema.index({ isActive: 1, discountedPrice: 1 });
ProductSchema.index({ "sizes.name": 1 });
// The packing table's look-up of a scanned code (variant-codes.service).
ProductSchema.index({ "variants.sku": 1 });
ProductSchema.index({ "variants.barcode": 1 }, { sparse: true });
// The stock ledger's job, once a minute: products with entries still to copy (few, so sparse) and
// products whose ledger is not opened yet (`$ne: true` reads this index's bounds around `true`).
ProductSchema.index({ stockLedgerOutbox: 1 }, { sparse: true });
ProductSchema.index({ stockLedgerOpened: 1 });

export interface StockFields {
  price: number;
  discountedPrice: number;
  variants: { color: string; size: string; stock: number }[];
  images: string[];
}

/** The derived fields of a product, computed from its variants, prices and images. */
export function deriveStock(product: StockFields) {
  const colors = [...new Set(product.variants.map((variant) => variant.color))];
  const sizeTotals = new Map<string, number>();
  for (const variant of product.variants)
    sizeTotals.set(variant.size, (sizeTotals.get(variant.size) ?? 0) + variant.stock);
  const quantity = product.variants.reduce((sum, variant) => sum + variant.stock, 0);
  const discountPercent =
    product.price > 0
      ? Math.max(0, Math.round(((product.price - product.discountedPrice) / product.price) * 100))
      : 0;
  return {
    colors,
    sizes: [...sizeTotals].map(([name, total]) => ({ name, quantity: total })),
    quantity,
    discountPercent,
    imageUrl: product.images[0] ?? "",
  };
}

// Every write tells the catalogue read models (server/services/catalog-read-model.ts) what changed.
ProductSchema.plugin(trackCatalogChanges);

ProductSchema.pre("validate", function () {
  Object.assign(this, deriveStock(this as unknown as StockFields));
});

export type ProductFields = InferSchemaType<typeof ProductSchema>;
export const Product =
  (mongoose.models.Product as mongoose.Model<ProductFields>) ??
  mongoose.model("Product", ProductSchema);
