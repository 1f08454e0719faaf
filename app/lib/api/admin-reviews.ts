/** The back office's review moderation: list, hide, restore, reply, delete. */
import type { DeletedAnswer } from "#contract/answers/common";
import { request, segment, type Query } from "./transport";
import type { AdminReview, AdminReviewPage } from "./types";

const path = (reviewId: string, action = "") =>
  `/api/admin/reviews/${segment(reviewId)}${action && `/${action}`}`;

export const adminReviews = {
  list: (query: Query = {}) => request<AdminReviewPage>("/api/admin/reviews", { query }),
  hide: (reviewId: string) => request<AdminReview>(path(reviewId, "hide"), { method: "POST" }),
  restore: (reviewId: string) =>
    request<AdminReview>(path(reviewId, "restore"), { method: "POST" }),
  reply: (reviewId: string, text: string) =>
    request<AdminReview>(path(reviewId, "reply"), { method: "PUT", body: { text } }),
  remove: (reviewId: string) => request<DeletedAnswer>(path(reviewId), { method: "DELETE" }),
};
