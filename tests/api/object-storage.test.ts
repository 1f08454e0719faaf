import { randomUUID } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PopupImage } from "../../models/popup-image.model";
import { Product } from "../../models/product.model";
import { createApp } from "../../server/app";
import { ConfigError, parseEnv, resetEnvForTests } from "../../server/env";
import {
  IMMUTABLE_CACHE_CONTROL,
  LocalImageStore,
  S3ImageStore,
  SEED_CACHE_CONTROL,
  createImageStore,
  describeImageStoreAtStart,
  getImageStore,
  type ImageStore,
} from "../../server/storage";
import { seedCatalog } from "../factories/catalog";
import { createAdmin } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { startS3Server, type S3TestServer } from "../setup/s3-server";

// The S3 backend against a real S3-compatible server (versitygw), not a mock: every image the
// shop takes goes to the bucket, and /uploads/* answers from it with the local folder's headers.
let s3: S3TestServer;
let prefix: string;
let app: ReturnType<typeof createApp>;
let admin: { Authorization: string };
let seeded: Awaited<ReturnType<typeof seedCatalog>>;
const S3_VARIABLES = [
  "IMAGE_STORAGE",
  "S3_BUCKET",
  "S3_REGION",
  "S3_ENDPOINT",
  "S3_FORCE_PATH_STYLE",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_PREFIX",
  "S3_PUBLIC_URL",
];

beforeAll(async () => {
  s3 = await startS3Server();
  prefix = `run-${randomUUID().slice(0, 8)}/`;
  Object.assign(process.env, s3.shopEnv(prefix));
  resetEnvForTests();
  app = createApp();
}, 20 * 60_000);

afterAll(async () => {
  for (const name of S3_VARIABLES) delete process.env[name];
  resetEnvForTests();
  await s3?.stop();
});

beforeEach(async () => {
  await clearDatabase();
  seeded = await seedCatalog();
  admin = { Authorization: `Bearer ${(await createAdmin()).token}` };
});

function png(width = 1600, height = 900, color = "#c0392b") {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** The object's metadata in the bucket, or undefined when there is none. */
async function headObject(key: string) {
  try {
    return await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: prefix + key }));
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return undefined;
    throw error;
  }
}

async function objectBytes(key: string): Promise<Buffer> {
  const object = await s3.client.send(
    new GetObjectCommand({ Bucket: s3.bucket, Key: prefix + key }),
  );
  return Buffer.from(await object.Body!.transformToByteArray());
}

/** Nothing was written to the local folder: the bucket holds every image. */
function localFiles(): string[] {
  const root = path.resolve(process.env.UPLOADS_DIR as string);
  return existsSync(root) ? readdirSync(root, { recursive: true }).map(String) : [];
}

async function createProductWithImage() {
  const answer = await request(app)
    .post("/api/admin/products")
    .set(admin)
    .field("title", `Bucket Tee ${randomUUID().slice(0, 6)}`)
    .field("price", "900")
    .field("discountedPrice", "900")
    .field("category", String(seeded.categories.menTees._id))
    .field("variants", JSON.stringify([{ color: "Black", size: "M", stock: 3 }]))
    .attach("images", await png(), { filename: "front.png", contentType: "image/png" });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { _id: string; images: string[] };
}

describe("IMAGE_STORAGE=s3: the shop's images in an S3-compatible bucket", () => {
  it("uses the S3 backend named by the variables", () => {
    const store = getImageStore();
    expect(store).toBeInstanceOf(S3ImageStore);
    expect(store.description).toContain(s3.bucket);
  });

  it("stores a product image's three widths in the bucket and serves them at the same /uploads URL with a year's cache", async () => {
    const product = await createProductWithImage();
    const url = product.images[0];
    const base = /^\/uploads\/products\/([\w-]+)-800\.webp$/.exec(url)![1];
    for (const width of [400, 800, 1200]) {
      const head = await headObject(`products/${base}-${width}.webp`);
      expect(head?.ContentType).toBe("image/webp");
      // The object carries the shop's cache header, so a public bucket or a CDN answers the same.
      expect(head?.CacheControl).toBe(IMMUTABLE_CACHE_CONTROL);
    }
    expect(localFiles()).toEqual([]);

    const served = await request(app).get(url);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(served.headers["etag"]).toMatch(/^"[^"]+"$/);
    expect(served.headers["last-modified"]).toBeDefined();
    expect(
      Buffer.compare(served.body as Buffer, await objectBytes(`products/${base}-800.webp`)),
    ).toBe(0);
    expect((await sharp(served.body as Buffer).metadata()).width).toBe(800);

    const widest = await request(app).get(`/uploads/products/${base}-1200.webp`);
    expect((await sharp(widest.body as Buffer).metadata()).width).toBe(1200);

    // A browser that has it asks again with its ETag: 304, no body.
    const again = await request(app).get(url).set("If-None-Match", served.headers["etag"]);
    expect(again.status).toBe(304);
    const head = await request(app).head(url);
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String((served.body as Buffer).length));
    expect(head.headers["cache-control"]).toBe(IMMUTABLE_CACHE_CONTROL);
  });

  it("deleting a product removes its image objects from the bucket; the URL is then a 404", async () => {
    const product = await createProductWithImage();
    const base = /^\/uploads\/products\/([\w-]+)-800\.webp$/.exec(product.images[0])![1];
    expect(await headObject(`products/${base}-800.webp`)).toBeDefined();

    const deleted = await request(app).delete(`/api/admin/products/${product._id}`).set(admin);
    expect(deleted.status).toBe(200);
    for (const width of [400, 800, 1200])
      expect(await headObject(`products/${base}-${width}.webp`)).toBeUndefined();
    const gone = await request(app).get(product.images[0]);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: "File not found", code: "NOT_FOUND" });
  });

  it("an image dropped from a product on edit leaves the bucket", async () => {
    const product = await createProductWithImage();
    const base = /^\/uploads\/products\/([\w-]+)-800\.webp$/.exec(product.images[0])![1];
    const edited = await request(app)
      .put(`/api/admin/products/${product._id}`)
      .set(admin)
      .field("existingImages", JSON.stringify([]))
      .attach("images", await png(600, 600, "#2c3e50"), "new.png");
    expect(edited.status).toBe(200);
    expect(edited.body.images).toHaveLength(1);
    expect(await headObject(`products/${base}-800.webp`)).toBeUndefined();
    const added = await request(app).get(edited.body.images[0]);
    expect(added.status).toBe(200);
    expect(added.headers["content-type"]).toBe("image/webp");
  });

  it("stores a popup image in the bucket and serves it; a replaced image's object is removed", async () => {
    const created = await request(app)
      .post("/api/popup-images")
      .set(admin)
      .field("title", "Eid sale")
      .attach("image", await png(800, 400), "campaign.png");
    expect(created.status).toBe(201);
    const imagePath = created.body.imagePath as string;
    expect(imagePath).toMatch(/^uploads\/popups\/[\w-]+-800\.webp$/);
    const key = imagePath.replace(/^uploads\//, "");
    expect((await headObject(key))?.ContentType).toBe("image/webp");

    const served = await request(app).get(`/${imagePath}`);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(Buffer.compare(served.body as Buffer, await objectBytes(key))).toBe(0);

    const replaced = await request(app)
      .put(`/api/popup-images/${created.body._id}`)
      .set(admin)
      .attach("image", await png(800, 400, "#16a085"), "new.png");
    expect(replaced.status).toBe(200);
    // Every width of the replaced image is gone.
    for (const width of [400, 800, 1200, 1920])
      expect(await headObject(key.replace(/-800\.webp$/, `-${width}.webp`))).toBeUndefined();
    expect(await headObject(replaced.body.imagePath.replace(/^uploads\//, ""))).toBeDefined();
    expect(localFiles()).toEqual([]);
  });

  it("keeps a bulk-order design (written again from its pixels) in the bucket and serves it as stored", async () => {
    const design = await png(300, 300, "#8e44ad");
    const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const created = await request(app)
      .post("/api/tshirt-orders")
      .field("name", "Nusrat Jahan")
      .field("mobile", "01812345678")
      .field("email", "nusrat@example.com")
      .field("color", "Navy")
      .field("printType", "SCREEN")
      .field("sizes", JSON.stringify({ M: 10, L: 10 }))
      .field("quantity", "20")
      .field("deadline", deadline)
      .attach("design", design, "design.png");
    expect(created.status).toBe(201);
    const designPath = created.body.designImagePath as string;
    expect(designPath).toMatch(/^uploads\/tshirt-designs\/[\w-]+\.png$/);
    const key = designPath.replace(/^uploads\//, "");
    const stored = await objectBytes(key);
    const rgb = (image: Buffer) => sharp(image).raw().toBuffer();
    expect(Buffer.compare(await rgb(stored), await rgb(design))).toBe(0);

    const served = await request(app).get(`/${designPath}`);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(Buffer.compare(served.body as Buffer, stored)).toBe(0);

    const deleted = await request(app).delete(`/api/tshirt-orders/${created.body._id}`).set(admin);
    expect(deleted.status).toBe(200);
    expect(await headObject(key)).toBeUndefined();
  });

  it("serves a fixed (seed) name for 7 days, like the local folder", async () => {
    const bytes = await sharp(await png(120, 80))
      .webp()
      .toBuffer();
    await getImageStore().put("popups/seed-campaign-1.webp", bytes);
    const served = await request(app).get("/uploads/popups/seed-campaign-1.webp");
    expect(served.status).toBe(200);
    expect(served.headers["cache-control"]).toBe(SEED_CACHE_CONTROL);
    expect((await headObject("popups/seed-campaign-1.webp"))?.CacheControl).toBe(
      SEED_CACHE_CONTROL,
    );
  });

  it("answers 404 for a missing image, a traversal or a key outside the image names", async () => {
    for (const url of [
      "/uploads/products/nothing-here-800.webp",
      "/uploads/..%2F..%2Fetc%2Fpasswd",
      "/uploads/products/%2e%2e/x.webp",
      "/uploads/.sgwtmp/x",
      "/uploads/",
    ]) {
      const answer = await request(app).get(url);
      expect(answer.status, url).toBe(404);
      expect(answer.body, url).toEqual({ message: "File not found", code: "NOT_FOUND" });
    }
  });

  it("never serves an object that is not a raster image, and serves images sandboxed", async () => {
    // Objects the shop would never write itself, put straight into the bucket.
    const planted = {
      "tshirt-designs/logo.svg": "image/svg+xml",
      "tshirt-designs/page.html": "text/html",
    };
    for (const [key, contentType] of Object.entries(planted))
      await s3.client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: prefix + key,
          Body: "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
          ContentType: contentType,
        }),
      );
    for (const key of Object.keys(planted)) {
      const answer = await request(app).get(`/uploads/${key}`);
      expect(answer.status, key).toBe(404);
      expect(answer.body, key).toEqual({ message: "File not found", code: "NOT_FOUND" });
      expect((await request(app).head(`/uploads/${key}`)).status, key).toBe(404);
    }
    await getImageStore().put(
      "products/plain-800.webp",
      await sharp(await png(40, 30))
        .webp()
        .toBuffer(),
    );
    const image = await request(app).get("/uploads/products/plain-800.webp");
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
    expect(image.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
  });

  it("answers 503, never a 500 or a misleading 404, when the store cannot be reached or has no such bucket", async () => {
    const unreachable = createImageStore({
      ...parseEnv({ ...s3.shopEnv(prefix), S3_ENDPOINT: "http://127.0.0.1:9" }),
    });
    const { serveUploads } = await import("../../server/storage/serve-uploads");
    const express = (await import("express")).default;
    const { errorHandler } = await import("../../server/middleware/error-handler");
    const misnamed = createImageStore(
      parseEnv({ ...s3.shopEnv(prefix), S3_BUCKET: "no-such-bucket" }),
    );
    for (const store of [unreachable, misnamed]) {
      const broken = express().use("/uploads", serveUploads(store)).use(errorHandler);
      const answer = await request(broken).get("/uploads/products/abc-800.webp");
      expect(answer.status, store.description).toBe(503);
      expect(answer.body).toEqual({
        message: "Images are not available right now",
        code: "STORAGE_UNAVAILABLE",
      });
    }
  });
});

describe("a store that cannot be reached", () => {
  it("refuses uploads with 503 and keeps nothing; deleting still works (the leftover is logged)", async () => {
    const product = await createProductWithImage();
    process.env.S3_ENDPOINT = "http://127.0.0.1:9";
    resetEnvForTests();
    try {
      const down = createApp();
      const refused = await request(down)
        .post("/api/admin/products")
        .set(admin)
        .field("title", "Never Saved Tee")
        .field("price", "900")
        .field("discountedPrice", "900")
        .field("category", String(seeded.categories.menTees._id))
        .field("variants", JSON.stringify([{ color: "Black", size: "M", stock: 3 }]))
        .attach("images", await png(), "front.png");
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({
        message: "Images cannot be saved right now. Please try again in a moment.",
        code: "STORAGE_UNAVAILABLE",
      });
      expect(await Product.countDocuments({ title: "Never Saved Tee" })).toBe(0);

      const popup = await request(down)
        .post("/api/popup-images")
        .set(admin)
        .field("title", "Never Saved")
        .attach("image", await png(400, 200), "p.png");
      expect(popup.status).toBe(503);
      expect(await PopupImage.countDocuments()).toBe(0);

      const deleted = await request(down).delete(`/api/admin/products/${product._id}`).set(admin);
      expect(deleted.status).toBe(200);
    } finally {
      process.env.S3_ENDPOINT = s3.endpoint;
      resetEnvForTests();
    }
  });
});

describe("a store that fails part-way through an image", () => {
  it("keeps none of its widths (the ones already written are removed)", async () => {
    const store = getImageStore();
    const before: string[] = [];
    for await (const object of store.list("products/")) before.push(object.key);
    const put = store.put.bind(store);
    let calls = 0;
    // The real bucket takes the first width; the second write fails as a dropped connection would.
    const failing = vi.spyOn(store, "put").mockImplementation(async (key, body) => {
      calls += 1;
      if (calls === 2) throw new Error("connection reset");
      return put(key, body);
    });
    try {
      const refused = await request(app)
        .post("/api/admin/products")
        .set(admin)
        .field("title", "Half Written Tee")
        .field("price", "900")
        .field("discountedPrice", "900")
        .field("category", String(seeded.categories.menTees._id))
        .field("variants", JSON.stringify([{ color: "Black", size: "M", stock: 3 }]))
        .attach("images", await png(), "front.png");
      expect(refused.status).toBe(503);
      expect(calls).toBe(2);
    } finally {
      failing.mockRestore();
    }
    const after: string[] = [];
    for await (const object of store.list("products/")) after.push(object.key);
    expect(after.sort()).toEqual(before.sort());
  });
});

describe("the start-up line", () => {
  it("names the bucket, or says why it cannot be read", async () => {
    expect(await describeImageStoreAtStart()).toEqual({
      ok: true,
      line: `[images] bucket ${s3.bucket}/${prefix} at ${s3.endpoint}`,
    });
    const missing = await describeImageStoreAtStart(
      createImageStore(parseEnv({ ...s3.shopEnv(prefix), S3_BUCKET: "no-such-bucket" })),
    );
    expect(missing.ok).toBe(false);
    expect(missing.line).toMatch(/^⚠ \[images\] bucket no-such-bucket\/.* cannot be read \(.+\)/);
    const wrongSecret = await describeImageStoreAtStart(
      createImageStore(parseEnv({ ...s3.shopEnv(prefix), S3_SECRET_ACCESS_KEY: "not-the-secret" })),
    );
    expect(wrongSecret.ok).toBe(false);
  });
});

describe("npm run images:copy: moving ./uploads into the bucket", () => {
  it("copies every image with its key, so the old URLs answer from the bucket; a re-run skips them", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "tweest-old-uploads-"));
    try {
      const old = new LocalImageStore(folder);
      const webp = await sharp(await png(300, 200))
        .webp()
        .toBuffer();
      const keys = [
        "products/lx1a2b3c-0a1b2c3d4e5f-400.webp",
        "products/lx1a2b3c-0a1b2c3d4e5f-800.webp",
        "popups/seed-campaign-2.webp",
        "tshirt-designs/lx1a2b3d-0a1b2c3d4e60.png",
      ];
      for (const key of keys) await old.put(key, key.endsWith(".png") ? await png(50, 50) : webp);
      const copy = (args: string[]) =>
        spawnSync(process.execPath, ["--import", "tsx", "scripts/copy-images.ts", ...args], {
          env: {
            ...process.env,
            ...s3.shopEnv(prefix),
            IMAGE_STORAGE: "local",
            LOG_LEVEL: "silent",
          },
          encoding: "utf8",
          timeout: 120_000,
        });
      const first = copy(["--dir", folder]);
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toContain("✓ 4 copied");
      for (const key of keys) {
        const served = await request(app).get(`/uploads/${key}`);
        expect(served.status, key).toBe(200);
        expect(Buffer.compare(served.body as Buffer, await readFile(path.join(folder, key)))).toBe(
          0,
        );
      }
      expect((await headObject(keys[1]))?.CacheControl).toBe(IMMUTABLE_CACHE_CONTROL);
      expect((await headObject(keys[2]))?.CacheControl).toBe(SEED_CACHE_CONTROL);
      const again = copy(["--dir", folder]);
      expect(again.status, again.stderr).toBe(0);
      expect(again.stdout).toContain("✓ 0 copied (0 KB), 4 already there");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("S3_PUBLIC_URL: images from the bucket's public address (a CDN)", () => {
  it("redirects /uploads/<key> there and lets the page load images from it", async () => {
    process.env.S3_PUBLIC_URL = "https://images.tweest.example/shop";
    resetEnvForTests();
    try {
      const cdnApp = createApp();
      const answer = await request(cdnApp).get("/uploads/products/abc123-0123456789ab-800.webp");
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe(
        "https://images.tweest.example/shop/products/abc123-0123456789ab-800.webp",
      );
      expect(answer.headers["cache-control"]).toBe("public, max-age=86400");
      const csp = answer.headers["content-security-policy"] as string;
      expect(csp).toMatch(/img-src [^;]*https:\/\/images\.tweest\.example/);
      expect((await request(cdnApp).get("/uploads/..%2Fsecret")).status).toBe(404);
      // Only raster images are sent to the public address: never a page or a script there.
      for (const key of ["tshirt-designs/logo.svg", "tshirt-designs/page.html"])
        expect((await request(cdnApp).get(`/uploads/${key}`)).status, key).toBe(404);
    } finally {
      delete process.env.S3_PUBLIC_URL;
      resetEnvForTests();
    }
  });
});

describe("the storage settings are checked at start-up", () => {
  const refusal = (variables: Record<string, string>) => {
    try {
      parseEnv(variables);
    } catch (error) {
      return error instanceof ConfigError ? error.message : String(error);
    }
    return "accepted";
  };

  it("names what is missing or contradictory", () => {
    expect(refusal({ IMAGE_STORAGE: "s3" })).toContain(
      "S3_BUCKET: must be set when IMAGE_STORAGE=s3",
    );
    expect(refusal({ IMAGE_STORAGE: "s3", S3_BUCKET: "shop", S3_ACCESS_KEY_ID: "key" })).toContain(
      "S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
    );
    expect(refusal({ S3_PUBLIC_URL: "https://cdn.example" })).toContain(
      "S3_PUBLIC_URL: is only used with IMAGE_STORAGE=s3",
    );
    expect(refusal({ IMAGE_STORAGE: "gcs" })).toContain("IMAGE_STORAGE");
    expect(
      refusal({ IMAGE_STORAGE: "s3", S3_BUCKET: "shop", S3_ENDPOINT: "minio:9000" }),
    ).toContain("S3_ENDPOINT");
    expect(refusal({ IMAGE_STORAGE: "s3", S3_BUCKET: "shop", S3_PREFIX: "../x" })).toContain(
      "S3_PREFIX",
    );
    expect(refusal({ IMAGE_STORAGE: "s3", S3_BUCKET: "shop" })).toBe("accepted");
    expect(
      parseEnv({ IMAGE_STORAGE: "s3", S3_BUCKET: "shop", S3_PREFIX: "tweest" }).S3_PREFIX,
    ).toBe("tweest/");
  });
});

/** What backups and migrations rely on, the same on both backends. */
describe.each([
  [
    "local folder",
    () => new LocalImageStore(path.join(process.env.UPLOADS_DIR as string, "contract")),
  ],
  [
    "S3 bucket",
    () => createImageStore(parseEnv({ ...s3.shopEnv(`contract-${randomUUID().slice(0, 8)}/`) })),
  ],
] as [string, () => ImageStore][])("the ImageStore interface: %s", (_name, makeStore) => {
  it("puts, stats, gets, lists and deletes", async () => {
    const store = makeStore();
    const bytes = await sharp(await png(40, 20))
      .webp()
      .toBuffer();
    await store.put("products/a1b2c3-0123456789ab-400.webp", bytes);
    await store.put("popups/banner.webp", bytes);
    await store.put("tshirt-designs/d.png", await png(10, 10));

    const info = await store.stat("products/a1b2c3-0123456789ab-400.webp");
    expect(info).toMatchObject({
      key: "products/a1b2c3-0123456789ab-400.webp",
      size: bytes.length,
      contentType: "image/webp",
    });
    expect(info!.lastModified).toBeInstanceOf(Date);
    expect(await store.stat("products/missing.webp")).toBeUndefined();
    expect(await store.get("products/missing.webp")).toBeUndefined();

    const read = await store.get("products/a1b2c3-0123456789ab-400.webp");
    const chunks: Buffer[] = [];
    for await (const chunk of read!.body) chunks.push(chunk as Buffer);
    expect(Buffer.compare(Buffer.concat(chunks), bytes)).toBe(0);

    const all: string[] = [];
    for await (const object of store.list()) all.push(object.key);
    expect(all.sort()).toEqual([
      "popups/banner.webp",
      "products/a1b2c3-0123456789ab-400.webp",
      "tshirt-designs/d.png",
    ]);
    const products: string[] = [];
    for await (const object of store.list("products/")) products.push(object.key);
    expect(products).toEqual(["products/a1b2c3-0123456789ab-400.webp"]);

    await store.delete("popups/banner.webp");
    await store.delete("popups/banner.webp"); // nothing there: not an error
    expect(await store.stat("popups/banner.webp")).toBeUndefined();
    await expect(store.put("../escape.webp", bytes)).rejects.toThrow(/Not an image storage key/);
  });
});
