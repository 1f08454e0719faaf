import mongoose from "mongoose";
import { Order } from "../../models/order.model.js";
import { Product } from "../../models/product.model.js";
import { Rating } from "../../models/rating.model.js";
import { Review } from "../../models/review.model.js";
import { notFound } from "../lib/http-error.js";
import type { RatingAnswer, ReviewAnswer } from "#contract/answers/catalog";

export type { RatingAnswer, ReviewAnswer };

/** Reviews (text, one per user and product) and ratings (1..5, one per user and product). */

interface LeanWithUser {
  _id: mongoose.Types.ObjectId;
  product: mongoose.Types.ObjectId;
  user: { _id: mongoose.Types.ObjectId; firstName?: string } | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The reviewer as shoppers see them: a first name, never the account's id. */
function userRef(user: LeanWithUser["user"]) {
  return { firstName: user ? (user.firstName ?? "") : "Customer" };
}

/**
 * Saves a product's summary of its ratings or reviews, computed from the stored documents, without
 * a lost update: after its own write, each call bumps the summary's version, reads it, computes,
 * and saves only while the version is still the one it read. Whoever read the newest version
 * computed after every write that came before, so the save that lands is always complete.
 */
async function refreshSummary<T extends Record<string, number>>(
  productId: string,
  versionField: "ratingsVersion" | "reviewsVersion",
  compute: () => Promise<T>,
): Promise<T> {
  await Product.updateOne({ _id: productId }, { $inc: { [versionField]: 1 } });
  // Read after the bump: a version seen here is at least this call's, so the computation below
  // sees every write made before it.
  const bumped = await Product.findById(productId, { [versionField]: 1 }).lean();
  const summary = await compute();
  if (bumped)
    await Product.updateOne(
      { _id: productId, [versionField]: bumped[versionField] ?? 0 },
      { $set: summary },
    );
  return summary;
}

async function assertProduct(productId: string) {
  const exists = await Product.exists({ _id: productId });
  if (!exists) throw notFound("Product not found");
}

/** True when the user has a DELIVERED order containing the product. */
export async function hasDeliveredOrder(userId: string, productId: string): Promise<boolean> {
  const order = await Order.exists({
    user: new mongoose.Types.ObjectId(userId),
    orderStatus: "DELIVERED",
    "orderItems.productId": new mongoose.Types.ObjectId(productId),
  });
  return Boolean(order);
}

export async function listReviews(productId: string): Promise<ReviewAnswer[]> {
  await assertProduct(productId);
  const docs = await Review.find({ product: productId })
    .sort({ createdAt: -1, _id: -1 })
    .limit(200)
    .populate("user", "firstName")
    .lean<(LeanWithUser & { review: string; verifiedPurchase: boolean })[]>();
  return docs.map((doc) => ({
    _id: doc._id.toString(),
    review: doc.review,
    verifiedPurchase: doc.verifiedPurchase,
    productId: doc.product.toString(),
    user: userRef(doc.user),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  }));
}

/** Creates the user's review of the product, or replaces its text; `created` tells which. */
export async function writeReview(
  userId: string,
  input: { productId: string; review: string },
): Promise<{ review: ReviewAnswer; created: boolean }> {
  await assertProduct(input.productId);
  const verifiedPurchase = await hasDeliveredOrder(userId, input.productId);
  const filter = { user: userId, product: input.productId };
  const existing = await Review.findOne(filter);
  let id: mongoose.Types.ObjectId;
  if (existing) {
    existing.review = input.review;
    existing.verifiedPurchase = verifiedPurchase;
    await existing.save();
    id = existing._id;
  } else {
    try {
      const doc = await Review.create({ ...filter, review: input.review, verifiedPurchase });
      id = doc._id;
    } catch (error) {
      // Two first reviews at once: the unique index keeps one; this becomes an update.
      if ((error as { code?: number }).code !== 11000) throw error;
      const doc = await Review.findOneAndUpdate(
        filter,
        { $set: { review: input.review, verifiedPurchase } },
        { new: true },
      );
      id = doc!._id;
    }
  }
  await refreshSummary(input.productId, "reviewsVersion", async () => ({
    numReviews: await Review.countDocuments({ product: input.productId }),
  }));
  const doc = await Review.findById(id)
    .populate("user", "firstName")
    .lean<LeanWithUser & { review: string; verifiedPurchase: boolean }>();
  return {
    created: !existing,
    review: {
      _id: doc!._id.toString(),
      review: doc!.review,
      verifiedPurchase: doc!.verifiedPurchase,
      productId: doc!.product.toString(),
      user: userRef(doc!.user),
      createdAt: doc!.createdAt.toISOString(),
      updatedAt: doc!.updatedAt.toISOString(),
    },
  };
}

export async function listRatings(productId: string): Promise<RatingAnswer[]> {
  await assertProduct(productId);
  const docs = await Rating.find({ product: productId })
    .sort({ createdAt: -1, _id: -1 })
    .limit(500)
    .populate("user", "firstName")
    .lean<(LeanWithUser & { rating: number })[]>();
  return docs.map((doc) => ({
    _id: doc._id.toString(),
    rating: doc.rating,
    productId: doc.product.toString(),
    user: userRef(doc.user),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  }));
}

/** Recomputes averageRating (one decimal) and numRatings from the stored ratings. */
async function refreshRatingSummary(productId: string) {
  return refreshSummary(productId, "ratingsVersion", async () => {
    const ratings = await Rating.find({ product: productId }).select("rating").lean();
    const numRatings = ratings.length;
    const sum = ratings.reduce((total, doc) => total + doc.rating, 0);
    const averageRating = numRatings > 0 ? Math.round((sum / numRatings) * 10) / 10 : 0;
    return { averageRating, numRatings };
  });
}

export async function rateProduct(
  userId: string,
  input: { productId: string; rating: number },
): Promise<{
  rating: RatingAnswer;
  created: boolean;
  averageRating: number;
  numRatings: number;
}> {
  await assertProduct(input.productId);
  const filter = { user: userId, product: input.productId };
  const existing = await Rating.findOne(filter);
  let doc;
  if (existing) {
    existing.rating = input.rating;
    doc = await existing.save();
  } else {
    try {
      doc = await Rating.create({ ...filter, rating: input.rating });
    } catch (error) {
      // Two first ratings at once: the unique index keeps one; this becomes an update.
      if ((error as { code?: number }).code !== 11000) throw error;
      doc = await Rating.findOneAndUpdate(
        filter,
        { $set: { rating: input.rating } },
        { new: true },
      );
    }
  }
  const summary = await refreshRatingSummary(input.productId);
  const populated = await Rating.findById(doc!._id)
    .populate("user", "firstName")
    .lean<LeanWithUser & { rating: number }>();
  return {
    created: !existing,
    ...summary,
    rating: {
      _id: populated!._id.toString(),
      rating: populated!.rating,
      productId: populated!.product.toString(),
      user: userRef(populated!.user),
      createdAt: populated!.createdAt.toISOString(),
      updatedAt: populated!.updatedAt.toISOString(),
    },
  };
}
