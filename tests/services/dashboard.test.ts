import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Payment } from "../../models/payment.model";
import { logger } from "../../server/lib/logger";
import { getDashboardStats, growth } from "../../server/services/dashboard.service";
import { createOrder } from "../factories/order";
import { createPayment } from "../factories/payment";
import { createProduct } from "../factories/product";
import { createAdmin, createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";

/** A wall-clock time in Dhaka (UTC+6, no daylight saving). */
const dhaka = (local: string) => new Date(`${local}+06:00`);

/**
 * The hand-built shop. Calendar (2026): Sun 29 Mar .. Sat 4 Apr is one week crossing from March into
 * April; 1 April is a Wednesday. Times are Dhaka times; several fall on another UTC day or month.
 */
async function buildShop() {
  await createUser({ firstName: "Customer", lastName: "One" });
  await createUser({ firstName: "Customer", lastName: "Two" });
  await createAdmin();
  for (const slug of ["tee-a", "tee-b", "cap-a"])
    await createProduct({ title: slug, slug, price: 500, discountedPrice: 450, variants: [] });

  const o1 = await createOrder({
    orderNumber: "O1",
    orderStatus: "DELIVERED",
    createdAt: dhaka("2026-02-10T12:00:00"),
    lines: [{ category: "Shirts", unitPrice: 500, quantity: 2 }],
    deliveryCharge: 60, // total 1060
  });
  await createOrder({
    orderNumber: "O2",
    orderStatus: "DELIVERED",
    createdAt: dhaka("2026-03-05T10:00:00"),
    lines: [{ category: "Shirts", unitPrice: 1000, quantity: 2 }],
    deliveryCharge: 60, // 2060
  });
  await createOrder({
    orderNumber: "O3", // Saturday before the week: March, not in the week
    orderStatus: "PLACED",
    createdAt: dhaka("2026-03-28T23:00:00"),
    lines: [{ category: "Pants", unitPrice: 750, quantity: 2 }],
    deliveryCharge: 120, // 1620
  });
  await createOrder({
    orderNumber: "O4", // Sunday 00:10 in Dhaka = Saturday 18:10 UTC
    orderStatus: "CONFIRMED",
    createdAt: dhaka("2026-03-29T00:10:00"),
    lines: [{ category: "Caps", unitPrice: 400, quantity: 2 }],
    deliveryCharge: 60, // 860
  });
  const o5 = await createOrder({
    orderNumber: "O5", // cancelled: no revenue, no sale, no category units
    orderStatus: "CANCELLED",
    createdAt: dhaka("2026-03-30T11:00:00"),
    lines: [{ category: "Shirts", unitPrice: 2500, quantity: 2 }],
    deliveryCharge: 60, // 5060
  });
  const o6 = await createOrder({
    orderNumber: "O6", // last second of March in Dhaka
    orderStatus: "SHIPPED",
    createdAt: dhaka("2026-03-31T23:59:59"),
    lines: [{ category: "Pants", unitPrice: 600, quantity: 2 }],
    deliveryCharge: 60, // 1260
  });
  const o7 = await createOrder({
    orderNumber: "O7", // 1 April 00:30 in Dhaka = 31 March 18:30 UTC
    orderStatus: "PLACED",
    createdAt: dhaka("2026-04-01T00:30:00"),
    lines: [
      { category: "Shirts", unitPrice: 1000, quantity: 1 },
      { category: "Hoodies", unitPrice: 1000, quantity: 2 },
    ],
    deliveryCharge: 60, // 3060
  });
  const o8 = await createOrder({
    orderNumber: "O8", // pending online payment: not a sale yet
    orderStatus: "PENDING",
    createdAt: dhaka("2026-04-01T09:00:00"),
    lines: [{ category: "Caps", unitPrice: 350, quantity: 2 }],
    deliveryCharge: 60, // 760
  });
  const o9 = await createOrder({
    orderNumber: "O9",
    orderStatus: "DELIVERED",
    createdAt: dhaka("2026-04-01T11:00:00"),
    lines: [{ category: "Caps", unitPrice: 150, quantity: 3 }],
    deliveryCharge: 60, // 510
  });
  const o10 = await createOrder({
    orderNumber: "O10", // an item without a category counts as 'Other'
    orderStatus: "PLACED",
    createdAt: dhaka("2026-04-01T11:30:00"),
    lines: [{ category: null, unitPrice: 200, quantity: 1 }],
    deliveryCharge: 60, // 260
  });

  // No completed payment in March: the previous month is empty for payments on 1 April.
  await createPayment({
    order: o1._id,
    amount: 1060,
    status: "COMPLETED",
    createdAt: dhaka("2026-02-20T10:00:00"),
  });
  await createPayment({
    order: o5._id,
    amount: 5060,
    status: "FAILED",
    method: "BKASH",
    createdAt: dhaka("2026-03-30T11:00:00"),
  });
  await createPayment({
    order: o6._id,
    amount: 1260,
    status: "PENDING",
    createdAt: dhaka("2026-03-31T20:00:00"),
  });
  await createPayment({
    order: o7._id,
    amount: 3060,
    status: "Completed", // April in Dhaka, March in UTC
    createdAt: dhaka("2026-04-01T00:30:00"),
  });
  await createPayment({
    order: o8._id,
    amount: 760,
    status: "cancelled",
    createdAt: dhaka("2026-04-01T09:00:00"),
  });
  await createPayment({
    order: o9._id,
    amount: 510,
    status: "completed",
    method: "BKASH",
    createdAt: dhaka("2026-04-01T11:00:00"),
  });
  await createPayment({
    order: o10._id,
    amount: 260,
    status: "REFUNDED",
    method: "BKASH",
    createdAt: dhaka("2026-04-01T11:30:00"),
  });
}

describe("getDashboardStats", () => {
  beforeEach(async () => {
    await clearDatabase();
  });

  it("answers zeros for an empty shop", async () => {
    const stats = await getDashboardStats(dhaka("2026-04-01T12:00:00"));
    expect(stats).toEqual({
      totalOrdersRevenue: 0,
      totalSales: 0,
      totalProducts: 0,
      totalCustomers: 0,
      monthlySales: 0,
      weeklySalesData: [0, 0, 0, 0, 0, 0, 0],
      weeklyRevenueData: [0, 0, 0, 0, 0, 0, 0],
      salesByCategory: [],
      orderRevenueGrowth: 0,
      orderStatusSummary: {
        PENDING: { count: 0, amount: 0 },
        PLACED: { count: 0, amount: 0 },
        CONFIRMED: { count: 0, amount: 0 },
        SHIPPED: { count: 0, amount: 0 },
        DELIVERED: { count: 0, amount: 0 },
        CANCELLED: { count: 0, amount: 0 },
        // Issue 19: the return statuses are listed like every other.
        RETURNING: { count: 0, amount: 0 },
        RETURNED: { count: 0, amount: 0 },
      },
      recentOrders: [],
      totalPaymentsRevenue: 0,
      totalPayments: 0,
      monthlyPaymentsTotal: 0,
      weeklyPaymentsData: [0, 0, 0, 0, 0, 0, 0],
      paymentRevenueGrowth: 0,
      paymentStatusSummary: {
        PENDING: { count: 0, amount: 0 },
        COMPLETED: { count: 0, amount: 0 },
        FAILED: { count: 0, amount: 0 },
        CANCELLED: { count: 0, amount: 0 },
        REFUNDED: { count: 0, amount: 0 },
      },
      recentPayments: [],
      refunds: { due: [], pending: 0, refundedThisMonth: 0, refundsThisMonth: 0 },
      payments: 0,
      totalRevenue: 0,
      revenueGrowth: 0,
      monthlyReturns: { returned: 0, delivered: 0, returnRate: 0, deliveryCostLost: 0 },
      // Issue 19: cash on delivery still to collect and advance delivery charges.
      cashOnDelivery: {
        outstanding: 0,
        outstandingOrders: 0,
        advancePaidThisMonth: 0,
        advanceOrdersThisMonth: 0,
      },
      lowStockCount: 0,
      period: {
        timeZone: "Asia/Dhaka",
        monthStart: "2026-04-01",
        previousMonthStart: "2026-03-01",
        weekStart: "2026-03-29",
      },
    });
  });

  it("on Wed 1 April 2026 (Dhaka): a week crossing the month, cancelled orders, mixed-case payments", async () => {
    await buildShop();
    const stats = await getDashboardStats(dhaka("2026-04-01T12:00:00"));

    // Sales: O1 O2 O3 O4 O6 O7 O9 O10 (O5 cancelled, O8 pending are not sales).
    expect(stats.totalSales).toBe(8);
    expect(stats.totalOrdersRevenue).toBe(10690);
    expect(stats.totalRevenue).toBe(10690);
    expect(stats.totalProducts).toBe(3);
    expect(stats.totalCustomers).toBe(2);
    // April: O7 + O9 + O10; March: O2 + O3 + O4 + O6 = 5800.
    expect(stats.monthlySales).toBe(3830);
    // (3830 - 5800) / 5800 = -33.97 %
    expect(stats.orderRevenueGrowth).toBe(-34);
    expect(stats.revenueGrowth).toBe(-34);
    // Sun 29 Mar .. Sat 4 Apr.
    expect(stats.weeklySalesData).toEqual([1, 0, 1, 3, 0, 0, 0]);
    expect(stats.weeklyRevenueData).toEqual([860, 0, 1260, 3830, 0, 0, 0]);
    // By units: Shirts 5 and Caps 5 (revenue breaks the tie), Pants 4; Hoodies 2 and Other 1 out.
    expect(stats.salesByCategory).toEqual([
      { title: "Shirts", count: 5, revenue: 4000 },
      { title: "Caps", count: 5, revenue: 1250 },
      { title: "Pants", count: 4, revenue: 2700 },
    ]);
    expect(stats.orderStatusSummary).toEqual({
      PENDING: { count: 1, amount: 760 },
      PLACED: { count: 3, amount: 4940 },
      CONFIRMED: { count: 1, amount: 860 },
      SHIPPED: { count: 1, amount: 1260 },
      DELIVERED: { count: 3, amount: 3630 },
      CANCELLED: { count: 1, amount: 5060 },
      RETURNING: { count: 0, amount: 0 },
      RETURNED: { count: 0, amount: 0 },
    });
    expect(stats.recentOrders.map((order) => order.orderNumber)).toEqual([
      "O10",
      "O9",
      "O8",
      "O7",
      "O6",
    ]);
    expect(stats.recentOrders[0]).toMatchObject({
      orderNumber: "O10",
      customerName: "Rahim Uddin",
      totalPrice: 200,
      totalDiscountedPrice: 260,
      totalItem: 1,
      orderStatus: "PLACED",
      paymentMethod: "COD",
      paymentStatus: "PENDING",
      createdAt: dhaka("2026-04-01T11:30:00"),
    });

    // Completed ('COMPLETED', 'Completed', 'completed'): 1060 + 3060 + 510.
    expect(stats.totalPayments).toBe(3);
    expect(stats.totalPaymentsRevenue).toBe(4630);
    expect(stats.payments).toBe(7);
    expect(stats.monthlyPaymentsTotal).toBe(3570);
    // Nothing completed in March: growth is 0.
    expect(stats.paymentRevenueGrowth).toBe(0);
    expect(stats.weeklyPaymentsData).toEqual([0, 0, 0, 3570, 0, 0, 0]);
    expect(stats.paymentStatusSummary).toEqual({
      PENDING: { count: 1, amount: 1260 },
      COMPLETED: { count: 3, amount: 4630 },
      FAILED: { count: 1, amount: 5060 },
      CANCELLED: { count: 1, amount: 760 },
      REFUNDED: { count: 1, amount: 260 },
    });
    expect(stats.recentPayments.map((payment) => [payment.amount, payment.status])).toEqual([
      [260, "REFUNDED"],
      [510, "completed"],
      [760, "cancelled"],
      [3060, "Completed"],
      [1260, "PENDING"],
    ]);
    expect(stats.recentPayments[1]).toMatchObject({
      method: "BKASH",
      currency: "BDT",
      createdAt: dhaka("2026-04-01T11:00:00"),
    });
    expect(stats.period).toEqual({
      timeZone: "Asia/Dhaka",
      monthStart: "2026-04-01",
      previousMonthStart: "2026-03-01",
      weekStart: "2026-03-29",
    });
  });

  it("on Sun 15 March 2026: growth against February, an empty week", async () => {
    await buildShop();
    const stats = await getDashboardStats(dhaka("2026-03-15T08:00:00"));
    // March 5800 against February 1060: +447.17 %.
    expect(stats.monthlySales).toBe(5800);
    expect(stats.orderRevenueGrowth).toBe(447.2);
    // No completed payment in March, 1060 in February.
    expect(stats.monthlyPaymentsTotal).toBe(0);
    expect(stats.paymentRevenueGrowth).toBe(-100);
    expect(stats.weeklySalesData).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(stats.weeklyRevenueData).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(stats.weeklyPaymentsData).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(stats.period.weekStart).toBe("2026-03-15");
    expect(stats.period.previousMonthStart).toBe("2026-02-01");
  });

  it("on Tue 5 May 2026: a Sunday sale that is Saturday in UTC, growth against April", async () => {
    await buildShop();
    const o11 = await createOrder({
      orderNumber: "O11",
      orderStatus: "DELIVERED",
      createdAt: dhaka("2026-05-03T00:05:00"),
      lines: [{ category: "Hoodies", unitPrice: 1725, quantity: 1 }],
      deliveryCharge: 60, // 1785
    });
    await createPayment({
      order: o11._id,
      amount: 1785,
      status: "Completed",
      createdAt: dhaka("2026-05-03T00:05:00"),
    });
    const stats = await getDashboardStats(dhaka("2026-05-05T12:00:00"));
    expect(stats.totalSales).toBe(9);
    expect(stats.totalOrdersRevenue).toBe(12475);
    expect(stats.monthlySales).toBe(1785);
    // (1785 - 3830) / 3830 = -53.39 %
    expect(stats.orderRevenueGrowth).toBe(-53.4);
    expect(stats.weeklySalesData).toEqual([1, 0, 0, 0, 0, 0, 0]);
    expect(stats.weeklyRevenueData).toEqual([1785, 0, 0, 0, 0, 0, 0]);
    expect(stats.monthlyPaymentsTotal).toBe(1785);
    // (1785 - 3570) / 3570 = -50 %
    expect(stats.paymentRevenueGrowth).toBe(-50);
    expect(stats.weeklyPaymentsData).toEqual([1785, 0, 0, 0, 0, 0, 0]);
    expect(stats.totalPayments).toBe(4);
    expect(stats.totalPaymentsRevenue).toBe(6415);
    expect(stats.payments).toBe(8);
    // Hoodies now 3 units: still below Pants' 4.
    expect(stats.salesByCategory).toEqual([
      { title: "Shirts", count: 5, revenue: 4000 },
      { title: "Caps", count: 5, revenue: 1250 },
      { title: "Pants", count: 4, revenue: 2700 },
    ]);
  });
});

describe("getDashboardStats with one failing part", () => {
  beforeEach(async () => {
    await clearDatabase();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("logs the failure, shows that part empty and every other figure as usual", async () => {
    await buildShop();
    // A corrupt record written around the model: a payment without its order. Reading the newest
    // payments fails on it; the payment sums do not need the order and still count it.
    await Payment.collection.insertOne({
      method: "BKASH",
      amount: 999,
      status: "FAILED",
      transactionId: "TXN-CORRUPT",
      createdAt: dhaka("2026-04-01T11:45:00"),
      updatedAt: dhaka("2026-04-01T11:45:00"),
    });
    const logged = vi.spyOn(logger, "error");

    const stats = await getDashboardStats(dhaka("2026-04-01T12:00:00"));

    expect(stats.recentPayments).toEqual([]);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ part: "recentPayments", err: expect.any(TypeError) }),
      "dashboard part failed; shown as empty",
    );
    expect(logged).toHaveBeenCalledTimes(1);
    // The rest is the same as without the corrupt record (see the 1 April case above).
    expect(stats.totalSales).toBe(8);
    expect(stats.totalOrdersRevenue).toBe(10690);
    expect(stats.monthlySales).toBe(3830);
    expect(stats.totalProducts).toBe(3);
    expect(stats.totalCustomers).toBe(2);
    expect(stats.recentOrders.map((order) => order.orderNumber)).toEqual([
      "O10",
      "O9",
      "O8",
      "O7",
      "O6",
    ]);
    expect(stats.salesByCategory.map((category) => category.title)).toEqual([
      "Shirts",
      "Caps",
      "Pants",
    ]);
    expect(stats.payments).toBe(8);
    expect(stats.paymentStatusSummary.FAILED).toEqual({ count: 2, amount: 6059 });
    expect(stats.totalPayments).toBe(3);
  });
});

describe("growth", () => {
  it("is the percentage change to one decimal, 0 against an empty month", () => {
    expect(growth(150, 100)).toBe(50);
    expect(growth(1, 3)).toBe(-66.7);
    expect(growth(2, 3)).toBe(-33.3);
    expect(growth(100, 0)).toBe(0);
    expect(growth(0, 0)).toBe(0);
    expect(growth(0, 250)).toBe(-100);
  });
});
