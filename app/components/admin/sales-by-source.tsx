import { useLingui } from "@lingui/react";
import type { SourceSales } from "#contract/answers/dashboard";
import { formatCount, formatPercent, formatTaka, orderSourceLabel } from "./admin-i18n";

/**
 * The dashboard's "Sales by channel this month": orders and revenue from the storefront and from
 * each channel staff take orders on (docs/order-desk.md).
 */
export function SalesBySource({ answer }: { answer: unknown }) {
  const { i18n } = useLingui();
  // The dashboard's answer as it came (older servers have no bySource: nothing shown).
  const bySource = (answer as { bySource?: SourceSales[] } | null)?.bySource;
  if (!Array.isArray(bySource)) return null;
  const revenue = bySource.reduce((sum, row) => sum + row.revenue, 0);
  return (
    <section
      className="rounded-lg border border-stone-200 bg-white p-4"
      data-testid="sales-by-source"
    >
      <h2 className="text-sm font-semibold text-stone-800">
        {i18n._("Sales by channel this month")}
      </h2>
      <ul className="mt-2 divide-y divide-stone-100 text-sm">
        {bySource.map((row) => (
          <li key={row.source} className="flex items-center justify-between gap-3 py-1.5">
            <span>{orderSourceLabel(i18n, row.source)}</span>
            <span className="text-right tabular-nums">
              {row.orders === 1
                ? i18n._("{number} order", { number: formatCount(1) })
                : i18n._("{number} orders", { number: formatCount(row.orders) })}{" "}
              · {formatTaka(row.revenue)}
              {revenue > 0 && (
                <span className="ml-2 text-stone-500">
                  {formatPercent((row.revenue / revenue) * 100)}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
