import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { useSeededCatalog } from "../setup/catalog";

const app = createApp();
const seeded = useSeededCatalog();
let names: Map<string, string>;

beforeEach(() => {
  names = new Map(
    Object.entries(seeded.products).map(([name, product]) => [String(product._id), name]),
  );
});

/** The page's products by their factory names, in answer order. */
function named(content: { _id: string }[]): string[] {
  return content.map((product) => names.get(product._id) ?? product._id);
}

async function list(query: Record<string, string | number>) {
  const answer = await request(app).get("/api/products").query(query);
  expect(answer.status).toBe(200);
  return answer.body as {
    content: { _id: string }[];
    totalPages: number;
    currentPage: number;
    totalProducts: number;
    availableFilters: { colors: string[]; sizes: string[] };
  };
}

describe("GET /api/products", () => {
  it("lists active products newest first with page defaults", async () => {
    const body = await list({});
    expect(named(body.content)).toEqual(["silk", "cotton", "panjabi", "graphic", "classic"]);
    expect(body.totalProducts).toBe(5);
    expect(body.totalPages).toBe(1);
    expect(body.currentPage).toBe(0);
    expect(body.availableFilters).toEqual({
      colors: ["Black", "Navy", "Red", "White"],
      sizes: ["S", "M", "L", "XL"],
    });
  });

  it("answers the contract's product shape with the category populated", async () => {
    const body = await list({ search: "classic" });
    const [product] = body.content as unknown as Record<string, unknown>[];
    expect(product).toMatchObject({
      title: "Classic Cotton Tee",
      slug: "classic-cotton-tee",
      brand: "Tweest",
      price: 1000,
      discountedPrice: 800,
      discountPercent: 20,
      categoryName: "T-Shirts",
      category: {
        _id: String(seeded.categories.menTees._id),
        name: "T-Shirts",
        slug: "men-t-shirts",
        parentCategory: String(seeded.categories.men._id),
      },
      colors: ["Black", "White"],
      sizes: [
        { name: "M", quantity: 5 },
        { name: "L", quantity: 3 },
      ],
      quantity: 8,
      averageRating: 0,
      numRatings: 0,
      numReviews: 0,
      isActive: true,
    });
    expect(product.variants).toHaveLength(3);
  });

  it("filters by category slug including sub-categories, and by id", async () => {
    expect(named((await list({ category: "men" })).content)).toEqual([
      "panjabi",
      "graphic",
      "classic",
    ]);
    expect(named((await list({ category: "men-t-shirts" })).content)).toEqual([
      "graphic",
      "classic",
    ]);
    const byId = await list({ category: String(seeded.categories.kurti._id) });
    expect(named(byId.content)).toEqual(["silk", "cotton"]);
    const unknown = await list({ category: "no-such-category" });
    expect(unknown).toEqual({
      content: [],
      totalPages: 1,
      currentPage: 0,
      totalProducts: 0,
      availableFilters: { colors: [], sizes: [] },
    });
  });

  it("computes availableFilters for the category and search, not the other filters", async () => {
    const body = await list({ category: "men", colors: "Navy" });
    expect(named(body.content)).toEqual(["graphic"]);
    expect(body.availableFilters).toEqual({
      colors: ["Black", "Navy", "White"],
      sizes: ["S", "M", "L", "XL"],
    });
    const kurti = await list({ category: "women-kurti" });
    expect(kurti.availableFilters).toEqual({ colors: ["Black", "Red"], sizes: ["S", "M", "L"] });
    const searched = await list({ search: "kurti", sizes: "L" });
    expect(named(searched.content)).toEqual(["silk"]);
    expect(searched.availableFilters).toEqual({
      colors: ["Black", "Red"],
      sizes: ["S", "M", "L"],
    });
  });

  it("filters by colours and by offered sizes (comma lists)", async () => {
    expect(named((await list({ colors: "Black" })).content)).toEqual(["silk", "classic"]);
    expect(named((await list({ colors: "Black,Navy" })).content)).toEqual([
      "silk",
      "graphic",
      "classic",
    ]);
    expect(named((await list({ sizes: "M" })).content)).toEqual([
      "silk",
      "cotton",
      "graphic",
      "classic",
    ]);
    // Offered sizes; with stock=in_stock only products that can be bought remain.
    expect(named((await list({ sizes: "M", stock: "in_stock" })).content)).toEqual([
      "silk",
      "graphic",
      "classic",
    ]);
    expect(named((await list({ sizes: "XL" })).content)).toEqual(["panjabi"]);
    expect(named((await list({ sizes: "S,XL", colors: "Navy" })).content)).toEqual(["graphic"]);
  });

  it("filters by price range on discountedPrice and by minimum discount", async () => {
    expect(named((await list({ minPrice: 800, maxPrice: 1500 })).content)).toEqual([
      "silk",
      "cotton",
      "classic",
    ]);
    expect(named((await list({ minPrice: 1501 })).content)).toEqual(["panjabi"]);
    expect(named((await list({ maxPrice: 600 })).content)).toEqual(["graphic"]);
    expect(named((await list({ minDiscount: 25 })).content)).toEqual(["silk"]);
    expect(named((await list({ minDiscount: 20 })).content)).toEqual([
      "silk",
      "cotton",
      "panjabi",
      "classic",
    ]);
  });

  it("filters by stock", async () => {
    expect(named((await list({ stock: "in_stock" })).content)).toEqual([
      "silk",
      "panjabi",
      "graphic",
      "classic",
    ]);
    expect(named((await list({ stock: "out_of_stock" })).content)).toEqual(["cotton"]);
  });

  it("sorts by price both ways, newest and popular", async () => {
    expect(named((await list({ sort: "price_low" })).content)).toEqual([
      "graphic",
      "classic",
      "cotton",
      "silk",
      "panjabi",
    ]);
    expect(named((await list({ sort: "price_high" })).content)).toEqual([
      "panjabi",
      "silk",
      "cotton",
      "classic",
      "graphic",
    ]);
    expect(named((await list({ sort: "newest" })).content)).toEqual([
      "silk",
      "cotton",
      "panjabi",
      "graphic",
      "classic",
    ]);
    expect(named((await list({ sort: "popular" })).content)).toEqual([
      "graphic",
      "silk",
      "classic",
      "panjabi",
      "cotton",
    ]);
  });

  it("searches title, brand and description, case-insensitively, with regex characters escaped", async () => {
    expect(named((await list({ search: "KURTI" })).content)).toEqual(["silk", "cotton"]);
    expect(named((await list({ search: "deshi" })).content)).toEqual(["panjabi"]);
    expect(named((await list({ search: "breathable" })).content)).toEqual(["cotton"]);
    // The inactive "Hidden Tee" never shows.
    expect(named((await list({ search: "tee" })).content)).toEqual(["graphic", "classic"]);
    // Issue 18: search goes through a word index, not a regular expression: punctuation separates
    // words, so "tee (.*" is a search for "tee" (before, a literal substring that matched nothing).
    const special = await list({ search: "tee (.*" });
    expect(named(special.content)).toEqual(["graphic", "classic"]);
    expect((await list({ search: "(.*" })).content).toEqual([]);
  });

  it("pages from 0 and keeps totalPages at least 1", async () => {
    const first = await list({ pageSize: 2 });
    expect(named(first.content)).toEqual(["silk", "cotton"]);
    expect(first).toMatchObject({ totalPages: 3, currentPage: 0, totalProducts: 5 });
    const middle = await list({ pageSize: 2, pageNumber: 1 });
    expect(named(middle.content)).toEqual(["panjabi", "graphic"]);
    const last = await list({ pageSize: 2, pageNumber: 2 });
    expect(named(last.content)).toEqual(["classic"]);
    expect(last.currentPage).toBe(2);
    const beyond = await list({ pageSize: 2, pageNumber: 3 });
    expect(beyond.content).toEqual([]);
    expect(beyond).toMatchObject({ totalPages: 3, currentPage: 3, totalProducts: 5 });
    const exact = await list({ pageSize: 5 });
    expect(exact.totalPages).toBe(1);
    const empty = await list({ colors: "Purple" });
    expect(empty).toMatchObject({ content: [], totalPages: 1, totalProducts: 0 });
  });

  it("defaults pageSize to 12 and clamps it to 60", async () => {
    const { createProduct } = await import("../factories/product");
    for (let index = 0; index < 61; index += 1)
      await createProduct({
        title: `Bulk Tee ${index}`,
        price: 100,
        discountedPrice: 100,
        categoryPath: [seeded.categories.men],
        images: [],
        variants: [{ color: "Grey", size: "M", stock: 1 }],
      });
    const defaults = await list({ colors: "Grey" });
    expect(defaults.content).toHaveLength(12);
    expect(defaults.totalPages).toBe(Math.ceil(61 / 12));
    const clamped = await list({ colors: "Grey", pageSize: 500 });
    expect(clamped.content).toHaveLength(60);
    expect(clamped.totalPages).toBe(2);
  });

  it("refuses bad query values with a 400", async () => {
    for (const query of [
      { sort: "cheapest" },
      { stock: "some" },
      { pageNumber: -1 },
      { pageSize: 0 },
      { minPrice: "abc" },
    ]) {
      const answer = await request(app).get("/api/products").query(query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.code).toBe("VALIDATION_ERROR");
    }
  });
});

describe("GET /api/products/id/{id} and /slug/{slug}", () => {
  it("answers one product by id and by slug", async () => {
    const id = String(seeded.products.silk._id);
    const byId = await request(app).get(`/api/products/id/${id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ _id: id, title: "Silk Kurti", quantity: 9 });
    const bySlug = await request(app).get("/api/products/slug/silk-kurti");
    expect(bySlug.status).toBe(200);
    expect(bySlug.body._id).toBe(id);
  });

  it("answers 404 for an unknown or inactive product and 400 for a malformed id", async () => {
    const unknown = await request(app).get("/api/products/id/64b7f0c2a1b2c3d4e5f60718");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "Product not found", code: "NOT_FOUND" });
    const hidden = await request(app).get(`/api/products/id/${String(seeded.products.hidden._id)}`);
    expect(hidden.status).toBe(404);
    const slug = await request(app).get("/api/products/slug/no-such-product");
    expect(slug.status).toBe(404);
    expect(slug.body.message).toBe("Product not found");
    const malformed = await request(app).get("/api/products/id/not-an-id");
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("VALIDATION_ERROR");
  });
});

describe("GET /api/categories", () => {
  it("still answers the tree", async () => {
    const answer = await request(app).get("/api/categories");
    expect(answer.status).toBe(200);
    expect(answer.body.map((category: { slug: string }) => category.slug).sort()).toEqual([
      "men",
      "men-t-shirts",
      "women",
      "women-kurti",
    ]);
  });
});

describe("GET /api/openapi.json", () => {
  it("documents the catalogue and cart endpoints", async () => {
    const answer = await request(app).get("/api/openapi.json");
    expect(answer.status).toBe(200);
    const paths = Object.keys(answer.body.paths as Record<string, unknown>);
    for (const path of [
      "/api/products",
      "/api/products/id/{id}",
      "/api/products/slug/{slug}",
      "/api/admin/products",
      "/api/admin/products/{id}",
      "/api/admin/categories/{id}",
      "/api/reviews/product/{productId}",
      "/api/ratings/create",
      "/api/size-guides",
      "/api/admin/size-guides/{id}",
      "/api/cart",
      "/api/cart/add",
      "/api/cart/update/{cartItemId}",
      "/api/cart/apply-promo",
      "/api/admin/promo-codes/{id}",
    ])
      expect(paths, path).toContain(path);
  });
});
