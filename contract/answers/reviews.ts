/** Answers of the review endpoints beyond a product's public list (contract/answers/catalog.ts). */
import { z } from "zod";
import { ReviewAnswer } from "./catalog.js";
import { pageOf } from "./common.js";

/** A review as the back office lists it: hidden or not, with its product and the reviewer's email. */
export const AdminReviewAnswer = ReviewAnswer.extend({
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  product: z.object({ _id: z.string(), title: z.string(), slug: z.string() }).nullable(),
  user: z.object({ firstName: z.string(), email: z.string() }),
});
export type AdminReviewAnswer = z.infer<typeof AdminReviewAnswer>;

export const AdminReviewPageAnswer = pageOf("reviews", AdminReviewAnswer);
export type AdminReviewPageAnswer = z.infer<typeof AdminReviewPageAnswer>;

/**
 * The signed-in shopper and one product: whether the shop lets them review it (and, when not, the
 * refusal a post would get), and their own review to edit (a second post replaces it).
 */
export const MyReviewAnswer = z.object({
  mayReview: z.boolean(),
  refusal: z.string().nullable(),
  review: ReviewAnswer.nullable(),
});
export type MyReviewAnswer = z.infer<typeof MyReviewAnswer>;
