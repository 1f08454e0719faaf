import request from "supertest";
import { describe, expect, it } from "vitest";
import type { OrderStatus } from "../../models/order.model";
import { Product } from "../../models/product.model";
import { Rating } from "../../models/rating.model";
import { Review } from "../../models/review.model";
import { createApp } from "../../server/app";
import { createOrder } from "../factories/order";
import { letAnyoneReview } from "../factories/review";
import { createUser } from "../factories/user";
import { useSeededCatalog } from "../setup/catalog";

const app = createApp();
const seeded = useSeededCatalog();

const id = (doc: { _id: unknown }) => String(doc._id);

async function deliveredOrder(
  userId: unknown,
  productId: unknown,
  status: OrderStatus = "DELIVERED",
) {
  const silk = { _id: productId, title: "Silk Kurti", price: 3000, discountedPrice: 1500 };
  await createOrder({
    user: userId,
    firstName: "Nadia",
    orderStatus: status,
    lines: [{ product: silk, color: "Red", size: "L" }],
  });
}

describe("POST /api/reviews/create", () => {
  it("stores a review, marks verified purchases and keeps numReviews", async () => {
    const buyer = await createUser({ firstName: "Nadia" });
    const browser = await createUser({ firstName: "Rafi" });
    await deliveredOrder(buyer.user._id, seeded.products.silk._id);
    // An order that is not delivered does not count.
    await deliveredOrder(browser.user._id, seeded.products.silk._id, "SHIPPED");

    const verified = await request(app)
      .post("/api/reviews/create")
      .set({ Authorization: `Bearer ${buyer.token}` })
      .send({ productId: id(seeded.products.silk), review: "Lovely fabric." });
    expect(verified.status).toBe(201);
    expect(verified.body).toMatchObject({
      review: "Lovely fabric.",
      verifiedPurchase: true,
      productId: id(seeded.products.silk),
      user: { firstName: "Nadia" },
    });
    // The shop's default: only buyers who received the product review it.
    const refused = await request(app)
      .post("/api/reviews/create")
      .set({ Authorization: `Bearer ${browser.token}` })
      .send({ productId: id(seeded.products.silk), review: "Looks nice online." });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: "Only shoppers who received this product can review it.",
      code: "REVIEW_NOT_ALLOWED",
    });
    await letAnyoneReview();
    const unverified = await request(app)
      .post("/api/reviews/create")
      .set({ Authorization: `Bearer ${browser.token}` })
      .send({ productId: id(seeded.products.silk), review: "Looks nice online." });
    expect(unverified.status).toBe(201);
    expect(unverified.body.verifiedPurchase).toBe(false);

    expect((await Product.findById(seeded.products.silk._id).lean())!.numReviews).toBe(2);
    expect(await Review.countDocuments({ product: seeded.products.silk._id })).toBe(2);

    // Writing again replaces the user's review (200), the count stays.
    const replaced = await request(app)
      .post("/api/reviews/create")
      .set({ Authorization: `Bearer ${browser.token}` })
      .send({ productId: id(seeded.products.silk), review: "Bought it after all." });
    expect(replaced.status).toBe(200);
    expect(replaced.body.review).toBe("Bought it after all.");
    expect(replaced.body._id).toBe(unverified.body._id);
    expect((await Product.findById(seeded.products.silk._id).lean())!.numReviews).toBe(2);

    const listed = await request(app).get(`/api/reviews/product/${id(seeded.products.silk)}`);
    expect(listed.status).toBe(200);
    // Newest first: Rafi's review was written after Nadia's (creation order).
    expect(
      listed.body.map((review: { user: { firstName: string }; review: string }) => [
        review.user.firstName,
        review.review,
      ]),
    ).toEqual([
      ["Rafi", "Bought it after all."],
      ["Nadia", "Lovely fabric."],
    ]);
    expect(listed.body[0].user).not.toHaveProperty("email");
  });

  it("needs a token, a known product and 1..2000 characters", async () => {
    await letAnyoneReview();
    const { token } = await createUser();
    const auth = { Authorization: `Bearer ${token}` };
    const anonymous = await request(app)
      .post("/api/reviews/create")
      .send({ productId: id(seeded.products.silk), review: "x" });
    expect(anonymous.status).toBe(401);
    const empty = await request(app)
      .post("/api/reviews/create")
      .set(auth)
      .send({ productId: id(seeded.products.silk), review: "   " });
    expect(empty.status).toBe(400);
    const long = await request(app)
      .post("/api/reviews/create")
      .set(auth)
      .send({ productId: id(seeded.products.silk), review: "a".repeat(2001) });
    expect(long.status).toBe(400);
    const exact = await request(app)
      .post("/api/reviews/create")
      .set(auth)
      .send({ productId: id(seeded.products.silk), review: "a".repeat(2000) });
    expect(exact.status).toBe(201);
    const unknown = await request(app)
      .post("/api/reviews/create")
      .set(auth)
      .send({ productId: "64b7f0c2a1b2c3d4e5f60718", review: "ok" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Product not found");
    const malformed = await request(app).get("/api/reviews/product/zzz");
    expect(malformed.status).toBe(400);
    expect(await Review.countDocuments()).toBe(1);
  });
});

describe("POST /api/ratings/create", () => {
  it("keeps one rating per user and product and the product's average", async () => {
    await letAnyoneReview();
    const first = await createUser({ firstName: "Nadia" });
    const second = await createUser({ firstName: "Rafi" });
    const rate = (token: string, rating: number) =>
      request(app)
        .post("/api/ratings/create")
        .set({ Authorization: `Bearer ${token}` })
        .send({ productId: id(seeded.products.classic), rating });

    const four = await rate(first.token, 4);
    expect(four.status).toBe(201);
    expect(four.body).toMatchObject({ rating: 4, averageRating: 4, numRatings: 1 });
    const five = await rate(second.token, 5);
    expect(five.body).toMatchObject({ averageRating: 4.5, numRatings: 2 });
    // The first user changes their mind: (2 + 5) / 2 = 3.5, still two ratings.
    const two = await rate(first.token, 2);
    expect(two.status).toBe(200);
    expect(two.body).toMatchObject({ rating: 2, averageRating: 3.5, numRatings: 2 });

    const product = await Product.findById(seeded.products.classic._id).lean();
    expect(product!.averageRating).toBe(3.5);
    expect(product!.numRatings).toBe(2);
    expect(await Rating.countDocuments({ product: seeded.products.classic._id })).toBe(2);

    // A third rating of 5 gives (2 + 5 + 5) / 3 = 4.
    const third = await createUser();
    expect((await rate(third.token, 5)).body.averageRating).toBe(4);
    const awkward = await createUser();
    // (2 + 5 + 5 + 4) / 4 = 4; then another 5: 21 / 5 = 4.2
    await rate(awkward.token, 4);
    const last = await rate((await createUser()).token, 5);
    expect(last.body).toMatchObject({ averageRating: 4.2, numRatings: 5 });

    const listed = await request(app).get(`/api/ratings/product/${id(seeded.products.classic)}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(5);
    expect(listed.body.map((rating: { rating: number }) => rating.rating).sort()).toEqual([
      2, 4, 5, 5, 5,
    ]);
  });

  it("refuses ratings outside 1..5 and anonymous ratings", async () => {
    await letAnyoneReview();
    const { token } = await createUser();
    for (const rating of [0, 6, 3.5]) {
      const answer = await request(app)
        .post("/api/ratings/create")
        .set({ Authorization: `Bearer ${token}` })
        .send({ productId: id(seeded.products.classic), rating });
      expect(answer.status, String(rating)).toBe(400);
    }
    const anonymous = await request(app)
      .post("/api/ratings/create")
      .send({ productId: id(seeded.products.classic), rating: 5 });
    expect(anonymous.status).toBe(401);
    expect(await Rating.countDocuments()).toBe(0);
  });
});
