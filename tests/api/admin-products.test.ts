import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Category } from "../../models/category.model";
import { Product } from "../../models/product.model";
import { Review } from "../../models/review.model";
import { createApp } from "../../server/app";
import { uploadsRoot } from "../../server/lib/images";
import { createCategory } from "../factories/category";
import { createAdmin, createUser } from "../factories/user";
import { useSeededCatalog } from "../setup/catalog";
import { letAnyoneReview } from "../factories/review";

const app = createApp();
const seeded = useSeededCatalog();
let admin: { Authorization: string };

beforeEach(async () => {
  admin = { Authorization: `Bearer ${(await createAdmin()).token}` };
});

const id = (doc: { _id: unknown }) => String(doc._id);

function png(width = 1600, height = 900, color = "#c0392b") {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** The files on disk for a stored image URL (/uploads/products/<base>-800.webp). */
function filesOf(url: string): string[] {
  const match = /^\/uploads\/products\/(.+)-800\.webp$/.exec(url);
  expect(match).not.toBeNull();
  return [400, 800, 1200].map((width) =>
    path.join(uploadsRoot(), "products", `${match![1]}-${width}.webp`),
  );
}

function productFields(req: request.Test, overrides: Record<string, string> = {}) {
  const fields: Record<string, string> = {
    title: "Festive Panjabi",
    description: "Cotton panjabi with embroidery",
    price: "2200",
    discountedPrice: "1980",
    category: id(seeded.categories.menTees),
    variants: JSON.stringify([
      { color: "Maroon", size: "M", stock: 4, sku: "FP-M-M" },
      { color: "Maroon", size: "L", stock: 2 },
      { color: "Olive", size: "M", stock: 0 },
    ]),
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  return req;
}

describe("POST /api/admin/products", () => {
  it("creates a product with re-encoded WebP images and derived stock", async () => {
    const req = request(app).post("/api/admin/products").set(admin);
    productFields(req)
      .attach("images", await png(), { filename: "front.png", contentType: "image/png" })
      .attach("images", await png(500, 500, "#2c3e50"), {
        filename: "back.jpg",
        contentType: "image/jpeg",
      });
    const answer = await req;
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      title: "Festive Panjabi",
      slug: "festive-panjabi",
      brand: "Tweest",
      price: 2200,
      discountedPrice: 1980,
      discountPercent: 10,
      categoryName: "T-Shirts",
      category: { _id: id(seeded.categories.menTees), slug: "men-t-shirts" },
      colors: ["Maroon", "Olive"],
      sizes: [
        { name: "M", quantity: 4 },
        { name: "L", quantity: 2 },
      ],
      quantity: 6,
      isActive: true,
    });
    expect(answer.body.images).toHaveLength(2);
    expect(answer.body.imageUrl).toBe(answer.body.images[0]);
    for (const url of answer.body.images as string[])
      for (const file of filesOf(url)) expect(existsSync(file), file).toBe(true);
    const widest = await sharp(filesOf(answer.body.images[0])[2]).metadata();
    expect(widest.format).toBe("webp");
    expect(widest.width).toBe(1200);
    // A small image is never enlarged.
    const small = await sharp(filesOf(answer.body.images[1])[2]).metadata();
    expect(small.width).toBe(500);

    const stored = await Product.findById(answer.body._id).lean();
    expect(stored!.categoryPath.map(String)).toEqual([
      id(seeded.categories.men),
      id(seeded.categories.menTees),
    ]);
    expect(stored!.variants.map((variant) => [variant.color, variant.size, variant.stock])).toEqual(
      [
        ["Maroon", "M", 4],
        ["Maroon", "L", 2],
        ["Olive", "M", 0],
      ],
    );
    // The served file answers.
    const served = await request(app).get(answer.body.images[0]);
    expect(served.status).toBe(200);
  });

  it("accepts JSON without images and de-duplicates slugs", async () => {
    const body = {
      title: "Classic Cotton Tee",
      price: 900,
      discountedPrice: 900,
      category: id(seeded.categories.men),
      variants: [{ color: "Grey", size: "S", stock: 3 }],
    };
    const answer = await request(app).post("/api/admin/products").set(admin).send(body);
    expect(answer.status).toBe(201);
    expect(answer.body.slug).toBe("classic-cotton-tee-2");
    expect(answer.body.images).toEqual([]);
    expect(answer.body.imageUrl).toBe("");
  });

  it("refuses spoofed content (415) and oversize files (413), writing nothing", async () => {
    const folder = path.join(uploadsRoot(), "products");
    const before = existsSync(folder) ? readdirSync(folder) : [];
    const spoofed = request(app).post("/api/admin/products").set(admin);
    productFields(spoofed).attach("images", Buffer.from("<?php echo 'hi'; ?>".repeat(10)), {
      filename: "photo.png",
      contentType: "image/png",
    });
    const refused = await spoofed;
    expect(refused.status).toBe(415);
    expect(refused.body).toEqual({
      message: "Only JPEG, PNG, WebP or GIF images are accepted",
      code: "UNSUPPORTED_MEDIA_TYPE",
    });

    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    (await png(10, 10)).copy(big);
    const oversize = request(app).post("/api/admin/products").set(admin);
    productFields(oversize).attach("images", big, {
      filename: "huge.png",
      contentType: "image/png",
    });
    const tooLarge = await oversize;
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ message: "File too large", code: "FILE_TOO_LARGE" });

    expect(await Product.countDocuments({ title: "Festive Panjabi" })).toBe(0);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual(before);
  });

  it("refuses more than 8 images, bad fields and non-admins", async () => {
    const many = request(app).post("/api/admin/products").set(admin);
    productFields(many);
    const image = await png(20, 20);
    for (let index = 0; index < 9; index += 1)
      many.attach("images", image, { filename: `${index}.png`, contentType: "image/png" });
    const nine = await many;
    expect(nine.status).toBe(400);
    expect(nine.body).toEqual({
      message: 'Send at most 8 images, in the field "images"',
      code: "BAD_REQUEST",
    });

    const badPrice = request(app).post("/api/admin/products").set(admin);
    const invalid = await productFields(badPrice, { discountedPrice: "3000" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([
      { path: "discountedPrice", message: "discountedPrice cannot exceed price" },
    ]);

    const duplicateVariant = request(app).post("/api/admin/products").set(admin);
    const dup = await productFields(duplicateVariant, {
      variants: JSON.stringify([
        { color: "Red", size: "M", stock: 1 },
        { color: "Red", size: "M", stock: 2 },
      ]),
    });
    expect(dup.status).toBe(400);

    const customer = await createUser();
    const forbidden = await request(app)
      .post("/api/admin/products")
      .set({ Authorization: `Bearer ${customer.token}` })
      .send({});
    expect(forbidden.status).toBe(403);
    const anonymous = await request(app).get("/api/admin/products");
    expect(anonymous.status).toBe(401);
    expect(await Product.countDocuments()).toBe(6);
  });
});

describe("PUT /api/admin/products/{id} and DELETE", () => {
  it("keeps chosen images, appends uploads, removes dropped files, and edits the stock grid", async () => {
    const create = request(app).post("/api/admin/products").set(admin);
    productFields(create)
      .attach("images", await png(), { filename: "a.png", contentType: "image/png" })
      .attach("images", await png(), { filename: "b.png", contentType: "image/png" });
    const created = await create;
    const [first, second] = created.body.images as string[];

    const update = request(app).put(`/api/admin/products/${created.body._id}`).set(admin);
    update
      .field("existingImages", JSON.stringify([second]))
      .field("variants", JSON.stringify([{ color: "Maroon", size: "XL", stock: 7 }]))
      .field("discountedPrice", "1500")
      .attach("images", await png(800, 800), { filename: "c.png", contentType: "image/png" });
    const updated = await update;
    expect(updated.status).toBe(200);
    expect(updated.body.images).toHaveLength(2);
    expect(updated.body.images[0]).toBe(second);
    expect(updated.body).toMatchObject({
      discountedPrice: 1500,
      discountPercent: 32,
      colors: ["Maroon"],
      sizes: [{ name: "XL", quantity: 7 }],
      quantity: 7,
    });
    for (const file of filesOf(first)) expect(existsSync(file)).toBe(false);
    for (const file of filesOf(updated.body.images[1])) expect(existsSync(file)).toBe(true);

    const listed = await request(app)
      .get("/api/admin/products")
      .set(admin)
      .query({ search: "festive" });
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(1);
    expect(listed.body.products[0]._id).toBe(created.body._id);

    const reviewer = await createUser();
    await letAnyoneReview();
    await request(app)
      .post("/api/reviews/create")
      .set({ Authorization: `Bearer ${reviewer.token}` })
      .send({ productId: created.body._id, review: "Nice." });
    expect(await Review.countDocuments({ product: created.body._id })).toBe(1);

    const removed = await request(app).delete(`/api/admin/products/${created.body._id}`).set(admin);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: "Product deleted" });
    for (const url of updated.body.images as string[])
      for (const file of filesOf(url)) expect(existsSync(file)).toBe(false);
    expect(await Product.exists({ _id: created.body._id })).toBeNull();
    expect(await Review.countDocuments({ product: created.body._id })).toBe(0);
    const again = await request(app).delete(`/api/admin/products/${created.body._id}`).set(admin);
    expect(again.status).toBe(404);
  });

  it("lists inactive products for admins only", async () => {
    const all = await request(app).get("/api/admin/products").set(admin);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(6);
    const hidden = await request(app)
      .get(`/api/admin/products/${id(seeded.products.hidden)}`)
      .set(admin);
    expect(hidden.status).toBe(200);
    expect(hidden.body.isActive).toBe(false);
    const activate = await request(app)
      .put(`/api/admin/products/${id(seeded.products.hidden)}`)
      .set(admin)
      .send({ isActive: true });
    expect(activate.status).toBe(200);
    expect((await Product.findById(seeded.products.hidden._id).lean())!.isActive).toBe(true);
  });
});

describe("/api/admin/categories", () => {
  it("creates a sub-category at the right level and renames keep products in step", async () => {
    const created = await request(app)
      .post("/api/admin/categories")
      .set(admin)
      .send({ name: "Polo Shirts", parentCategory: id(seeded.categories.men) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Polo Shirts",
      slug: "polo-shirts",
      parentCategory: id(seeded.categories.men),
      level: 2,
    });
    const duplicate = await request(app)
      .post("/api/admin/categories")
      .set(admin)
      .send({ name: "Polo", slug: "polo-shirts" });
    expect(duplicate.status).toBe(409);

    const renamed = await request(app)
      .put(`/api/admin/categories/${id(seeded.categories.menTees)}`)
      .set(admin)
      .send({ name: "Tees" });
    expect(renamed.status).toBe(200);
    expect((await Product.findById(seeded.products.classic._id).lean())!.categoryName).toBe("Tees");
  });

  it("moves a category with its products' paths", async () => {
    const moved = await request(app)
      .put(`/api/admin/categories/${id(seeded.categories.menTees)}`)
      .set(admin)
      .send({ parentCategory: id(seeded.categories.women) });
    expect(moved.status).toBe(200);
    expect(moved.body.parentCategory).toBe(id(seeded.categories.women));
    const classic = await Product.findById(seeded.products.classic._id).lean();
    expect(classic!.categoryPath.map(String)).toEqual([
      id(seeded.categories.women),
      id(seeded.categories.menTees),
    ]);
    const women = await request(app).get("/api/products").query({ category: "women" });
    expect(women.body.totalProducts).toBe(4);
    const loop = await request(app)
      .put(`/api/admin/categories/${id(seeded.categories.women)}`)
      .set(admin)
      .send({ parentCategory: id(seeded.categories.menTees) });
    expect(loop.status).toBe(400);
    // Named on the field, so the editor shows it under "Parent".
    const refusal = "A category cannot sit under itself or one of its sub-categories";
    expect(loop.body).toEqual({
      message: refusal,
      code: "BAD_REQUEST",
      errors: [{ path: "parentCategory", message: refusal }],
    });
    const unknown = await request(app)
      .post("/api/admin/categories")
      .set(admin)
      .send({ name: "Orphan", parentCategory: "0123456789abcdef01234567" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { path: "parentCategory", message: "Unknown parent category" },
    ]);
  });

  it("refuses to delete a category in use (409) and deletes an unused one", async () => {
    const inUse = await request(app)
      .delete(`/api/admin/categories/${id(seeded.categories.kurti)}`)
      .set(admin);
    expect(inUse.status).toBe(409);
    expect(inUse.body).toEqual({
      message: "This category is used by 2 products",
      code: "CATEGORY_IN_USE",
    });
    const parent = await request(app)
      .delete(`/api/admin/categories/${id(seeded.categories.women)}`)
      .set(admin);
    expect(parent.status).toBe(409);
    expect(parent.body.code).toBe("CATEGORY_IN_USE");

    const empty = await createCategory({ name: "Sale", slug: "sale" });
    const deleted = await request(app)
      .delete(`/api/admin/categories/${id(empty)}`)
      .set(admin);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Category deleted" });
    expect(await Category.exists({ _id: empty._id })).toBeNull();
    expect(await Category.exists({ _id: seeded.categories.kurti._id })).not.toBeNull();
  });
});
