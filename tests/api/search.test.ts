import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { createCategory } from "../factories/category";
import { createProduct } from "../factories/product";
import { clearDatabase } from "../setup/db";

const app = createApp();
const ids = new Map<string, string>();
const DAY = 86_400_000;

beforeAll(async () => {
  await clearDatabase();
  const men = await createCategory({ name: "Men", slug: "men" });
  const ethnic = await createCategory({ name: "Ethnic Wear", slug: "ethnic-wear", parent: men });
  const winter = await createCategory({ name: "Winter", slug: "winter", parent: men });
  const add = async (
    name: string,
    title: string,
    description: string,
    path: { _id: never; name: string }[],
    color: string,
    day: number,
    isActive = true,
  ) => {
    const product = await createProduct({
      title,
      slug: name,
      description,
      price: 1500,
      discountedPrice: 1500,
      categoryPath: path,
      images: [],
      variants: [{ color, size: "M", stock: 4 }],
      isActive,
      createdAt: new Date(Date.UTC(2026, 0, 1) + day * DAY),
    });
    ids.set(String(product._id), name);
  };
  const ethnicPath = [men, ethnic] as never[];
  const winterPath = [men, winter] as never[];
  await add("linen-panjabi", "Linen Panjabi", "Festive linen.", ethnicPath, "White", 1);
  await add("silk-panjabi", "Silk Panjabi", "Half silk.", ethnicPath, "Maroon", 2);
  // Newer than both panjabis, but "panjabi" is only in its description: listed after them.
  await add("pajama", "Cotton Pajama", "Pairs with any panjabi.", ethnicPath, "White", 5);
  await add("zip-hoodie", "Zip Hoodie", "Fleece lined.", winterPath, "Navy", 3);
  await add("pullover", "Pullover Sweatshirt", "Warm.", winterPath, "Olive", 4);
  await add("old-hoodie", "Retired Hoodie", "Gone.", winterPath, "Navy", 6, false);
});

function named(content: { _id: string }[]): string[] {
  return content.map((product) => ids.get(product._id) ?? product._id);
}

async function search(search: string, extra: Record<string, string> = {}) {
  const answer = await request(app)
    .get("/api/products")
    .query({ search, ...extra });
  expect(answer.status).toBe(200);
  return answer.body as { content: { _id: string }[]; totalProducts: number };
}

describe("GET /api/products?search=", () => {
  it("forgives one or two typing mistakes", async () => {
    expect(named((await search("hoodei")).content)).toEqual(["zip-hoodie"]);
    expect(named((await search("panjbi")).content)).toEqual([
      "silk-panjabi",
      "linen-panjabi",
      "pajama",
    ]);
    expect(named((await search("HOODIE")).content)).toEqual(["zip-hoodie"]);
  });

  it("matches the start of a word as one types, title matches first", async () => {
    const typed = await search("pan");
    expect(named(typed.content)).toEqual(["silk-panjabi", "linen-panjabi", "pajama"]);
    expect(typed.totalProducts).toBe(3);
    expect(named((await search("pull")).content)).toEqual(["pullover"]);
  });

  it("finds products by category and colour, every word must match", async () => {
    expect(named((await search("winter")).content)).toEqual(["pullover", "zip-hoodie"]);
    expect(named((await search("navy")).content)).toEqual(["zip-hoodie"]);
    expect(named((await search("maroon panjabi")).content)).toEqual(["silk-panjabi"]);
    expect((await search("maroon hoodie")).content).toEqual([]);
  });

  it("keeps the explicit sort and the other filters", async () => {
    expect(named((await search("panjabi", { sort: "newest" })).content)).toEqual([
      "pajama",
      "silk-panjabi",
      "linen-panjabi",
    ]);
    expect(named((await search("panjabi", { colors: "White" })).content)).toEqual([
      "linen-panjabi",
      "pajama",
    ]);
  });
});

describe("GET /api/products/suggest", () => {
  it("suggests active products while typing, best first, with what the list shows", async () => {
    const answer = await request(app).get("/api/products/suggest").query({ q: "hood" });
    expect(answer.status).toBe(200);
    expect(answer.body.products).toEqual([
      {
        _id: expect.any(String),
        title: "Zip Hoodie",
        slug: "zip-hoodie",
        categoryName: "Winter",
        imageUrl: "",
        price: 1500,
        discountedPrice: 1500,
      },
    ]);
    const typo = await request(app).get("/api/products/suggest").query({ q: "panjbi", limit: 2 });
    expect(typo.body.products.map((product: { slug: string }) => product.slug)).toEqual([
      "silk-panjabi",
      "linen-panjabi",
    ]);
  });

  it("refuses an empty or oversized query with a 400 and is in the OpenAPI document", async () => {
    for (const query of [{}, { q: "  " }, { q: "x".repeat(101) }, { q: "tee", limit: 0 }]) {
      const answer = await request(app).get("/api/products/suggest").query(query);
      expect(answer.status).toBe(400);
    }
    const openapi = await request(app).get("/api/openapi.json");
    expect(openapi.body.paths["/api/products/suggest"].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "q", in: "query" })]),
    );
  });
});
