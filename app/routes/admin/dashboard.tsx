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
import { formatBDT } from "#contract/money";
import { NewOrderButton } from "~/components/admin/new-order-dialog";
import { SalesBySource } from "~/components/admin/sales-by-source";
import { RefundsDue } from "~/components/admin/refunds-due";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard — Tweest admin" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  // A role without the figures starts on its first screen instead.
  const landing = await staffLanding(request);
  if (landing) throw replace(landing);
  return { dashboard: await loadForAdmin(request, () => api.admin.dashboard()) };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { data, error, loading, reload } = useLoadedData(loaderData.dashboard);
  // Total failure: the error is shown and every figure is zero.
  const stats = normalizeStats(error ? null : data);

  return (
    <div>
      <PageHeader
        title="Dashboard"
        description="Sales and payments in the shop's time zone (Asia/Dhaka); weeks start on Sunday."
        actions={
          <>
            <NewOrderButton />
            <Button variant="outline" size="sm" onClick={reload} disabled={loading}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> Refresh
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
              label="Total revenue"
              value={formatBDT(stats.totalRevenue)}
              growth={stats.revenueGrowth}
              testId="stat-total-revenue"
            />
            <StatCard
              label="Order revenue"
              value={formatBDT(stats.totalOrdersRevenue)}
              growth={stats.orderRevenueGrowth}
            />
            <StatCard label="Orders (sales)" value={String(stats.totalSales)} />
            <StatCard
              label="This month's sales"
              value={formatBDT(stats.monthlySales)}
              growth={stats.orderRevenueGrowth}
              testId="stat-monthly-sales"
            />
            <StatCard label="Products" value={String(stats.totalProducts)} />
            <StatCard label="Customers" value={String(stats.totalCustomers)} />
            <Link
              to="/admin/stock?view=low"
              className="rounded-lg focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              <StatCard
                label="Low stock"
                value={String(stats.lowStockCount)}
                hint="Variants at or below their threshold: open the list"
                testId="stat-low-stock"
              />
            </Link>
            <StatCard
              label="Payments received"
              value={formatBDT(stats.totalPaymentsRevenue)}
              growth={stats.paymentRevenueGrowth}
              hint={`${stats.totalPayments} completed of ${stats.payments} payments`}
            />
            <StatCard
              label="This month's payments"
              value={formatBDT(stats.monthlyPaymentsTotal)}
              growth={stats.paymentRevenueGrowth}
            />
            <StatCard
              label="Return rate this month"
              value={`${stats.monthlyReturns.returnRate.toFixed(1)}%`}
              hint={`${stats.monthlyReturns.returned} returned, ${stats.monthlyReturns.delivered} delivered`}
              testId="stat-return-rate"
            />
            <StatCard
              label="Lost to returns this month"
              value={formatBDT(stats.monthlyReturns.deliveryCostLost)}
              hint="Delivery charges paid, never collected"
              testId="stat-returns-lost"
            />
            <StatCard
              label="Cash on delivery to collect"
              value={formatBDT(stats.cashOnDelivery?.outstanding ?? 0)}
              hint={`${stats.cashOnDelivery?.outstandingOrders ?? 0} open orders, net of delivery charges paid in advance`}
              testId="stat-cod-outstanding"
            />
            <StatCard
              label="Delivery charges paid in advance this month"
              value={formatBDT(stats.cashOnDelivery?.advancePaidThisMonth ?? 0)}
              hint={`${stats.cashOnDelivery?.advanceOrdersThisMonth ?? 0} orders, counted in payments received`}
              testId="stat-advance-paid"
            />
          </div>
          <RecoveredCheckouts />
          <RefundsDue refunds={stats.refunds} />
          <div className="grid gap-4 lg:grid-cols-3">
            <PanelBoundary title="Orders this week">
              <WeeklyChart title="Orders this week" data={stats.weeklySalesData} kind="bar" />
            </PanelBoundary>
            <PanelBoundary title="Revenue this week">
              <WeeklyChart
                title="Revenue this week"
                data={stats.weeklyRevenueData}
                kind="line"
                money
              />
            </PanelBoundary>
            <PanelBoundary title="Payments this week">
              <WeeklyChart
                title="Payments this week"
                data={stats.weeklyPaymentsData}
                kind="line"
                money
              />
            </PanelBoundary>
          </div>
          <div className="grid gap-4 lg:grid-cols-3">
            <PanelBoundary title="Sales by top category">
              <TopCategories rows={stats.salesByCategory} />
            </PanelBoundary>
            <PanelBoundary title="Orders by status">
              <StatusSummary title="Orders by status" summary={stats.orderStatusSummary} />
            </PanelBoundary>
            <PanelBoundary title="Payments by status">
              <StatusSummary title="Payments by status" summary={stats.paymentStatusSummary} />
            </PanelBoundary>
          </div>
          <SalesBySource answer={error ? null : data} />
          <div className="grid gap-4">
            <PanelBoundary title="Recent orders">
              <RecentOrders rows={stats.recentOrders} />
            </PanelBoundary>
            <PanelBoundary title="Recent payments">
              <RecentPayments rows={stats.recentPayments} />
            </PanelBoundary>
          </div>
        </div>
      )}
    </div>
  );
}
