import { describe, expect, it } from "vitest";
import { formatBDT } from "#contract/money";

const intlBDT = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "BDT",
  currencyDisplay: "narrowSymbol",
  maximumFractionDigits: 0,
});

describe("formatBDT", () => {
  it("writes whole taka with lakh grouping", () => {
    expect(formatBDT(0)).toBe("৳0");
    expect(formatBDT(60)).toBe("৳60");
    expect(formatBDT(1250)).toBe("৳1,250");
    expect(formatBDT(125000)).toBe("৳1,25,000");
    expect(formatBDT(12345678)).toBe("৳1,23,45,678");
    expect(formatBDT(999.5)).toBe("৳1,000");
    expect(formatBDT(-1500)).toBe("-৳1,500");
    expect(formatBDT(null)).toBe("৳0");
    expect(formatBDT(undefined)).toBe("৳0");
    expect(formatBDT(Number.NaN)).toBe("৳0");
  });

  it("matches Intl.NumberFormat en-IN for BDT across magnitudes", () => {
    for (const amount of [
      1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 999999, 1000000, 12345678,
      123456789, 1234567890, 98765.4, -42, -123456,
    ]) {
      expect(formatBDT(amount)).toBe(intlBDT.format(Math.round(amount)));
    }
  });
});
