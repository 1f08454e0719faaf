/** The back office's catalogue as CSV (docs/catalogue-csv.md): export, import with a dry run. */
import { IMPORT_FILE_FIELD, type CatalogImportAnswer } from "#contract/schemas/catalog-csv";
import { request } from "./transport";

export const catalogCsv = {
  /** The CSV's text (the browser's decoder drops its byte-order mark; the download adds it back). */
  exportCsv: () =>
    request<string>("/api/admin/products/export.csv", {
      headers: { Accept: "text/csv" },
      timeoutMs: 60_000,
    }),
  /** A dry run (nothing written) unless `apply`; applying writes only when no row is refused. */
  importCsv: (file: File, apply: boolean) => {
    const form = new FormData();
    form.append(IMPORT_FILE_FIELD, file);
    return request<CatalogImportAnswer>("/api/admin/products/import", {
      method: "POST",
      query: { dryRun: apply ? "false" : "true" },
      body: form,
      timeoutMs: 120_000,
    });
  },
};
