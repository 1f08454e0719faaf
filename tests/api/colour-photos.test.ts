/**
 * A product's photos follow the order of its colours (colorPhoto): a listing filtered by colour
 * shows each product's photo of that colour, and a cart line the photo of the line's colour; a
 * colour without a photo of its own shows the first photo.
 */
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { listProductCards } from "../../server/services/catalog-listing";
import { ProductListQuery } from "#contract/schemas/catalog";
import { createCategory } from "../factories/category";
import { createProduct } from "../factories/product";

const app = createApp();

const BLACK = "/uploads/products/polo-black-800.webp";
const WHITE = "/uploads/products/polo-white-800.webp";

let category: Awaited<ReturnType<typeof createCategory>>;
let polo: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  category = await createCategory({ name: "Polos" });
  // Black, White, Navy (the variants' order); a photo each for Black and White.
  polo = await createProduct({
    title: "Pique Polo",
    categoryPath: [category],
    variants: [
      { color: "Black", size: "M", stock: 5 },
      { color: "White", size: "M", stock: 5 },
      { color: "Navy", size: "M", stock: 5 },
    ],
    images: [BLACK, WHITE],
  });
});

async function listedPhoto(query: Record<string, string>): Promise<string> {
  const answer = await request(app)
    .get("/api/products")
    .query({ category: category.slug, ...query });
  expect(answer.status).toBe(200);
  expect(answer.body.content).toHaveLength(1);
  return answer.body.content[0].imageUrl;
}

describe("a listing filtered by colour", () => {
  it("shows each product's photo of the filtered colour (API)", async () => {
    expect(await listedPhoto({})).toBe(BLACK);
    expect(await listedPhoto({ colors: "White" })).toBe(WHITE);
    // Several colours: the first of them the product has.
    expect(await listedPhoto({ colors: "Red,White,Black" })).toBe(WHITE);
    // Navy has no photo of its own.
    expect(await listedPhoto({ colors: "Navy" })).toBe(BLACK);
  });

  it("shows it on the listing page's cards, which carry no photo list", async () => {
    const query = ProductListQuery.parse({ category: category.slug, colors: "White" });
    const { content } = await listProductCards(query);
    expect(content.map((card) => card.imageUrl)).toEqual([WHITE]);
    expect(content[0]).not.toHaveProperty("images");
  });
});

describe("a cart line", () => {
  it("shows the photo of the line's colour", async () => {
    const agent = request.agent(app);
    for (const color of ["White", "Black", "Navy"]) {
      const added = await agent
        .put("/api/cart/add")
        .send({ productId: String(polo._id), color, size: "M", quantity: 1 });
      expect(added.status).toBe(200);
    }
    const answer = await agent.get("/api/cart");
    expect(answer.status).toBe(200);
    const photos = Object.fromEntries(
      (answer.body.cartItems as { color: string; imageUrl: string }[]).map((line) => [
        line.color,
        line.imageUrl,
      ]),
    );
    expect(photos).toEqual({ White: WHITE, Black: BLACK, Navy: BLACK });
  });
});
