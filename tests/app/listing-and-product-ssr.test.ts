/**
 * What the server renders on the listing and product pages before any JavaScript runs (issue 30's
 * smaller items): the breadcrumb's whole category path, the size guide's link only where a guide
 * exists, the no-results page that says why and offers a way on, and the header's search box
 * holding the query on the results page. English and Bangla, against the production build.
 */
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { Category } from "../../models/category.model";
import { Product } from "../../models/product.model";
import { createApp } from "../../server/app";
import { catalogReadModel } from "../../server/services/catalog-read-model";
import { seedDatabase } from "../../server/seed/seed";
import { createCategory } from "../factories/category";
import { createSizeGuide } from "../factories/size-guide";
import { changeShopSettings } from "../factories/shop-settings";

const app = createApp({ buildDir: process.env.E2E_BUILD_DIR });

const decode = (text: string) =>
  text.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");

/** The breadcrumb's steps: [text, href] for a link, [text] for the current page. */
function breadcrumb(html: string): string[][] {
  const nav = /<nav aria-label="(Breadcrumb|অবস্থান)"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
  return [
    ...nav.matchAll(
      /<a [^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>|<span aria-current="page"[^>]*>([^<]*)<\/span>/g,
    ),
  ].map((match) => (match[1] ? [decode(match[2]), decode(match[1])] : [decode(match[3])]));
}

/**
 * The no-results block: its heading, the links it offers ([text, href], before the shop's
 * contacts) and the shop's WhatsApp link in its "talk to us" part.
 */
function emptyState(html: string) {
  const block = /<div[^>]*data-testid="no-results"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
  const [wayOn, contacts = ""] = block.split('data-testid="reach-the-shop"');
  const heading = /<p[^>]*data-testid="no-results-title"[^>]*>([^<]*)<\/p>/.exec(block)?.[1];
  const links = [...wayOn.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((match) => [
    decode(match[2]),
    decode(match[1]),
  ]);
  const whatsapp = /href="(https:\/\/wa\.me\/[^"]+)"/.exec(contacts)?.[1];
  return { found: block !== "", heading: heading && decode(heading), links, whatsapp };
}

const searchBoxValue = (html: string) =>
  /<input[^>]*id="site-search"[^>]*>/.exec(html)?.[0].match(/\svalue="([^"]*)"/)?.[1];

const hasSizeGuideLink = (html: string, label: string) =>
  new RegExp(`${label}</button>`).test(html);

let men: { name: string; nameBn?: string | null };
let menTees: { _id: unknown; name: string; nameBn?: string | null };

beforeAll(async () => {
  await seedDatabase();
  men = (await Category.findOne({ slug: "men" }).lean())!;
  menTees = (await Category.findOne({ slug: "men-t-shirts" }).lean())!;
  await changeShopSettings((settings) => {
    settings.channels.whatsapp = "01712345678";
  });
});

describe("the breadcrumb names the whole category path", () => {
  it("on a product page: Home › Men › T-Shirts › the product, in English and Bangla", async () => {
    const product = (await Product.findOne({ category: menTees._id, isActive: true }).lean())!;
    const english = await request(app).get(`/product/${product.slug}`);
    expect(english.status).toBe(200);
    expect(breadcrumb(english.text)).toEqual([
      ["Home", "/"],
      ["Men", "/products?category=men"],
      ["T-Shirts", "/products?category=men-t-shirts"],
      [product.title],
    ]);
    const bangla = await request(app).get(`/bn/product/${product.slug}`);
    expect(breadcrumb(bangla.text)).toEqual([
      ["হোম", "/bn"],
      [men.nameBn!, "/bn/products?category=men"],
      [menTees.nameBn!, "/bn/products?category=men-t-shirts"],
      [product.titleBn!],
    ]);
  });

  it("on a category's listing: Home › Men › T-Shirts, the category itself the current step", async () => {
    const english = await request(app).get("/products?category=men-t-shirts");
    expect(breadcrumb(english.text)).toEqual([
      ["Home", "/"],
      ["Men", "/products?category=men"],
      ["T-Shirts"],
    ]);
    const bangla = await request(app).get("/bn/products?category=men-t-shirts&sort=price_low");
    expect(breadcrumb(bangla.text)).toEqual([
      ["হোম", "/bn"],
      [men.nameBn!, "/bn/products?category=men"],
      [menTees.nameBn!],
    ]);
    expect(breadcrumb((await request(app).get("/products?category=men")).text)).toEqual([
      ["Home", "/"],
      ["Men"],
    ]);
  });
});

describe("the size guide's link shows only where a guide exists", () => {
  it("a T-shirt (its category has a guide) has the link; a polo shirt (none) has not", async () => {
    const tee = (await Product.findOne({ category: menTees._id, isActive: true }).lean())!;
    const polos = (await Category.findOne({ slug: "men-polo-shirts" }).lean())!;
    const polo = (await Product.findOne({ category: polos._id, isActive: true }).lean())!;
    expect(
      hasSizeGuideLink((await request(app).get(`/product/${tee.slug}`)).text, "Size guide"),
    ).toBe(true);
    expect(
      hasSizeGuideLink((await request(app).get(`/bn/product/${tee.slug}`)).text, "সাইজ গাইড"),
    ).toBe(true);
    const poloPage = await request(app).get(`/product/${polo.slug}`);
    expect(poloPage.status).toBe(200);
    expect(hasSizeGuideLink(poloPage.text, "Size guide")).toBe(false);
    expect(
      hasSizeGuideLink((await request(app).get(`/bn/product/${polo.slug}`)).text, "সাইজ গাইড"),
    ).toBe(false);
  });

  it("a sub-category without a guide of its own uses its parent's (as GET /api/size-guides does)", async () => {
    const women = (await Category.findOne({ slug: "women" }).lean())!;
    const kurtis = (await Category.findOne({ slug: "women-kurti" }).lean())!;
    const kurti = (await Product.findOne({ category: kurtis._id, isActive: true }).lean())!;
    expect(
      hasSizeGuideLink((await request(app).get(`/product/${kurti.slug}`)).text, "Size guide"),
    ).toBe(false);
    await createSizeGuide({ name: "Women", category: women._id });
    expect(
      hasSizeGuideLink((await request(app).get(`/product/${kurti.slug}`)).text, "Size guide"),
    ).toBe(true);
  });
});

describe("no results: says why and offers a way on", () => {
  it("a search that finds nothing says so (no filter was set), offers the categories, all products and the shop", async () => {
    const english = emptyState((await request(app).get("/products?search=qqqzzzxx")).text);
    expect(english.heading).toBe("No products match “qqqzzzxx”.");
    expect(english.links).toEqual([
      ["Men", "/products?category=men"],
      ["Women", "/products?category=women"],
      ["Kids", "/products?category=kids"],
      ["See all products", "/products"],
    ]);
    expect(english.whatsapp).toBe("https://wa.me/8801712345678");
    const bangla = emptyState((await request(app).get("/bn/products?search=qqqzzzxx")).text);
    expect(bangla.heading).toBe("“qqqzzzxx”-এর সাথে মেলে এমন কোনো পণ্য পাওয়া যায়নি।");
    expect(bangla.whatsapp).toBe("https://wa.me/8801712345678");
    expect(bangla.links.map(([, href]) => href)).toEqual([
      "/bn/products?category=men",
      "/bn/products?category=women",
      "/bn/products?category=kids",
      "/bn/products",
    ]);
  });

  it("filters that match nothing say so and offer to clear them (the category and search stay)", async () => {
    const english = emptyState(
      (await request(app).get("/products?category=men&search=shirt&colors=Chartreuse&sizes=M"))
        .text,
    );
    expect(english.heading).toBe("No products match these filters.");
    expect(english.links).toEqual([
      ["Clear filters", "/products?category=men&search=shirt"],
      ["See all products", "/products"],
    ]);
    expect(english.whatsapp).toBe("https://wa.me/8801712345678");
    const bangla = emptyState((await request(app).get("/bn/products?colors=Chartreuse")).text);
    expect(bangla.heading).toBe("এই ফিল্টারে কোনো পণ্য পাওয়া যায়নি।");
    expect(bangla.links).toEqual([
      ["ফিল্টার মুছে ফেলুন", "/bn/products"],
      ["সব পণ্য দেখুন", "/bn/products"],
    ]);
  });

  it("a category with nothing in it yet says so, not 'these filters'", async () => {
    await createCategory({ name: "Scarves", slug: "scarves" });
    catalogReadModel.invalidate();
    const english = emptyState((await request(app).get("/products?category=scarves")).text);
    expect(english.heading).toBe("No products in this category yet.");
    expect(english.whatsapp).toBe("https://wa.me/8801712345678");
    expect(english.links.map(([, href]) => href)).toEqual([
      "/products?category=men",
      "/products?category=women",
      "/products?category=kids",
      "/products",
    ]);
    const bangla = emptyState((await request(app).get("/bn/products?category=scarves")).text);
    expect(bangla.heading).toBe("এই ক্যাটাগরিতে এখনো কোনো পণ্য নেই।");
  });

  it("a listing with products shows no such block", async () => {
    expect(emptyState((await request(app).get("/products?category=men")).text).found).toBe(false);
  });
});

describe("the header's search box keeps the query", () => {
  it("on the results page it holds the search; elsewhere it is empty", async () => {
    expect(searchBoxValue((await request(app).get("/products?search=polo%20shirt")).text)).toBe(
      "polo shirt",
    );
    expect(searchBoxValue((await request(app).get("/bn/products?search=panjbi")).text)).toBe(
      "panjbi",
    );
    expect(searchBoxValue((await request(app).get("/products?category=men")).text)).toBe("");
    expect(searchBoxValue((await request(app).get("/")).text)).toBe("");
  });
});
