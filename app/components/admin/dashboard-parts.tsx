/** Dashboard pieces: stat cards, weekly charts, summaries, recent lists. */
import { Component, type ReactNode } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { StatusTotals } from "#contract/answers/dashboard";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { paymentMethodWord } from "~/lib/i18n/status-words";
import { formatCount, formatTaka, localDigits } from "./admin-i18n";
import type { Dashboard } from "~/lib/api-client";
import { cn } from "~/lib/utils";
import { DataTable, EmptyRow, formatDate, Panel, StatusBadge } from "./common";

/** Weeks start on Sunday. */
export const weekDays = (i18n: I18n) => [
  i18n._("Sun"),
  i18n._("Mon"),
  i18n._("Tue"),
  i18n._("Wed"),
  i18n._("Thu"),
  i18n._("Fri"),
  i18n._("Sat"),
];

export type { StatusTotals };

/**
 * GET /api/dashboard/stats as the page reads it (normalizeStats fills what is missing): the server's
 * answer, with the recent lists read loosely (dates arrive as text) and without the period labels.
 */
export type DashboardStats = Omit<Dashboard, "recentOrders" | "recentPayments" | "period"> & {
  recentOrders: Record<string, unknown>[];
  recentPayments: Record<string, unknown>[];
};

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const week = (value: unknown) =>
  Array.from({ length: 7 }, (_, day) => num(Array.isArray(value) ? value[day] : 0));
const arr = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
function summary(value: unknown): Record<string, StatusTotals> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const out: Record<string, StatusTotals> = {};
  for (const [key, totals] of Object.entries(value as Record<string, unknown>)) {
    const record = (totals ?? {}) as Record<string, unknown>;
    out[key] = { count: num(record.count), amount: num(record.amount) };
  }
  return out;
}

/** Any answer (or none) as complete stats: a missing or broken field is zero or empty. */
export function normalizeStats(answer: unknown): DashboardStats {
  const data = (answer && typeof answer === "object" ? answer : {}) as Record<string, unknown>;
  return {
    totalOrdersRevenue: num(data.totalOrdersRevenue),
    totalSales: num(data.totalSales),
    totalProducts: num(data.totalProducts),
    totalCustomers: num(data.totalCustomers),
    lowStockCount: num(data.lowStockCount),
    monthlySales: num(data.monthlySales),
    weeklySalesData: week(data.weeklySalesData),
    weeklyRevenueData: week(data.weeklyRevenueData),
    salesByCategory: arr<Record<string, unknown>>(data.salesByCategory).map((row) => ({
      title: String(row?.title ?? "Other"),
      count: num(row?.count),
      revenue: num(row?.revenue),
    })),
    orderRevenueGrowth: num(data.orderRevenueGrowth),
    orderStatusSummary: summary(data.orderStatusSummary),
    recentOrders: arr(data.recentOrders),
    totalPaymentsRevenue: num(data.totalPaymentsRevenue),
    totalPayments: num(data.totalPayments),
    monthlyPaymentsTotal: num(data.monthlyPaymentsTotal),
    weeklyPaymentsData: week(data.weeklyPaymentsData),
    paymentRevenueGrowth: num(data.paymentRevenueGrowth),
    paymentStatusSummary: summary(data.paymentStatusSummary),
    recentPayments: arr(data.recentPayments),
    payments: num(data.payments),
    totalRevenue: num(data.totalRevenue),
    revenueGrowth: num(data.revenueGrowth),
    monthlyReturns: returnsOf(data.monthlyReturns),
    cashOnDelivery: cashOnDeliveryOf(data.cashOnDelivery),
  };
}

function cashOnDeliveryOf(value: unknown): NonNullable<DashboardStats["cashOnDelivery"]> {
  const record = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  return {
    outstanding: num(record.outstanding),
    outstandingOrders: num(record.outstandingOrders),
    advancePaidThisMonth: num(record.advancePaidThisMonth),
    advanceOrdersThisMonth: num(record.advanceOrdersThisMonth),
  };
}

function returnsOf(value: unknown): DashboardStats["monthlyReturns"] {
  const record = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  return {
    returned: num(record.returned),
    delivered: num(record.delivered),
    returnRate: num(record.returnRate),
    deliveryCostLost: num(record.deliveryCostLost),
  };
}

/** Growth against the previous month, one decimal, with its sign. */
export function formatGrowth(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${rounded > 0 ? "+" : ""}${rounded.toFixed(1)}%`;
}

/** A failing panel shows empty, never a broken page. */
export class PanelBoundary extends Component<
  { title: string; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(`[admin] dashboard panel "${this.props.title}" failed`, error);
  }
  render() {
    if (this.state.failed)
      return (
        <Panel title={this.props.title}>
          <NoData className="py-6" />
        </Panel>
      );
    return this.props.children;
  }
}

function NoData({ className }: { className: string }) {
  const { i18n } = useLingui();
  return <p className={cn("text-center text-sm text-stone-500", className)}>{i18n._("No data")}</p>;
}

export function StatCard({
  label,
  value,
  growth,
  hint,
  testId,
}: {
  label: string;
  value: string;
  growth?: number;
  hint?: string;
  testId?: string;
}) {
  const { i18n } = useLingui();
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4" data-testid={testId}>
      <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{label}</p>
      <p className="mt-1 text-2xl font-bold text-stone-900 tabular-nums">{value}</p>
      {growth !== undefined && (
        <p
          className={cn(
            "mt-1 text-xs font-semibold",
            growth > 0 ? "text-emerald-700" : growth < 0 ? "text-red-700" : "text-stone-500",
          )}
        >
          {i18n._("{growth} vs last month", { growth: localDigits(formatGrowth(growth)) })}
        </p>
      )}
      {hint && <p className="mt-1 text-xs text-stone-500">{hint}</p>}
    </div>
  );
}

export function WeeklyChart({
  title,
  data,
  kind,
  money = false,
}: {
  title: string;
  data: number[];
  kind: "bar" | "line";
  money?: boolean;
}) {
  const { i18n } = useLingui();
  const rows = weekDays(i18n).map((day, index) => ({ day, value: data[index] ?? 0 }));
  const format = (value: number) => (money ? formatTaka(value) : formatCount(value));
  return (
    <Panel title={title}>
      <div
        className="h-56"
        role="img"
        aria-label={`${title}: ${rows.map((row) => `${row.day} ${format(row.value)}`).join(", ")}`}
      >
        <ResponsiveContainer width="100%" height="100%">
          {kind === "bar" ? (
            <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" tickLine={false} interval={0} />
              <YAxis allowDecimals={false} width={40} tickLine={false} />
              <Tooltip formatter={(value) => format(Number(value))} />
              <Bar
                dataKey="value"
                name={title}
                fill="#e4572e"
                radius={[4, 4, 0, 0]}
                isAnimationActive={false}
              />
            </BarChart>
          ) : (
            <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" tickLine={false} interval={0} />
              <YAxis width={64} tickLine={false} tickFormatter={(value) => format(Number(value))} />
              <Tooltip formatter={(value) => format(Number(value))} />
              <Line
                type="monotone"
                dataKey="value"
                name={title}
                stroke="#4f46e5"
                strokeWidth={2}
                isAnimationActive={false}
              />
            </LineChart>
          )}
        </ResponsiveContainer>
      </div>
    </Panel>
  );
}

export function StatusSummary({
  title,
  summary: totals,
}: {
  title: string;
  summary: Record<string, StatusTotals>;
}) {
  const { i18n } = useLingui();
  const entries = Object.entries(totals);
  return (
    <Panel title={title}>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-stone-500 uppercase">
            <th className="py-1">{i18n._("Status")}</th>
            <th className="py-1 text-right">{i18n._("Count")}</th>
            <th className="py-1 text-right">{i18n._("Amount")}</th>
          </tr>
        </thead>
        <tbody>
          {entries.length === 0 && (
            <tr>
              <td colSpan={3}>
                <NoData className="py-4" />
              </td>
            </tr>
          )}
          {entries.map(([status, value]) => (
            <tr key={status} className="border-t border-stone-100">
              <td className="py-1.5">
                <StatusBadge status={status} />
              </td>
              <td className="py-1.5 text-right tabular-nums">{formatCount(value.count)}</td>
              <td className="py-1.5 text-right tabular-nums">{formatTaka(value.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

export function TopCategories({ rows }: { rows: DashboardStats["salesByCategory"] }) {
  const { i18n } = useLingui();
  return (
    <Panel title={i18n._("Sales by top category")}>
      {rows.length === 0 ? (
        <NoData className="py-4" />
      ) : (
        <ol className="space-y-2">
          {rows.map((row, index) => {
            const max = Math.max(...rows.map((item) => item.revenue), 1);
            return (
              <li key={`${row.title}-${index}`}>
                <div className="flex justify-between text-sm">
                  <span className="font-medium">{row.title}</span>
                  <span className="tabular-nums">
                    {i18n._("{count} sold", { count: formatCount(row.count) })} ·{" "}
                    {formatTaka(row.revenue)}
                  </span>
                </div>
                <div className="mt-1 h-2 rounded bg-stone-100">
                  <div
                    className="h-2 rounded bg-brand-500"
                    style={{ width: `${Math.round((row.revenue / max) * 100)}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

export function RecentOrders({ rows }: { rows: Record<string, unknown>[] }) {
  const { i18n } = useLingui();
  return (
    <Panel title={i18n._("Recent orders")}>
      <DataTable>
        <thead>
          <tr>
            <th>{i18n._("Order")}</th>
            <th>{i18n._("Customer")}</th>
            <th>{i18n._("Date")}</th>
            <th>{i18n._("Status")}</th>
            <th className="text-right">{i18n._("Total")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && <EmptyRow colSpan={5} text={i18n._("No orders yet.")} />}
          {rows.map((row, index) => (
            <tr key={text(row._id) || index}>
              <td className="font-medium">{text(row.orderNumber) || text(row._id).slice(-6)}</td>
              <td>{text(row.customerName) || i18n._("Guest")}</td>
              <td>{formatDate(text(row.createdAt), true)}</td>
              <td>
                <StatusBadge status={text(row.orderStatus)} />
              </td>
              <td className="text-right tabular-nums">
                {formatTaka(num(row.totalDiscountedPrice) || num(row.totalPrice))}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </Panel>
  );
}

export function RecentPayments({ rows }: { rows: Record<string, unknown>[] }) {
  const { i18n } = useLingui();
  return (
    <Panel title={i18n._("Recent payments")}>
      <DataTable>
        <thead>
          <tr>
            <th>{i18n._("Transaction")}</th>
            <th>{i18n._("Method")}</th>
            <th>{i18n._("Date")}</th>
            <th>{i18n._("Status")}</th>
            <th className="text-right">{i18n._("Amount")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && <EmptyRow colSpan={5} text={i18n._("No payments yet.")} />}
          {rows.map((row, index) => (
            <tr key={text(row._id) || index}>
              <td className="font-mono text-xs">{text(row.transactionId) || "—"}</td>
              <td>{paymentMethodWord(text(row.method), i18n)}</td>
              <td>{formatDate(text(row.createdAt), true)}</td>
              <td>
                <StatusBadge status={text(row.status)} />
              </td>
              <td className="text-right tabular-nums">{formatTaka(num(row.amount))}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </Panel>
  );
}
