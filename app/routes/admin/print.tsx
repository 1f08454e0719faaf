/**
 * /admin/print: the documents of many orders, one per page at the paper's exact size
 * (docs/printing.md). `?doc=invoice|packing-slip|label&paper=a4|a5` and either
 * `orders=<id>,<id>` (the desk's selection) or the orders list's filter (`queue=to-ship`...).
 * Back office like every /admin screen (the same access check, the admin API behind it), but
 * outside the admin shell: the page holds the documents and a bar to print them, nothing else.
 */
import { ArrowLeft, Printer } from "lucide-react";
import { Link, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import { useLingui } from "@lingui/react";
import {
  backOfficeI18n,
  BackOfficeI18nProvider,
  checkAccessInOwnLanguage,
  formatCount,
} from "~/components/admin/admin-i18n";
import { AdminGate, CheckingAdminAccess } from "~/components/admin/admin-guard";
import { ErrorNote, loadForAdmin, useLoadedData } from "~/components/admin/common";
import { OrderDocumentSheet, PAGE_RULES } from "~/components/admin/order-documents";
import {
  PRINT_CHOICES,
  printChoiceLabel,
  printPath,
  type PrintTarget,
} from "~/components/admin/print-menu";
import { RouteErrorPage } from "~/components/layout/route-error";
import { Button } from "~/components/ui/button";
import { api } from "~/lib/admin-api-client";
import type { OrderFilterQuery } from "~/lib/api/order-desk";
import { cn } from "~/lib/utils";
import { DOCUMENT_KINDS, PAPER_SIZES } from "#contract/schemas/order-documents";
import { OrderFilterFields } from "#contract/schemas/order-desk";
import type { Route } from "./+types/print";

export function meta() {
  return [
    { title: `${backOfficeI18n._("Print")} — Tweest admin` },
    { name: "robots", content: "noindex" },
  ];
}

const PrintChoiceQuery = z.object({
  doc: z.enum(DOCUMENT_KINDS).catch("invoice"),
  paper: z.enum(PAPER_SIZES).catch("a4"),
});

const FILTER_KEYS = Object.keys(OrderFilterFields) as (keyof OrderFilterQuery)[];

/** What the URL asks to print: the document and paper, and the orders or the filter. */
function readPrintUrl(params: URLSearchParams) {
  const { doc: kind, paper } = PrintChoiceQuery.parse(Object.fromEntries(params));
  const orders = params.get("orders");
  const filter: OrderFilterQuery = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  const target: PrintTarget =
    orders !== null ? { orders: orders.split(",").filter(Boolean) } : { filter };
  return { kind, paper, target };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const access = await checkAccessInOwnLanguage(request);
  const { target } = readPrintUrl(new URL(request.url).searchParams);
  const query = "orders" in target ? { orders: target.orders.join(",") } : target.filter;
  return { access, documents: await loadForAdmin(request, () => api.orderDesk.documents(query)) };
}
clientLoader.hydrate = true as const;

/** Another document or paper for the same orders: nothing to read again. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const ordersOf = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("doc");
    params.delete("paper");
    return `${url.pathname}?${params.toString()}`;
  };
  if (currentUrl.href !== nextUrl.href && ordersOf(currentUrl) === ordersOf(nextUrl)) return false;
  return defaultShouldRevalidate;
}

export function HydrateFallback() {
  return (
    <BackOfficeI18nProvider>
      <CheckingAdminAccess />
    </BackOfficeI18nProvider>
  );
}

/**
 * Only the documents print, and on screen the page is the documents under the bar: the shop's
 * header and footer (the root's, around every page) are hidden while this page is shown.
 */
const PAGE_CSS = `
body > *:not(:has(.print-page)) { display: none !important; }
body { background: #fff; }
@media screen { body { background: rgb(245 245 244); } }
@media print { .no-print { display: none !important; } }
`;

export default function PrintDocuments(props: Route.ComponentProps) {
  return (
    <BackOfficeI18nProvider>
      <PrintScreen {...props} />
    </BackOfficeI18nProvider>
  );
}

function PrintScreen({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const [params] = useSearchParams();
  const { kind, paper, target } = readPrintUrl(params);
  const loaded = useLoadedData(loaderData.documents);
  const answer = loaded.data;
  const count = answer?.documents.length ?? 0;
  const choice = PRINT_CHOICES.find(
    (entry) => entry.kind === kind && (kind === "label" || entry.paper === paper),
  )!;
  return (
    <AdminGate access={loaderData.access}>
      <div className="print-page">
        <style>{PAGE_CSS + PAGE_RULES[kind === "label" ? "label" : paper]}</style>
        <div className="no-print mx-auto max-w-5xl space-y-3 px-3 py-4" data-testid="print-bar">
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to="/admin/orders"
              className="inline-flex min-h-11 items-center gap-1 text-sm text-brand-700 underline"
            >
              <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {i18n._("Orders")}
            </Link>
            <h1 className="text-lg font-semibold" data-testid="print-title">
              {printChoiceLabel(i18n, choice)}:{" "}
              {count === 1
                ? i18n._("{number} order", { number: formatCount(1) })
                : i18n._("{number} orders", { number: formatCount(count) })}
            </h1>
            <Button
              className="ml-auto min-h-11"
              disabled={count === 0}
              // The Bangla font must be in before the print dialog lays out the pages.
              onClick={() => void document.fonts.ready.then(() => window.print())}
            >
              <Printer className="h-4 w-4" aria-hidden="true" /> {i18n._("Print")}
            </Button>
          </div>
          <nav aria-label={i18n._("Documents")} className="flex flex-wrap gap-2">
            {PRINT_CHOICES.map((entry) => (
              <Link
                key={entry.id}
                to={printPath(entry, target)}
                replace
                aria-current={entry === choice ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center rounded-md border px-3 text-sm",
                  entry === choice
                    ? "border-brand-600 bg-brand-50 font-semibold"
                    : "border-stone-300 bg-white",
                )}
              >
                {printChoiceLabel(i18n, entry)}
              </Link>
            ))}
          </nav>
          {loaded.error && <ErrorNote message={loaded.error} onRetry={loaded.reload} />}
          {answer && answer.missing.length > 0 && (
            <p className="text-sm text-amber-900" data-testid="print-missing">
              {answer.missing.length === 1
                ? i18n._("1 order was not found (deleted since it was selected).")
                : i18n._("{count} orders were not found (deleted since they were selected).", {
                    count: formatCount(answer.missing.length),
                  })}
            </p>
          )}
          {answer && count === 0 && (
            <p className="text-sm text-stone-600">{i18n._("No orders to print.")}</p>
          )}
        </div>
        <div className="doc-pages">
          {answer?.documents.map((document) => (
            <OrderDocumentSheet
              key={document.orderId}
              kind={kind}
              paper={paper}
              shop={answer.shop}
              document={document}
            />
          ))}
        </div>
      </div>
    </AdminGate>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BackOfficeI18nProvider>
      <PrintErrorPage error={error} />
    </BackOfficeI18nProvider>
  );
}

function PrintErrorPage({ error }: { error: unknown }) {
  const { i18n } = useLingui();
  return (
    <RouteErrorPage error={error} backTo="/admin/orders" backLabel={i18n._("Back to the orders")} />
  );
}
