/**
 * The friendly page a route error boundary shows: a screen whose loader, action or render failed
 * says so with a way back, instead of a blank page. A missing page keeps its "Page not found" text;
 * a screen chunk that could not be loaded offers the reload (chunk-load.tsx).
 */
import { isRouteErrorResponse, Link } from "react-router";
import { ChunkLoadRetry, isChunkLoadError } from "./chunk-load";

export function routeErrorText(error: unknown): { title: string; details: string } {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404)
      return { title: "Page not found", details: "We could not find that page." };
    return {
      title: `Error ${error.status}`,
      details: error.statusText || "An error occurred. Please try again later.",
    };
  }
  return { title: "Something went wrong", details: "An error occurred. Please try again later." };
}

export function RouteErrorPage({
  error,
  backTo = "/",
  backLabel = "Back to the shop",
}: {
  error: unknown;
  backTo?: string;
  backLabel?: string;
}) {
  if (isChunkLoadError(error)) return <ChunkLoadRetry />;
  // The cause stays in the console for whoever investigates; the shopper gets plain words.
  if (!isRouteErrorResponse(error)) console.error("[route] error boundary", error);
  const { title, details } = routeErrorText(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center" data-testid="route-error">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-stone-600">{details}</p>
      <Link
        to={backTo}
        className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white"
      >
        {backLabel}
      </Link>
    </div>
  );
}
