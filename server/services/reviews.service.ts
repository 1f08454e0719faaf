import mongoose from "mongoose";
import { Order } from "../../models/order.model.js";
import { Product } from "../../models/product.model.js";
import { Rating } from "../../models/rating.model.js";
import { Review } from "../../models/review.model.js";
import { HttpError, badRequest, notFound } from "../lib/http-error.js";
import { removeResponsiveWebp, saveResponsiveWebps } from "../lib/images.js";
import { pageSummary, pageWindow } from "../lib/paging.js";
import { getShopSettings } from "./shop-settings.service.js";
import { MAX_REVIEW_PHOTOS } from "#contract/images";
import type { RatingAnswer, ReviewAnswer } from "#contract/answers/catalog";
import type {
  AdminReviewAnswer,
  AdminReviewPageAnswer,
  MyReviewAnswer,
} from "#contract/answers/reviews";
import type { AdminReviewsQuery } from "#contract/schemas/reviews";

export type { RatingAnswer, ReviewAnswer };

/**
 * Reviews (text, stars and photos, one per user and product) and ratings (1..5, one per user and
 * product; a review's stars are its author's rating). The owner may hide a review: it is kept but
 * neither listed nor counted, and its author's rating leaves the product's average with it.
 */

export const REVIEW_NEEDS_DELIVERY_MESSAGE =
  "Only shoppers who received this product can review it.";
export const TOO_MANY_REVIEW_PHOTOS_MESSAGE = `A review can have at most ${MAX_REVIEW_PHOTOS} photos`;
export const REVIEW_NOT_FOUND = "Review not found";

/** Review photos live in the image store's `reviews/` folder, re-encoded like product images. */
const PHOTO_FOLDER = "reviews";

/** Reviews written before hiding existed have no `hidden` field: they are visible. */
const VISIBLE = { hidden: { $ne: true } };

interface PopulatedUser {
  _id: mongoose.Types.ObjectId;
  firstName?: string;
  email?: string;
}

interface LeanWithUser {
  _id: mongoose.Types.ObjectId;
  product: mongoose.Types.ObjectId;
  user: PopulatedUser | null;
  createdAt: Date;
  updatedAt: Date;
}

interface LeanReview extends LeanWithUser {
  review: string;
  verifiedPurchase: boolean;
  photos?: string[];
  hidden?: boolean;
  hiddenAt?: Date | null;
  reply?: { text: string; repliedAt: Date } | null;
}

/** The reviewer as shoppers see them: a first name, never the account's id. */
function userRef(user: LeanWithUser["user"]) {
  return { firstName: user ? (user.firstName ?? "") : "Customer" };
}

function reviewAnswer(doc: LeanReview, stars: number | undefined): ReviewAnswer {
  return {
    _id: doc._id.toString(),
    review: doc.review,
    rating: stars ?? null,
    photos: doc.photos ?? [],
    reply: doc.reply?.text
      ? { text: doc.reply.text, repliedAt: doc.reply.repliedAt.toISOString() }
      : null,
    verifiedPurchase: doc.verifiedPurchase,
    productId: doc.product.toString(),
    user: userRef(doc.user),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** The stars each of these reviews' authors gave their product, by review id. */
async function starsOf(docs: LeanReview[]): Promise<Map<string, number>> {
  const authored = docs.filter((doc) => doc.user);
  if (authored.length === 0) return new Map();
  const ratings = await Rating.find({
    $or: authored.map((doc) => ({ user: doc.user!._id, product: doc.product })),
  })
    .select("user product rating")
    .lean();
  const byAuthor = new Map(
    ratings.map((rating) => [`${String(rating.user)}:${String(rating.product)}`, rating.rating]),
  );
  const byReview = new Map<string, number>();
  for (const doc of authored) {
    const stars = byAuthor.get(`${doc.user!._id.toString()}:${doc.product.toString()}`);
    if (stars !== undefined) byReview.set(doc._id.toString(), stars);
  }
  return byReview;
}

async function reviewAnswers(docs: LeanReview[]): Promise<ReviewAnswer[]> {
  const stars = await starsOf(docs);
  return docs.map((doc) => reviewAnswer(doc, stars.get(doc._id.toString())));
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

/**
 * The filter of a product's ratings that count and are listed: all but those of authors whose
 * review of the product is hidden (a hidden review's stars are hidden with it).
 */
async function shownRatings(productId: string) {
  const hidden = await Review.find({ product: productId, hidden: true }).select("user").lean();
  return { product: productId, user: { $nin: hidden.map((doc) => doc.user) } };
}

/**
 * averageRating (one decimal) and numRatings from the stored ratings that are shown.
 */
function refreshRatingSummary(productId: string) {
  return refreshSummary(productId, "ratingsVersion", async () => {
    const ratings = await Rating.find(await shownRatings(productId))
      .select("rating")
      .lean();
    const numRatings = ratings.length;
    const sum = ratings.reduce((total, doc) => total + doc.rating, 0);
    const averageRating = numRatings > 0 ? Math.round((sum / numRatings) * 10) / 10 : 0;
    return { averageRating, numRatings };
  });
}

/** numReviews: the product's visible reviews. */
function refreshReviewSummary(productId: string) {
  return refreshSummary(productId, "reviewsVersion", async () => ({
    numReviews: await Review.countDocuments({ product: productId, ...VISIBLE }),
  }));
}

/** Both summaries, after a change that moves both (a review with stars, hiding, deleting). */
async function refreshFigures(productId: string) {
  const [ratings, reviews] = await Promise.all([
    refreshRatingSummary(productId),
    refreshReviewSummary(productId),
  ]);
  return { ...ratings, ...reviews };
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

/** Why the shop's review setting refuses this reviewer, or null when it lets them review. */
async function reviewRefusal(verifiedPurchase: boolean): Promise<string | null> {
  const { whoMayReview } = (await getShopSettings()).reviews;
  return whoMayReview === "verifiedBuyers" && !verifiedPurchase
    ? REVIEW_NEEDS_DELIVERY_MESSAGE
    : null;
}

/** 403 when the shop lets only buyers review and this user has not received the product. */
async function assertMayReview(userId: string, productId: string): Promise<boolean> {
  const verifiedPurchase = await hasDeliveredOrder(userId, productId);
  const refusal = await reviewRefusal(verifiedPurchase);
  if (refusal) throw new HttpError(403, refusal, "REVIEW_NOT_ALLOWED");
  return verifiedPurchase;
}

/**
 * Sets the fields on the user's document for the product, creating it when there is none, and
 * answers the document as it was before (null: created). Two first writes at once meet the unique
 * (user, product) index: the one refused repeats as an update of the other's.
 */
async function upsertOwn<T>(
  model: mongoose.Model<T>,
  filter: { user: string; product: string },
  fields: Record<string, unknown>,
): Promise<T | null> {
  const options = { returnDocument: "before" as const, runValidators: true };
  try {
    return await model
      .findOneAndUpdate(filter, { $set: fields }, { ...options, upsert: true })
      .lean<T>();
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
    return model.findOneAndUpdate(filter, { $set: fields }, options).lean<T>();
  }
}

async function removePhotos(urls: string[]): Promise<void> {
  await Promise.all(urls.map((url) => removeResponsiveWebp(url)));
}

export async function listReviews(productId: string): Promise<ReviewAnswer[]> {
  await assertProduct(productId);
  const docs = await Review.find({ product: productId, ...VISIBLE })
    .sort({ createdAt: -1, _id: -1 })
    .limit(200)
    .populate("user", "firstName")
    .lean<LeanReview[]>();
  return reviewAnswers(docs);
}

/** Whether the user may review the product, and their own review of it (to edit). */
export async function myReview(userId: string, productId: string): Promise<MyReviewAnswer> {
  await assertProduct(productId);
  const refusal = await reviewRefusal(await hasDeliveredOrder(userId, productId));
  const doc = await Review.findOne({ user: userId, product: productId })
    .populate("user", "firstName")
    .lean<LeanReview>();
  return {
    mayReview: refusal === null,
    refusal,
    review: doc ? (await reviewAnswers([doc]))[0] : null,
  };
}

/**
 * Creates the user's review of the product, or replaces the one they wrote (same `_id`, its place
 * in the list, the owner's reply and whether it is hidden are kept): its text, its photos (the
 * earlier ones named in `keepPhotos`, then the files sent) and, when given, its stars. `created`
 * tells which.
 */
export async function writeReview(
  userId: string,
  input: { productId: string; review: string; rating?: number; keepPhotos?: string[] },
  photoFiles: Buffer[] = [],
): Promise<{ review: ReviewAnswer; created: boolean }> {
  await assertProduct(input.productId);
  const verifiedPurchase = await assertMayReview(userId, input.productId);
  const filter = { user: userId, product: input.productId };
  // Only the shopper's own earlier photos can be kept: a URL of anything else is dropped.
  const earlier = await Review.findOne(filter).select("photos").lean();
  const kept = (earlier?.photos ?? []).filter((url) => input.keepPhotos?.includes(url));
  if (kept.length + photoFiles.length > MAX_REVIEW_PHOTOS)
    throw badRequest(TOO_MANY_REVIEW_PHOTOS_MESSAGE);
  const added = await saveResponsiveWebps(photoFiles, PHOTO_FOLDER);
  const photos = [...kept, ...added];
  let before: { photos?: string[] } | null;
  try {
    before = await upsertOwn(Review, filter, { review: input.review, verifiedPurchase, photos });
    if (input.rating !== undefined) await upsertOwn(Rating, filter, { rating: input.rating });
  } catch (error) {
    await removePhotos(added);
    throw error;
  }
  await removePhotos((before?.photos ?? []).filter((url) => !photos.includes(url)));
  await refreshFigures(input.productId);
  const doc = await Review.findOne(filter).populate("user", "firstName").lean<LeanReview>();
  return { created: !before, review: (await reviewAnswers([doc!]))[0] };
}

export async function listRatings(productId: string): Promise<RatingAnswer[]> {
  await assertProduct(productId);
  const docs = await Rating.find(await shownRatings(productId))
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
  await assertMayReview(userId, input.productId);
  const filter = { user: userId, product: input.productId };
  const before = await upsertOwn(Rating, filter, { rating: input.rating });
  const { averageRating, numRatings } = await refreshRatingSummary(input.productId);
  const populated = await Rating.findOne(filter)
    .populate("user", "firstName")
    .lean<LeanWithUser & { rating: number }>();
  return {
    created: !before,
    averageRating,
    numRatings,
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

// The back office: every review, hidden or not; hide, restore, reply, delete.

interface AdminLeanReview extends LeanReview {
  product: mongoose.Types.ObjectId;
}

async function adminAnswers(docs: AdminLeanReview[]): Promise<AdminReviewAnswer[]> {
  const stars = await starsOf(docs);
  const products = await Product.find({ _id: { $in: docs.map((doc) => doc.product) } })
    .select("title slug")
    .lean();
  const productOf = new Map(products.map((product) => [product._id.toString(), product]));
  return docs.map((doc) => {
    const product = productOf.get(doc.product.toString());
    return {
      ...reviewAnswer(doc, stars.get(doc._id.toString())),
      hidden: doc.hidden ?? false,
      hiddenAt: doc.hiddenAt ? doc.hiddenAt.toISOString() : null,
      product: product
        ? { _id: product._id.toString(), title: product.title, slug: product.slug }
        : null,
      user: { firstName: doc.user?.firstName ?? "", email: doc.user?.email ?? "" },
    };
  });
}

export async function listAdminReviews(query: AdminReviewsQuery): Promise<AdminReviewPageAnswer> {
  const filter = {
    ...(query.status === "hidden" ? { hidden: true } : {}),
    ...(query.status === "visible" ? VISIBLE : {}),
    ...(query.productId ? { product: query.productId } : {}),
  };
  const { skip, limit } = pageWindow(query);
  const [docs, total] = await Promise.all([
    Review.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip(skip)
      .limit(limit)
      .populate("user", "firstName email")
      .lean<AdminLeanReview[]>(),
    Review.countDocuments(filter),
  ]);
  return { reviews: await adminAnswers(docs), ...pageSummary(total, query) };
}

async function adminReview(id: string): Promise<AdminReviewAnswer> {
  const doc = await Review.findById(id).populate("user", "firstName email").lean<AdminLeanReview>();
  if (!doc) throw notFound(REVIEW_NOT_FOUND);
  return (await adminAnswers([doc]))[0];
}

/**
 * Hides (or restores) a review, then recomputes the product's figures from the stored reviews and
 * ratings: the same version-checked save as every other change, so concurrent hides, restores and
 * new reviews never leave the figures counting a review the list does not show.
 */
export async function setReviewHidden(id: string, hidden: boolean): Promise<AdminReviewAnswer> {
  const doc = await Review.findOneAndUpdate(
    { _id: id },
    { $set: { hidden, hiddenAt: hidden ? new Date() : null } },
    { new: true },
  ).lean();
  if (!doc) throw notFound(REVIEW_NOT_FOUND);
  await refreshFigures(doc.product.toString());
  return adminReview(id);
}

/** The shop's reply under the review; an empty text removes it. */
export async function replyToReview(id: string, text: string): Promise<AdminReviewAnswer> {
  const reply = text ? { text, repliedAt: new Date() } : null;
  const updated = await Review.updateOne({ _id: id }, { $set: { reply } });
  if (updated.matchedCount === 0) throw notFound(REVIEW_NOT_FOUND);
  return adminReview(id);
}

/** Deletes a review with its stars (its author's rating of the product) and its photos. */
export async function deleteReview(id: string): Promise<{ message: string; _id: string }> {
  const doc = await Review.findByIdAndDelete(id).lean();
  if (!doc) throw notFound(REVIEW_NOT_FOUND);
  await Rating.deleteOne({ user: doc.user, product: doc.product });
  await refreshFigures(doc.product.toString());
  await removePhotos(doc.photos ?? []);
  return { message: "Review deleted", _id: id };
}

/** A deleted product's reviews, ratings and review photos. */
export async function removeReviewsOfProduct(productId: mongoose.Types.ObjectId): Promise<void> {
  const reviews = await Review.find({ product: productId }).select("photos").lean();
  await Promise.all([
    Review.deleteMany({ product: productId }),
    Rating.deleteMany({ product: productId }),
  ]);
  await removePhotos(reviews.flatMap((doc) => doc.photos ?? []));
}
