import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import path from "node:path";
import mongoose from "mongoose";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { Product } from "../../models/product.model";
import { createApp } from "../../server/app";
import { catalogReadModel } from "../../server/services/catalog-read-model";
import { seedDatabase } from "../../server/seed/seed";
import { formatBDT } from "#contract/money";

const app = createApp();

describe("GET / (server-rendered home page)", () => {
  beforeAll(async () => {
    await seedDatabase();
  });

  it("renders featured products from the database with ৳ prices before any JavaScript runs", async () => {
    const featured = await Product.find({ isFeatured: true, isActive: true })
      .sort({ createdAt: -1 })
      .limit(8)
      .lean();
    expect(featured.length).toBeGreaterThan(0);
    const answer = await request(app).get("/");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/text\/html/);
    for (const product of featured) {
      expect(answer.text).toContain(product.title);
      expect(answer.text).toContain(formatBDT(product.discountedPrice));
    }
    expect(answer.text).toContain("Featured");
    expect(answer.text).toMatch(/<script[^>]*nonce="[^"]+"/);
    // Made for this response (its nonce): kept by no shared cache, asked for again each time.
    expect(answer.headers["cache-control"]).toBe("private, no-cache");
    const data = await request(app).get("/_root.data");
    expect(data.status).toBe(200);
    expect(data.headers["cache-control"]).toBe("private, no-cache");
  });

  it("paints from the HTML alone: the stylesheet inline, the page's code fetched after the first screen", async () => {
    const answer = await request(app).get("/");
    // The build's stylesheet, whole, in a <style> React keeps by its URL; nothing linked.
    const style = answer.text.match(
      /<style data-precedence="default" data-href="([^"]+)">([\s\S]*?)<\/style>/,
    );
    expect(style).not.toBeNull();
    const [, href, css] = style!;
    expect(href).toMatch(/^\/assets\/app-[\w-]+\.css$/);
    expect(css).toBe(readFileSync(path.join("build", "client", href!), "utf8"));
    expect(answer.text).not.toMatch(/<link[^>]*rel="stylesheet"/);
    // React Router's module preloads are held (an inert rel) and its module script waits.
    expect(answer.text).not.toContain('<link rel="modulepreload"');
    const held = answer.text.match(/<link rel="preload-after-paint"[^>]*>/g) ?? [];
    expect(held.length).toBeGreaterThan(3);
    const moduleScript = answer.text.match(
      /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/,
    )![1]!;
    expect(moduleScript.startsWith("await Promise.all([window.__tweestFirstScreen,")).toBe(true);
    expect(moduleScript).not.toMatch(/^\s*import\s/m);
    expect(moduleScript).toContain("window.__reactRouterRouteModules");
  });

  it("compresses on the fly what the build did not precompress (React Router's manifest)", async () => {
    const manifest = readdirSync(path.join("build", "client", "assets")).find((name) =>
      /^manifest-[\w-]+\.js$/.test(name),
    );
    expect(manifest).toBeDefined();
    expect(existsSync(path.join("build", "client", "assets", `${manifest}.br`))).toBe(false);
    const answer = await request(app).get(`/assets/${manifest}`).set("Accept-Encoding", "gzip");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("reads no category and no product per page: header, rows and listing come from the catalogue read model", async () => {
    const queries: string[] = [];
    mongoose.set("debug", (collection: string, method: string) => {
      queries.push(`${collection}.${method}`);
    });
    try {
      // Cold (as at start-up): the header's categories come from the database while the read
      // model loads, once; the load reads the categories and the products once each.
      catalogReadModel.invalidate();
      expect((await request(app).get("/")).status).toBe(200);
      const categoryReads = queries.filter((query) => query.startsWith("categories."));
      expect(categoryReads).toEqual(["categories.find", "categories.find"]);
      expect(queries.filter((query) => query.startsWith("products."))).toEqual(["products.find"]);

      // Warm: no category or product is read, whatever the page and however many categories.
      queries.length = 0;
      for (const page of ["/", "/products?category=men", "/products?category=men&sort=price_low"])
        expect((await request(app).get(page)).status).toBe(200);
    } finally {
      mongoose.set("debug", false);
    }
    expect(
      queries.filter((query) => query.startsWith("categories.") || query.startsWith("products.")),
    ).toEqual([]);
  });

  it("compresses a page as one stream, not piece by piece", async () => {
    // React writes 2 KB pieces and React Router's adapter flushes gzip after each piece it gets:
    // compressed one by one, the listing page was ~1.9 times its size compressed whole.
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const wire = await new Promise<Buffer>((resolve, reject) => {
        http
          .get(
            {
              host: "127.0.0.1",
              port,
              path: "/products?pageSize=24",
              headers: { "accept-encoding": "gzip" },
            },
            (response) => {
              expect(response.headers["content-encoding"]).toBe("gzip");
              const chunks: Buffer[] = [];
              response.on("data", (chunk: Buffer) => chunks.push(chunk));
              response.on("end", () => resolve(Buffer.concat(chunks)));
            },
          )
          .on("error", reject);
      });
      const html = gunzipSync(wire);
      expect(html.length).toBeGreaterThan(30_000);
      expect(wire.length).toBeLessThan(gzipSync(html).length * 1.15);
    } finally {
      server.close();
    }
  });

  it("formats prices with lakh grouping", () => {
    expect(formatBDT(1250)).toBe("৳1,250");
    expect(formatBDT(125000)).toBe("৳1,25,000");
  });

  it("serves hashed assets with a year-long cache", async () => {
    const page = await request(app).get("/");
    const asset = /\/assets\/[^"]+\.js/.exec(page.text)?.[0];
    expect(asset).toBeDefined();
    const answer = await request(app).get(asset!);
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("serves the build's precompressed copies: brotli when accepted, else gzip, else the file", async () => {
    const page = await request(app).get("/");
    const asset = /\/assets\/entry\.client-[^"]+\.js/.exec(page.text)?.[0];
    expect(asset).toBeDefined();
    const file = path.join("build", "client", asset!);
    const original = readFileSync(file);
    // supertest decodes br and gzip bodies; the length on the wire tells which file was sent.
    // Buffers are compared with equals(): a failing toEqual on 200 KB diffs for minutes.
    for (const [accept, encoding, sent] of [
      ["gzip, deflate, br", "br", `${file}.br`],
      ["gzip", "gzip", `${file}.gz`],
      ["identity", undefined, file],
    ] as const) {
      const answer = await request(app)
        .get(asset!)
        .set("Accept-Encoding", accept)
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => done(null, Buffer.concat(chunks)));
        });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(encoding);
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(Number(answer.headers["content-length"])).toBe(statSync(sent).size);
      expect((answer.body as Buffer).equals(original)).toBe(true);
    }
  });

  it("serves the seeded product images from /uploads", async () => {
    const product = await Product.findOne({ slug: "men-t-shirts-classic" }).lean();
    const answer = await request(app).get(product!.imageUrl);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("image/webp");
    // The seed's names are fixed (a new seed may change the bytes): a week, not a year.
    expect(answer.headers["cache-control"]).toBe("public, max-age=604800");
  });
});
