/**
 * The dashboard's split of this month's sales by where the orders came from (docs/order-desk.md,
 * "Orders from every channel"): the storefront, or the channel staff took them on. A sale is what
 * the dashboard's other sales figures count (every order but PENDING and CANCELLED), in the Dhaka
 * month; orders placed before sources existed are the storefront's.
 */
import { ORDER_SOURCES, type OrderSource } from "#contract/order-sources";
import type { SourceSales } from "#contract/answers/dashboard";
import { Order } from "../../models/order.model.js";
import { dashboardPeriods, inRange, SALE } from "./dashboard.service.js";

/** One $sum per $group: FerretDB answers 0 for a second accumulator in the same group. */
async function sumBySource(summand: 1 | "$totalDiscountedPrice", now: Date) {
  const rows = await Order.aggregate<{ _id: string | null; value: number }>([
    { $match: { ...SALE, ...inRange(dashboardPeriods(now).month) } },
    { $group: { _id: "$source", value: { $sum: summand } } },
  ]).exec();
  const sums = new Map<OrderSource, number>();
  for (const row of rows) {
    const source = ORDER_SOURCES.includes(row._id as OrderSource)
      ? (row._id as OrderSource)
      : "web";
    sums.set(source, (sums.get(source) ?? 0) + (row.value ?? 0));
  }
  return sums;
}

export async function salesBySource(now: Date): Promise<SourceSales[]> {
  const [orders, revenue] = await Promise.all([
    sumBySource(1, now),
    sumBySource("$totalDiscountedPrice", now),
  ]);
  return ORDER_SOURCES.map((source) => ({
    source,
    orders: orders.get(source) ?? 0,
    revenue: revenue.get(source) ?? 0,
  }));
}
