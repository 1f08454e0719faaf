/**
 * Texts with a count (docs/i18n.md, "Counts"): English says "1 rating" and "12 ratings", Bangla has
 * one form, the number is written in the page's digits, and no Intl formatter is created.
 */
import { describe, expect, it, vi } from "vitest";
import { ratingsSummary, starsName } from "~/components/product/reviews";
import { catalogI18n } from "../setup/ui-i18n";

const english = await catalogI18n("en");
const bangla = await catalogI18n("bn");

describe("count texts", () => {
  // First in the file: Lingui keeps the formatters it creates for the life of the process.
  it("create no Intl formatter (Lingui's plural messages would: ICU data on a page's first render)", () => {
    const numberFormat = vi.spyOn(Intl, "NumberFormat");
    const pluralRules = vi.spyOn(Intl, "PluralRules");
    for (const count of [1, 12]) {
      ratingsSummary(english, 4.5, count, "en");
      ratingsSummary(bangla, 4.5, count, "bn");
      starsName(english, count, "en");
      starsName(bangla, count, "bn");
    }
    expect(numberFormat).not.toHaveBeenCalled();
    expect(pluralRules).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it("say one or many in English, with the shop's digit grouping", () => {
    expect(ratingsSummary(english, 5, 1, "en")).toBe("5.0 from 1 rating");
    expect(ratingsSummary(english, 4.25, 12, "en")).toBe("4.3 from 12 ratings");
    expect(ratingsSummary(english, 4, 123456, "en")).toBe("4.0 from 1,23,456 ratings");
    expect(starsName(english, 1, "en")).toBe("1 star");
    expect(starsName(english, 4, "en")).toBe("4 stars");
  });

  it("have one form in Bangla, in Bangla digits", () => {
    expect(ratingsSummary(bangla, 5, 1, "bn")).toBe("১টি রেটিংয়ে গড় ৫.০");
    expect(ratingsSummary(bangla, 4.5, 12, "bn")).toBe("১২টি রেটিংয়ে গড় ৪.৫");
    expect(ratingsSummary(bangla, 4, 123456, "bn")).toBe("১,২৩,৪৫৬টি রেটিংয়ে গড় ৪.০");
    expect(starsName(bangla, 1, "bn")).toBe("১ তারা");
    expect(starsName(bangla, 3, "bn")).toBe("৩ তারা");
  });
});
