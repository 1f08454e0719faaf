import { RefreshCw } from "lucide-react";
import { Link, replace } from "react-router";
import { staffLanding } from "~/components/admin/admin-access";
import {
  normalizeStats,
  PanelBoundary,
  RecentOrders,
  RecentPayments,
  StatCard,
  StatusSummary,
  TopCategories,
  WeeklyChart,
} from "~/components/admin/dashboard-parts";
import { RecoveredCheckouts } from "~/components/admin/recovered-checkouts";
import { ErrorNote, loadForAdmin, PageHeader, useLoadedData } from "~/components/admin/common";
import { QueueTodo } from "~/components/admin/order-queues";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { api } from "~/lib/admin-api-client";
import { useLingui } from "@lingui/react";
import {
  backOfficeI18n,
  formatCount,
  formatPercent,
  formatTaka,
} from "~/components/admin/admin-i18n";
import { NewOrderButton } from "~/components/admin/new-order-dialog";
import { SalesBySource } from "~/components/admin/sales-by-source";
import { RefundsDue } from "~/components/admin/refunds-due";
import { screenOf } from "~/components/admin/screen-gate";
import { useStaffAccess } from "~/components/admin/staff-access";
import type { Route } from "./+types/dashboard";

const STOCK_SCREEN = "/admin/stock";

export function meta() {
  return [{ title: `${backOfficeI18n._("Dashboard")} — Tweest admin` }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  // A role without the figures starts on its first screen instead.
  const landing = await staffLanding(request);
  if (landing) throw replace(landing);
  return { dashboard: await loadForAdmin(request, () => api.admin.dashboard()) };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { data, error, loading, reload } = useLoadedData(loaderData.dashboard);
  // Total failure: the error is shown and every figure is zero.
  const stats = normalizeStats(error ? null : data);
  // The card leads to the stock screen only for a role the navigation offers it to (an accountant
  // would find a refusal there).
  const { can } = useStaffAccess();
  const stockScreen = screenOf(STOCK_SCREEN);
  const mayOpenStock = stockScreen !== undefined && can(stockScreen.permission);

  return (
    <div>
      <PageHeader
        title={i18n._("Dashboard")}
        description={i18n._(
          "Sales and payments in the shop's time zone (Asia/Dhaka); weeks start on Sunday.",
        )}
        actions={
          <>
            <NewOrderButton />
            <Button variant="outline" size="sm" onClick={reload} disabled={loading}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> {i18n._("Refresh")}
            </Button>
          </>
        }
      />
      {error && <ErrorNote message={error} onRetry={reload} />}
      {loading && !data && !error ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="h-24" />
          ))}
        </div>
      ) : (
        <div className="space-y-4" data-testid="dashboard">
          <QueueTodo />
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard
              label={i18n._("Total revenue")}
              value={formatTaka(stats.totalRevenue)}
              growth={stats.revenueGrowth}
              testId="stat-total-revenue"
            />
            <StatCard
              label={i18n._("Order revenue")}
              value={formatTaka(stats.totalOrdersRevenue)}
              growth={stats.orderRevenueGrowth}
            />
            <StatCard label={i18n._("Orders (sales)")} value={formatCount(stats.totalSales)} />
            <StatCard
              label={i18n._("This month's sales")}
              value={formatTaka(stats.monthlySales)}
              growth={stats.orderRevenueGrowth}
              testId="stat-monthly-sales"
            />
            <StatCard label={i18n._("Products")} value={formatCount(stats.totalProducts)} />
            <StatCard label={i18n._("Customers")} value={formatCount(stats.totalCustomers)} />
            {mayOpenStock ? (
              <Link
                to={`${STOCK_SCREEN}?view=low`}
                className="rounded-lg focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                <StatCard
                  label={i18n._("Low stock")}
                  value={formatCount(stats.lowStockCount)}
                  hint={i18n._("Variants at or below their threshold: open the list")}
                  testId="stat-low-stock"
                />
              </Link>
            ) : (
              <StatCard
                label={i18n._("Low stock")}
                value={formatCount(stats.lowStockCount)}
                hint={i18n._("Variants at or below their threshold")}
                testId="stat-low-stock"
              />
            )}
            <StatCard
              label={i18n._("Payments received")}
              value={formatTaka(stats.totalPaymentsRevenue)}
              growth={stats.paymentRevenueGrowth}
              hint={i18n._("{completed} completed of {payments} payments", {
                completed: formatCount(stats.totalPayments),
                payments: formatCount(stats.payments),
              })}
            />
            <StatCard
              label={i18n._("This month's payments")}
              value={formatTaka(stats.monthlyPaymentsTotal)}
              growth={stats.paymentRevenueGrowth}
            />
            <StatCard
              label={i18n._("Return rate this month")}
              value={formatPercent(stats.monthlyReturns.returnRate, 1)}
              hint={i18n._("{returned} returned, {delivered} delivered", {
                returned: formatCount(stats.monthlyReturns.returned),
                delivered: formatCount(stats.monthlyReturns.delivered),
              })}
              testId="stat-return-rate"
            />
            <StatCard
              label={i18n._("Lost to returns this month")}
              value={formatTaka(stats.monthlyReturns.deliveryCostLost)}
              hint={i18n._("Delivery charges paid, never collected")}
              testId="stat-returns-lost"
            />
            <StatCard
              label={i18n._("Cash on delivery to collect")}
              value={formatTaka(stats.cashOnDelivery?.outstanding ?? 0)}
              hint={i18n._("{count} open orders, net of delivery charges paid in advance", {
                count: formatCount(stats.cashOnDelivery?.outstandingOrders ?? 0),
              })}
              testId="stat-cod-outstanding"
            />
            <StatCard
              label={i18n._("Delivery charges paid in advance this month")}
              value={formatTaka(stats.cashOnDelivery?.advancePaidThisMonth ?? 0)}
              hint={i18n._("{count} orders, counted in payments received", {
                count: formatCount(stats.cashOnDelivery?.advanceOrdersThisMonth ?? 0),
              })}
              testId="stat-advance-paid"
            />
          </div>
          <RecoveredCheckouts />
          <RefundsDue refunds={stats.refunds} />
          <div className="grid gap-4 lg:grid-cols-3">
            <PanelBoundary title={i18n._("Orders this week")}>
              <WeeklyChart
                title={i18n._("Orders this week")}
                data={stats.weeklySalesData}
                kind="bar"
              />
            </PanelBoundary>
            <PanelBoundary title={i18n._("Revenue this week")}>
              <WeeklyChart
                title={i18n._("Revenue this week")}
                data={stats.weeklyRevenueData}
                kind="line"
                money
              />
            </PanelBoundary>
            <PanelBoundary title={i18n._("Payments this week")}>
              <WeeklyChart
                title={i18n._("Payments this week")}
                data={stats.weeklyPaymentsData}
                kind="line"
                money
              />
            </PanelBoundary>
          </div>
          <div className="grid gap-4 lg:grid-cols-3">
            <PanelBoundary title={i18n._("Sales by top category")}>
              <TopCategories rows={stats.salesByCategory} />
            </PanelBoundary>
            <PanelBoundary title={i18n._("Orders by status")}>
              <StatusSummary
                title={i18n._("Orders by status")}
                summary={stats.orderStatusSummary}
              />
            </PanelBoundary>
            <PanelBoundary title={i18n._("Payments by status")}>
              <StatusSummary
                title={i18n._("Payments by status")}
                summary={stats.paymentStatusSummary}
              />
            </PanelBoundary>
          </div>
          <SalesBySource answer={error ? null : data} />
          <div className="grid gap-4">
            <PanelBoundary title={i18n._("Recent orders")}>
              <RecentOrders rows={stats.recentOrders} />
            </PanelBoundary>
            <PanelBoundary title={i18n._("Recent payments")}>
              <RecentPayments rows={stats.recentPayments} />
            </PanelBoundary>
          </div>
        </div>
      )}
    </div>
  );
}
