/**
 * Bangla pages rendered by the server (issue 20): /bn URLs, <html lang>, hreflang alternates, the
 * language switch, the first-visit redirect, the sitemap's Bangla entries, and only the page's
 * language's messages in the page. Against the production build (`npm run build`).
 */
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from "node:zlib";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { formatMoney, toBanglaDigits } from "#contract/i18n";
import { Category } from "../../models/category.model";
import { Product } from "../../models/product.model";
import { createApp } from "../../server/app";
import { getEnv } from "../../server/env";
import { catalogReadModel } from "../../server/services/catalog-read-model";
import { seedDatabase } from "../../server/seed/seed";
import { createCategory } from "../factories/category";
import { createProduct } from "../factories/product";

const app = createApp({ buildDir: process.env.E2E_BUILD_DIR });
const publicUrl = () => getEnv().PUBLIC_URL.replace(/\/$/, "");

const htmlLang = (html: string) => /<html[^>]*\blang="([^"]+)"/.exec(html)?.[1];
const alternates = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map((m) => [
      m[1],
      m[2],
    ]),
  );
/** The language switch's links: language → href. */
const switchLinks = (html: string) => {
  const block = /data-testid="language-switch"[\s\S]*?<\/p>/.exec(html)?.[0] ?? "";
  return Object.fromEntries(
    [...block.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [
      m[2],
      m[1].replaceAll("&amp;", "&"),
    ]),
  );
};

describe("Bangla storefront pages", () => {
  beforeAll(async () => {
    await seedDatabase();
  });

  it("serves /bn pages in Bangla: lang, header text and Bangla category names, no flash of English", async () => {
    const answer = await request(app).get("/bn");
    expect(answer.status).toBe(200);
    expect(htmlLang(answer.text)).toBe("bn");
    expect(answer.text).toContain('placeholder="পণ্য খুঁজুন"');
    expect(answer.text).not.toContain('placeholder="Search products"');
    const men = await Category.findOne({ slug: "men" }).lean();
    expect(men?.nameBn).toBeTruthy();
    expect(answer.text).toMatch(
      new RegExp(`href="/bn/products\\?category=men"[^>]*>${men?.nameBn}</a>`),
    );
  });

  it("preloads the Bangla font once the browser has it cached, and leaves a first page without it", async () => {
    // A session's first Bangla page: drawn in the phone's Bangla font, the file fetched later.
    const first = await request(app).get("/bn");
    // (The inline stylesheet's @font-face names the file; no tag asks for it.)
    expect(first.text).not.toMatch(/<link[^>]*noto-sans-bengali/);
    expect(first.text).not.toContain('class="bangla-font"');
    expect(first.text).toMatch(/<html lang="bn">/);
    // The browser says it has the file (cookie set after the background fetch).
    const later = await request(app).get("/bn").set("Cookie", "bn_font=1");
    expect(later.text).toMatch(
      /<link rel="preload" as="font" type="font\/woff2" href="\/assets\/noto-sans-bengali-bengali-400-normal-[\w-]+\.woff2"/,
    );
    // The class that turns the web font on (its @font-face is in the stylesheet).
    expect(later.text).toMatch(/<html lang="bn" class="bangla-font">/);
    // English pages never carry it.
    const english = await request(app).get("/").set("Cookie", "bn_font=1");
    expect(english.text).not.toMatch(/<link[^>]*noto-sans-bengali/);
    expect(english.text).toMatch(/<html lang="en">/);
  });

  /** The answer's bytes as sent (supertest would decode them). */
  async function rawGet(path: string, headers: Record<string, string>) {
    const server = app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      return await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) =>
        httpGet({ host: "127.0.0.1", port, path, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
          );
        }).on("error", reject),
      );
    } finally {
      server.close();
    }
  }

  it("serves the back office's catalogue by name: its texts over the storefront's, never cached for good", async () => {
    const bangla = await request(app).get("/i18n/admin-bn.json");
    expect(bangla.status).toBe(200);
    expect(bangla.headers["cache-control"]).toBe("no-cache");
    // A back-office text and a storefront one (the status words the back office shows).
    expect(bangla.body["Call list"]).toEqual(["কল তালিকা"]);
    expect(bangla.body["Order placed"]).toEqual(["অর্ডার হয়েছে"]);
    const english = await request(app).get("/i18n/admin-en.json");
    expect(english.status).toBe(200);
    // English keeps only what Lingui must interpolate, like the storefront's.
    expect(english.body["Call list"]).toBeUndefined();
    expect(english.body["Order #{number}"]).toBeDefined();
  });

  it("names the page's catalogue instead of carrying it, and serves it as a cacheable file", async () => {
    const page = await request(app).get("/bn");
    const url =
      /<link rel="preload-after-paint" as="fetch" href="(\/i18n\/bn\.[0-9a-f]{12}\.json)"/.exec(
        page.text,
      )?.[1];
    expect(url).toBeDefined();
    // The document carries the name, not the messages ("Add to cart" in Bangla is a message).
    expect(page.text).not.toContain("কার্টে যোগ করুন");
    const catalog = await request(app).get(url!);
    expect(catalog.status).toBe(200);
    expect(catalog.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(catalog.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(catalog.body["Add to cart"]).toEqual(["কার্টে যোগ করুন"]);
    // Brotli at its best quality, made once: the same JSON, smaller than compression()'s quality 4.
    const wire = await rawGet(url!, { "Accept-Encoding": "br" });
    expect(wire.headers["content-encoding"]).toBe("br");
    expect(wire.headers.vary).toMatch(/Accept-Encoding/i);
    const json = brotliDecompressSync(wire.body).toString();
    expect(JSON.parse(json)).toEqual(catalog.body);
    const quality4 = brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
    expect(wire.body.length).toBeLessThan(quality4.length * 0.9);
    // A page from before a deploy asks for an older name: today's messages, not kept.
    const stale = await request(app).get("/i18n/bn.000000000000.json");
    expect(stale.status).toBe(200);
    expect(stale.headers["cache-control"]).toBe("no-cache");
    expect(stale.body["Add to cart"]).toEqual(["কার্টে যোগ করুন"]);
    for (const unknown of ["/i18n/xx.000000000000.json", "/i18n/bn.json", "/i18n/bn.0000.json"]) {
      const answer = await request(app).get(unknown);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: "File not found", code: "NOT_FOUND" });
    }
    // English pages name the English catalogue (only the messages with placeholders).
    const english = await request(app).get("/");
    const englishUrl =
      /<link rel="preload-after-paint" as="fetch" href="(\/i18n\/en\.[0-9a-f]{12}\.json)"/.exec(
        english.text,
      )?.[1];
    const englishCatalog = await request(app).get(englishUrl!);
    expect(englishCatalog.body["Add to cart"]).toBeUndefined();
    expect(Object.keys(englishCatalog.body).length).toBeGreaterThan(0);
  });

  it("shows catalogue text in Bangla and prices in Bangla digits; English pages carry no Bangla field", async () => {
    const product = await Product.findOne({ isActive: true, isFeatured: true }).lean();
    expect(product?.titleBn).toBeTruthy();
    const bangla = await request(app).get("/bn");
    expect(bangla.text).toContain(product?.titleBn);
    expect(bangla.text).toContain(formatMoney(product?.discountedPrice, "bn"));
    expect(bangla.text).toContain(`href="/bn/product/${product?.slug}"`);
    const english = await request(app).get("/");
    expect(english.text).toContain(product?.title);
    expect(english.text).not.toContain(product?.titleBn);

    const page = await request(app).get(`/bn/product/${product?.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(new RegExp(`<h1[^>]*>${product?.titleBn}</h1>`));
    expect(page.text).toContain("কার্টে যোগ করুন");
    expect(page.text).toMatch(
      new RegExp(`<link rel="canonical" href="[^"]+/bn/product/${product?.slug}"`),
    );
    const listing = await request(app).get("/bn/products?category=men");
    expect(listing.text).toContain('action="/bn/products"');
    expect(listing.text).toContain("দাম: কম থেকে বেশি");
  });

  it("names each page's canonical address in the page's language (link, og:url, structured data)", async () => {
    const base = publicUrl();
    const canonical = (html: string) =>
      /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    const product = await Product.findOne({ isActive: true, isFeatured: true }).lean();
    const pages: [string, string][] = [
      ["/", `${base}/`],
      ["/bn", `${base}/bn`],
      ["/products?category=men&sort=price_low", `${base}/products?category=men`],
      ["/bn/products?category=men&page=2", `${base}/bn/products?category=men&page=2`],
      [`/product/${product?.slug}`, `${base}/product/${product?.slug}`],
      [`/bn/product/${product?.slug}`, `${base}/bn/product/${product?.slug}`],
    ];
    for (const [path, expected] of pages) {
      const page = await request(app).get(path);
      expect(canonical(page.text), path).toBe(expected);
    }
    const bangla = (await request(app).get(`/bn/product/${product?.slug}`)).text;
    expect(bangla).toContain(
      `<meta property="og:url" content="${base}/bn/product/${product?.slug}"`,
    );
    expect(bangla).toContain(`"url":"${base}/bn/product/${product?.slug}"`);
  });

  it("counts products in the page's language: one or many in English, one form and Bangla digits in Bangla", async () => {
    const counted = (html: string) => /aria-live="polite">([^<]+)<\/p>/.exec(html)?.[1];
    const description = (html: string) =>
      /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
    const english = await request(app).get("/products?category=men");
    const many = /^([\d,]+) products$/.exec(counted(english.text) ?? "")?.[1];
    expect(Number(many?.replace(/,/g, ""))).toBeGreaterThan(1);
    expect(description(english.text)).toBe(
      `${many} men at Tweest. Prices in BDT, cash on delivery across Bangladesh.`,
    );
    const bangla = await request(app).get("/bn/products?category=men");
    const men = await Category.findOne({ slug: "men" }).lean();
    expect(counted(bangla.text)).toBe(`${toBanglaDigits(many!)}টি পণ্য`);
    expect(description(bangla.text)).toBe(
      `Tweest-এ ${men?.nameBn}: ${toBanglaDigits(many!)}টি পণ্য। দাম টাকায়, সারা বাংলাদেশে ক্যাশ অন ডেলিভারি।`,
    );

    const single = await createCategory({ name: "Scarves" });
    await createProduct({ title: "Silk Scarf", categoryPath: [single] });
    catalogReadModel.invalidate();
    const one = await request(app).get(`/products?category=${single.slug}`);
    expect(counted(one.text)).toBe("1 product");
    expect(counted((await request(app).get(`/bn/products?category=${single.slug}`)).text)).toBe(
      "১টি পণ্য",
    );
  });

  it("keeps English pages at their URLs, in English, with no Bangla messages and no Bangla font", async () => {
    const answer = await request(app).get("/products?category=men");
    expect(answer.status).toBe(200);
    expect(htmlLang(answer.text)).toBe("en");
    expect(answer.text).toContain('placeholder="Search products"');
    // The switch's own label is the only Bangla the English shell carries.
    expect(answer.text).not.toContain("পণ্য খুঁজুন");
    expect(answer.text).not.toMatch(/<link[^>]*noto-sans-bengali/);
    expect(answer.text).not.toContain('bangla-font"');
  });

  it("names the page in both languages with hreflang alternates, English the default", async () => {
    const base = publicUrl();
    for (const path of ["/products?category=men", "/bn/products?category=men"]) {
      const answer = await request(app).get(path);
      expect(alternates(answer.text), path).toEqual({
        en: `${base}/products?category=men`,
        bn: `${base}/bn/products?category=men`,
        "x-default": `${base}/products?category=men`,
      });
    }
    const home = alternates((await request(app).get("/bn")).text);
    expect(home).toEqual({ en: `${base}/`, bn: `${base}/bn`, "x-default": `${base}/` });
  });

  it("shows the switch on every page, linking to the same path and query in the other language", async () => {
    const english = await request(app).get("/products?category=men&sort=price_low");
    expect(switchLinks(english.text)).toEqual({
      বাংলা: "/bn/products?category=men&sort=price_low",
    });
    expect(english.text).toMatch(/<span lang="en" aria-current="true"[^>]*>English<\/span>/);
    const bangla = await request(app).get("/bn/products?category=men&sort=price_low");
    expect(switchLinks(bangla.text)).toEqual({ English: "/products?category=men&sort=price_low" });
    expect(switchLinks((await request(app).get("/bn")).text)).toEqual({ English: "/" });
    expect(switchLinks((await request(app).get("/")).text)).toEqual({ বাংলা: "/bn" });
  });

  it("sends a first visit that prefers Bangla to the /bn page; crawlers and English choices stay", async () => {
    const preferred = await request(app)
      .get("/products?category=men")
      .set("Accept-Language", "bn-BD,bn;q=0.9,en;q=0.8");
    expect(preferred.status).toBe(302);
    expect(preferred.headers.location).toBe("/bn/products?category=men");

    const cookie = await request(app).get("/cart").set("Cookie", "lang=bn");
    expect(cookie.status).toBe(302);
    expect(cookie.headers.location).toBe("/bn/cart");

    const crawler = await request(app).get("/products").set("User-Agent", "Googlebot/2.1");
    expect(crawler.status).toBe(200);
    const chosen = await request(app)
      .get("/products")
      .set("Accept-Language", "bn")
      .set("Cookie", "lang=en");
    expect(chosen.status).toBe(200);
    expect(htmlLang(chosen.text)).toBe("en");
    // The back office stays English whatever the shopper prefers.
    expect((await request(app).get("/admin").set("Cookie", "lang=bn")).status).toBe(200);
  });

  it("answers 404 for an unknown language prefix and keeps 404 pages in the page's language", async () => {
    expect((await request(app).get("/fr/products")).status).toBe(404);
    expect((await request(app).get("/en/products")).status).toBe(404);
    const missing = await request(app).get("/bn/product/no-such-product");
    expect(missing.status).toBe(404);
    expect(htmlLang(missing.text)).toBe("bn");
    expect(missing.text).toContain("পৃষ্ঠাটি পাওয়া যায়নি");
    expect(missing.text).toContain('href="/bn"');
    // A URL no screen claims: the same 404, in Bangla under /bn and in English elsewhere.
    const unknown = await request(app).get("/bn/no-such-page");
    expect(unknown.status).toBe(404);
    expect(htmlLang(unknown.text)).toBe("bn");
    expect(unknown.text).toMatch(/<h1[^>]*>পৃষ্ঠাটি পাওয়া যায়নি<\/h1>/);
    expect(unknown.text).toContain("<title>পৃষ্ঠাটি পাওয়া যায়নি — Tweest</title>");
    const english = await request(app).get("/no-such-page");
    expect(english.status).toBe(404);
    expect(htmlLang(english.text)).toBe("en");
    expect(english.text).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    // Every inline script carries the CSP nonce (the page would break otherwise).
    for (const page of [unknown.text, english.text, (await request(app).get("/fr/products")).text])
      expect(page.match(/<script(?![^>]*\bnonce=)[^>]*>/g)).toBeNull();
  });

  it("lists every page in Bangla in the sitemap", async () => {
    const xml = (await request(app).get("/sitemap.xml")).text;
    const base = publicUrl();
    const english = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((m) => m[1])
      .filter((loc) => !loc.startsWith(`${base}/bn`));
    expect(english.length).toBeGreaterThan(5);
    for (const loc of english) {
      const path = loc.slice(base.length);
      const bangla = path === "/" ? `${base}/bn` : `${base}/bn${path}`;
      expect(xml, path).toContain(`<loc>${bangla.replaceAll("&", "&amp;")}</loc>`);
    }
  });
});
