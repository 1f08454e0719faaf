/**
 * The friendly page a route error boundary shows: a screen whose loader, action or render failed
 * says so with a way back, instead of a blank page. A missing page keeps its "Page not found" text;
 * a screen chunk that could not be loaded offers the reload (chunk-load.tsx).
 */
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { isRouteErrorResponse } from "react-router";
import { formatNumber } from "#contract/i18n";
import { LocalLink } from "~/lib/i18n/i18n";
import { ChunkLoadRetry, isChunkLoadError } from "./chunk-load";

/** The title and text of an error page, in the page's language. */
export function routeErrorText(error: unknown, i18n: I18n): { title: string; details: string } {
  const failed = i18n._("An error occurred. Please try again later.");
  if (isRouteErrorResponse(error)) {
    if (error.status === 404)
      return { title: i18n._("Page not found"), details: i18n._("We could not find that page.") };
    const bangla = i18n.locale === "bn";
    return {
      title: i18n._("Error {status}", { status: formatNumber(error.status, bangla ? "bn" : "en") }),
      // A status text is the server's English: a Bangla page says it in its own words.
      details: (!bangla && error.statusText) || failed,
    };
  }
  return { title: i18n._("Something went wrong"), details: failed };
}

export function RouteErrorPage({
  error,
  backTo = "/",
  backLabel,
}: {
  error: unknown;
  backTo?: string;
  backLabel?: string;
}) {
  const { i18n } = useLingui();
  if (isChunkLoadError(error)) return <ChunkLoadRetry />;
  // The cause stays in the console for whoever investigates; the shopper gets plain words.
  if (!isRouteErrorResponse(error)) console.error("[route] error boundary", error);
  const { title, details } = routeErrorText(error, i18n);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center" data-testid="route-error">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-stone-600">{details}</p>
      <LocalLink
        to={backTo}
        className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white"
      >
        {backLabel ?? i18n._("Back to the shop")}
      </LocalLink>
    </div>
  );
}
