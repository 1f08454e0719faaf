/**
 * Texts with a count are Lingui plural messages (docs/i18n.md, "Counts"): English says "1 rating"
 * and "12 ratings", Bangla has one form, and the number is written in the page's digits.
 */
import { describe, expect, it } from "vitest";
import { ratingsSummary, starsName } from "~/components/product/reviews";
import { catalogI18n } from "../setup/ui-i18n";

const english = await catalogI18n("en");
const bangla = await catalogI18n("bn");

describe("count texts", () => {
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
