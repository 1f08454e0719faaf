import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns/addDays";
import { addMonths } from "date-fns/addMonths";
import { format } from "date-fns/format";
import { startOfMonth } from "date-fns/startOfMonth";
import { startOfWeek } from "date-fns/startOfWeek";
import type { PipelineStage } from "mongoose";
import { ORDER_STATUSES } from "../../models/order.model.js";
import { Order } from "../../models/order.model.js";
import { PAYMENT_STATUSES, Payment } from "../../models/payment.model.js";
import { Product } from "../../models/product.model.js";
import { User } from "../../models/user.model.js";
import { logger } from "../lib/logger.js";
import type {
  CategorySales,
  DashboardStats,
  RecentOrder,
  RecentPayment,
  StatusTotals,
} from "#contract/answers/dashboard";
import { SHOP_TIME_ZONE } from "#contract/dates";
import { countLowStock } from "./stock-room.service.js";
import { dashboardRefunds } from "./refunds-due.js";

export type { CategorySales, DashboardStats, RecentOrder, RecentPayment, StatusTotals };

/**
 * The admin dashboard, computed with small MongoDB
 * aggregation pipelines over date ranges worked out here in the shop's time zone.
 *
 * Definitions (also in README "Back office API"):
 * - A sale is an order whose status is not PENDING (online payment never confirmed; expires) and not
 *   CANCELLED. Revenue is the sum of a sale's `totalDiscountedPrice` (what the customer pays).
 *   The status summary counts every order, whatever its status.
 * - A completed payment is one whose status contains 'complet' in any case.
 * - Months are calendar months and weeks run Sunday 00:00 to Sunday 00:00, in Asia/Dhaka.
 * - Growth = (this month - previous month) / previous month x 100, 0 when the previous month is 0,
 *   rounded to one decimal.
 *
 * Each figure is computed on its own: a part that fails (a refused query, a corrupt record) is logged
 * and answers empty (0, an empty list or summary) while every other part is still shown.
 *
 * FerretDB (the test database) has no date operators, no $multiply, and sums only the first $sum
 * of a $group correctly, so each pipeline here has exactly one accumulator and no date operators.
 */
export { SHOP_TIME_ZONE };
export const NON_SALE_STATUSES = ["PENDING", "CANCELLED"] as const;
export const RECENT_LIMIT = 5;
export const TOP_CATEGORIES = 3;
export const UNCATEGORISED = "Other";
const COMPLETED_PAYMENT = { $regex: "complet", $options: "i" };
const COMPLETED_PATTERN = /complet/i;

interface Range {
  from: Date;
  to: Date;
}

export interface MonthlyReturns {
  /** Orders that became RETURNED this month. */
  returned: number;
  /** Orders that became DELIVERED this month. */
  delivered: number;
  /** returned / (delivered + returned) x 100, one decimal; 0 when neither happened. */
  returnRate: number;
  /** Sum of the returned orders' delivery charges (paid to the courier, never collected), taka. */
  deliveryCostLost: number;
}

/**
 * Orders now in the final `status` that reached it on or after `from`. A final status is the last
 * entry of the status history, so "some entry at or after `from`" is "reached it at or after
 * `from`" (FerretDB has no $elemMatch on fields; this needs none).
 */
const reachedSince = (status: "DELIVERED" | "RETURNED", from: Date) => ({
  orderStatus: status,
  "statusHistory.status": status,
  "statusHistory.at": { $gte: from },
});

/** This month's returns; the month is the current one, so nothing has happened after its end. */
async function monthlyReturns(month: Range): Promise<MonthlyReturns> {
  const returnedThisMonth = reachedSince("RETURNED", month.from);
  const [returned, delivered, deliveryCostLost] = await Promise.all([
    Order.countDocuments(returnedThisMonth).exec(),
    Order.countDocuments(reachedSince("DELIVERED", month.from)).exec(),
    total(orders, returnedThisMonth, "$deliveryCostLost"),
  ]);
  const finished = returned + delivered;
  const returnRate = finished === 0 ? 0 : Math.round((returned / finished) * 1000) / 10;
  return { returned, delivered, returnRate, deliveryCostLost };
}

type CashOnDelivery = NonNullable<DashboardStats["cashOnDelivery"]>;

/** COD orders not finished yet: the rider still has their cash to collect. */
const OPEN_COD = {
  paymentMethod: "COD",
  orderStatus: { $in: ["PLACED", "CONFIRMED", "SHIPPED", "RETURNING"] },
};
const ADVANCE_PAID = { purpose: "ADVANCE_DELIVERY_CHARGE", status: COMPLETED_PAYMENT };

/**
 * Cash still to collect (open COD orders' totals minus their paid advances) and this month's
 * advance delivery charges paid online. One accumulator per pipeline (FerretDB).
 */
async function cashOnDelivery(month: Range): Promise<CashOnDelivery> {
  const advanceThisMonth = { ...ADVANCE_PAID, ...inRange(month) };
  const [totals, advances, outstandingOrders, advancePaidThisMonth, advanceOrdersThisMonth] =
    await Promise.all([
      total(orders, OPEN_COD, "$totalDiscountedPrice"),
      total(
        orders,
        { ...OPEN_COD, "advanceDeliveryCharge.status": "PAID" },
        "$advanceDeliveryCharge.amount",
      ),
      Order.countDocuments(OPEN_COD).exec(),
      total(payments, advanceThisMonth, "$amount"),
      Payment.countDocuments(advanceThisMonth).exec(),
    ]);
  return {
    outstanding: totals - advances,
    outstandingOrders,
    advancePaidThisMonth,
    advanceOrdersThisMonth,
  };
}

/** This month, the previous month and the 7 days of this week (Sunday first), in Asia/Dhaka. */
export function dashboardPeriods(now: Date) {
  const local = new TZDate(now.getTime(), SHOP_TIME_ZONE);
  const monthStart = startOfMonth(local);
  const previousMonthStart = addMonths(monthStart, -1);
  const weekStart = startOfWeek(local, { weekStartsOn: 0 });
  const plain = (date: Date) => new Date(date.getTime());
  return {
    month: { from: plain(monthStart), to: plain(addMonths(monthStart, 1)) },
    previousMonth: { from: plain(previousMonthStart), to: plain(monthStart) },
    days: Array.from({ length: 7 }, (_, day) => ({
      from: plain(addDays(weekStart, day)),
      to: plain(addDays(weekStart, day + 1)),
    })),
    labels: {
      timeZone: SHOP_TIME_ZONE,
      monthStart: format(monthStart, "yyyy-MM-dd"),
      previousMonthStart: format(previousMonthStart, "yyyy-MM-dd"),
      weekStart: format(weekStart, "yyyy-MM-dd"),
    },
  };
}

/** Percentage change, 0 when there is nothing to compare with, to one decimal (half away from 0). */
export function growth(current: number, previous: number): number {
  if (previous === 0) return 0;
  const percent = ((current - previous) / previous) * 100;
  const rounded = (Math.sign(percent) * Math.round(Math.abs(percent) * 10)) / 10;
  return rounded === 0 ? 0 : rounded;
}

type Aggregate = (pipeline: PipelineStage[]) => Promise<{ _id: unknown; value: number }[]>;
const orders: Aggregate = (pipeline) => Order.aggregate(pipeline).exec();
const payments: Aggregate = (pipeline) => Payment.aggregate(pipeline).exec();

/** One $match + one $group with a single $sum (count with 1, or a field like "$amount"). */
async function sumBy(
  aggregate: Aggregate,
  match: Record<string, unknown>,
  groupKey: string | null,
  summand: 1 | `$${string}`,
): Promise<Map<string, number>> {
  const rows = await aggregate([
    { $match: match },
    { $group: { _id: groupKey ? `$${groupKey}` : null, value: { $sum: summand } } },
  ]);
  return new Map(rows.map((row) => [String(row._id ?? ""), row.value ?? 0]));
}

async function total(
  aggregate: Aggregate,
  match: Record<string, unknown>,
  summand: 1 | `$${string}`,
): Promise<number> {
  const sums = await sumBy(aggregate, match, null, summand);
  return sums.get("") ?? 0;
}

// Exported for the query-plan test (tests/services/query-plans.test.ts).
export const inRange = (range: Range) => ({ createdAt: { $gte: range.from, $lt: range.to } });
export const SALE = { orderStatus: { $nin: [...NON_SALE_STATUSES] } };
export const COMPLETED = { status: COMPLETED_PAYMENT };

/** Count and amount per key; with `canonical`, keys are merged case-insensitively (upper case). */
function statusSummary(
  counts: Map<string, number>,
  amounts: Map<string, number>,
  known: readonly string[],
  canonical: (key: string) => string = (key) => key,
): Record<string, StatusTotals> {
  const summary: Record<string, StatusTotals> = {};
  for (const status of known) summary[status] = { count: 0, amount: 0 };
  for (const [key, count] of counts) {
    const status = canonical(key);
    summary[status] ??= { count: 0, amount: 0 };
    summary[status].count += count;
    summary[status].amount += amounts.get(key) ?? 0;
  }
  return summary;
}

async function topCategories(): Promise<CategorySales[]> {
  // Units per (category, unit price); revenue is worked out here because FerretDB lacks $multiply.
  const rows = (await Order.aggregate([
    { $match: SALE },
    { $unwind: "$orderItems" },
    {
      $group: {
        _id: { title: "$orderItems.product.category.name", price: "$orderItems.discountedPrice" },
        value: { $sum: "$orderItems.quantity" },
      },
    },
  ])) as { _id: { title?: string | null; price?: number | null }; value: number }[];
  const byTitle = new Map<string, CategorySales>();
  for (const row of rows) {
    const title = row._id.title?.trim() || UNCATEGORISED;
    const entry = byTitle.get(title) ?? { title, count: 0, revenue: 0 };
    entry.count += row.value;
    entry.revenue += row.value * (row._id.price ?? 0);
    byTitle.set(title, entry);
  }
  return [...byTitle.values()]
    .sort((a, b) => b.count - a.count || b.revenue - a.revenue || a.title.localeCompare(b.title))
    .slice(0, TOP_CATEGORIES);
}

async function recentOrders(): Promise<RecentOrder[]> {
  const docs = await Order.find()
    .sort({ createdAt: -1, _id: -1 })
    .limit(RECENT_LIMIT)
    .select(
      "orderNumber shippingAddress.firstName shippingAddress.lastName totalPrice totalDiscountedPrice totalItem orderStatus paymentMethod paymentDetails.status createdAt",
    )
    .lean();
  return docs.map((doc) => ({
    _id: doc._id.toString(),
    orderNumber: doc.orderNumber,
    customerName: [doc.shippingAddress?.firstName, doc.shippingAddress?.lastName]
      .filter(Boolean)
      .join(" "),
    totalPrice: doc.totalPrice,
    totalDiscountedPrice: doc.totalDiscountedPrice,
    totalItem: doc.totalItem,
    orderStatus: doc.orderStatus,
    paymentMethod: doc.paymentMethod,
    paymentStatus: doc.paymentDetails?.status ?? "PENDING",
    createdAt: doc.createdAt,
  }));
}

async function recentPayments(): Promise<RecentPayment[]> {
  const docs = await Payment.find()
    .sort({ createdAt: -1, _id: -1 })
    .limit(RECENT_LIMIT)
    .select("order method amount currency status transactionId createdAt")
    .lean();
  return docs.map((doc) => ({
    _id: doc._id.toString(),
    order: doc.order.toString(),
    method: doc.method,
    amount: doc.amount,
    currency: doc.currency ?? "BDT",
    status: doc.status ?? "",
    transactionId: doc.transactionId,
    createdAt: doc.createdAt,
  }));
}

/** One part of the dashboard; when it fails, the failure is logged and the part answers `empty`. */
async function part<T>(name: string, compute: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await compute();
  } catch (error) {
    logger.error({ err: error, part: name }, "dashboard part failed; shown as empty");
    return empty;
  }
}

export async function getDashboardStats(now: Date): Promise<DashboardStats> {
  const periods = dashboardPeriods(now);
  const weekly = (aggregate: Aggregate, match: object, summand: 1 | `$${string}`) =>
    Promise.all(
      periods.days.map((day) => total(aggregate, { ...match, ...inRange(day) }, summand)),
    );

  const zero = 0;
  const noRows = new Map<string, number>();
  const emptyWeek = () => periods.days.map(() => 0);
  const [
    orderCounts,
    orderAmounts,
    monthRevenue,
    previousMonthRevenue,
    weeklySalesData,
    weeklyRevenueData,
    salesByCategory,
    latestOrders,
    paymentCounts,
    paymentAmounts,
    monthPayments,
    previousMonthPayments,
    weeklyPaymentsData,
    latestPayments,
    totalProducts,
    totalCustomers,
    returns,
    codFigures,
    lowStockCount,
    refundFigures,
  ] = await Promise.all([
    part("orderCounts", () => sumBy(orders, {}, "orderStatus", 1), noRows),
    part("orderAmounts", () => sumBy(orders, {}, "orderStatus", "$totalDiscountedPrice"), noRows),
    part(
      "monthlySales",
      () => total(orders, { ...SALE, ...inRange(periods.month) }, "$totalDiscountedPrice"),
      zero,
    ),
    part(
      "previousMonthSales",
      () => total(orders, { ...SALE, ...inRange(periods.previousMonth) }, "$totalDiscountedPrice"),
      zero,
    ),
    part("weeklySalesData", () => weekly(orders, SALE, 1), emptyWeek()),
    part("weeklyRevenueData", () => weekly(orders, SALE, "$totalDiscountedPrice"), emptyWeek()),
    part("salesByCategory", topCategories, []),
    part("recentOrders", recentOrders, []),
    part("paymentCounts", () => sumBy(payments, {}, "status", 1), noRows),
    part("paymentAmounts", () => sumBy(payments, {}, "status", "$amount"), noRows),
    part(
      "monthlyPaymentsTotal",
      () => total(payments, { ...COMPLETED, ...inRange(periods.month) }, "$amount"),
      zero,
    ),
    part(
      "previousMonthPayments",
      () => total(payments, { ...COMPLETED, ...inRange(periods.previousMonth) }, "$amount"),
      zero,
    ),
    part("weeklyPaymentsData", () => weekly(payments, COMPLETED, "$amount"), emptyWeek()),
    part("recentPayments", recentPayments, []),
    part("totalProducts", () => Product.countDocuments().exec(), zero),
    part("totalCustomers", () => User.countDocuments({ role: "CUSTOMER" }).exec(), zero),
    part("monthlyReturns", () => monthlyReturns(periods.month), {
      returned: 0,
      delivered: 0,
      returnRate: 0,
      deliveryCostLost: 0,
    }),
    part("cashOnDelivery", () => cashOnDelivery(periods.month), {
      outstanding: 0,
      outstandingOrders: 0,
      advancePaidThisMonth: 0,
      advanceOrdersThisMonth: 0,
    }),
    part("lowStockCount", countLowStock, zero),
    part("refunds", () => dashboardRefunds(periods.month, now), {
      refundedThisMonth: 0,
      refundsThisMonth: 0,
      pending: 0,
      due: [],
    }),
  ]);

  const isSale = (status: string) => !(NON_SALE_STATUSES as readonly string[]).includes(status);
  let totalSales = 0;
  let totalOrdersRevenue = 0;
  for (const [status, count] of orderCounts) {
    if (!isSale(status)) continue;
    totalSales += count;
    totalOrdersRevenue += orderAmounts.get(status) ?? 0;
  }

  let payments_ = 0;
  let totalPayments = 0;
  let totalPaymentsRevenue = 0;
  for (const [status, count] of paymentCounts) {
    payments_ += count;
    if (!COMPLETED_PATTERN.test(status)) continue;
    totalPayments += count;
    totalPaymentsRevenue += paymentAmounts.get(status) ?? 0;
  }

  const orderRevenueGrowth = growth(monthRevenue, previousMonthRevenue);
  return {
    totalOrdersRevenue,
    totalSales,
    totalProducts,
    totalCustomers,
    monthlySales: monthRevenue,
    weeklySalesData,
    weeklyRevenueData,
    salesByCategory,
    orderRevenueGrowth,
    orderStatusSummary: statusSummary(orderCounts, orderAmounts, ORDER_STATUSES),
    recentOrders: latestOrders,
    totalPaymentsRevenue,
    totalPayments,
    monthlyPaymentsTotal: monthPayments,
    weeklyPaymentsData,
    paymentRevenueGrowth: growth(monthPayments, previousMonthPayments),
    paymentStatusSummary: statusSummary(paymentCounts, paymentAmounts, PAYMENT_STATUSES, (key) =>
      key.toUpperCase(),
    ),
    recentPayments: latestPayments,
    payments: payments_,
    totalRevenue: totalOrdersRevenue,
    revenueGrowth: orderRevenueGrowth,
    monthlyReturns: returns,
    cashOnDelivery: codFigures,
    lowStockCount,
    refunds: refundFigures,
    period: periods.labels,
  };
}
