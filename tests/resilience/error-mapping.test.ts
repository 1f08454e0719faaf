import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Category } from "../../models/category.model";
import { Rating } from "../../models/rating.model";
import { createApp } from "../../server/app";
import { clearDatabase } from "../setup/db";
import { seedCatalog } from "../factories/catalog";
import { createAdmin, createUser } from "../factories/user";
import { letAnyoneReview } from "../factories/review";

/** Regressions for what the attack tests found (each was a 500 or a silent wrong write). */
const app = createApp();
let adminToken: string;

beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
});

describe("PUT /api/admin/categories/:id", () => {
  it("answers 409 for a slug another category has (FerretDB's update-time unique error was a 500)", async () => {
    const { categories } = await seedCatalog();
    const answer = await request(app)
      .put(`/api/admin/categories/${categories.women._id}`)
      .set("Authorization", `Bearer ${adminToken}`)
      .send({ name: "Women", slug: "men" });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: "slug already exists", code: "DUPLICATE" });
    expect((await Category.findById(categories.women._id).lean())!.slug).toBe("women");
  });
});

describe("GET /api/admin/orders?search=", () => {
  it("refuses a NUL character with a 400 (the database refused it in a regex: a 500)", async () => {
    for (const path of [
      "/api/admin/orders?search=%00",
      "/api/users/admin/customers?search=a%00b",
      "/api/payments?search=%00",
      "/api/tshirt-orders?search=%00",
    ]) {
      const answer = await request(app).get(path).set("Authorization", `Bearer ${adminToken}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        message: "Invalid input: NUL characters are not allowed",
        code: "NUL_REJECTED",
      });
    }
  });
});

describe("POST /api/ratings/create", () => {
  it('refuses true, [], null and "" as a number (z.coerce.number() made them 1 or 0)', async () => {
    const { products } = await seedCatalog();
    const { token } = await createUser();
    await letAnyoneReview();
    for (const rating of [true, [], null, ""]) {
      const answer = await request(app)
        .post("/api/ratings/create")
        .set("Authorization", `Bearer ${token}`)
        .send({ productId: String(products.classic._id), rating });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe("VALIDATION_ERROR");
    }
    expect(await Rating.countDocuments({})).toBe(0);
    // Numeric text (a form field) still counts.
    const form = await request(app)
      .post("/api/ratings/create")
      .set("Authorization", `Bearer ${token}`)
      .send({ productId: String(products.classic._id), rating: "4" });
    expect(form.status).toBe(201);
    expect((await Rating.findOne({}).lean())!.rating).toBe(4);
  });
});
