/**
 * The products screen's catalogue CSV (docs/catalogue-csv.md): "Export CSV" downloads every product,
 * a row per variant; "Import CSV" checks a file first (the dry run's report: counts, then each row
 * that would change or is refused, with why) and applies it only when asked and no row is refused.
 */
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Upload } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { formatCount, serverText } from "~/components/admin/admin-i18n";
import { CsvDownloadButton } from "~/components/admin/csv-download";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { api } from "~/lib/admin-api-client";
import {
  IMPORT_ROW_STATUSES,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  type CatalogImportAnswer,
  type ImportRowStatus,
} from "#contract/schemas/catalog-csv";

/** A row's outcome as a word ("Created" / "তৈরি হবে"). */
const statusLabel = (i18n: I18n, status: ImportRowStatus) =>
  ({
    created: i18n._("Created"),
    changed: i18n._("Changed"),
    unchanged: i18n._("Unchanged"),
    refused: i18n._("Refused"),
    failed: i18n._("Failed"),
  })[status];

const STATUS_STYLES: Record<ImportRowStatus, string> = {
  created: "bg-green-100 text-green-800",
  changed: "bg-blue-100 text-blue-800",
  unchanged: "bg-stone-100 text-stone-700",
  refused: "bg-red-100 text-red-800",
  failed: "bg-amber-100 text-amber-900",
};

const failure = (error: unknown, fallback: string) =>
  error instanceof Error ? serverText(error.message) : fallback;

export function ExportCatalogueButton() {
  return <CsvDownloadButton load={() => api.catalogCsv.exportCsv()} fileName="catalogue.csv" />;
}

export function ImportCatalogueButton() {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="min-h-11" onClick={() => setOpen(true)}>
        <Upload className="h-4 w-4" aria-hidden="true" /> {i18n._("Import CSV")}
      </Button>
      {open && <ImportCatalogueDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportCatalogueDialog({ onClose }: { onClose: () => void }) {
  const { i18n } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<CatalogImportAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const revalidator = useRevalidator();

  const run = (chosen: File, apply: boolean) => {
    setBusy(true);
    setError("");
    api.catalogCsv
      .importCsv(chosen, apply)
      .then((answer) => {
        setReport(answer);
        if (apply) {
          const written = answer.counts.created + answer.counts.changed;
          toast.success(
            written === 1
              ? i18n._("Imported: {number} row written", { number: formatCount(written) })
              : i18n._("Imported: {number} rows written", { number: formatCount(written) }),
          );
          void revalidator.revalidate();
        }
      })
      .catch((cause: unknown) => {
        setReport(null);
        setError(failure(cause, i18n._("The import failed")));
      })
      .finally(() => setBusy(false));
  };

  const writes = report ? report.counts.created + report.counts.changed : 0;
  const canApply = Boolean(file && report?.dryRun && report.counts.refused === 0 && writes > 0);

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-3xl" data-testid="catalogue-import">
        <DialogTitle>{i18n._("Import products from CSV")}</DialogTitle>
        <DialogDescription>
          {i18n._(
            "The columns of Export CSV, one row per variant, matched by SKU. The file is checked first; nothing is written until you apply it. At most {rows} rows and {megabytes} MB.",
            {
              rows: formatCount(MAX_IMPORT_ROWS),
              megabytes: formatCount(MAX_IMPORT_BYTES / 1024 / 1024),
            },
          )}
        </DialogDescription>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <label className="flex min-h-11 flex-col text-sm font-medium">
            {i18n._("CSV file")}
            <input
              type="file"
              accept=".csv,text/csv"
              className="mt-1 max-w-full text-sm"
              disabled={busy}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                setReport(null);
                if (chosen) run(chosen, false);
              }}
            />
          </label>
          <Button
            className="min-h-11"
            disabled={!canApply || busy}
            onClick={() => file && run(file, true)}
          >
            {busy ? i18n._("Working…") : i18n._("Apply")}
          </Button>
        </div>
        {error && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {error}
          </p>
        )}
        {report && <ImportReport report={report} />}
      </DialogContent>
    </Dialog>
  );
}

function ImportReport({ report }: { report: CatalogImportAnswer }) {
  const { i18n } = useLingui();
  const listed = report.rows.filter((row) => row.status !== "unchanged");
  return (
    <section className="mt-4" aria-label={i18n._("Import report")}>
      <p className="text-sm font-medium" role="status">
        {report.dryRun ? i18n._("Dry run, nothing written yet:") : i18n._("Imported:")}
      </p>
      <ul className="mt-2 flex flex-wrap gap-2 text-sm" data-testid="import-counts">
        {IMPORT_ROW_STATUSES.map((status) => (
          <li key={status} className={`rounded px-2 py-1 ${STATUS_STYLES[status]}`}>
            {statusLabel(i18n, status)}: {formatCount(report.counts[status])}
          </li>
        ))}
      </ul>
      {report.dryRun && report.counts.refused > 0 && (
        <p className="mt-2 text-sm text-red-700">
          {i18n._(
            "Correct the refused rows and choose the file again: nothing is imported while a row is refused.",
          )}
        </p>
      )}
      {listed.length < report.rows.length && (
        <p className="mt-2 text-xs text-stone-500">
          {i18n._("{number} unchanged rows are not listed.", {
            number: formatCount(report.rows.length - listed.length),
          })}
        </p>
      )}
      <ol className="mt-2 divide-y divide-stone-200 text-sm">
        {listed.map((row) => (
          <li key={row.row} className="py-2" data-testid="import-row">
            <div className="flex flex-wrap items-center gap-2">
              <span className={`rounded px-1.5 py-0.5 text-xs ${STATUS_STYLES[row.status]}`}>
                {statusLabel(i18n, row.status)}
              </span>
              <span className="text-stone-500">
                {i18n._("Row {number}", { number: formatCount(row.row) })}
              </span>
              {row.sku ? (
                <span className="font-mono break-all" translate="no">
                  {row.sku}
                </span>
              ) : (
                <span className="font-mono">{i18n._("(no SKU)")}</span>
              )}
              <span className="break-all text-stone-500" translate="no">
                {row.slug}
              </span>
            </div>
            {row.changes.length > 0 && (
              <p className="mt-1 break-words text-stone-700" translate="no">
                {row.changes.join("; ")}
              </p>
            )}
            {row.errors.map((rowError, index) => (
              <p key={index} className="mt-1 break-words text-red-700">
                {rowError.column && <span translate="no">{rowError.column}: </span>}
                {serverText(rowError.message)}
              </p>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
