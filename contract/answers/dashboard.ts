/** The back office's dashboard: sales and payment statistics (Asia/Dhaka; weeks from Sunday). */
import { z } from "zod";
import { DashboardRefundsAnswer } from "../refunds.js";
import { ORDER_SOURCES } from "../order-sources.js";

export const StatusTotals = z.object({ count: z.number(), amount: z.number() });
export type StatusTotals = z.infer<typeof StatusTotals>;

export const CategorySales = z.object({
  title: z.string(),
  /** Units sold. */
  count: z.number(),
  /** Sum of item discountedPrice x quantity. */
  revenue: z.number(),
});
export type CategorySales = z.infer<typeof CategorySales>;

export const RecentOrder = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  totalPrice: z.number(),
  totalDiscountedPrice: z.number(),
  totalItem: z.number(),
  orderStatus: z.string(),
  paymentMethod: z.string(),
  paymentStatus: z.string(),
  createdAt: z.date(),
});
export type RecentOrder = z.infer<typeof RecentOrder>;

export const RecentPayment = z.object({
  _id: z.string(),
  order: z.string(),
  method: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  transactionId: z.string(),
  createdAt: z.date(),
});
export type RecentPayment = z.infer<typeof RecentPayment>;

/** This month's sales from one channel (docs/order-desk.md, "Orders from every channel"). */
export const SourceSales = z.object({
  source: z.enum(ORDER_SOURCES),
  /** Sales (every order but PENDING and CANCELLED) created this month. */
  orders: z.number(),
  /** Their totals, taka. */
  revenue: z.number(),
});
export type SourceSales = z.infer<typeof SourceSales>;

export const DashboardAnswer = z.object({
  totalOrdersRevenue: z.number(),
  totalSales: z.number(),
  totalProducts: z.number(),
  totalCustomers: z.number(),
  monthlySales: z.number(),
  weeklySalesData: z.array(z.number()),
  weeklyRevenueData: z.array(z.number()),
  salesByCategory: z.array(CategorySales),
  orderRevenueGrowth: z.number(),
  orderStatusSummary: z.record(z.string(), StatusTotals),
  recentOrders: z.array(RecentOrder),
  totalPaymentsRevenue: z.number(),
  totalPayments: z.number(),
  monthlyPaymentsTotal: z.number(),
  weeklyPaymentsData: z.array(z.number()),
  paymentRevenueGrowth: z.number(),
  paymentStatusSummary: z.record(z.string(), StatusTotals),
  recentPayments: z.array(RecentPayment),
  payments: z.number(),
  totalRevenue: z.number(),
  revenueGrowth: z.number(),
  /** Parcels that came back this month (docs/cod.md). */
  monthlyReturns: z.object({
    /** Orders that became RETURNED this month. */
    returned: z.number(),
    /** Orders that became DELIVERED this month. */
    delivered: z.number(),
    /** returned / (delivered + returned) x 100, one decimal; 0 when neither happened. */
    returnRate: z.number(),
    /** Sum of the returned orders' delivery charges (paid to the courier, never collected), taka. */
    deliveryCostLost: z.number(),
  }),
  /**
   * Cash on delivery with an advance delivery charge (docs/cod.md): the advance counts as paid
   * online (it is a completed payment), the rest as cash still to collect.
   */
  cashOnDelivery: z
    .object({
      /** Cash the riders are still to collect on open COD orders (placed, confirmed, shipped, returning), taka. */
      outstanding: z.number(),
      /** How many open COD orders that is. */
      outstandingOrders: z.number(),
      /** Delivery charges paid online in advance this month (completed payments), taka. */
      advancePaidThisMonth: z.number(),
      /** How many advance payments that is. */
      advanceOrdersThisMonth: z.number(),
    })
    .optional(),
  /** This month's sales by channel, every source listed (0 when none). */
  bySource: z.array(SourceSales).optional(),
  /** Variants of products on sale at or below their low-stock threshold (docs/stock-ledger.md). */
  lowStockCount: z.number(),
  /** Refunds this month, pending ones, and prepaid orders whose refund is due (docs/payments.md). */
  refunds: DashboardRefundsAnswer.optional(),
  /** The periods used, as Dhaka calendar dates (yyyy-MM-dd), for chart labels. */
  period: z.object({
    timeZone: z.string(),
    monthStart: z.string(),
    previousMonthStart: z.string(),
    weekStart: z.string(),
  }),
});
export type DashboardStats = z.infer<typeof DashboardAnswer>;
