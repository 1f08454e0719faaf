import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  unknownIntent,
  useAdminAction,
} from "~/components/admin/admin-action";
import { backOfficeI18n, formatCount, serverText } from "~/components/admin/admin-i18n";
import {
  DataTable,
  EmptyRow,
  ErrorNote,
  formatDate,
  loadForAdmin,
  PageHeader,
  Pagination,
  Panel,
  TableSkeleton,
  useLoadedData,
  type Loaded,
} from "~/components/admin/common";
import { TextField } from "~/components/admin/list";
import { Button } from "~/components/ui/button";
import { api } from "~/lib/admin-api-client";
import type { AdminProductList, Product } from "~/lib/api/types";
import { cn } from "~/lib/utils";
import {
  ADJUSTMENT_REASONS,
  STOCK_NOTE_MAX,
  StockAdjustmentBody,
  StockThresholdBody,
  type AdjustmentReason,
  type LowStockAnswer,
  type StockEntriesAnswer,
  type StockEntry,
  type StockReason,
  type StockVariantState,
} from "#contract/schemas/stock";
import type { Route } from "./+types/stock";

export function meta() {
  return [{ title: `${backOfficeI18n._("Stock")} — Tweest admin` }];
}

const PAGE_SIZE = 20;

interface StockScreenData {
  view: "low" | "history";
  q: string;
  low: Loaded<LowStockAnswer> | null;
  history: Loaded<StockEntriesAnswer> | null;
  matches: Loaded<AdminProductList | Product[]> | null;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<StockScreenData> {
  const params = new URL(request.url).searchParams;
  const page = Number(params.get("page")) || 1;
  const q = params.get("q")?.trim() ?? "";
  if (params.get("view") === "low")
    return {
      view: "low",
      q,
      low: await loadForAdmin(request, () => api.stock.low({ page, limit: PAGE_SIZE })),
      history: null,
      matches: null,
    };
  const productId = params.get("productId") ?? undefined;
  const [history, matches] = await Promise.all([
    loadForAdmin(request, () => api.stock.entries({ productId, page, limit: PAGE_SIZE })),
    q ? loadForAdmin(request, () => api.admin.products({ search: q, pageSize: 8 })) : null,
  ]);
  return { view: "history", q, low: null, history, matches };
}

/** An adjustment or a threshold: the server's answer as a toast. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { intent, body } = await readSubmission(request);
  const i18n = backOfficeI18n;
  switch (intent) {
    case "adjust":
      return runAdminAction(
        () => api.stock.adjust(parseSubmitted(StockAdjustmentBody, body)),
        i18n._("Stock adjusted"),
      );
    case "threshold":
      return runAdminAction(
        () => api.stock.setThreshold(parseSubmitted(StockThresholdBody, body)),
        i18n._("Threshold saved"),
      );
    default:
      return unknownIntent(intent);
  }
}

const signed = (delta: number) => `${delta > 0 ? "+" : "−"}${formatCount(Math.abs(delta))}`;
const variantName = (variant: { color: string; size: string }) =>
  `${variant.color} / ${variant.size}`;
const byName = (by: string) => (by.startsWith("admin:") ? by.slice("admin:".length) : by);

/** Why stock moved, as a word (contract/schemas/stock.ts's reasons). */
const reasonLabel = (i18n: I18n, reason: StockReason) =>
  ({
    sale: i18n._("Sale"),
    cancel: i18n._("Cancelled"),
    return: i18n._("Returned"),
    exchange: i18n._("Exchange"),
    received: i18n._("Received"),
    damaged: i18n._("Damaged"),
    correction: i18n._("Correction"),
    import: i18n._("Import"),
    opening: i18n._("Opening stock"),
  })[reason];

function AdjustForm({ productId, variants }: { productId: string; variants: StockVariantState[] }) {
  const { i18n } = useLingui();
  const [variantIndex, setVariantIndex] = useState("0");
  const [reason, setReason] = useState<AdjustmentReason>("received");
  const [delta, setDelta] = useState("");
  const [note, setNote] = useState("");
  const adjust = useAdminAction({
    onSuccess: () => {
      setDelta("");
      setNote("");
    },
  });
  const fieldError = (name: string) =>
    adjust.result && !adjust.result.ok ? adjust.result.fieldErrors[name] : undefined;
  const variant = variants[Number(variantIndex)] ?? variants[0];
  if (!variant)
    return <p className="text-sm text-stone-600">{i18n._("This product has no variants.")}</p>;
  return (
    <form
      aria-label={i18n._("Adjust stock")}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_8rem_2fr_auto] lg:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        const typed = delta.trim();
        void adjust.submit("adjust", {
          body: {
            productId,
            color: variant.color,
            size: variant.size,
            reason,
            // Text that is not a whole number goes as it is: the schema names the field.
            delta: /^[-+]?\d+$/.test(typed) ? Number(typed) : typed,
            note,
          },
        });
      }}
    >
      <label className="text-sm font-medium text-stone-800" htmlFor="adjust-variant">
        {i18n._("Variant")}
        <select
          id="adjust-variant"
          value={variantIndex}
          onChange={(event) => setVariantIndex(event.target.value)}
          className="mt-1 h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-sm"
        >
          {variants.map((entry, index) => (
            <option key={variantName(entry)} value={String(index)}>
              {i18n._("{variant} ({count} in stock)", {
                variant: variantName(entry),
                count: formatCount(entry.stock),
              })}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-stone-800" htmlFor="adjust-reason">
        {i18n._("Reason")}
        <select
          id="adjust-reason"
          value={reason}
          onChange={(event) => setReason(event.target.value as AdjustmentReason)}
          className="mt-1 h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-sm"
        >
          {ADJUSTMENT_REASONS.map((value) => (
            <option key={value} value={value}>
              {reasonLabel(i18n, value)}
            </option>
          ))}
        </select>
      </label>
      <TextField
        id="adjust-delta"
        label={i18n._("Change (pieces)")}
        inputMode="numeric"
        placeholder={i18n._("e.g. {up} or {down}", {
          up: formatCount(12),
          down: `-${formatCount(2)}`,
        })}
        value={delta}
        error={fieldError("delta")}
        onChange={(event) => setDelta(event.target.value)}
      />
      <TextField
        id="adjust-note"
        label={i18n._("Note")}
        value={note}
        maxLength={STOCK_NOTE_MAX}
        error={fieldError("note")}
        placeholder={i18n._("e.g. from the tailor, invoice {number}", { number: formatCount(42) })}
        onChange={(event) => setNote(event.target.value)}
      />
      <Button type="submit" className="h-11" disabled={adjust.pending}>
        {i18n._("Adjust stock")}
      </Button>
      {adjust.result && !adjust.result.ok && !fieldError("delta") && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 lg:col-span-5">
          {serverText(adjust.result.message)}
        </p>
      )}
    </form>
  );
}

function ThresholdForm({ productId, variant }: { productId: string; variant: StockVariantState }) {
  const { i18n } = useLingui();
  const [value, setValue] = useState(
    variant.lowStockThreshold === null ? "" : String(variant.lowStockThreshold),
  );
  const save = useAdminAction();
  const id = `threshold-${variant.color}-${variant.size}`.replace(/\W+/g, "-");
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const typed = value.trim();
        void save.submit("threshold", {
          body: {
            productId,
            color: variant.color,
            size: variant.size,
            lowStockThreshold: typed === "" ? null : typed,
          },
        });
      }}
    >
      <label className="sr-only" htmlFor={id}>
        {i18n._("Low-stock threshold of {variant}", { variant: variantName(variant) })}
      </label>
      <input
        id={id}
        inputMode="numeric"
        value={value}
        placeholder={i18n._("{number} (default)", { number: formatCount(variant.threshold) })}
        onChange={(event) => setValue(event.target.value)}
        className="h-9 w-28 rounded-md border border-stone-300 px-2 text-sm"
      />
      <Button type="submit" size="sm" variant="outline" disabled={save.pending}>
        {i18n._("Save")}
      </Button>
    </form>
  );
}

function EntriesTable({ entries, showProduct }: { entries: StockEntry[]; showProduct: boolean }) {
  const { i18n } = useLingui();
  const columns = showProduct ? 7 : 6;
  return (
    <DataTable>
      <caption className="sr-only">{i18n._("Stock history, newest first")}</caption>
      <thead>
        <tr>
          <th>{i18n._("When")}</th>
          {showProduct && <th>{i18n._("Product")}</th>}
          <th>{i18n._("Variant")}</th>
          <th className="text-right">{i18n._("Change")}</th>
          <th>{i18n._("Reason")}</th>
          <th>{i18n._("Note")}</th>
          <th>{i18n._("By")}</th>
        </tr>
      </thead>
      <tbody>
        {entries.length === 0 && (
          <EmptyRow colSpan={columns} text={i18n._("No stock changes yet.")} />
        )}
        {entries.map((entry) => (
          <tr key={entry._id} data-testid="stock-entry">
            <td className="whitespace-nowrap">{formatDate(entry.at, true)}</td>
            {showProduct && (
              <td>
                <Link
                  to={`/admin/stock?productId=${entry.productId}`}
                  className="font-medium hover:underline"
                  translate={entry.productTitle ? "no" : undefined}
                >
                  {entry.productTitle || i18n._("(deleted product)")}
                </Link>
              </td>
            )}
            <td translate="no">{variantName(entry)}</td>
            <td
              className={cn(
                "text-right font-semibold tabular-nums",
                entry.delta > 0 ? "text-emerald-700" : "text-red-700",
              )}
            >
              {signed(entry.delta)}
            </td>
            <td>{reasonLabel(i18n, entry.reason)}</td>
            <td>
              {entry.orderNumber && entry.orderId ? (
                <Link to={`/admin/orders?open=${entry.orderId}`} className="hover:underline">
                  {i18n._("Order {number}", { number: entry.orderNumber })}
                </Link>
              ) : null}
              {entry.orderNumber && entry.note ? " · " : null}
              {entry.note && <span translate="no">{entry.note}</span>}
            </td>
            <td className="break-all" translate="no">
              {byName(entry.by)}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function ProductSearch({ q, matches }: { q: string; matches: StockScreenData["matches"] }) {
  const { i18n } = useLingui();
  const [, setSearchParams] = useSearchParams();
  const [text, setText] = useState(q);
  const found = matches?.data
    ? Array.isArray(matches.data)
      ? matches.data
      : (matches.data.products ?? [])
    : [];
  return (
    <Panel title={i18n._("A product's stock")}>
      <form
        role="search"
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setSearchParams(text.trim() ? { q: text.trim() } : {});
        }}
      >
        <TextField
          id="stock-product-search"
          label={i18n._("Find a product")}
          value={text}
          className="sm:flex-1"
          placeholder={i18n._("Title")}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="outline" className="h-11">
          {i18n._("Find")}
        </Button>
      </form>
      {matches?.error && <ErrorNote message={matches.error} />}
      {q && matches?.data && (
        <ul className="mt-3 divide-y divide-stone-100" aria-label={i18n._("Products found")}>
          {found.length === 0 && (
            <li className="py-2 text-sm text-stone-500">{i18n._("No product matches.")}</li>
          )}
          {found.map((product) => (
            <li key={product._id} className="py-2">
              <Link
                to={`/admin/stock?productId=${product._id}`}
                className="font-medium text-brand-700 hover:underline"
                translate="no"
              >
                {product.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function History({
  data,
  q,
  matches,
}: {
  data: StockEntriesAnswer;
  q: string;
  matches: StockScreenData["matches"];
}) {
  const { i18n } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const product = data.product;
  return (
    // Blocks, not a grid: a grid track would grow to the tables' width on a phone.
    <div className="space-y-4">
      {product ? (
        <>
          <Panel title={product.title}>
            <DataTable className="mb-4">
              <caption className="sr-only">{i18n._("Stock of each variant")}</caption>
              <thead>
                <tr>
                  <th>{i18n._("Variant")}</th>
                  <th className="text-right">{i18n._("In stock")}</th>
                  <th>{i18n._("Low at or below")}</th>
                </tr>
              </thead>
              <tbody>
                {product.variants.map((variant) => (
                  <tr key={variantName(variant)} data-testid="stock-variant">
                    <td translate="no">{variantName(variant)}</td>
                    <td
                      className={cn(
                        "text-right font-semibold tabular-nums",
                        variant.stock <= variant.threshold && "text-red-700",
                      )}
                    >
                      {formatCount(variant.stock)}
                    </td>
                    <td>
                      <ThresholdForm
                        key={`${variant.lowStockThreshold}`}
                        productId={product._id}
                        variant={variant}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <h3 className="mb-2 font-semibold text-stone-900">{i18n._("Adjust stock")}</h3>
            <AdjustForm productId={product._id} variants={product.variants} />
          </Panel>
          <Link to="/admin/stock" className="text-sm text-brand-700 hover:underline">
            ← {i18n._("Every product's history")}
          </Link>
        </>
      ) : (
        <ProductSearch q={q} matches={matches} />
      )}
      <section aria-label={i18n._("Stock history")}>
        <h2 className="mb-2 font-semibold text-stone-900">
          {product ? i18n._("History") : i18n._("Every product's history")}
        </h2>
        <EntriesTable entries={data.entries} showProduct={!product} />
        <Pagination
          page={data.page}
          totalPages={data.totalPages}
          total={data.total}
          onPage={(page) => {
            const next = new URLSearchParams(searchParams);
            next.set("page", String(page));
            setSearchParams(next);
          }}
        />
      </section>
    </div>
  );
}

function LowStock({ data }: { data: LowStockAnswer }) {
  const { i18n } = useLingui();
  const [, setSearchParams] = useSearchParams();
  return (
    <section aria-label={i18n._("Low stock")}>
      <p className="mb-3 text-sm text-stone-600">
        {i18n._(
          "Variants of products on sale at or below their threshold (the shop's default is {number}), lowest first.",
          { number: formatCount(data.defaultThreshold) },
        )}
      </p>
      <DataTable>
        <caption className="sr-only">{i18n._("Low stock")}</caption>
        <thead>
          <tr>
            <th>{i18n._("Product")}</th>
            <th>{i18n._("Variant")}</th>
            <th>{i18n._("SKU")}</th>
            <th className="text-right">{i18n._("In stock")}</th>
            <th className="text-right">{i18n._("Low at")}</th>
          </tr>
        </thead>
        <tbody>
          {data.items.length === 0 && (
            <EmptyRow colSpan={5} text={i18n._("Nothing is low on stock.")} />
          )}
          {data.items.map((item) => (
            <tr key={`${item.productId}-${item.color}-${item.size}`} data-testid="low-stock-row">
              <td>
                <Link
                  to={`/admin/stock?productId=${item.productId}`}
                  className="font-medium text-brand-700 hover:underline"
                  translate="no"
                >
                  {item.title}
                </Link>
              </td>
              <td translate="no">{variantName(item)}</td>
              <td className="break-all" translate="no">
                {item.sku || "—"}
              </td>
              <td className="text-right font-semibold text-red-700 tabular-nums">
                {formatCount(item.stock)}
              </td>
              <td className="text-right tabular-nums">{formatCount(item.threshold)}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Pagination
        page={data.page}
        totalPages={data.totalPages}
        total={data.total}
        onPage={(page) => setSearchParams({ view: "low", page: String(page) })}
      />
    </section>
  );
}

export default function StockScreen({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { view, q, matches } = loaderData;
  const loaded = useLoadedData<LowStockAnswer | StockEntriesAnswer>(
    (view === "low" ? loaderData.low : loaderData.history) ?? { data: null, error: null },
  );
  const tab = (to: string, label: string, active: boolean) => (
    <Link
      to={to}
      aria-current={active ? "page" : undefined}
      className={cn(
        "inline-flex h-11 items-center rounded-md border px-4 text-sm font-medium",
        active
          ? "border-brand-600 bg-brand-50 text-brand-800"
          : "border-stone-300 bg-white text-stone-700 hover:bg-stone-50",
      )}
    >
      {label}
    </Link>
  );
  return (
    <div>
      <PageHeader
        title={i18n._("Stock")}
        description={i18n._(
          "Every change of stock, with who made it and why; adjust a variant's stock, and see what is running low.",
        )}
        actions={
          <nav aria-label={i18n._("Stock views")} className="flex gap-2">
            {tab("/admin/stock", i18n._("History"), view === "history")}
            {tab("/admin/stock?view=low", i18n._("Low stock"), view === "low")}
          </nav>
        }
      />
      {loaded.error && <ErrorNote message={loaded.error} onRetry={loaded.reload} />}
      {loaded.loading && !loaded.data ? (
        <TableSkeleton />
      ) : loaded.data && view === "low" ? (
        <LowStock data={loaded.data as LowStockAnswer} />
      ) : (
        loaded.data && <History data={loaded.data as StockEntriesAnswer} q={q} matches={matches} />
      )}
    </div>
  );
}
