import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { categoryTree } from "../../app/components/admin/category-options";
import { listOf } from "../../app/components/admin/common";
import { pagingOf } from "../../app/components/admin/list";
import { formatGrowth, normalizeStats, weekDays } from "../../app/components/admin/dashboard-parts";
import {
  CreatePopupImageBody,
  imageFileProblem,
  nextStatuses,
  TshirtOrderUpdateForm,
} from "../../app/lib/admin-schemas";
import { ORDER_TRANSITIONS } from "../../models/order.model";

describe("admin dashboard helpers", () => {
  it("labels the week Sunday first", () => {
    const english = setupI18n({ locale: "en", messages: { en: {} } });
    expect(weekDays(english)).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
  });

  it("shows growth to one decimal with its sign", () => {
    expect(formatGrowth(12.345)).toBe("+12.3%");
    expect(formatGrowth(-4.06)).toBe("-4.1%");
    expect(formatGrowth(0)).toBe("0.0%");
  });

  it("turns a missing or broken answer into all-zero, empty stats", () => {
    const empty = normalizeStats(null);
    expect(empty.totalRevenue).toBe(0);
    expect(empty.weeklySalesData).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(empty.recentOrders).toEqual([]);
    expect(empty.orderStatusSummary).toEqual({});

    const partial = normalizeStats({
      totalSales: 4,
      weeklyRevenueData: [100, "x", 300],
      salesByCategory: [{ title: "Shirts", count: 2, revenue: 900 }, null],
      orderStatusSummary: { PLACED: { count: 2, amount: 1200 }, BROKEN: "nope" },
      recentPayments: "not a list",
    });
    expect(partial.totalSales).toBe(4);
    expect(partial.weeklyRevenueData).toEqual([100, 0, 300, 0, 0, 0, 0]);
    expect(partial.salesByCategory).toEqual([
      { title: "Shirts", count: 2, revenue: 900 },
      { title: "Other", count: 0, revenue: 0 },
    ]);
    expect(partial.orderStatusSummary).toEqual({
      PLACED: { count: 2, amount: 1200 },
      BROKEN: { count: 0, amount: 0 },
    });
    expect(partial.recentPayments).toEqual([]);
  });
});

describe("admin list and form helpers", () => {
  it("reads lists given as arrays or wrapped", () => {
    expect(listOf([1, 2], "orders")).toEqual([1, 2]);
    expect(listOf({ orders: [3] }, "orders")).toEqual([3]);
    expect(listOf({ success: true }, "payments")).toEqual([]);
  });

  it("orders the category tree parents first, children after their parent", () => {
    const rows = categoryTree([
      { _id: "c", name: "T-Shirts", parentCategory: "a" },
      { _id: "b", name: "Women", parentCategory: null },
      { _id: "a", name: "Men", parentCategory: null },
      { _id: "d", name: "Hoodies", parentCategory: "a" },
    ]);
    expect(rows.map((row) => `${row.depth}:${row.category.name}`)).toEqual([
      "0:Men",
      "1:Hoodies",
      "1:T-Shirts",
      "0:Women",
    ]);
  });

  it("offers exactly the order moves of the server's state machine", () => {
    for (const [status, moves] of Object.entries(ORDER_TRANSITIONS)) {
      expect(nextStatuses(status)).toEqual(moves);
    }
    expect(nextStatuses("UNKNOWN")).toEqual([]);
  });

  it("asks for a price before a bulk order is QUOTED", () => {
    const refused = TshirtOrderUpdateForm.safeParse({
      status: "QUOTED",
      quotedPrice: null,
      adminNote: "",
    });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]).toMatchObject({
      path: ["quotedPrice"],
      message: "A quoted price is required to mark the order QUOTED",
    });
    expect(
      TshirtOrderUpdateForm.safeParse({ status: "QUOTED", quotedPrice: "25000", adminNote: "" })
        .data,
    ).toEqual({ status: "QUOTED", quotedPrice: 25000, adminNote: "" });
  });
});

describe("popup image form (the API's CreatePopupImageBody)", () => {
  const values = {
    title: " Eid sale ",
    description: "",
    link: "/products?category=panjabi",
    isActive: true,
    startsAt: "2026-05-01",
    endsAt: "",
    image: "",
  };

  it("accepts the editor's values: date inputs as yyyy-MM-dd, empty meaning none", () => {
    const parsed = CreatePopupImageBody.parse(values);
    expect(parsed).toEqual({
      title: "Eid sale",
      description: "",
      link: "/products?category=panjabi",
      isActive: true,
      startsAt: new Date("2026-05-01T00:00:00+06:00"),
      endsAt: null,
    });
  });

  it("puts the server's messages on the link and end date fields", () => {
    const result = CreatePopupImageBody.safeParse({
      ...values,
      link: "javascript:alert(1)",
      endsAt: "2026-04-30",
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ["link"], message: "Link must be an http(s) URL or a path starting with /" },
      { path: ["endsAt"], message: "endsAt must be after startsAt" },
    ]);
  });

  it("refuses files the upload would refuse, before sending them", () => {
    const file = (type: string, size: number) => ({ type, size }) as File;
    expect(imageFileProblem(file("image/webp", 1000))).toBeNull();
    expect(imageFileProblem(file("image/svg+xml", 1000))).toBe(
      "Use a JPEG, PNG, WebP or GIF image",
    );
    expect(imageFileProblem(file("image/png", 5 * 1024 * 1024 + 1))).toBe(
      "The image is larger than 5 MB",
    );
  });
});

describe("admin list paging (pagingOf)", () => {
  it("reads total and totalPages of a paged answer", () => {
    expect(pagingOf({ orders: [], total: 45, page: 2, totalPages: 3 }, 20, 20)).toEqual({
      total: 45,
      totalPages: 3,
    });
  });

  it("works the pages out from total and the page size when the answer has no totalPages", () => {
    expect(pagingOf({ products: [], total: 41 }, 20, 20)).toEqual({ total: 41, totalPages: 3 });
    expect(pagingOf({ products: [], total: 0 }, 0, 20)).toEqual({ total: 0, totalPages: 1 });
  });

  it("treats a bare array or a broken answer as one page of its rows", () => {
    expect(pagingOf([{ _id: "a" }, { _id: "b" }], 2, 20)).toEqual({ total: 2, totalPages: 1 });
    expect(pagingOf(null, 0)).toEqual({ total: 0, totalPages: 1 });
    expect(pagingOf({ total: "many" }, 4)).toEqual({ total: 4, totalPages: 1 });
  });
});
