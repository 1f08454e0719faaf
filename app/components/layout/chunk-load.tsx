/**
 * Screen-chunk loading: a screen whose code (and data) has not arrived 120 s after the
 * navigation started is given up, and a retry screen is shown; a failed route-module import shows the
 * same screen from the root ErrorBoundary.
 *
 * Exports: `CHUNK_LOAD_TIMEOUT_MS` (120000), `useChunkLoadTimeout()` (the URL that timed out or null),
 * `isChunkLoadError(error)`, `<ChunkLoadRetry href />` (a full page load of the wanted URL).
 */
import { useLingui } from "@lingui/react";
import { RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Errors the browser gives when a lazily imported module (a route chunk) cannot be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk \S+ failed/i.test(
    `${error.name} ${error.message}`,
  );
}

/** Returns the URL of a navigation still loading after CHUNK_LOAD_TIMEOUT_MS, else null. */
export function useChunkLoadTimeout(timeoutMs = CHUNK_LOAD_TIMEOUT_MS): string | null {
  const navigation = useNavigation();
  const [timedOut, setTimedOut] = useState<string | null>(null);
  const target =
    navigation.state === "loading" && navigation.location
      ? `${navigation.location.pathname}${navigation.location.search}${navigation.location.hash}`
      : null;

  useEffect(() => {
    if (!target) {
      setTimedOut(null);
      return;
    }
    const timer = setTimeout(() => setTimedOut(target), timeoutMs);
    return () => clearTimeout(timer);
  }, [target, timeoutMs]);

  return timedOut;
}

export function ChunkLoadRetry({ href }: { href?: string }) {
  const { i18n } = useLingui();
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-20 text-center" data-testid="chunk-retry">
      <h1 className="text-2xl font-bold">{i18n._("This page is taking too long")}</h1>
      <p className="mt-2 text-stone-600">
        {i18n._("The connection seems slow or interrupted. Check your connection and try again.")}
      </p>
      <button
        type="button"
        onClick={() => {
          if (href) window.location.assign(href);
          else window.location.reload();
        }}
        className="mt-6 inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <RefreshCw className="h-4 w-4" aria-hidden="true" />
        {i18n._("Retry")}
      </button>
    </div>
  );
}
