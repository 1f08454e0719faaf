import { once } from "node:events";
import { Router } from "express";
import { actingAdmin } from "../lib/acting-admin.js";
import { startCsvDownload } from "../lib/csv.js";
import { fileUpload } from "../middleware/multipart.js";
import { endpoint } from "../middleware/validate.js";
import {
  CATALOG_CSV_COLUMNS,
  CatalogImportAnswer,
  CatalogImportQuery,
  IMPORT_FILE_FIELD,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
} from "#contract/schemas/catalog-csv";
import { catalogueCsv, importCatalogue } from "../services/catalog-csv.service.js";

/** The catalogue as CSV, out and in (docs/catalogue-csv.md); mounted before the products' /:id. */
export const adminCatalogCsvRouter = Router();
const PREFIX = "/api/admin/products";

const admin = { tags: ["admin"], permission: "products.manage" as const };

endpoint(adminCatalogCsvRouter, PREFIX, {
  ...admin,
  method: "get",
  path: "/export.csv",
  summary: `Every product as CSV (UTF-8 with BOM), one row per variant, the product's fields repeated on each; columns ${CATALOG_CSV_COLUMNS.join(", ")}; formula-looking cells start with '`,
  responses: { 200: { description: "The CSV file (text/csv; charset=utf-8)" } },
  handler: async (_input, _req, res) => {
    const lines = catalogueCsv();
    startCsvDownload(res, "catalogue.csv");
    // A slow client holds the cursor back rather than filling the server's memory.
    for await (const line of lines) if (!res.write(line)) await once(res, "drain");
    res.end();
  },
});

/** One CSV file in the field "file"; a whole catalogue is a few MB (MAX_IMPORT_BYTES). */
const catalogueUpload = fileUpload({
  fields: [{ name: IMPORT_FILE_FIELD, maxCount: 1 }],
  maxFields: 5,
  maxFieldBytes: 1024,
  maxFileBytes: MAX_IMPORT_BYTES,
  tooManyFilesMessage: `Send one CSV file, in the field "${IMPORT_FILE_FIELD}"`,
  fileTooLargeMessage: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB: split it`,
});

endpoint(adminCatalogCsvRouter, PREFIX, {
  ...admin,
  method: "post",
  path: "/import",
  summary: `Imports products from CSV (the export's columns, field \`${IMPORT_FILE_FIELD}\`, at most ${MAX_IMPORT_ROWS} rows): by default a dry run answering per row created, changed, unchanged or refused and why; ?dryRun=false applies when no row is refused, matching variants by SKU`,
  multipart: true,
  before: [catalogueUpload],
  query: CatalogImportQuery,
  responses: {
    200: { description: "What each row does (or did)", schema: CatalogImportAnswer },
    400: { description: "Not a catalogue CSV: no file, unknown or missing columns, too many rows" },
    413: { description: `Larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB` },
    422: { description: "Applying while rows are refused (IMPORT_REFUSED): nothing was written" },
  },
  handler: ({ query }, req) => {
    const files = req.files as Record<string, Express.Multer.File[] | undefined> | undefined;
    return importCatalogue(files?.[IMPORT_FILE_FIELD]?.[0]?.buffer, {
      dryRun: query.dryRun,
      by: `admin:${actingAdmin(req).email}`,
    });
  },
});
