import { Router } from "express";
import { DashboardAnswer } from "#contract/answers/dashboard";
import { endpoint } from "../middleware/validate.js";
import { getDashboardStats } from "../services/dashboard.service.js";
import { salesBySource } from "../services/orders-by-source.js";

export const dashboardRouter = Router();
const PREFIX = "/api/admin/dashboard";

endpoint(dashboardRouter, PREFIX, {
  method: "get",
  path: "/",
  summary: "Sales and payment statistics (Asia/Dhaka; weeks from Sunday; growth vs last month)",
  tags: ["admin"],
  permission: "reports.read",
  responses: { 200: { description: "The stats", schema: DashboardAnswer } },
  handler: async () => {
    const now = new Date();
    const [stats, bySource] = await Promise.all([getDashboardStats(now), salesBySource(now)]);
    return { ...stats, bySource };
  },
});
