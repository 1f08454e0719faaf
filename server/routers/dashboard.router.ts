import { Router } from "express";
import { z } from "zod";
import { requireAdmin } from "../middleware/auth.js";
import { endpoint } from "../middleware/validate.js";
import { getDashboardStats } from "../services/dashboard.service.js";

export const dashboardRouter = Router();
const PREFIX = "/api/admin/dashboard";

const Totals = z.object({ count: z.number(), amount: z.number() });

const DashboardAnswer = z.object({
  totalOrdersRevenue: z.number(),
  totalSales: z.number(),
  totalProducts: z.number(),
  totalCustomers: z.number(),
  monthlySales: z.number(),
  weeklySalesData: z.array(z.number()),
  weeklyRevenueData: z.array(z.number()),
  salesByCategory: z.array(z.object({ title: z.string(), count: z.number(), revenue: z.number() })),
  orderRevenueGrowth: z.number(),
  orderStatusSummary: z.record(z.string(), Totals),
  recentOrders: z.array(z.record(z.string(), z.unknown())),
  totalPaymentsRevenue: z.number(),
  totalPayments: z.number(),
  monthlyPaymentsTotal: z.number(),
  weeklyPaymentsData: z.array(z.number()),
  paymentRevenueGrowth: z.number(),
  paymentStatusSummary: z.record(z.string(), Totals),
  recentPayments: z.array(z.record(z.string(), z.unknown())),
  payments: z.number(),
  totalRevenue: z.number(),
  revenueGrowth: z.number(),
  monthlyReturns: z.object({
    returned: z.number(),
    delivered: z.number(),
    returnRate: z.number(),
    deliveryCostLost: z.number(),
  }),
  period: z.object({
    timeZone: z.string(),
    monthStart: z.string(),
    previousMonthStart: z.string(),
    weekStart: z.string(),
  }),
});

endpoint(dashboardRouter, PREFIX, {
  method: "get",
  path: "/",
  summary: "Sales and payment statistics (Asia/Dhaka; weeks from Sunday; growth vs last month)",
  tags: ["admin"],
  auth: "admin",
  before: [requireAdmin],
  responses: { 200: { description: "The stats", schema: DashboardAnswer } },
  handler: () => getDashboardStats(new Date()),
});
