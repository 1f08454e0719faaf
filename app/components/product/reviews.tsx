import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Star } from "lucide-react";
import { useEffect, useState } from "react";
import { formatDate, formatNumber, toBanglaDigits, type Locale } from "#contract/i18n";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { Textarea } from "~/components/ui/input";
import { api, errorMessage, getToken, type Rating, type Review } from "~/lib/api-client";
import { LocalLink, useLocale } from "~/lib/i18n/i18n";
import { cn } from "~/lib/utils";

/** An average rating with one decimal, in the page's digits ("4.5", "৪.৫"). */
function ratingText(value: number, locale: Locale): string {
  const rating = value.toFixed(1);
  return locale === "bn" ? toBanglaDigits(rating) : rating;
}

/** "4.5 from 12 ratings" (or "from 1 rating"), in the page's language. */
export function ratingsSummary(i18n: I18n, average: number, count: number, locale: Locale): string {
  const values = { average: ratingText(average, locale), number: formatNumber(count, locale) };
  return count === 1
    ? i18n._("{average} from {number} rating", values)
    : i18n._("{average} from {number} ratings", values);
}

/** A star button's name: "1 star", "3 stars". */
export function starsName(i18n: I18n, stars: number, locale: Locale): string {
  const number = formatNumber(stars, locale);
  return stars === 1 ? i18n._("{number} star", { number }) : i18n._("{number} stars", { number });
}

export function Stars({ value, className }: { value: number; className?: string }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <span
      className={cn("inline-flex", className)}
      aria-label={i18n._("{rating} out of 5 stars", { rating: ratingText(value, locale) })}
      role="img"
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={cn(
            "h-4 w-4",
            star <= Math.round(value) ? "fill-amber-400 text-amber-400" : "text-stone-300",
          )}
        />
      ))}
    </span>
  );
}

function reviewerName(review: Review): string | undefined {
  if (review.user && typeof review.user === "object" && review.user.firstName)
    return review.user.firstName;
  const extra = review as Review & { firstName?: string; userName?: string };
  return extra.firstName ?? extra.userName;
}

function asList<T>(answer: unknown, key: string): T[] {
  if (Array.isArray(answer)) return answer as T[];
  const inner = (answer as Record<string, unknown> | null)?.[key];
  return Array.isArray(inner) ? (inner as T[]) : [];
}

/** Ratings summary, reviews (newest first) and, for signed-in shoppers, a form for both. */
export function ReviewsSection({
  productId,
  averageRating,
  numRatings,
  loginHref,
}: {
  productId: string;
  averageRating: number;
  numRatings: number;
  loginHref: string;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const [reviews, setReviews] = useState<Review[] | null>(null);
  const [ratings, setRatings] = useState<Rating[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState("");
  const [submit, setSubmit] = useState<
    { status: "idle" | "pending" | "done" } | { status: "error"; message: string }
  >({
    status: "idle",
  });

  useEffect(() => {
    setSignedIn(Boolean(getToken()));
    let live = true;
    Promise.all([
      api.reviews.forProduct(productId),
      api.ratings.forProduct(productId).catch(() => []),
    ])
      .then(([reviewAnswer, ratingAnswer]) => {
        if (!live) return;
        setReviews(asList<Review>(reviewAnswer, "reviews"));
        setRatings(asList<Rating>(ratingAnswer, "ratings"));
      })
      .catch((error: unknown) => live && setLoadError(errorMessage(error)));
    return () => {
      live = false;
    };
  }, [productId]);

  const count = ratings.length || numRatings;
  const average = ratings.length
    ? ratings.reduce((sum, item) => sum + item.rating, 0) / ratings.length
    : averageRating;

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (rating === 0 && text.trim() === "") {
      setSubmit({ status: "error", message: i18n._("Choose a rating or write a review.") });
      return;
    }
    setSubmit({ status: "pending" });
    try {
      if (rating > 0) {
        const saved = await api.ratings.create({ productId, rating });
        setRatings((list) => [...list.filter((item) => item._id !== saved._id), saved]);
      }
      if (text.trim()) {
        const saved = await api.reviews.create({ productId, review: text.trim() });
        setReviews((list) => [saved, ...(list ?? [])]);
      }
      setText("");
      setSubmit({ status: "done" });
    } catch (error) {
      setSubmit({ status: "error", message: errorMessage(error) });
    }
  }

  return (
    <section aria-labelledby="reviews-heading" className="mt-10 border-t border-stone-200 pt-6">
      <h2 id="reviews-heading" className="text-xl font-bold">
        {i18n._("Ratings and reviews")}
      </h2>
      <p className="mt-1 flex items-center gap-2 text-sm text-stone-600">
        <Stars value={average} />
        {count === 0 ? i18n._("No ratings yet") : ratingsSummary(i18n, average, count, locale)}
      </p>

      {signedIn ? (
        <form
          onSubmit={onSubmit}
          className="mt-4 max-w-xl space-y-3 rounded-lg border border-stone-200 bg-white p-4"
        >
          <fieldset>
            <legend className="mb-1 text-sm font-semibold">{i18n._("Your rating")}</legend>
            <div className="flex gap-1" role="radiogroup" aria-label={i18n._("Your rating")}>
              {[1, 2, 3, 4, 5].map((star) => (
                <button
                  key={star}
                  type="button"
                  role="radio"
                  aria-checked={rating === star}
                  aria-label={starsName(i18n, star, locale)}
                  onClick={() => setRating(star)}
                  className="rounded p-0.5 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <Star
                    aria-hidden="true"
                    className={cn(
                      "h-7 w-7",
                      star <= rating ? "fill-amber-400 text-amber-400" : "text-stone-300",
                    )}
                  />
                </button>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor="review-text" className="mb-1 block text-sm font-semibold">
              {i18n._("Your review")}
            </label>
            <Textarea
              id="review-text"
              maxLength={2000}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={i18n._("How is the fit, the fabric, the colour?")}
            />
          </div>
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={submit.status === "pending"}>
              {submit.status === "pending" ? i18n._("Sending…") : i18n._("Send")}
            </Button>
            <p aria-live="polite" className="text-sm">
              {submit.status === "done" && (
                <span className="text-green-700">{i18n._("Thank you, saved.")}</span>
              )}
              {submit.status === "error" && <span className="text-red-600">{submit.message}</span>}
            </p>
          </div>
        </form>
      ) : (
        <p className="mt-3 text-sm">
          <LocalLink to={loginHref} className="font-medium text-brand-700 underline">
            {i18n._("Sign in to rate and review this product.")}
          </LocalLink>
        </p>
      )}

      <div className="mt-6" aria-live="polite" aria-busy={reviews === null && !loadError}>
        {loadError && <p className="text-sm text-red-600">{loadError}</p>}
        {reviews === null && !loadError && (
          <div className="space-y-3">
            <Skeleton className="h-16 w-full max-w-xl" />
            <Skeleton className="h-16 w-full max-w-xl" />
          </div>
        )}
        {reviews?.length === 0 && (
          <p className="text-sm text-stone-600">{i18n._("No reviews yet.")}</p>
        )}
        <ul className="max-w-xl space-y-4">
          {reviews?.map((review) => (
            <li key={review._id} className="rounded-lg border border-stone-200 bg-white p-4">
              <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                {reviewerName(review) ?? i18n._("Shopper")}
                {review.verifiedPurchase && (
                  <span className="rounded bg-green-50 px-1.5 py-0.5 text-xs font-medium text-green-700">
                    {i18n._("Verified purchase")}
                  </span>
                )}
                <span className="text-xs font-normal text-stone-500">
                  {formatDate(review.createdAt, locale)}
                </span>
              </p>
              <p className="mt-1 text-sm whitespace-pre-line">{review.review}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
