/**
 * Starts the campaign popup's downloads before hydration, on a session's first storefront page.
 *
 * The popup (campaign-popup.tsx) can only open after hydration, and then still needed three round
 * trips in a row: its dialog code and `GET /api/popup-images/active`, then the first image. On a slow
 * phone link that made the popup image the page's last large paint, seconds after the page itself.
 * This inline head script asks for the list, the dialog's chunks (at low priority, behind the page's
 * own CSS and images) and, as soon as the list is there, the first image, so after hydration the
 * popup opens without waiting on the network. The popup flow itself is unchanged: the
 * component still gets the list through the API client (which hands it this response), shows the
 * spinner until it has it and sets `hasShownPopup` only when images came back.
 */
import { ACTIVE_POPUPS_PATH, PREFETCH_GLOBAL } from "~/lib/api-client";
import { hostedImageUrl } from "~/lib/image-url";
import { HAS_SHOWN_POPUP_KEY, POPUP_EXCLUDED_PATHS } from "./campaign-popup";

interface PrefetchPlan {
  storageKey: string;
  excludedPaths: string;
  listPath: string;
  globalName: string;
  modules: string[];
}

/**
 * Runs in the browser as an inline script: self-contained, so it is serialised with toString(), and
 * so is `toImageUrl` (the dialog's own URL rule, hostedImageUrl), which it gets as an argument.
 */
function startPopupPrefetch(
  plan: PrefetchPlan,
  toImageUrl: (path: string, host: string) => string,
) {
  try {
    if (sessionStorage.getItem(plan.storageKey)) return;
    if (new RegExp(plan.excludedPaths).test(location.pathname)) return;
    const addLink = (rel: string, href: string, priority: "low" | "high", as?: string) => {
      const link = document.createElement("link");
      link.rel = rel;
      link.href = href;
      link.fetchPriority = priority;
      if (as) link.as = as;
      document.head.appendChild(link);
    };
    for (const module of plan.modules) addLink("modulepreload", module, "low");
    const response = fetch(plan.listPath, {
      headers: { Accept: "application/json" },
      credentials: "include",
    });
    const store = window as unknown as Record<string, Record<string, Promise<Response>>>;
    store[plan.globalName] = store[plan.globalName] || {};
    store[plan.globalName][plan.listPath] = response;
    response
      .then((answer) => (answer.ok ? answer.clone().json() : null))
      .then((list: unknown) => {
        const first = Array.isArray(list)
          ? (list as { imagePath?: unknown }[]).find((image) => image && image.imagePath)
          : undefined;
        if (!first) return;
        // The same URL the dialog's <img> gets (imageUrl(imagePath, origin)), so the preload is used.
        addLink("preload", toImageUrl(String(first.imagePath), location.origin), "high", "image");
      })
      .catch(() => undefined);
  } catch {
    // Storage or fetch unavailable: the popup component decides after hydration, as before.
  }
}

export function PopupPrefetch({ nonce, modules }: { nonce?: string; modules: string[] }) {
  const plan: PrefetchPlan = {
    storageKey: HAS_SHOWN_POPUP_KEY,
    excludedPaths: POPUP_EXCLUDED_PATHS.source,
    listPath: ACTIVE_POPUPS_PATH,
    globalName: PREFETCH_GLOBAL,
    modules,
  };
  // "<" is escaped so no value can close the script element.
  const code = `(${startPopupPrefetch.toString()})(${JSON.stringify(plan).replace(/</g, "\\u003c")}, ${hostedImageUrl.toString()})`;
  return (
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />
  );
}
