/** The back office's review moderation: which reviews to list, and the shop's reply. */
import { z } from "zod";
import { ObjectIdString, PageQuery } from "./common.js";

export const REVIEW_FILTERS = ["all", "visible", "hidden"] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export const AdminReviewsQuery = z.object({
  ...PageQuery,
  status: z.enum(REVIEW_FILTERS).default("all"),
  productId: ObjectIdString.optional(),
});
export type AdminReviewsQuery = z.output<typeof AdminReviewsQuery>;

export const REVIEW_REPLY_MAX = 1000;

/** The shop's reply, shown under the review; an empty text removes it. */
export const ReviewReplyBody = z.strictObject({
  text: z.string().trim().max(REVIEW_REPLY_MAX),
});
export type ReviewReplyBody = z.output<typeof ReviewReplyBody>;
