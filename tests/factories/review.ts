import { Review } from "../../models/review.model";
import { changeShopSettings } from "./shop-settings";

export interface ReviewOverrides {
  user: unknown;
  product: unknown;
  review?: string;
}

/** A review written through the model. */
export function createReview({ user, product, review = "Nice" }: ReviewOverrides) {
  return Review.create({ user, product, review });
}

/**
 * Lets any signed-in account rate and review, for tests about something else: the shop's default
 * lets only an account with a delivered order of the product.
 */
export function letAnyoneReview() {
  return changeShopSettings((settings) => void (settings.reviews.whoMayReview = "signedIn"));
}
