import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadCatalog } from "./lib/i18n/i18n";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

/**
 * The page's messages (root.tsx preloads them with the scripts) must be here before React
 * hydrates, or the first render would be in the ids' English. If they cannot be fetched even after
 * retries, the page still hydrates: working in English beats a page whose buttons do nothing.
 */
async function loadPageCatalog() {
  const preload = document.querySelector<HTMLLinkElement>('link[as="fetch"][href^="/i18n/"]');
  const url = preload?.getAttribute("href");
  if (url) await loadCatalog(url).catch((error: unknown) => console.error(error));
}

// Hydration in a task of its own: evaluating the modules and starting hydration are then two
// shorter tasks instead of one long one that blocks the main thread (Lighthouse TBT on a 4x
// slower phone CPU).
void loadPageCatalog().then(() => setTimeout(hydrate, 0));
