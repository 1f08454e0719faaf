/**
 * Two shop instances on one database, each with its own catalogue read model: this test process
 * (instance A: its services write) and a real server in a child process (instance B, its own
 * memory, as behind a load balancer). What A changes shows in B's listings and search within a
 * second; B's product page reads the live stock at once.
 *
 * "Within a second" is B's rule, not a stopwatch: a request reaching B when its read model is
 * MAX_LAG_MS old waits for B to look at the version document. So a request made that long after
 * A's write must be answered with the change, however slow the machine (timing how soon B showed
 * it measured the machine's load as well: the check itself and the requests take time).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Product } from "../../models/product.model";
import { MAX_LAG_MS } from "../../server/services/catalog-read-model";
import { createCategory as addCategory } from "../../server/services/categories.service";
import { updateProduct } from "../../server/services/products.service";
import { reserveLine } from "../../server/services/stock.service";
import { createCategory } from "../factories/category";
import { createProduct, TEST_SALE } from "../factories/product";
import { clearDatabase } from "../setup/db";
import { freePort, startShopProcess, stopShopProcesses } from "./helpers";

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

/** B's listing for `query` a second after A's write (MAX_LAG_MS; 50 ms for the timers' slack). */
async function listOnBOnceDue(query: string): Promise<Listing> {
  await new Promise((resolve) => setTimeout(resolve, MAX_LAG_MS + 50));
  return listOnB(query);
}

/** Polls B every 50 ms until `seen` holds; answers how long that took (B's start-up). */
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
    expect((await listOnBOnceDue("search=lighthouse")).content[0]?.title).toBe("Lighthouse Polo");
    expect((await listOnB("search=harbour")).totalProducts).toBe(0);
  });

  it("a sold-out product leaves B's in-stock listing within a second; B's product page is live", async () => {
    expect(await reserveLine({ productId, color: "Navy", size: "M", quantity: 2 }, TEST_SALE)).toBe(
      true,
    );
    const page = await fetch(`${instanceB}/api/products/slug/harbour-polo`);
    expect(((await page.json()) as { quantity: number }).quantity).toBe(0);
    expect((await listOnBOnceDue("category=men&stock=in_stock")).totalProducts).toBe(0);
    const all = await listOnB("category=men");
    expect(all.content.map((product) => [product._id, product.quantity])).toEqual([[productId, 0]]);
  });

  it("a deactivated product disappears from B within a second and comes back when reactivated", async () => {
    await updateProduct(productId, { isActive: false }, []);
    expect((await listOnBOnceDue("category=men")).totalProducts).toBe(0);
    await updateProduct(productId, { isActive: true }, []);
    expect((await listOnBOnceDue("category=men")).totalProducts).toBe(1);
  });

  it("a product deleted on A is gone from B within a second", async () => {
    await Product.deleteOne({ _id: productId });
    expect((await listOnBOnceDue("search=polo")).totalProducts).toBe(0);
  });

  it("a category added on A is in B's category tree and page header within a second", async () => {
    // B serves the tree from its read model (no category read per page): the same freshness.
    await addCategory({ name: "Winter Wear", slug: "winter-wear" });
    await new Promise((resolve) => setTimeout(resolve, MAX_LAG_MS + 50));
    const answer = await fetch(`${instanceB}/api/categories`);
    const names = ((await answer.json()) as { name: string }[]).map((category) => category.name);
    expect(names).toContain("Winter Wear");
    const page = await fetch(`${instanceB}/products`);
    expect(await page.text()).toContain("/products?category=winter-wear");
  });
});
