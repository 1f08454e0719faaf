import { Router } from "express";
import { z } from "zod";
import { RatedAnswer, RatingAnswer, ReviewAnswer } from "#contract/answers/catalog";
import { MyReviewAnswer } from "#contract/answers/reviews";
import { MAX_REVIEW_PHOTOS } from "#contract/images";
import { requireUser } from "../middleware/auth.js";
import { imageUpload, uploadedImages } from "../middleware/multipart.js";
import { reviewLimits } from "../middleware/rate-limit.js";
import { endpoint } from "../middleware/validate.js";
import { ProductIdParams, RatingBody, ReviewBody } from "#contract/schemas/catalog";
import {
  TOO_MANY_REVIEW_PHOTOS_MESSAGE,
  listRatings,
  listReviews,
  myReview,
  rateProduct,
  writeReview,
} from "../services/reviews.service.js";

export const reviewsRouter = Router();
const REVIEWS = "/api/reviews";

/** A review's photos: up to MAX_REVIEW_PHOTOS files in field `photos` (a JSON post has none). */
const receivePhotos = imageUpload({
  fields: [{ name: "photos", maxCount: MAX_REVIEW_PHOTOS }],
  maxFields: 10,
  tooManyFilesMessage: TOO_MANY_REVIEW_PHOTOS_MESSAGE,
});

const REFUSED_REVIEWER = {
  description: "The shop lets only buyers who received the product review it (REVIEW_NOT_ALLOWED)",
};

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
  method: "get",
  path: "/product/:productId/mine",
  summary: "Whether the signed-in shopper may review the product, and their own review of it",
  tags: ["reviews"],
  auth: "user",
  before: [requireUser],
  params: ProductIdParams,
  responses: {
    200: { description: "Permission and own review", schema: MyReviewAnswer },
    404: { description: "Product not found" },
  },
  handler: ({ params }, req) => myReview(req.user!._id.toString(), params.productId),
});

endpoint(reviewsRouter, REVIEWS, {
  method: "post",
  path: "/create",
  summary:
    "Writes the user's review with optional stars and up to 3 photos (JSON, or multipart with files in `photos`); one per product: writing again replaces it, same _id",
  tags: ["reviews"],
  auth: "user",
  multipart: true,
  before: [requireUser, ...reviewLimits, receivePhotos],
  body: ReviewBody,
  status: 201,
  responses: {
    201: { description: "Created", schema: ReviewAnswer },
    200: { description: "Replaced (same _id)", schema: ReviewAnswer },
    403: REFUSED_REVIEWER,
    404: { description: "Product not found" },
    413: { description: "A photo over 5 MB or over 25 megapixels" },
    415: { description: "A photo that is not a JPEG, PNG, WebP or GIF image" },
    429: { description: "Too many reviews from this account this hour" },
    503: { description: "The image store cannot be reached (nothing was saved; retry)" },
  },
  handler: async ({ body }, req, res) => {
    const { review, created } = await writeReview(
      req.user!._id.toString(),
      body,
      uploadedImages(req, "photos"),
    );
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
  before: [requireUser, ...reviewLimits],
  body: RatingBody,
  status: 201,
  responses: {
    201: { description: "Created; the product's new average", schema: RatedAnswer },
    200: { description: "Updated (rated before); the product's new average", schema: RatedAnswer },
    403: REFUSED_REVIEWER,
    404: { description: "Product not found" },
    429: { description: "Too many reviews and ratings from this account this hour" },
  },
  handler: async ({ body }, req, res) => {
    const { rating, created, averageRating, numRatings } = await rateProduct(
      req.user!._id.toString(),
      body,
    );
    res.status(created ? 201 : 200).json({ ...rating, averageRating, numRatings });
  },
});
