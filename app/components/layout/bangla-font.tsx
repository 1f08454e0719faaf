/**
 * When Bangla pages draw with the web font (its `@font-face` is in app.css; docs/i18n.md, "The
 * Bangla font"). A phone that has Noto Sans Bengali installed (Android does) uses it (`local()`)
 * and reads no file. When the file is not yet in the browser's cache, the session's first Bangla
 * page does not wait for it: its text is drawn in the phone's own Bangla font, and the file (44 KB)
 * is fetched once the shopper starts using the page (or a few seconds after it loaded), then used
 * from the next screen on — never swapped under the text being read. A cookie says the file is
 * cached; from then on every Bangla page preloads it (from the cache) and is drawn in it from the
 * first paint. Why: on a phone link the file took the bandwidth the first page's scripts and
 * campaign image needed. English pages never use it, so they download no Bangla font.
 */
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { pageCookie } from "~/lib/cookies";
import { BANGLA_FONT_COOKIE } from "#contract/i18n/locale-preference";
import fontFile from "@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url";

// Set by the browser once the font file is in its cache; the server then preloads it.
export { BANGLA_FONT_COOKIE };
/** The class on <html> that turns the web font on (app.css). */
const FONT_CLASS = "bangla-font";
const COOKIE_MAX_AGE = 60 * 60 * 24 * 30;
/** Without any interaction, the file is fetched this long after the page loaded. */
const IDLE_FETCH_DELAY_MS = 4000;
const FIRST_USE_EVENTS = ["pointerdown", "keydown", "scroll", "touchstart"] as const;

/** Fetches the file in the background; the key of the screen that was showing when it arrived. */
function useBackgroundFetch(enabled: boolean): string | undefined {
  const { key } = useLocation();
  const currentKey = useRef(key);
  currentKey.current = key;
  const [fetchedOn, setFetchedOn] = useState<string>();

  useEffect(() => {
    if (!enabled) return;
    let started = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopWaiting = () => {
      clearTimeout(timer);
      window.removeEventListener("load", startTimer);
      for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, fetchFont);
    };
    const fetchFont = () => {
      if (started) return;
      started = true;
      stopWaiting();
      void fetch(fontFile, { priority: "low" })
        .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject()))
        .then(() => {
          document.cookie = pageCookie(BANGLA_FONT_COOKIE, "1", COOKIE_MAX_AGE);
          setFetchedOn(currentKey.current);
        })
        // Offline: the phone's own Bangla font stays; the next page load tries again.
        .catch(() => undefined);
    };
    function startTimer() {
      timer = setTimeout(fetchFont, IDLE_FETCH_DELAY_MS);
    }
    for (const type of FIRST_USE_EVENTS)
      window.addEventListener(type, fetchFont, { once: true, passive: true });
    if (document.readyState === "complete") startTimer();
    else window.addEventListener("load", startTimer, { once: true });
    return stopWaiting;
  }, [enabled]);
  return fetchedOn;
}

/**
 * The class for <html> on a Bangla page: the web font from the first paint when the browser has
 * the file (`cached`, from the cookie), else from the first screen after the background fetch.
 */
export function useBanglaFontClass(bangla: boolean, cached: boolean): string | undefined {
  const { key } = useLocation();
  const fetchedOn = useBackgroundFetch(bangla && !cached);
  const [nextScreen, setNextScreen] = useState(false);
  useEffect(() => {
    if (fetchedOn !== undefined && fetchedOn !== key) setNextScreen(true);
  }, [fetchedOn, key]);
  return bangla && (cached || nextScreen) ? FONT_CLASS : undefined;
}

/** The file from the cache as the page starts (only when the cookie says it is there). */
export function BanglaFontPreload() {
  return (
    <link
      rel="preload"
      as="font"
      type="font/woff2"
      href={fontFile}
      crossOrigin="anonymous"
      fetchPriority="low"
    />
  );
}
