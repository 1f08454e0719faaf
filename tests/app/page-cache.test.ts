/**
 * The rendered-page cache (server/middleware/page-cache.ts, docs/performance.md "Rendered-page
 * cache") against the production build and the real database: a public page is rendered once and
 * then answered from memory with each response's own CSP nonce, until anything it shows changes
 * (products, stock, popups, pages, settings, size guides: through the admin API or the models, as
 * the shop writes them); signed, cookie-setting and private pages are never kept; cookies that
 * change a page get their own copies; memory stays within its bound whatever URLs are asked.
 */
import http from "node:http";
import { gunzipSync } from "node:zlib";
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { clearPageCaches, pageCacheSize } from "../../server/middleware/page-cache";
import { formatBDT } from "#contract/money";
import { createCategory } from "../factories/category";
import { createPopupImage } from "../factories/popup-image";
import { createProduct } from "../factories/product";
import { createSizeGuide } from "../factories/size-guide";
import { createAdmin } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { setEnv } from "../setup/env";
import { freePort, listen } from "../resilience/helpers";
import { EID_EXCHANGE_PAGE } from "../factories/page";

const buildDir = process.env.E2E_BUILD_DIR;
const closers: (() => Promise<void>)[] = [];

/**
 * The app on one listening server, by its URL: a page's key holds its origin (the port too), and
 * supertest given the app itself listens on a new port for every request.
 */
async function serve(app: express.Express): Promise<string> {
  const { url, close } = await listen(app);
  closers.push(close);
  return url;
}

afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

let appHandler: express.Express;
let app: string;
let restoreEnv: () => void;
let admin: { Authorization: string };
let product: Awaited<ReturnType<typeof createProduct>>;
let category: Awaited<ReturnType<typeof createCategory>>;

beforeAll(async () => {
  restoreEnv = setEnv({ PAGE_CACHE_MB: "32", PAGE_CACHE_MAX_AGE_SECONDS: "30" });
  appHandler = createApp({ buildDir });
  app = await serve(appHandler);
});

afterAll(() => restoreEnv());

beforeEach(async () => {
  await clearDatabase();
  admin = { Authorization: `Bearer ${(await createAdmin()).token}` };
  category = await createCategory({ name: "Panjabi" });
  product = await createProduct({
    title: "Eid Panjabi",
    price: 2000,
    discountedPrice: 1800,
    categoryPath: [category],
    variants: [{ color: "White", size: "M", stock: 10 }],
  });
});

const cacheOf = (answer: request.Response) => answer.headers["x-page-cache"] as string | undefined;

/** The nonce helmet's CSP header names for this response. */
function cspNonce(answer: request.Response): string {
  const match = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]));
  expect(match).not.toBeNull();
  return match![1]!;
}

/** The answer's bytes as sent (supertest and fetch decode gzip on their own). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { accept: "text/html", ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

const get = (path: string) => request(app).get(path).set("Accept", "text/html");
const productPath = () => `/product/${product.slug}`;

describe("a public page is rendered once, then answered from memory", () => {
  it("gives the same page with this response's own nonce, gzip or not, with the page's headers", async () => {
    const first = await get(productPath()).set("Accept-Encoding", "identity").expect(200);
    expect(cacheOf(first)).toBe("miss");
    const second = await get(productPath()).set("Accept-Encoding", "identity").expect(200);
    expect(cacheOf(second)).toBe("hit");

    const [nonce1, nonce2] = [cspNonce(first), cspNonce(second)];
    expect(nonce1).not.toBe(nonce2);
    const uses = (text: string, nonce: string) => text.split(nonce).length - 1;
    expect(uses(first.text, nonce1)).toBeGreaterThan(1);
    // Each answer carries its own nonce everywhere the render put one, and nothing else differs.
    expect(uses(second.text, nonce2)).toBe(uses(first.text, nonce1));
    expect(second.text).not.toContain(nonce1);
    expect(second.text.replaceAll(nonce2, nonce1)).toBe(first.text);
    expect(second.text).toContain(`<script nonce="${nonce2}"`);

    // The page's caching and language headers as rendered; compression's Vary kept.
    for (const name of ["cache-control", "content-language", "content-type"])
      expect(second.headers[name]).toBe(first.headers[name]);
    expect(second.headers["cache-control"]).toBe("private, no-cache");
    expect(second.headers["vary"]).toMatch(/Accept-Language/);
    expect(second.headers["vary"]).toMatch(/Accept-Encoding/);

    // gzip: spliced from the segments compressed once, and any inflater reads it.
    const gzipped = await rawGet(`${app}${productPath()}`, { "accept-encoding": "gzip, br" });
    expect(gzipped.headers["x-page-cache"]).toBe("hit");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers["vary"]).toMatch(/Accept-Encoding/);
    expect(Number(gzipped.headers["content-length"])).toBe(gzipped.body.length);
    const text = gunzipSync(gzipped.body).toString();
    const nonce3 = /'nonce-([^']+)'/.exec(String(gzipped.headers["content-security-policy"]))![1]!;
    expect(text.replaceAll(nonce3, nonce1)).toBe(first.text);
  });

  it("answers HEAD from a kept page, and a HEAD alone keeps nothing", async () => {
    const head = await request(app).head("/pages/terms").expect(200);
    expect(cacheOf(head)).toBe("miss");
    expect(cacheOf(await get("/pages/terms").expect(200))).toBe("miss");
    const again = await request(app).head("/pages/terms").expect(200);
    expect(cacheOf(again)).toBe("hit");
    expect(again.text ?? "").toBe("");
    expect(again.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("renders a page asked many times at once only once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => get(productPath()).set("Accept-Encoding", "identity")),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(answers.filter((answer) => cacheOf(answer) === "miss")).toHaveLength(1);
    const [first] = answers;
    for (const answer of answers)
      expect(answer.text.replaceAll(cspNonce(answer), cspNonce(first!))).toBe(first!.text);
  });
});

describe("a kept page is answered only while what it shows is unchanged", () => {
  it("a price and a stock change through the admin API show on the next request", async () => {
    await get(productPath()).expect(200);
    expect(cacheOf(await get(productPath()).expect(200))).toBe("hit");
    expect(cacheOf(await get("/products").expect(200))).toBe("miss");

    await request(app)
      .put(`/api/admin/products/${product._id}`)
      .set(admin)
      .send({ discountedPrice: 1500 })
      .expect(200);
    const repriced = await get(productPath()).expect(200);
    expect(cacheOf(repriced)).toBe("miss");
    expect(repriced.text).toContain(formatBDT(1500));
    expect(repriced.text).not.toContain(formatBDT(1800));
    const listing = await get("/products").expect(200);
    expect(cacheOf(listing)).toBe("miss");
    expect(listing.text).toContain(formatBDT(1500));

    const inStock = await get(productPath()).expect(200);
    expect(cacheOf(inStock)).toBe("hit");
    // The picker marks a size with no stock left (struck through, dashed).
    const soldOutSize = /cursor-not-allowed border-dashed/;
    expect(inStock.text).not.toMatch(soldOutSize);
    await request(app)
      .put(`/api/admin/products/${product._id}`)
      .set(admin)
      .field("variants", JSON.stringify([{ color: "White", size: "M", stock: 0 }]))
      .expect(200);
    const soldOut = await get(productPath()).expect(200);
    expect(cacheOf(soldOut)).toBe("miss");
    expect(soldOut.text).toMatch(soldOutSize);
  });

  it("a popup, a shop page, the settings and a size guide show on the next request", async () => {
    await get(productPath()).expect(200);
    expect(cacheOf(await get(productPath()).expect(200))).toBe("hit");

    await createPopupImage({ title: "Boishakh sale", imagePath: "uploads/popups/boishakh.webp" });
    const withPopup = await get(productPath()).expect(200);
    expect(cacheOf(withPopup)).toBe("miss");
    expect(withPopup.text).toContain("Boishakh sale");
    expect(cacheOf(await get(productPath()).expect(200))).toBe("hit");

    await request(app).post("/api/admin/pages").set(admin).send(EID_EXCHANGE_PAGE).expect(201);
    const withPage = await get(productPath()).expect(200);
    expect(cacheOf(withPage)).toBe("miss");
    expect(withPage.text).toContain('href="/pages/eid-exchange"');
    expect(cacheOf(await get(productPath()).expect(200))).toBe("hit");

    const settings = await request(app).get("/api/admin/settings").set(admin).expect(200);
    const changed = structuredClone(settings.body.settings);
    changed.contact.phone = "01711000099";
    await request(app)
      .put("/api/admin/settings")
      .set(admin)
      .send({ version: settings.body.version, settings: changed })
      .expect(200);
    const withPhone = await get(productPath()).expect(200);
    expect(cacheOf(withPhone)).toBe("miss");
    expect(withPhone.text).toContain("01711000099");
    expect(cacheOf(await get(productPath()).expect(200))).toBe("hit");

    const guideLink = /Size guide<\/button>/;
    expect(withPhone.text).not.toMatch(guideLink);
    await createSizeGuide({ name: "Panjabi sizes", category: category._id });
    const withGuide = await get(productPath()).expect(200);
    expect(cacheOf(withGuide)).toBe("miss");
    expect(withGuide.text).toMatch(guideLink);
  });

  it("a popup's window starting needs no write: the page changes when it starts", async () => {
    await get("/").expect(200);
    expect(cacheOf(await get("/").expect(200))).toBe("hit");
    const startsAt = new Date(Date.now() + 1500);
    await createPopupImage({ title: "Flash sale", imagePath: "uploads/popups/flash.webp" }).then(
      (popup) => popup.updateOne({ startsAt }),
    );
    const before = await get("/").expect(200);
    expect(before.text).not.toContain("Flash sale");
    await new Promise((resolve) => setTimeout(resolve, startsAt.getTime() - Date.now() + 50));
    const after = await get("/").expect(200);
    expect(cacheOf(after)).toBe("miss");
    expect(after.text).toContain("Flash sale");
  });
});

describe("what is never kept", () => {
  it("a request with Authorization, and an answer that sets a cookie", async () => {
    const signed = await get(productPath()).set(admin).expect(200);
    expect(cacheOf(signed)).toBe("bypass");
    expect(cacheOf(await get(productPath()).expect(200))).toBe("miss");

    clearPageCaches();
    // A middleware in front that sets a cookie on some answers (as a session would).
    const outer = express();
    outer.use((req, res, next) => {
      if (req.get("x-set-cookie")) res.cookie("session", "abc");
      next();
    });
    outer.use(appHandler);
    const outerServer = await serve(outer);
    const withCookie = await request(outerServer)
      .get(productPath())
      .set("x-set-cookie", "1")
      .expect(200);
    expect(withCookie.headers["set-cookie"]).toBeDefined();
    expect(cacheOf(withCookie)).toBe("miss");
    expect(cacheOf(await request(outerServer).get(productPath()).expect(200))).toBe("miss");
  });

  it("the cart, checkout, account, sign-in, orders and back office", async () => {
    for (const path of [
      "/cart",
      "/checkout",
      "/account",
      "/login",
      "/admin",
      "/admin/products",
      "/order/track",
      "/bn/cart",
      "/bn/checkout",
    ]) {
      for (let round = 0; round < 2; round += 1) {
        const answer = await get(path);
        expect(answer.status, path).toBeLessThan(500);
        expect(cacheOf(answer), path).toBe("bypass");
      }
    }
  });

  it("a query the page does not read, another spelling of a slug, a navigation's data", async () => {
    for (const path of [
      "/products?utm_source=facebook",
      "/products?category=panjabi&pageSize=24",
      `/product/${product.slug}?fbclid=abc`,
      `/product/${product.slug.toUpperCase()}`,
      "/pages/terms/",
      "/products.data",
    ]) {
      const answer = await get(path);
      expect(cacheOf(answer), path).toBe("bypass");
    }
    // The listing's own parameters, in any spelling: kept, each spelling under its own URL.
    for (const path of [
      "/products?category=panjabi&sort=newest",
      "/products?sort=newest&category=panjabi",
    ]) {
      expect(cacheOf(await get(path).expect(200)), path).toBe("miss");
      expect(cacheOf(await get(path).expect(200)), path).toBe("hit");
    }
  });
});

describe("cookies that change a page get their own copies", () => {
  it("bn_font and the language preference", async () => {
    expect(cacheOf(await get("/bn").expect(200))).toBe("miss");
    const withFont = await get("/bn").set("Cookie", "bn_font=1").expect(200);
    expect(cacheOf(withFont)).toBe("miss");
    expect(cacheOf(await get("/bn").set("Cookie", "bn_font=1; other=x").expect(200))).toBe("hit");
    const plain = await get("/bn").set("Cookie", "other=y").expect(200);
    expect(cacheOf(plain)).toBe("hit");
    expect(withFont.text).toContain("bangla-font");
    expect(plain.text).not.toMatch(/<html[^>]*class="[^"]*bangla-font/);

    expect(cacheOf(await get("/").expect(200))).toBe("miss");
    expect(cacheOf(await get("/").expect(200))).toBe("hit");
    // A shopper who prefers Bangla (cookie or Accept-Language) is sent to /bn, never the English copy.
    const byCookie = await get("/").set("Cookie", "lang=bn");
    expect(byCookie.status).toBe(302);
    expect(byCookie.headers.location).toBe("/bn");
    const byHeader = await get("/").set("Accept-Language", "bn-BD,bn;q=0.9");
    expect(byHeader.status).toBe(302);
    expect(cacheOf(await get("/").set("Cookie", "lang=en").expect(200))).toBe("hit");
  });
});

describe("memory", () => {
  let small: string;
  let restore: () => void;

  beforeAll(async () => {
    // The shop's own host: its pages go to the shop's own three quarters.
    const port = await freePort();
    restore = setEnv({ PAGE_CACHE_MB: "1", PUBLIC_URL: `http://127.0.0.1:${port}` });
    const server = createApp({ buildDir }).listen(port, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    small = `http://127.0.0.1:${port}`;
  });

  afterAll(() => restore());

  it("stays within PAGE_CACHE_MB under many distinct URLs, and keeps the shop's own pages", async () => {
    clearPageCaches();
    await request(small).get("/").expect(200);
    expect(cacheOf(await request(small).get("/").expect(200))).toBe("hit");
    for (let index = 0; index < 40; index += 1) {
      const answer = await request(small).get(`/products?search=tee${index}`).expect(200);
      expect(cacheOf(answer)).toBe("miss");
      expect(pageCacheSize().bytes).toBeLessThanOrEqual(1024 * 1024);
    }
    expect(pageCacheSize().entries).toBeLessThan(40);
    // The searches churned their own quarter of the memory, not the home page.
    expect(cacheOf(await request(small).get("/").expect(200))).toBe("hit");
  });
});

describe("the longest a page is kept", () => {
  let shortLived: string;
  let restore: () => void;

  beforeAll(async () => {
    restore = setEnv({ PAGE_CACHE_MAX_AGE_SECONDS: "1" });
    shortLived = await serve(createApp({ buildDir }));
  });

  afterAll(() => restore());

  it("is PAGE_CACHE_MAX_AGE_SECONDS", async () => {
    clearPageCaches();
    await request(shortLived).get("/pages/terms").expect(200);
    expect(cacheOf(await request(shortLived).get("/pages/terms").expect(200))).toBe("hit");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(cacheOf(await request(shortLived).get("/pages/terms").expect(200))).toBe("miss");
  });
});

describe("turned off", () => {
  it("PAGE_CACHE_MB=0 renders every page as before", async () => {
    const restore = setEnv({ PAGE_CACHE_MB: "0" });
    try {
      const off = await serve(createApp({ buildDir }));
      for (let round = 0; round < 2; round += 1) {
        const answer = await request(off).get(productPath()).expect(200);
        expect(cacheOf(answer)).toBeUndefined();
      }
    } finally {
      restore();
    }
  });
});
