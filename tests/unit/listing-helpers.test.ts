import { describe, expect, it } from "vitest";
import { pageCount, pageSummary, pageWindow } from "../../server/lib/paging";
import { containsText, escapeRegex } from "../../server/lib/search-pattern";

describe("search patterns", () => {
  it("escapeRegex makes every metacharacter literal", () => {
    const text = "a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o";
    expect(new RegExp(`^${escapeRegex(text)}$`).test(text)).toBe(true);
    expect(new RegExp(escapeRegex("a.c")).test("abc")).toBe(false);
  });

  it("containsText matches anywhere, ignoring case, and only literally", () => {
    expect(containsText("tw-2026").test("Order TW-20261124")).toBe(true);
    expect(containsText("(01").test("+88 (017) 1234")).toBe(true);
    expect(containsText(".*").test("anything")).toBe(false);
  });
});

describe("paging", () => {
  it("pageWindow skips the earlier pages", () => {
    expect(pageWindow({ page: 1, limit: 20 })).toEqual({ skip: 0, limit: 20 });
    expect(pageWindow({ page: 3, limit: 20 })).toEqual({ skip: 40, limit: 20 });
  });

  it("pageCount and pageSummary: an empty listing has one page, a partial page counts", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageSummary(41, { page: 2, limit: 20 })).toEqual({ total: 41, page: 2, totalPages: 3 });
  });
});
