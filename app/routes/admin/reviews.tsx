import { Eye, EyeOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  unknownIntent,
  useAdminAction,
} from "~/components/admin/admin-action";
import {
  ConfirmAction,
  ErrorNote,
  formatDate,
  loadForAdmin,
  PageHeader,
  Pagination,
  Panel,
  TableSkeleton,
  useLoadedData,
} from "~/components/admin/common";
import { Button } from "~/components/ui/button";
import { api, type AdminReview } from "~/lib/admin-api-client";
import { imageUrl } from "~/lib/image-url";
import { cn } from "~/lib/utils";
import { REVIEW_FILTERS, REVIEW_REPLY_MAX, ReviewReplyBody } from "#contract/schemas/reviews";
import type { ReviewFilter } from "#contract/schemas/reviews";
import { REVIEWERS, type Reviewers } from "#contract/schemas/shop-settings";
import type { Route } from "./+types/reviews";
import { backOfficeI18n, formatCount } from "~/components/admin/admin-i18n";

export function meta() {
  return [
    { title: `${backOfficeI18n._("Reviews")} — Tweest admin` },
    { name: "robots", content: "noindex" },
  ];
}

const filterLabel = (i18n: I18n, filter: ReviewFilter) =>
  ({
    all: i18n._("All"),
    visible: i18n._("Shown"),
    hidden: i18n._("Hidden"),
  })[filter];

const reviewersLabel = (i18n: I18n, reviewers: Reviewers) =>
  ({
    verifiedBuyers: i18n._("Verified buyers only (a delivered order of the product)"),
    signedIn: i18n._("Anyone signed in"),
  })[reviewers];

function listParams(url: string) {
  const params = new URL(url).searchParams;
  const status = (REVIEW_FILTERS as readonly string[]).includes(params.get("status") ?? "")
    ? (params.get("status") as ReviewFilter)
    : "all";
  const page = Math.max(1, Number(params.get("page")) || 1);
  return { status, page };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [reviews, settings] = await Promise.all([
    loadForAdmin(request, () => api.adminReviews.list({ ...listParams(request.url), limit: 20 })),
    loadForAdmin(request, () => api.admin.settings.read()),
  ]);
  return { reviews, settings };
}

/** Hide, restore, reply, delete and who may review; the answer as a toast. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const i18n = backOfficeI18n;
  const { intent, id, body } = await readSubmission(request);
  switch (intent) {
    case "hide":
      return runAdminAction(() => api.adminReviews.hide(id), i18n._("Review hidden"));
    case "restore":
      return runAdminAction(() => api.adminReviews.restore(id), i18n._("Review shown again"));
    case "reply": {
      const { text } = parseSubmitted(ReviewReplyBody, body);
      return runAdminAction(
        () => api.adminReviews.reply(id, text),
        text ? i18n._("Reply saved") : i18n._("Reply removed"),
      );
    }
    case "delete":
      return runAdminAction(() => api.adminReviews.remove(id), i18n._("Review deleted"));
    case "reviewers": {
      const whoMayReview = (body as { whoMayReview: Reviewers }).whoMayReview;
      return runAdminAction(async () => {
        const current = await api.admin.settings.read();
        return api.admin.settings.save({
          version: current.version,
          settings: { ...current.settings, reviews: { whoMayReview } },
        });
      }, i18n._("Review setting saved"));
    }
    default:
      return unknownIntent(intent);
  }
}

/** The shop setting for who may rate and review, saved with the other shop settings. */
function WhoMayReview({ current }: { current: Reviewers }) {
  const { i18n } = useLingui();
  const [choice, setChoice] = useState<Reviewers>(current);
  const save = useAdminAction();
  return (
    <Panel title={i18n._("Who may review")} className="mb-5">
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void save.submit("reviewers", { body: { whoMayReview: choice } });
        }}
      >
        <fieldset className="flex-1">
          <legend className="sr-only">{i18n._("Who may rate and review a product")}</legend>
          {REVIEWERS.map((value) => (
            <label key={value} className="flex min-h-10 items-center gap-2 text-sm">
              <input
                type="radio"
                name="whoMayReview"
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
              />
              {reviewersLabel(i18n, value)}
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={save.pending || choice === current}>
          {i18n._("Save")}
        </Button>
      </form>
    </Panel>
  );
}

function ReplyForm({ review, onDone }: { review: AdminReview; onDone: () => void }) {
  const { i18n } = useLingui();
  const [text, setText] = useState(review.reply?.text ?? "");
  const reply = useAdminAction({ onSuccess: onDone });
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void reply.submit("reply", { id: review._id, body: { text } });
      }}
    >
      <label htmlFor={`reply-${review._id}`} className="block text-sm font-semibold">
        {i18n._("Reply shown under the review")}
      </label>
      {/* A plain textarea: the shared ui/input module imported here splits out of the chunk the
          product page loads it with (one more storefront script, ~0.5 KB). */}
      <textarea
        className="min-h-20 w-full rounded-md border border-stone-300 bg-white p-3 text-sm"
        id={`reply-${review._id}`}
        value={text}
        maxLength={REVIEW_REPLY_MAX}
        onChange={(event) => setText(event.target.value)}
        placeholder={i18n._(
          "Thank the shopper, or say how you put it right. Empty removes the reply.",
        )}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={reply.pending}>
          {i18n._("Save reply")}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          {i18n._("Cancel")}
        </Button>
      </div>
    </form>
  );
}

function ReviewCard({ review }: { review: AdminReview }) {
  const { i18n } = useLingui();
  const [replying, setReplying] = useState(false);
  const action = useAdminAction();
  return (
    <li
      data-testid="admin-review"
      className={cn(
        "rounded-md border p-3",
        review.hidden ? "border-stone-200 bg-stone-50 text-stone-600" : "border-stone-200 bg-white",
      )}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-semibold break-words">
            {review.product ? (
              <a href={`/product/${review.product.slug}`} className="underline" translate="no">
                {review.product.title}
              </a>
            ) : (
              i18n._("(deleted product)")
            )}
          </p>
          <p className="text-xs text-stone-500">
            {review.user.firstName ? (
              <span translate="no">{review.user.firstName}</span>
            ) : (
              i18n._("Customer")
            )}{" "}
            ({review.user.email}) · {formatDate(review.createdAt, true)}
            {review.verifiedPurchase && ` · ${i18n._("verified purchase")}`}
            {review.rating !== null &&
              ` · ${i18n._("{rating} of 5 stars", { rating: formatCount(review.rating) })}`}
            {review.hidden && (
              <span className="ml-1 rounded bg-stone-200 px-1.5 py-0.5 font-medium text-stone-700">
                {i18n._("Hidden {date}", { date: formatDate(review.hiddenAt, true) })}
              </span>
            )}
          </p>
          <p className="mt-1 text-sm break-words whitespace-pre-line" translate="no">
            {review.review}
          </p>
          {review.photos.length > 0 && (
            <ul className="mt-2 flex gap-2">
              {review.photos.map((url) => (
                <li key={url}>
                  <a href={imageUrl(url.replace(/-800\.webp$/, "-1200.webp"))}>
                    <img
                      src={imageUrl(url.replace(/-800\.webp$/, "-400.webp"))}
                      alt={i18n._("Review photo")}
                      loading="lazy"
                      width={64}
                      height={64}
                      className="h-16 w-16 rounded border border-stone-200 object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
          {review.reply && !replying && (
            <p className="mt-2 border-l-2 border-brand-500 pl-2 text-sm" data-testid="admin-reply">
              <span className="font-semibold">{i18n._("Your reply:")} </span>
              <span translate="no">{review.reply.text}</span>
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {review.hidden ? (
            <Button
              size="sm"
              variant="outline"
              disabled={action.pending}
              onClick={() => void action.submit("restore", { id: review._id })}
            >
              <Eye className="h-4 w-4" aria-hidden="true" /> {i18n._("Show again")}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              disabled={action.pending}
              onClick={() => void action.submit("hide", { id: review._id })}
            >
              <EyeOff className="h-4 w-4" aria-hidden="true" /> {i18n._("Hide")}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setReplying(true)}>
            {review.reply ? i18n._("Edit reply") : i18n._("Reply")}
          </Button>
          <ConfirmAction
            title={i18n._("Delete this review?")}
            description={i18n._(
              "The review, its stars and its photos are removed for good. Hiding keeps them.",
            )}
            confirmLabel={i18n._("Delete review")}
            onConfirm={() => void action.submit("delete", { id: review._id })}
          >
            <Button size="sm" variant="outline" aria-label={i18n._("Delete review")}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          </ConfirmAction>
        </div>
      </div>
      {replying && <ReplyForm review={review} onDone={() => setReplying(false)} />}
    </li>
  );
}

/** /admin/reviews: every review, newest first; hide, show again, reply, delete; who may review. */
export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const reviews = useLoadedData(loaderData.reviews);
  const settings = useLoadedData(loaderData.settings);
  const [searchParams, setSearchParams] = useSearchParams();
  const { status, page } = listParams(`http://x/?${searchParams.toString()}`);
  const setParam = (name: string, value: string | null) =>
    setSearchParams((params) => {
      if (value) params.set(name, value);
      else params.delete(name);
      if (name !== "page") params.delete("page");
      return params;
    });

  return (
    <div>
      <PageHeader
        title={i18n._("Reviews")}
        description={i18n._(
          "Hidden reviews are not shown to shoppers and do not count in a product's stars.",
        )}
      />
      {settings.data && (
        <WhoMayReview
          key={settings.data.settings.reviews.whoMayReview}
          current={settings.data.settings.reviews.whoMayReview}
        />
      )}
      <div
        className="mb-3 flex flex-wrap items-center gap-2"
        role="group"
        aria-label={i18n._("Which reviews")}
      >
        {REVIEW_FILTERS.map((value) => (
          <Button
            key={value}
            size="sm"
            variant={status === value ? "default" : "outline"}
            aria-pressed={status === value}
            onClick={() => setParam("status", value === "all" ? null : value)}
          >
            {filterLabel(i18n, value)}
          </Button>
        ))}
      </div>
      {reviews.error && <ErrorNote message={reviews.error} onRetry={reviews.reload} />}
      {!reviews.data && !reviews.error && <TableSkeleton rows={4} />}
      {reviews.data && reviews.data.reviews.length === 0 && (
        <p className="rounded-md border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
          {i18n._("No reviews here.")}
        </p>
      )}
      {reviews.data && reviews.data.reviews.length > 0 && (
        <>
          <ul className="space-y-2" data-testid="admin-reviews">
            {reviews.data.reviews.map((review) => (
              <ReviewCard key={review._id} review={review} />
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={reviews.data.totalPages}
            total={reviews.data.total}
            onPage={(next) => setParam("page", String(next))}
          />
        </>
      )}
    </div>
  );
}
