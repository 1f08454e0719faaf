/**
 * Two shop instances on one database, each with its own catalogue read model: this test process
 * (instance A: its services write) and a real server in a child process (instance B, its own
 * memory, as behind a load balancer). What A changes shows in B's listings and search within a
 * second; B's product page reads the live stock at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Product } from "../../models/product.model";
import { createCategory as addCategory } from "../../server/services/categories.service";
import { updateProduct } from "../../server/services/products.service";
import { reserveLine } from "../../server/services/stock.service";
import { createCategory } from "../factories/category";
import { createProduct } from "../factories/product";
import { clearDatabase } from "../setup/db";
import { freePort, startShopProcess, stopShopProcesses } from "./helpers";

const WITHIN_MS = 1000;
let instanceB = "";
let productId = "";

interface Listing {
  content: { _id: string; title: string; quantity: number }[];
  totalProducts: number;
}

async function listOnB(query: string): Promise<Listing> {
  const answer = await fetch(`${instanceB}/api/products?${query}`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as Listing;
}

/** Polls B every 50 ms until `seen` holds; answers how long that took after the write. */
async function msUntil(query: string, seen: (listing: Listing) => boolean): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < 10_000) {
    if (seen(await listOnB(query))) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Number.POSITIVE_INFINITY;
}

beforeAll(async () => {
  await clearDatabase();
  const men = await createCategory({ name: "Men", slug: "men" });
  const product = await createProduct({
    title: "Harbour Polo",
    slug: "harbour-polo",
    price: 1200,
    discountedPrice: 1200,
    categoryPath: [men],
    images: [],
    variants: [{ color: "Navy", size: "M", stock: 2 }],
  });
  productId = String(product._id);
  const port = await freePort();
  await startShopProcess(port);
  instanceB = `http://127.0.0.1:${port}`;
  // B has loaded its catalogue and shows the product.
  expect(await msUntil("search=harbour", (listing) => listing.totalProducts === 1)).toBeLessThan(
    10_000,
  );
}, 120_000);

afterAll(() => stopShopProcesses());

describe("a catalogue change on instance A, seen on instance B", () => {
  it("an edited title is found by B's search within a second", async () => {
    await updateProduct(productId, { title: "Lighthouse Polo" }, []);
    const took = await msUntil(
      "search=lighthouse",
      (listing) => listing.content[0]?.title === "Lighthouse Polo",
    );
    expect(took).toBeLessThan(WITHIN_MS);
    expect((await listOnB("search=harbour")).totalProducts).toBe(0);
  });

  it("a sold-out product leaves B's in-stock listing within a second; B's product page is live", async () => {
    expect(await reserveLine({ productId, color: "Navy", size: "M", quantity: 2 })).toBe(true);
    const page = await fetch(`${instanceB}/api/products/slug/harbour-polo`);
    expect(((await page.json()) as { quantity: number }).quantity).toBe(0);
    const took = await msUntil(
      "category=men&stock=in_stock",
      (listing) => listing.totalProducts === 0,
    );
    expect(took).toBeLessThan(WITHIN_MS);
    const all = await listOnB("category=men");
    expect(all.content.map((product) => [product._id, product.quantity])).toEqual([[productId, 0]]);
  });

  it("a deactivated product disappears from B within a second and comes back when reactivated", async () => {
    await updateProduct(productId, { isActive: false }, []);
    expect(await msUntil("category=men", (listing) => listing.totalProducts === 0)).toBeLessThan(
      WITHIN_MS,
    );
    await updateProduct(productId, { isActive: true }, []);
    expect(await msUntil("category=men", (listing) => listing.totalProducts === 1)).toBeLessThan(
      WITHIN_MS,
    );
  });

  it("a product deleted on A is gone from B within a second", async () => {
    await Product.deleteOne({ _id: productId });
    expect(await msUntil("search=polo", (listing) => listing.totalProducts === 0)).toBeLessThan(
      WITHIN_MS,
    );
  });

  it("a category added on A is in B's category tree and page header within a second", async () => {
    // B serves the tree from its read model (no category read per page): the same freshness.
    await addCategory({ name: "Winter Wear", slug: "winter-wear" });
    const start = performance.now();
    let names: string[] = [];
    while (performance.now() - start < 10_000 && !names.includes("Winter Wear")) {
      const answer = await fetch(`${instanceB}/api/categories`);
      names = ((await answer.json()) as { name: string }[]).map((category) => category.name);
      if (!names.includes("Winter Wear")) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(performance.now() - start).toBeLessThan(WITHIN_MS);
    const page = await fetch(`${instanceB}/products`);
    expect(await page.text()).toContain("/products?category=winter-wear");
  });
});
