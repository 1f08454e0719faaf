/**
 * The image address rules (app/lib/image-url.ts): absolute addresses kept,
 * relative ones prefixed with the shop's image host, and an inline 'No Image' placeholder when
 * there is no image, so an empty one never costs a request.
 */
import { describe, expect, it } from "vitest";
import { hostedImageUrl, imageSrcSet, imageUrl, NO_IMAGE } from "~/lib/image-url";
import { POPUP_IMAGE_WIDTHS, PRODUCT_IMAGE_WIDTHS } from "#contract/images";

const HOST = "https://tweest.com.bd";

describe("imageUrl", () => {
  it.each([
    "https://cdn.example.com/tee.webp",
    "http://images.example.com/a/b.jpg",
    "data:image/png;base64,iVBORw0KGgo=",
    "blob:https://tweest.com.bd/4f1c",
  ])("keeps the absolute address %s", (url) => {
    expect(imageUrl(url, HOST)).toBe(url);
  });

  it("prefixes a relative path with the image host, with or without its leading slash", () => {
    expect(imageUrl("/uploads/products/tee-800.webp", HOST)).toBe(
      "https://tweest.com.bd/uploads/products/tee-800.webp",
    );
    expect(imageUrl("uploads/popups/eid.webp", HOST)).toBe(
      "https://tweest.com.bd/uploads/popups/eid.webp",
    );
    // The storefront's own pages: the host is the page's (a path from the site's root).
    expect(imageUrl("uploads/popups/eid.webp")).toBe("/uploads/popups/eid.webp");
    expect(hostedImageUrl("uploads/popups/eid.webp", HOST)).toBe(
      "https://tweest.com.bd/uploads/popups/eid.webp",
    );
  });

  it.each([undefined, null, ""])("answers the inline 'No Image' placeholder for %s", (empty) => {
    expect(imageUrl(empty, HOST)).toBe(NO_IMAGE);
  });

  it("the placeholder is an inline SVG that reads 'No Image'", () => {
    const prefix = "data:image/svg+xml;utf8,";
    expect(NO_IMAGE.startsWith(prefix)).toBe(true);
    const svg = decodeURIComponent(NO_IMAGE.slice(prefix.length));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    expect([...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1])).toEqual([
      "No Image",
    ]);
  });
});

describe("imageSrcSet", () => {
  it("lists the three saved widths of a responsive image, each through the same host rule", () => {
    expect(PRODUCT_IMAGE_WIDTHS).toEqual([400, 800, 1200]);
    expect(imageSrcSet("/uploads/products/tee-800.webp", HOST)).toBe(
      [
        "https://tweest.com.bd/uploads/products/tee-400.webp 400w",
        "https://tweest.com.bd/uploads/products/tee-800.webp 800w",
        "https://tweest.com.bd/uploads/products/tee-1200.webp 1200w",
      ].join(", "),
    );
  });

  it("lists a popup's four widths, its path relative to the host; none for a popup saved in one size", () => {
    expect(imageSrcSet("uploads/popups/eid-800.webp", HOST, POPUP_IMAGE_WIDTHS)).toBe(
      [400, 800, 1200, 1920]
        .map((width) => `https://tweest.com.bd/uploads/popups/eid-${width}.webp ${width}w`)
        .join(", "),
    );
    // Stored before popups had widths (`<time>-<random hex>.webp`): its one file, no srcset.
    expect(imageSrcSet("uploads/popups/mhx1-1a2b3c4d5e6f.webp", HOST, POPUP_IMAGE_WIDTHS)).toBe(
      undefined,
    );
    expect(imageSrcSet("uploads/popups/mhx1-123456789012.webp", HOST, POPUP_IMAGE_WIDTHS)).toBe(
      undefined,
    );
  });

  it("has none for an empty image or one saved in a single size", () => {
    expect(imageSrcSet("", HOST)).toBeUndefined();
    expect(imageSrcSet(undefined)).toBeUndefined();
    expect(imageSrcSet("https://cdn.example.com/tee.jpg", HOST)).toBeUndefined();
  });
});
