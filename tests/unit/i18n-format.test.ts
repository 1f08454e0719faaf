import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { bn } from "date-fns/locale/bn";
import { describe, expect, it } from "vitest";
import { formatBDT } from "#contract/money";
import {
  banglaFieldsOf,
  formatDate,
  formatMoney,
  formatNumber,
  localized,
  toAsciiDigits,
  toBanglaDigits,
  toLocale,
} from "#contract/i18n";

const banglaNumber = new Intl.NumberFormat("bn-BD", {
  numberingSystem: "beng",
  maximumFractionDigits: 0,
});
const AMOUNTS = [
  0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 125000, 999999, 1000000, 12345678,
  123456789, 1234567890, 98765.4, -42, -123456,
];

describe("formatMoney", () => {
  it("writes Bangla prices in Bangla digits with lakh grouping, the sign first", () => {
    expect(formatMoney(125000, "bn")).toBe("৳১,২৫,০০০");
    expect(formatMoney(1250, "bn")).toBe("৳১,২৫০");
    expect(formatMoney(60, "bn")).toBe("৳৬০");
    expect(formatMoney(0, "bn")).toBe("৳০");
    expect(formatMoney(12345678, "bn")).toBe("৳১,২৩,৪৫,৬৭৮");
    expect(formatMoney(999.5, "bn")).toBe("৳১,০০০");
    expect(formatMoney(-1500, "bn")).toBe("-৳১,৫০০");
    expect(formatMoney(null, "bn")).toBe("৳০");
  });

  it("keeps English byte-identical to formatBDT", () => {
    expect(formatMoney(125000, "en")).toBe("৳1,25,000");
    for (const amount of [...AMOUNTS, null, undefined, Number.NaN])
      expect(formatMoney(amount, "en")).toBe(formatBDT(amount));
  });

  it("groups and writes digits exactly as Intl's bn-BD with Bangla digits does", () => {
    for (const amount of AMOUNTS) {
      const rounded = Math.round(amount);
      const intl = banglaNumber.format(Math.abs(rounded));
      expect(formatMoney(amount, "bn")).toBe(`${rounded < 0 ? "-" : ""}৳${intl}`);
      expect(formatNumber(Math.abs(amount), "bn")).toBe(intl);
    }
  });
});

describe("formatNumber", () => {
  it("groups counts in lakhs in both languages", () => {
    expect(formatNumber(125000, "en")).toBe("1,25,000");
    expect(formatNumber(125000, "bn")).toBe("১,২৫,০০০");
    expect(formatNumber(7, "bn")).toBe("৭");
  });
});

describe("formatDate", () => {
  // 10:30 UTC is 16:30 in Dhaka (UTC+6, no daylight saving).
  const afternoon = new Date("2026-01-05T10:30:00Z");
  // 20:15 UTC on 31 December is already 1 January in Dhaka.
  const newYear = "2025-12-31T20:15:00.000Z";

  it("writes Bangla dates and order times in Dhaka time with Bangla month names and digits", () => {
    // The expected texts are NFC, as typed: য় is য followed by the nukta.
    expect(formatDate(afternoon, "bn")).toBe("৫ জানুয়ারি ২০২৬");
    expect(formatDate(afternoon, "bn", "dateTime")).toBe("৫ জানুয়ারি ২০২৬, ৪:৩০ অপরাহ্ন");
    expect(formatDate(newYear, "bn", "dateTime")).toBe("১ জানুয়ারি ২০২৬, ২:১৫ পূর্বাহ্ন");
    expect(formatDate(new Date("2026-09-21T06:00:00Z"), "bn")).toBe("২১ সেপ্টেম্বর ২০২৬");
    expect(formatDate(afternoon, "bn").normalize("NFC")).toBe(formatDate(afternoon, "bn"));
  });

  it("keeps English dates as en-GB shows them, in Dhaka time", () => {
    const enGB = new Intl.DateTimeFormat("en-GB", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "Asia/Dhaka",
    });
    expect(formatDate(afternoon, "en")).toBe("5 Jan 2026");
    expect(formatDate(afternoon, "en", "dateTime")).toBe("5 Jan 2026, 16:30");
    expect(formatDate(newYear, "en", "dateTime")).toBe("1 Jan 2026, 02:15");
    for (const at of [afternoon, new Date(newYear), new Date("2026-06-30T18:00:00Z")])
      expect(formatDate(at, "en", "dateTime")).toBe(enGB.format(at));
  });
});

describe("formatDate against date-fns", () => {
  // formatDate is written out for the browser's sake; date-fns with its `bn` locale and the Dhaka
  // time zone is the reference it must match, at every hour of a year and at minute edges.
  it("writes what date-fns writes, in both languages, at every hour of a year", () => {
    const patterns = {
      en: { date: "d MMM yyyy", dateTime: "d MMM yyyy, HH:mm" },
      bn: { date: "d MMMM yyyy", dateTime: "d MMMM yyyy, h:mm a" },
    } as const;
    const start = Date.parse("2025-12-31T00:07:00Z");
    for (let hour = 0; hour < 366 * 24; hour += 1) {
      const at = new Date(start + hour * 3_600_000 + (hour % 60) * 60_000);
      const inDhaka = new TZDate(at.getTime(), "Asia/Dhaka");
      for (const style of ["date", "dateTime"] as const) {
        expect(formatDate(at, "en", style)).toBe(format(inDhaka, patterns.en[style]));
        expect(formatDate(at, "bn", style)).toBe(
          toBanglaDigits(format(inDhaka, patterns.bn[style], { locale: bn })).normalize("NFC"),
        );
      }
    }
  });
});

describe("digits and locales", () => {
  it("converts between ASCII and Bangla digits", () => {
    expect(toBanglaDigits("TW-20260105-0042")).toBe("TW-২০২৬০১০৫-০০৪২");
    expect(toAsciiDigits("০১৭১২৩৪৫৬৭৮")).toBe("01712345678");
  });

  it("falls back to English for anything but a known locale", () => {
    expect(toLocale("bn")).toBe("bn");
    expect(toLocale("en")).toBe("en");
    expect(toLocale("fr")).toBe("en");
    expect(toLocale(undefined)).toBe("en");
  });
});

describe("localized", () => {
  const product = { title: "Maroon Panjabi", titleBn: "মেরুন পাঞ্জাবি", description: "Cotton" };

  it("picks the Bangla field in Bangla and the English one in English", () => {
    expect(localized(product, "title", "bn")).toBe("মেরুন পাঞ্জাবি");
    expect(localized(product, "title", "en")).toBe("Maroon Panjabi");
  });

  it("falls back to English when the Bangla text is missing or blank", () => {
    expect(localized(product, "description", "bn")).toBe("Cotton");
    expect(localized({ name: "Men", nameBn: "  " }, "name", "bn")).toBe("Men");
    expect(localized({ name: "Men", nameBn: null }, "name", "bn")).toBe("Men");
  });
});

describe("banglaFieldsOf", () => {
  it("answers only the Bangla fields that hold text", () => {
    expect(
      banglaFieldsOf({ title: "Tee", titleBn: "টি", descriptionBn: " " }, ["title", "description"]),
    ).toEqual({ titleBn: "টি" });
    expect(banglaFieldsOf({ name: "Men" }, ["name"])).toEqual({});
  });
});
