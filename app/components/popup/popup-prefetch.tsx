/**
 * Starts the campaign popup's downloads before hydration, on a session's first storefront page.
 *
 * The popup (campaign-popup.tsx) can only open after hydration, and then still needed three round
 * trips in a row: its dialog code and `GET /api/popup-images/active`, then the first image. On a slow
 * phone link that made the popup image the page's last large paint, seconds after the page itself.
 * This inline head script asks for the list and, as soon as the list is there, the first image, and
 * for the dialog's chunks with the page's code, so after hydration the popup opens without waiting
 * on the network. The popup flow itself is unchanged: the
 * component still gets the list through the API client (which hands it this response), shows the
 * spinner until it has it and sets `hasShownPopup` only when images came back.
 *
 * When the server rendered the popup's first frame (popup-first-frame.tsx), the script preloads
 * its first image at once and, when the list comes back non-empty, reveals the frame
 * (`<html data-popup="open">`) and sets `hasShownPopup`, which is the component's rule applied
 * before hydration; it never reveals once the hydrated component has taken over
 * (`data-popup` set). Until the dialog replaces the frame, a click on its close button or backdrop,
 * or Escape, closes it (`data-popup="closed"`).
 *
 * The page's code waits for this first screen (app/lib/first-screen.ts): the script announces a
 * promise that settles one painted frame after the popup is decided (no popup, or the frame shown
 * with its first image decoded), or after at most FIRST_SCREEN_MAX_WAIT_MS.
 */
import { ACTIVE_POPUPS_PATH, PREFETCH_GLOBAL } from "~/lib/api-client";
import { hostedImageUrl, savedWidths } from "~/lib/image-url";
import { POPUP_IMAGE_WIDTHS } from "#contract/images";
import { HAS_SHOWN_POPUP_KEY, POPUP_EXCLUDED_PATHS } from "./campaign-popup";
import {
  FIRST_SCREEN_GLOBAL,
  FIRST_SCREEN_MAX_WAIT_MS,
  PRELOAD_AFTER_PAINT_REL,
} from "~/lib/first-screen";
import { FIRST_FRAME_CLASS, FIRST_FRAME_CLOSE_ATTRIBUTE } from "./popup-first-frame";
import { POPUP_IMAGE_SIZES } from "./popup-panel";

interface PrefetchPlan {
  storageKey: string;
  excludedPaths: string;
  listPath: string;
  globalName: string;
  modules: string[];
  /** The first image of the server's first frame; null when the server rendered none. */
  firstImage: string | null;
  /** The widths popup images are saved in, and the popup image's `sizes` (popup-panel.tsx). */
  imageWidths: readonly number[];
  imageSizes: string;
  closeAttribute: string;
  /** The server-rendered frame's class (popup-first-frame.tsx). */
  frameClass: string;
  firstScreenGlobal: string;
  firstScreenMaxWaitMs: number;
  heldPreloadRel: string;
}

/**
 * Runs in the browser as an inline script: self-contained, so it is serialised with toString(), and
 * so are `toImageUrl` (the dialog's own URL rule, hostedImageUrl) and `widthsOf` (savedWidths, the
 * rule of its srcset), which it gets as arguments.
 */
function startPopupPrefetch(
  plan: PrefetchPlan,
  toImageUrl: (path: string, host: string) => string,
  widthsOf: typeof savedWidths,
) {
  try {
    if (sessionStorage.getItem(plan.storageKey)) return;
    if (new RegExp(plan.excludedPaths).test(location.pathname)) return;
    const addLink = (
      rel: string,
      href: string,
      priority?: "low" | "high",
      as?: string,
      attributes: Record<string, string> = {},
    ) => {
      const link = document.createElement("link");
      link.rel = rel;
      link.href = href;
      if (priority) link.fetchPriority = priority;
      if (as) link.as = as;
      // Before it is in the document: the browser starts the download as soon as it is.
      for (const name in attributes) link.setAttribute(name, attributes[name]!);
      document.head.appendChild(link);
    };
    // The dialog's chunks are fetched with the page's code, once the first screen is painted
    // (first-screen.ts): held here, started by the page's module script. That script also waits
    // for this promise: one painted frame after the popup is decided (no popup, or the frame
    // shown with its first image decoded), or at most firstScreenMaxWaitMs.
    for (const module of plan.modules) addLink(plan.heldPreloadRel, module);
    const afterNextPaint = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));
    let firstScreenPainted = () => {};
    const firstScreen = new Promise<void>((resolve) => (firstScreenPainted = resolve));
    (window as unknown as Record<string, Promise<void>>)[plan.firstScreenGlobal] = firstScreen;
    setTimeout(firstScreenPainted, plan.firstScreenMaxWaitMs);
    // The same URLs, srcset and sizes the dialog's <img> gets (imageUrl and imageSrcSet with the
    // page's origin), so the browser picks the same width for both and fetches that one file.
    const preloadImage = (path: string) => {
      const srcset = widthsOf(path, plan.imageWidths)
        .map((image) => toImageUrl(image.path, location.origin) + " " + image.width + "w")
        .join(", ");
      addLink(
        "preload",
        toImageUrl(path, location.origin),
        "high",
        "image",
        srcset ? { imagesrcset: srcset, imagesizes: plan.imageSizes } : {},
      );
    };
    if (plan.firstImage) preloadImage(plan.firstImage);
    const root = document.documentElement;
    const reveal = () => {
      sessionStorage.setItem(plan.storageKey, "true");
      root.dataset.popup = "open";
      const close = () => {
        if (root.dataset.popup === "open") root.dataset.popup = "closed";
      };
      document.addEventListener("click", (event) => {
        const target = event.target as Element | null;
        if (target?.closest?.(`[${plan.closeAttribute}]`)) close();
      });
      document.addEventListener("keydown", (event) => {
        if (event.key === "Escape") close();
      });
      // Shown now: its first image (preloaded above) is drawn as soon as it is decoded, not after
      // a lazy image's visibility check a frame later.
      const image = document.querySelector<HTMLImageElement>(`.${plan.frameClass} img`);
      if (!image) return undefined;
      image.loading = "eager";
      return image.decode().catch(() => undefined);
    };
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
        if (!first) return undefined;
        if (!plan.firstImage) preloadImage(String(first.imagePath));
        // Not once the hydrated popup decides (it sets data-popup).
        else if (!root.dataset.popup) return reveal();
        return undefined;
      })
      .catch(() => undefined)
      .then(() => afterNextPaint(firstScreenPainted));
  } catch {
    // Storage or fetch unavailable: the popup component decides after hydration, as before.
  }
}

export function PopupPrefetch({
  nonce,
  modules,
  firstImage,
}: {
  nonce?: string;
  modules: string[];
  firstImage: string | null;
}) {
  const plan: PrefetchPlan = {
    storageKey: HAS_SHOWN_POPUP_KEY,
    excludedPaths: POPUP_EXCLUDED_PATHS.source,
    listPath: ACTIVE_POPUPS_PATH,
    globalName: PREFETCH_GLOBAL,
    modules,
    firstImage,
    imageWidths: POPUP_IMAGE_WIDTHS,
    imageSizes: POPUP_IMAGE_SIZES,
    closeAttribute: FIRST_FRAME_CLOSE_ATTRIBUTE,
    frameClass: FIRST_FRAME_CLASS,
    firstScreenGlobal: FIRST_SCREEN_GLOBAL,
    firstScreenMaxWaitMs: FIRST_SCREEN_MAX_WAIT_MS,
    heldPreloadRel: PRELOAD_AFTER_PAINT_REL,
  };
  // "<" is escaped so no value can close the script element. Only the server writes it: the
  // script runs once, from the page's HTML, and hydration keeps that element as it is, so the
  // browser's bundle carries neither the plan nor the script's source.
  const code = import.meta.env.SSR
    ? `(${startPopupPrefetch.toString()})(${JSON.stringify(plan).replace(/</g, "\\u003c")}, ${hostedImageUrl.toString()}, ${savedWidths.toString()})`
    : "";
  return (
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />
  );
}
