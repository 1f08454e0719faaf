import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { createOrder } from "../factories/order";
import { createPayment } from "../factories/payment";
import { createAdmin, createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";

const app = createApp();

const FIELDS = [
  "totalOrdersRevenue",
  "totalSales",
  "totalProducts",
  "totalCustomers",
  "monthlySales",
  "weeklySalesData",
  "weeklyRevenueData",
  "salesByCategory",
  "bySource",
  "orderRevenueGrowth",
  "orderStatusSummary",
  "recentOrders",
  "totalPaymentsRevenue",
  "totalPayments",
  "monthlyPaymentsTotal",
  "weeklyPaymentsData",
  "paymentRevenueGrowth",
  "paymentStatusSummary",
  "recentPayments",
  "payments",
  "totalRevenue",
  "revenueGrowth",
  // Issue 19: returns this month (tests/api/returns.test.ts checks the figures).
  "monthlyReturns",
  // Issue 19: cash still to collect and advance delivery charges (tests/api/advance-delivery-charge.test.ts).
  "cashOnDelivery",
  // Variants at or below their low-stock threshold (tests/api/low-stock.test.ts checks the figure).
  "lowStockCount",
  "refunds",
  "period",
];

describe("GET /api/admin/dashboard", () => {
  beforeEach(async () => {
    await clearDatabase();
  });

  it("answers every stat to an admin, for the current clock", async () => {
    const { token } = await createAdmin();
    const order = await createOrder({
      orderStatus: "PLACED",
      lines: [{ category: "Shirts", unitPrice: 500, quantity: 1 }],
      deliveryCharge: 60,
    });
    await createPayment({ order: order._id, amount: 560, status: "Completed" });

    const answer = await request(app)
      .get("/api/admin/dashboard")
      .set("authorization", `Bearer ${token}`);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual([...FIELDS].sort());
    expect(answer.body).toMatchObject({
      totalOrdersRevenue: 560,
      totalSales: 1,
      totalCustomers: 0,
      monthlySales: 560,
      orderRevenueGrowth: 0,
      salesByCategory: [{ title: "Shirts", count: 1, revenue: 500 }],
      totalPaymentsRevenue: 560,
      totalPayments: 1,
      monthlyPaymentsTotal: 560,
      paymentRevenueGrowth: 0,
      payments: 1,
      totalRevenue: 560,
      revenueGrowth: 0,
    });
    expect(answer.body.orderStatusSummary.PLACED).toEqual({ count: 1, amount: 560 });
    expect(answer.body.paymentStatusSummary.COMPLETED).toEqual({ count: 1, amount: 560 });
    for (const series of ["weeklySalesData", "weeklyRevenueData", "weeklyPaymentsData"]) {
      expect(answer.body[series]).toHaveLength(7);
    }
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    expect(sum(answer.body.weeklySalesData)).toBe(1);
    expect(sum(answer.body.weeklyRevenueData)).toBe(560);
    expect(sum(answer.body.weeklyPaymentsData)).toBe(560);
    expect(answer.body.recentOrders).toHaveLength(1);
    expect(answer.body.recentOrders[0].orderNumber).toBe(order.orderNumber);
    expect(answer.body.recentPayments[0]).toMatchObject({ amount: 560, status: "Completed" });
    expect(answer.body.period.timeZone).toBe("Asia/Dhaka");
  });

  it("is refused without a token (401) and to customers (403)", async () => {
    const anonymous = await request(app).get("/api/admin/dashboard");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: "Authentication required", code: "UNAUTHORIZED" });
    const { token } = await createUser();
    const customer = await request(app)
      .get("/api/admin/dashboard")
      .set("authorization", `Bearer ${token}`);
    expect(customer.status).toBe(403);
    expect(customer.body).toEqual({
      message: "Access denied - admin privileges required",
      code: "FORBIDDEN",
    });
  });
});

describe("GET /api/openapi.json (back office)", () => {
  it("documents the popup-image, bulk-order and dashboard routes", async () => {
    const answer = await request(app).get("/api/openapi.json");
    expect(answer.status).toBe(200);
    const paths = answer.body.paths;
    expect(Object.keys(paths["/api/popup-images"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(paths["/api/popup-images/{id}"]).sort()).toEqual(["delete", "get", "put"]);
    expect(paths["/api/popup-images/active"].get.security).toBeUndefined();
    expect(paths["/api/popup-images/sequence"].post.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(paths["/api/tshirt-orders"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(paths["/api/tshirt-orders/{id}"]).sort()).toEqual(["delete", "get", "put"]);
    expect(paths["/api/admin/dashboard"].get.security).toEqual([{ bearerAuth: [] }]);
  });
});
