import { Router } from "express";
import { DeletedAnswer } from "#contract/answers/common";
import { AdminReviewAnswer, AdminReviewPageAnswer } from "#contract/answers/reviews";
import { IdParams } from "#contract/schemas/common";
import { AdminReviewsQuery, ReviewReplyBody } from "#contract/schemas/reviews";
import { endpoint } from "../middleware/validate.js";
import {
  deleteReview,
  listAdminReviews,
  replyToReview,
  setReviewHidden,
} from "../services/reviews.service.js";

/** The owner's review moderation: list, hide, restore, reply, delete. */
export const adminReviewsRouter = Router();
const PREFIX = "/api/admin/reviews";

const NOT_FOUND = { description: "Review not found" };

endpoint(adminReviewsRouter, PREFIX, {
  method: "get",
  path: "/",
  summary: "Every review, newest first; status all / visible / hidden, optional productId",
  tags: ["reviews"],
  permission: "reviews.moderate",
  query: AdminReviewsQuery,
  responses: { 200: { description: "One page of reviews", schema: AdminReviewPageAnswer } },
  handler: ({ query }) => listAdminReviews(query),
});

for (const [path, hidden, summary] of [
  ["/:id/hide", true, "Hides a review: not listed, not counted in the product's figures"],
  ["/:id/restore", false, "Shows a hidden review again and counts it again"],
] as const) {
  endpoint(adminReviewsRouter, PREFIX, {
    method: "post",
    path,
    summary,
    tags: ["reviews"],
    permission: "reviews.moderate",
    params: IdParams,
    responses: {
      200: { description: "The review", schema: AdminReviewAnswer },
      404: NOT_FOUND,
    },
    handler: ({ params }) => setReviewHidden(params.id, hidden),
  });
}

endpoint(adminReviewsRouter, PREFIX, {
  method: "put",
  path: "/:id/reply",
  summary: "The shop's reply shown under the review (an empty text removes it)",
  tags: ["reviews"],
  permission: "reviews.moderate",
  params: IdParams,
  body: ReviewReplyBody,
  responses: {
    200: { description: "The review", schema: AdminReviewAnswer },
    404: NOT_FOUND,
  },
  handler: ({ params, body }) => replyToReview(params.id, body.text),
});

endpoint(adminReviewsRouter, PREFIX, {
  method: "delete",
  path: "/:id",
  summary: "Deletes a review with its stars and photos",
  tags: ["reviews"],
  permission: "reviews.moderate",
  params: IdParams,
  responses: { 200: { description: "Deleted", schema: DeletedAnswer }, 404: NOT_FOUND },
  handler: ({ params }) => deleteReview(params.id),
});
