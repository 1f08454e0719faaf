import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  unknownIntent,
  useAdminAction,
} from "~/components/admin/admin-action";
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
  STOCK_REASON_LABELS,
  StockAdjustmentBody,
  StockThresholdBody,
  type AdjustmentReason,
  type LowStockAnswer,
  type StockEntriesAnswer,
  type StockEntry,
  type StockVariantState,
} from "#contract/schemas/stock";
import type { Route } from "./+types/stock";

export function meta() {
  return [{ title: "Stock — Tweest admin" }];
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
  switch (intent) {
    case "adjust":
      return runAdminAction(
        () => api.stock.adjust(parseSubmitted(StockAdjustmentBody, body)),
        "Stock adjusted",
      );
    case "threshold":
      return runAdminAction(
        () => api.stock.setThreshold(parseSubmitted(StockThresholdBody, body)),
        "Threshold saved",
      );
    default:
      return unknownIntent(intent);
  }
}

const signed = (delta: number) => (delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`);
const variantName = (variant: { color: string; size: string }) =>
  `${variant.color} / ${variant.size}`;
const byName = (by: string) => (by.startsWith("admin:") ? by.slice("admin:".length) : by);

function AdjustForm({ productId, variants }: { productId: string; variants: StockVariantState[] }) {
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
  if (!variant) return <p className="text-sm text-stone-600">This product has no variants.</p>;
  return (
    <form
      aria-label="Adjust stock"
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
        Variant
        <select
          id="adjust-variant"
          value={variantIndex}
          onChange={(event) => setVariantIndex(event.target.value)}
          className="mt-1 h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-sm"
        >
          {variants.map((entry, index) => (
            <option key={variantName(entry)} value={String(index)}>
              {variantName(entry)} ({entry.stock} in stock)
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-stone-800" htmlFor="adjust-reason">
        Reason
        <select
          id="adjust-reason"
          value={reason}
          onChange={(event) => setReason(event.target.value as AdjustmentReason)}
          className="mt-1 h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-sm"
        >
          {ADJUSTMENT_REASONS.map((value) => (
            <option key={value} value={value}>
              {STOCK_REASON_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <TextField
        id="adjust-delta"
        label="Change (pieces)"
        inputMode="numeric"
        placeholder="e.g. 12 or -2"
        value={delta}
        error={fieldError("delta")}
        onChange={(event) => setDelta(event.target.value)}
      />
      <TextField
        id="adjust-note"
        label="Note"
        value={note}
        maxLength={STOCK_NOTE_MAX}
        error={fieldError("note")}
        placeholder="e.g. from the tailor, invoice 42"
        onChange={(event) => setNote(event.target.value)}
      />
      <Button type="submit" className="h-11" disabled={adjust.pending}>
        Adjust stock
      </Button>
      {adjust.result && !adjust.result.ok && !fieldError("delta") && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 lg:col-span-5">
          {adjust.result.message}
        </p>
      )}
    </form>
  );
}

function ThresholdForm({ productId, variant }: { productId: string; variant: StockVariantState }) {
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
        Low-stock threshold of {variantName(variant)}
      </label>
      <input
        id={id}
        inputMode="numeric"
        value={value}
        placeholder={`${variant.threshold} (default)`}
        onChange={(event) => setValue(event.target.value)}
        className="h-9 w-28 rounded-md border border-stone-300 px-2 text-sm"
      />
      <Button type="submit" size="sm" variant="outline" disabled={save.pending}>
        Save
      </Button>
    </form>
  );
}

function EntriesTable({ entries, showProduct }: { entries: StockEntry[]; showProduct: boolean }) {
  const columns = showProduct ? 7 : 6;
  return (
    <DataTable>
      <caption className="sr-only">Stock history, newest first</caption>
      <thead>
        <tr>
          <th>When</th>
          {showProduct && <th>Product</th>}
          <th>Variant</th>
          <th className="text-right">Change</th>
          <th>Reason</th>
          <th>Note</th>
          <th>By</th>
        </tr>
      </thead>
      <tbody>
        {entries.length === 0 && <EmptyRow colSpan={columns} text="No stock changes yet." />}
        {entries.map((entry) => (
          <tr key={entry._id} data-testid="stock-entry">
            <td className="whitespace-nowrap">{formatDate(entry.at, true)}</td>
            {showProduct && (
              <td>
                <Link
                  to={`/admin/stock?productId=${entry.productId}`}
                  className="font-medium hover:underline"
                >
                  {entry.productTitle || "(deleted product)"}
                </Link>
              </td>
            )}
            <td>{variantName(entry)}</td>
            <td
              className={cn(
                "text-right font-semibold tabular-nums",
                entry.delta > 0 ? "text-emerald-700" : "text-red-700",
              )}
            >
              {signed(entry.delta)}
            </td>
            <td>{STOCK_REASON_LABELS[entry.reason]}</td>
            <td>
              {entry.orderNumber && entry.orderId ? (
                <Link to={`/admin/orders?open=${entry.orderId}`} className="hover:underline">
                  Order {entry.orderNumber}
                </Link>
              ) : null}
              {entry.orderNumber && entry.note ? " · " : null}
              {entry.note}
            </td>
            <td className="break-all">{byName(entry.by)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function ProductSearch({ q, matches }: { q: string; matches: StockScreenData["matches"] }) {
  const [, setSearchParams] = useSearchParams();
  const [text, setText] = useState(q);
  const found = matches?.data
    ? Array.isArray(matches.data)
      ? matches.data
      : (matches.data.products ?? [])
    : [];
  return (
    <Panel title="A product's stock">
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
          label="Find a product"
          value={text}
          className="sm:flex-1"
          placeholder="Title"
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="outline" className="h-11">
          Find
        </Button>
      </form>
      {matches?.error && <ErrorNote message={matches.error} />}
      {q && matches?.data && (
        <ul className="mt-3 divide-y divide-stone-100" aria-label="Products found">
          {found.length === 0 && (
            <li className="py-2 text-sm text-stone-500">No product matches.</li>
          )}
          {found.map((product) => (
            <li key={product._id} className="py-2">
              <Link
                to={`/admin/stock?productId=${product._id}`}
                className="font-medium text-brand-700 hover:underline"
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
  const [searchParams, setSearchParams] = useSearchParams();
  const product = data.product;
  return (
    // Blocks, not a grid: a grid track would grow to the tables' width on a phone.
    <div className="space-y-4">
      {product ? (
        <>
          <Panel title={product.title}>
            <DataTable className="mb-4">
              <caption className="sr-only">Stock of each variant</caption>
              <thead>
                <tr>
                  <th>Variant</th>
                  <th className="text-right">In stock</th>
                  <th>Low at or below</th>
                </tr>
              </thead>
              <tbody>
                {product.variants.map((variant) => (
                  <tr key={variantName(variant)} data-testid="stock-variant">
                    <td>{variantName(variant)}</td>
                    <td
                      className={cn(
                        "text-right font-semibold tabular-nums",
                        variant.stock <= variant.threshold && "text-red-700",
                      )}
                    >
                      {variant.stock}
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
            <h3 className="mb-2 font-semibold text-stone-900">Adjust stock</h3>
            <AdjustForm productId={product._id} variants={product.variants} />
          </Panel>
          <Link to="/admin/stock" className="text-sm text-brand-700 hover:underline">
            ← Every product&apos;s history
          </Link>
        </>
      ) : (
        <ProductSearch q={q} matches={matches} />
      )}
      <section aria-label="Stock history">
        <h2 className="mb-2 font-semibold text-stone-900">
          {product ? "History" : "Every product's history"}
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
  const [, setSearchParams] = useSearchParams();
  return (
    <section aria-label="Low stock">
      <p className="mb-3 text-sm text-stone-600">
        Variants of products on sale at or below their threshold (the shop&apos;s default is{" "}
        {data.defaultThreshold}), lowest first.
      </p>
      <DataTable>
        <caption className="sr-only">Low stock</caption>
        <thead>
          <tr>
            <th>Product</th>
            <th>Variant</th>
            <th>SKU</th>
            <th className="text-right">In stock</th>
            <th className="text-right">Low at</th>
          </tr>
        </thead>
        <tbody>
          {data.items.length === 0 && <EmptyRow colSpan={5} text="Nothing is low on stock." />}
          {data.items.map((item) => (
            <tr key={`${item.productId}-${item.color}-${item.size}`} data-testid="low-stock-row">
              <td>
                <Link
                  to={`/admin/stock?productId=${item.productId}`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {item.title}
                </Link>
              </td>
              <td>{variantName(item)}</td>
              <td className="break-all">{item.sku || "—"}</td>
              <td className="text-right font-semibold text-red-700 tabular-nums">{item.stock}</td>
              <td className="text-right tabular-nums">{item.threshold}</td>
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
        title="Stock"
        description="Every change of stock, with who made it and why; adjust a variant's stock, and see what is running low."
        actions={
          <nav aria-label="Stock views" className="flex gap-2">
            {tab("/admin/stock", "History", view === "history")}
            {tab("/admin/stock?view=low", "Low stock", view === "low")}
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
