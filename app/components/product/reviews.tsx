import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { ImagePlus, Star, X } from "lucide-react";
import { useEffect, useState } from "react";
import { formatDate, formatNumber, toBanglaDigits, type Locale } from "#contract/i18n";
import { IMAGE_ACCEPT, MAX_REVIEW_PHOTOS } from "#contract/images";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { Skeleton } from "~/components/ui/skeleton";
import { Textarea } from "~/components/ui/input";
import { api, errorMessage, getToken, type Rating, type Review } from "~/lib/api-client";
import { imageFileProblem } from "~/lib/form-validation";
import { LocalLink, useLocale } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import { imageUrl } from "~/lib/image-url";
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

/** Five stars, `value` of them filled; read out as "4.5 out of 5 stars" (`whole`: "4 out of 5 stars"). */
export function Stars({
  value,
  whole = false,
  className,
}: {
  value: number;
  whole?: boolean;
  className?: string;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const rating = whole ? formatNumber(value, locale) : ratingText(value, locale);
  return (
    <span
      className={cn("inline-flex", className)}
      aria-label={i18n._("{rating} out of 5 stars", { rating })}
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

/** A review photo at another stored width (the API gives the 800 px one). */
const photoAt = (url: string, width: 400 | 1200) => url.replace(/-800\.webp$/, `-${width}.webp`);

/** A review's photos as thumbnails (loaded when scrolled near); one opens larger in a dialog. */
function ReviewPhotos({ review, name }: { review: Review; name: string }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const [open, setOpen] = useState<number | null>(null);
  const photos = review.photos ?? [];
  if (photos.length === 0) return null;
  const alt = (index: number) =>
    i18n._("Photo {number} from {name}'s review", {
      number: formatNumber(index + 1, locale),
      name,
    });
  return (
    <>
      <ul className="mt-2 flex gap-2">
        {photos.map((url, index) => (
          <li key={url}>
            <button
              type="button"
              onClick={() => setOpen(index)}
              className="block overflow-hidden rounded border border-stone-200 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <img
                src={imageUrl(photoAt(url, 400))}
                alt={alt(index)}
                width={80}
                height={80}
                loading="lazy"
                decoding="async"
                className="h-20 w-20 object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onOpenChange={(isOpen) => !isOpen && setOpen(null)}>
        <DialogContent className="max-w-3xl">
          <DialogTitle className="mb-3 pr-8 text-base">{open !== null && alt(open)}</DialogTitle>
          {open !== null && (
            <img
              src={imageUrl(photoAt(photos[open], 1200))}
              alt={alt(open)}
              className="mx-auto max-h-[75vh] w-auto rounded"
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

type Permission = { mayReview: boolean; refusal: string | null } | null;

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
  const [permission, setPermission] = useState<Permission>(null);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState("");
  const [photos, setPhotos] = useState<File[]>([]);
  /** The shopper's earlier photos that the next post keeps (writing again replaces the review). */
  const [kept, setKept] = useState<string[]>([]);
  const [submit, setSubmit] = useState<
    { status: "idle" | "pending" | "done" } | { status: "error"; message: string }
  >({
    status: "idle",
  });

  useEffect(() => {
    const token = Boolean(getToken());
    setSignedIn(token);
    let live = true;
    Promise.all([
      api.reviews.forProduct(productId),
      api.ratings.forProduct(productId).catch(() => []),
    ])
      .then(([reviewAnswer, ratingAnswer]) => {
        if (!live) return;
        setReviews(reviewAnswer);
        setRatings(ratingAnswer);
      })
      .catch((error: unknown) => live && setLoadError(errorMessage(error)));
    if (token)
      api.reviews
        .mine(productId)
        .then((mine) => {
          if (!live) return;
          setPermission(mine);
          // Writing again replaces the shopper's review: the form starts from it.
          if (mine.review) {
            setText(mine.review.review);
            setRating(mine.review.rating ?? 0);
            setKept(mine.review.photos);
          }
        })
        // Unknown (offline, an older server): the form stays; the post tells.
        .catch(() => live && setPermission({ mayReview: true, refusal: null }));
    return () => {
      live = false;
    };
  }, [productId]);

  const count = ratings.length || numRatings;
  const average = ratings.length
    ? ratings.reduce((sum, item) => sum + item.rating, 0) / ratings.length
    : averageRating;

  function onPhotos(event: React.ChangeEvent<HTMLInputElement>) {
    const chosen = [...photos, ...Array.from(event.target.files ?? [])];
    event.target.value = "";
    const problem = chosen.map(imageFileProblem).find(Boolean);
    if (problem) return setSubmit({ status: "error", message: shopperMessage(i18n, problem) });
    if (kept.length + chosen.length > MAX_REVIEW_PHOTOS)
      return setSubmit({
        status: "error",
        message: shopperMessage(i18n, `A review can have at most ${MAX_REVIEW_PHOTOS} photos`),
      });
    setSubmit({ status: "idle" });
    setPhotos(chosen);
  }

  /** The saved review in the list: in its own place when it replaced the shopper's earlier one. */
  function showSaved(saved: Review) {
    setReviews((list) =>
      list?.some((item) => item._id === saved._id)
        ? list.map((item) => (item._id === saved._id ? saved : item))
        : [saved, ...(list ?? [])],
    );
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const review = text.trim();
    if (rating === 0 && review === "") {
      setSubmit({ status: "error", message: i18n._("Choose a rating or write a review.") });
      return;
    }
    if (review === "" && photos.length > 0) {
      setSubmit({ status: "error", message: i18n._("Write a few words with your photos.") });
      return;
    }
    setSubmit({ status: "pending" });
    try {
      if (review) {
        const form = new FormData();
        form.set("productId", productId);
        form.set("review", review);
        if (rating > 0) form.set("rating", String(rating));
        for (const url of kept) form.append("keepPhotos", url);
        for (const photo of photos) form.append("photos", photo);
        const saved = await api.reviews.create(form);
        showSaved(saved);
        setKept(saved.photos);
      } else {
        await api.ratings.create({ productId, rating });
      }
      if (rating > 0) setRatings(await api.ratings.forProduct(productId));
      setPhotos([]);
      setSubmit({ status: "done" });
    } catch (error) {
      setSubmit({ status: "error", message: shopperMessage(i18n, errorMessage(error)) });
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

      {signedIn && permission && !permission.mayReview && (
        <p className="mt-3 text-sm text-stone-700" data-testid="review-refusal">
          {shopperMessage(i18n, permission.refusal ?? "")}
        </p>
      )}
      {signedIn && permission?.mayReview && (
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
          <div>
            <label
              htmlFor="review-photos"
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-3 text-sm font-medium hover:bg-stone-50"
            >
              <ImagePlus className="h-4 w-4" aria-hidden="true" />
              {i18n._("Add photos (up to 3)")}
            </label>
            <input
              id="review-photos"
              type="file"
              accept={IMAGE_ACCEPT}
              multiple
              onChange={onPhotos}
              className="sr-only"
            />
            {kept.length > 0 && (
              <ul className="mt-2 flex gap-2" aria-label={i18n._("Your photos")}>
                {kept.map((url, index) => (
                  <li key={url} className="relative">
                    <img
                      src={imageUrl(photoAt(url, 400))}
                      alt=""
                      width={64}
                      height={64}
                      className="h-16 w-16 rounded border border-stone-200 object-cover"
                    />
                    <button
                      type="button"
                      onClick={() => setKept(kept.filter((item) => item !== url))}
                      aria-label={i18n._("Remove photo {number}", {
                        number: formatNumber(index + 1, locale),
                      })}
                      className="absolute -top-2 -right-2 inline-flex h-7 w-7 items-center justify-center rounded-full border border-stone-300 bg-white"
                    >
                      <X className="h-4 w-4" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {photos.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm" aria-label={i18n._("Chosen photos")}>
                {photos.map((photo, index) => (
                  <li key={`${photo.name}:${index}`} className="flex items-center gap-2">
                    <span className="truncate">{photo.name}</span>
                    <button
                      type="button"
                      onClick={() => setPhotos(photos.filter((_, at) => at !== index))}
                      aria-label={i18n._("Remove {name}", { name: photo.name })}
                      className="inline-flex h-8 w-8 items-center justify-center rounded hover:bg-stone-100"
                    >
                      <X className="h-4 w-4" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
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
      )}
      {!signedIn && (
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
        <ul className="max-w-xl space-y-4" data-testid="review-list">
          {reviews?.map((review) => {
            const name = review.user?.firstName || i18n._("Shopper");
            return (
              <li
                key={review._id}
                data-testid="review"
                className="rounded-lg border border-stone-200 bg-white p-4"
              >
                <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                  {name}
                  {review.verifiedPurchase && (
                    <span className="rounded bg-green-50 px-1.5 py-0.5 text-xs font-medium text-green-700">
                      {i18n._("Verified purchase")}
                    </span>
                  )}
                  <span className="text-xs font-normal text-stone-500">
                    {formatDate(review.createdAt, locale)}
                  </span>
                </p>
                {review.rating ? <Stars value={review.rating} whole className="mt-1" /> : null}
                <p className="mt-1 text-sm whitespace-pre-line">{review.review}</p>
                <ReviewPhotos review={review} name={name} />
                {review.reply && (
                  <div
                    className="mt-3 border-l-2 border-brand-500 bg-stone-50 px-3 py-2 text-sm"
                    data-testid="review-reply"
                  >
                    <p className="text-xs font-semibold text-stone-600">
                      {i18n._("Reply from the shop")}
                    </p>
                    <p className="mt-0.5 whitespace-pre-line">{review.reply.text}</p>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
