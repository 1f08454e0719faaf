import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "../../server/env";
import { IMMUTABLE_CACHE_CONTROL } from "../../server/storage";
import { seedCatalog } from "../factories/catalog";
import { createAdmin } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { startS3Server, type S3TestServer } from "../setup/s3-server";
import { freePort, startShopProcess, stopShopProcesses } from "./helpers";

/**
 * Two shop processes (`tsx server/index.ts`, as behind a load balancer) on one database and one
 * S3-compatible store, each with its own empty UPLOADS_DIR: an image taken by one is served by the
 * other, and one removed through either is gone from both.
 */
let s3: S3TestServer;
let urls: [string, string];
let uploadDirs: string[];

beforeAll(async () => {
  s3 = await startS3Server();
  await clearDatabase();
  const prefix = `instances-${randomUUID().slice(0, 8)}/`;
  uploadDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), "tweest-instance-uploads-")));
  const ports = [await freePort(), await freePort()];
  await Promise.all(
    ports.map((port, index) =>
      startShopProcess(port, {
        ...s3.shopEnv(prefix),
        UPLOADS_DIR: uploadDirs[index],
        // The tokens this file signs are good on both.
        JWT_SECRET: getEnv().JWT_SECRET,
      }),
    ),
  );
  urls = [`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`];
}, 20 * 60_000);

afterAll(async () => {
  stopShopProcesses();
  await s3?.stop();
  for (const dir of uploadDirs ?? []) rmSync(dir, { recursive: true, force: true });
});

function png(width: number, height: number, color: string) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function bytesOf(answer: Response): Promise<Buffer> {
  return Buffer.from(await answer.arrayBuffer());
}

describe("two instances, one database, one object store", () => {
  it("an image uploaded through one instance is served by the other, and deleted through either", async () => {
    const [a, b] = urls;
    const seeded = await seedCatalog();
    const auth = { authorization: `Bearer ${(await createAdmin()).token}` };

    const form = new FormData();
    form.set("title", "Two Instance Tee");
    form.set("price", "900");
    form.set("discountedPrice", "900");
    form.set("category", String(seeded.categories.menTees._id));
    form.set("variants", JSON.stringify([{ color: "Black", size: "M", stock: 3 }]));
    form.set("images", new Blob([await png(1000, 700, "#c0392b")], { type: "image/png" }), "a.png");
    const created = await fetch(`${a}/api/admin/products`, {
      method: "POST",
      headers: auth,
      body: form,
    });
    expect(created.status).toBe(201);
    const product = (await created.json()) as { _id: string; images: string[] };

    const fromA = await fetch(`${a}${product.images[0]}`);
    const fromB = await fetch(`${b}${product.images[0]}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe("image/webp");
    expect(fromB.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(Buffer.compare(await bytesOf(fromB), await bytesOf(fromA))).toBe(0);

    // A popup image the other way round.
    const popup = new FormData();
    popup.set("title", "Eid sale");
    popup.set("image", new Blob([await png(900, 450, "#16a085")], { type: "image/png" }), "p.png");
    const popupAnswer = await fetch(`${b}/api/popup-images`, {
      method: "POST",
      headers: auth,
      body: popup,
    });
    expect(popupAnswer.status).toBe(201);
    const { imagePath } = (await popupAnswer.json()) as { imagePath: string };
    const popupOnA = await fetch(`${a}/${imagePath}`);
    expect(popupOnA.status).toBe(200);
    expect(popupOnA.headers.get("content-type")).toBe("image/webp");
    await popupOnA.arrayBuffer();

    // Deleted through B: gone on A too.
    const deleted = await fetch(`${b}/api/admin/products/${product._id}`, {
      method: "DELETE",
      headers: auth,
    });
    expect(deleted.status).toBe(200);
    const goneOnA = await fetch(`${a}${product.images[0]}`);
    expect(goneOnA.status).toBe(404);
    await goneOnA.arrayBuffer();

    // Neither instance kept a copy on its own disk.
    for (const dir of uploadDirs) expect(readdirSync(dir, { recursive: true })).toEqual([]);
  });
});
