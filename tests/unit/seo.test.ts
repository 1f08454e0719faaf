import { describe, expect, it } from "vitest";
import { canonicalUrl } from "~/lib/seo";

describe("canonicalUrl (every page's one canonical address)", () => {
  it("joins the public URL, with or without its trailing slash, and the path in the page's language", () => {
    for (const publicUrl of ["https://tweest.example", "https://tweest.example/"]) {
      expect(canonicalUrl(publicUrl, "/", "en")).toBe("https://tweest.example/");
      expect(canonicalUrl(publicUrl, "/", "bn")).toBe("https://tweest.example/bn");
      expect(canonicalUrl(publicUrl, "/product/polo", "bn")).toBe(
        "https://tweest.example/bn/product/polo",
      );
      expect(canonicalUrl(publicUrl, "/products?category=men&page=2", "bn")).toBe(
        "https://tweest.example/bn/products?category=men&page=2",
      );
      expect(canonicalUrl(publicUrl, "/products?category=men", "en")).toBe(
        "https://tweest.example/products?category=men",
      );
    }
  });
});
