import { Router } from "express";
import { z } from "zod";
import { RatedAnswer, RatingAnswer, ReviewAnswer } from "#contract/answers/catalog";
import { requireUser } from "../middleware/auth.js";
import { endpoint } from "../middleware/validate.js";
import { ProductIdParams, RatingBody, ReviewBody } from "#contract/schemas/catalog";
import { listRatings, listReviews, rateProduct, writeReview } from "../services/reviews.service.js";

export const reviewsRouter = Router();
const REVIEWS = "/api/reviews";

endpoint(reviewsRouter, REVIEWS, {
  method: "get",
  path: "/product/:productId",
  summary: "A product's reviews, newest first, with the reviewer's first name",
  tags: ["reviews"],
  params: ProductIdParams,
  responses: { 200: { description: "Reviews", schema: z.array(ReviewAnswer) } },
  handler: ({ params }) => listReviews(params.productId),
});

endpoint(reviewsRouter, REVIEWS, {
  method: "post",
  path: "/create",
  summary: "Writes the user's review (one per product: writing again replaces it)",
  tags: ["reviews"],
  auth: "user",
  before: [requireUser],
  body: ReviewBody,
  status: 201,
  responses: {
    201: { description: "Created", schema: ReviewAnswer },
    200: { description: "Replaced", schema: ReviewAnswer },
    404: { description: "Product not found" },
  },
  handler: async ({ body }, req, res) => {
    const { review, created } = await writeReview(req.user!._id.toString(), body);
    res.status(created ? 201 : 200).json(review);
  },
});

export const ratingsRouter = Router();
const RATINGS = "/api/ratings";

endpoint(ratingsRouter, RATINGS, {
  method: "get",
  path: "/product/:productId",
  summary: "A product's ratings, newest first",
  tags: ["reviews"],
  params: ProductIdParams,
  responses: { 200: { description: "Ratings", schema: z.array(RatingAnswer) } },
  handler: ({ params }) => listRatings(params.productId),
});

endpoint(ratingsRouter, RATINGS, {
  method: "post",
  path: "/create",
  summary: "Rates a product 1..5 (one per user and product: a second one updates it)",
  tags: ["reviews"],
  auth: "user",
  before: [requireUser],
  body: RatingBody,
  status: 201,
  responses: {
    201: { description: "Created; the product's new average", schema: RatedAnswer },
    200: { description: "Updated (rated before); the product's new average", schema: RatedAnswer },
    404: { description: "Product not found" },
  },
  handler: async ({ body }, req, res) => {
    const { rating, created, averageRating, numRatings } = await rateProduct(
      req.user!._id.toString(),
      body,
    );
    res.status(created ? 201 : 200).json({ ...rating, averageRating, numRatings });
  },
});
