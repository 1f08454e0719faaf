import { Review } from "../../models/review.model";

export interface ReviewOverrides {
  user: unknown;
  product: unknown;
  review?: string;
}

/** A review written through the model. */
export function createReview({ user, product, review = "Nice" }: ReviewOverrides) {
  return Review.create({ user, product, review });
}
