/**
 * The catalogue as CSV (docs/catalogue-csv.md): one row per variant, the product's fields repeated
 * on each of its rows. The columns are the keys of the product's editable fields and of a variant
 * (catalog.ts), so a field added there is a column here without another edit; `images` is the one
 * column the schemas do not hold (images arrive as files in the editor, as URLs here).
 */
import { z } from "zod";
import { ProductEditableFields, VariantInput } from "./catalog.js";

const { variants: _variants, ...productShape } = ProductEditableFields.shape;

/** The product's own columns: its editable fields but the variants (those are the rows). */
export const PRODUCT_CSV_COLUMNS = Object.keys(productShape) as (keyof typeof productShape)[];
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The variant's columns, in the order the schema declares them. */
export const VARIANT_CSV_COLUMNS = Object.keys(
  VariantInput.shape,
) as (keyof typeof VariantInput.shape)[];

export const IMAGES_CSV_COLUMN = "images";
/** Several image URLs in one cell are separated by this sign. */
export const IMAGE_URL_SEPARATOR = "|";

export const CATALOG_CSV_COLUMNS = [
  ...PRODUCT_CSV_COLUMNS,
  IMAGES_CSV_COLUMN,
  ...VARIANT_CSV_COLUMNS,
] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];

/** Columns an import must have: the row's variant (sku) and the product it belongs to (slug). */
export const REQUIRED_IMPORT_COLUMNS = ["sku", "slug"] as const satisfies CatalogCsvColumn[];

/** At most this many rows in one file (about 1,000 products of 5 variants). */
export const MAX_IMPORT_ROWS = 5000;
/** The largest file: 5,000 rows of about 1.6 KB each (English and Bangla descriptions). */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
export const IMPORT_FILE_FIELD = "file";

export const IMPORT_REFUSED = "IMPORT_REFUSED";

/** `?dryRun=false` applies; anything else (or nothing) only reports what would happen. */
export const CatalogImportQuery = z.object({
  dryRun: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
});

export const IMPORT_ROW_STATUSES = [
  "created",
  "changed",
  "unchanged",
  "refused",
  "failed",
] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const CatalogImportRow = z.object({
  /** The line in the file (the header is line 1). */
  row: z.number().int(),
  sku: z.string(),
  slug: z.string(),
  status: z.enum(IMPORT_ROW_STATUSES),
  /** What changes (or changed): `price: 500 → 450`. */
  changes: z.array(z.string()),
  /** Why the row is refused (or failed), by column. */
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type CatalogImportRow = z.infer<typeof CatalogImportRow>;

export const CatalogImportAnswer = z.object({
  dryRun: z.boolean(),
  counts: z.object(
    Object.fromEntries(IMPORT_ROW_STATUSES.map((status) => [status, z.number().int()])) as Record<
      ImportRowStatus,
      z.ZodNumber
    >,
  ),
  rows: z.array(CatalogImportRow),
});
export type CatalogImportAnswer = z.infer<typeof CatalogImportAnswer>;

export const importRefusedMessage = (refused: number) =>
  `${refused} ${refused === 1 ? "row is" : "rows are"} refused: nothing was imported. Run the dry run to see why.`;
