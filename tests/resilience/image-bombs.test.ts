import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import request from "supertest";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PopupImage } from "../../models/popup-image.model";
import { Product } from "../../models/product.model";
import { TshirtOrder } from "../../models/tshirt-order.model";
import { createApp } from "../../server/app";
import { seedCatalog } from "../factories/catalog";
import { bulkOrderFormFields } from "../factories/tshirt-order";
import { createAdmin } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { withEnv } from "./helpers";

/**
 * Image bombs: a small file whose header declares a huge picture. Decoding one 16000 x 16000 PNG
 * took ~9 s of CPU and ~825 MB of memory; every upload route must refuse it from its header.
 */
const app = createApp();
const uploads = () => path.resolve(process.env.UPLOADS_DIR as string);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1-bit greyscale PNG of width x height (all black): ~30 KB for 16000 x 16000. */
function bombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  // Each row: filter byte 0, then width bits of zeros.
  const raw = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

let bomb: Buffer;
let adminToken: string;
let categoryId: string;

const TOO_LARGE = {
  message: "The image is too large: at most 25 megapixels (this one is 16000 x 16000)",
  code: "IMAGE_TOO_LARGE",
};

beforeAll(() => {
  bomb = bombPng(16000, 16000);
});

beforeEach(async () => {
  await clearDatabase();
  rmSync(uploads(), { recursive: true, force: true });
  adminToken = (await createAdmin()).token;
  categoryId = String((await seedCatalog()).categories.men._id);
});

function storedFiles(): string[] {
  try {
    return readdirSync(uploads(), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

const bulkOrderFields = bulkOrderFormFields();

function postBulkOrder(design: Buffer) {
  const call = request(app).post("/api/tshirt-orders");
  for (const [name, value] of Object.entries(bulkOrderFields)) void call.field(name, value);
  return call.attach("design", design, { filename: "design.png", contentType: "image/png" });
}

/** Runs `send`, answering its response and how much the process's resident memory grew. */
async function measured(send: () => PromiseLike<request.Response>) {
  const before = process.memoryUsage().rss;
  const startedAt = performance.now();
  const answer = await send();
  return {
    answer,
    grewMb: (process.memoryUsage().rss - before) / 1024 / 1024,
    ms: performance.now() - startedAt,
  };
}

describe("image bombs are refused from the header, before decoding", () => {
  it("the test's bomb is a small file that declares 256 megapixels", async () => {
    expect(bomb.length).toBeLessThan(100 * 1024);
    const header = await sharp(bomb).metadata();
    expect([header.width, header.height]).toEqual([16000, 16000]);
  });

  it("public bulk-order design: 413 with a clear message, nothing stored, memory flat", async () => {
    const { answer, grewMb, ms } = await measured(() => postBulkOrder(bomb));
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual(TOO_LARGE);
    expect(grewMb).toBeLessThan(100);
    expect(ms).toBeLessThan(2000);
    expect(await TshirtOrder.countDocuments()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it("popup image (admin): 413, nothing stored, memory flat", async () => {
    const { answer, grewMb } = await measured(() =>
      request(app)
        .post("/api/popup-images")
        .set("Authorization", `Bearer ${adminToken}`)
        .field("title", "Eid sale")
        .attach("image", bomb, { filename: "eid.png", contentType: "image/png" }),
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      message: "The image is too large: at most 50 megapixels (this one is 16000 x 16000)",
      code: "IMAGE_TOO_LARGE",
    });
    expect(grewMb).toBeLessThan(100);
    expect(await PopupImage.countDocuments()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it("product image (admin): 413, no product, memory flat", async () => {
    const { answer, grewMb } = await measured(() =>
      request(app)
        .post("/api/admin/products")
        .set("Authorization", `Bearer ${adminToken}`)
        .field("title", "Bomb Tee")
        .field("price", "1000")
        .field("discountedPrice", "900")
        .field("category", categoryId)
        .field("variants", JSON.stringify([{ color: "Black", size: "M", stock: 3 }]))
        .attach("images", bomb, { filename: "tee.png", contentType: "image/png" }),
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual(TOO_LARGE);
    expect(grewMb).toBeLessThan(100);
    expect(await Product.countDocuments({ title: "Bomb Tee" })).toBe(0);
    expect(storedFiles()).toEqual([]);
  });
});

describe("the public bulk-order route is limited", () => {
  it("per client address (BULK_ORDER_RATE_LIMIT_IP_PER_HOUR), before the upload is read", async () => {
    await withEnv({ BULK_ORDER_RATE_LIMIT_IP_PER_HOUR: "2" }, async () => {
      const small = await sharp({
        create: { width: 32, height: 32, channels: 3, background: "#123456" },
      })
        .png()
        .toBuffer();
      expect((await postBulkOrder(small)).status).toBe(201);
      expect((await postBulkOrder(small)).status).toBe(201);
      const third = await postBulkOrder(small);
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({
        message: "Too many bulk order requests from this network. Please try again in 60 minutes.",
        code: "RATE_LIMITED",
      });
      expect(await TshirtOrder.countDocuments()).toBe(2);
    });
  });

  it("in design bytes stored per day (BULK_ORDER_DESIGN_MB_PER_DAY), for all clients together", async () => {
    await withEnv({ BULK_ORDER_DESIGN_MB_PER_DAY: "1" }, async () => {
      // Noise does not compress: about 600 KB as a PNG, so two do not fit in 1 MB.
      const noisy = await sharp({
        create: {
          width: 450,
          height: 450,
          channels: 3,
          background: "#000",
          noise: { type: "gaussian", mean: 128, sigma: 60 },
        },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(noisy.length).toBeGreaterThan(512 * 1024);
      expect((await postBulkOrder(noisy)).status).toBe(201);
      const second = await postBulkOrder(noisy);
      expect(second.status).toBe(429);
      expect(second.body).toEqual({
        message:
          "We cannot accept more design files today. Please send your request without the design, or try again tomorrow.",
        code: "DAILY_UPLOAD_LIMIT",
      });
      expect(await TshirtOrder.countDocuments()).toBe(1);
      expect(storedFiles()).toHaveLength(1);
      // Without a design the request still goes through.
      const call = request(app).post("/api/tshirt-orders");
      for (const [name, value] of Object.entries(bulkOrderFields)) void call.field(name, value);
      expect((await call).status).toBe(201);
    });
  });
});
