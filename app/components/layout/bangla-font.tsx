/**
 * Noto Sans Bengali on Bangla pages only (issue 20): the Bengali subset of @fontsource's regular
 * weight, `font-display: swap`, the unicode-range keeping Latin text in the system font. One file:
 * bold Bangla text is the regular face emboldened by the browser — the bold file (48 KB more)
 * competed with the page's scripts and largest image on a phone link. A phone that has Noto Sans
 * Bengali installed (Android does) uses it (`local()`) and reads no file.
 *
 * When the file is not yet in the browser's cache, the session's first Bangla page does not wait
 * for it: its text is drawn in the phone's own Bangla font, and the file (44 KB) is fetched once
 * the shopper starts using the page (or a few seconds after it loaded), then used from the next
 * screen on — never swapped under the shopper's eyes. A cookie says the file is cached; from then
 * on every Bangla page preloads it (from the cache) with the inline `@font-face`, so text is drawn
 * in it from the first paint. Why: on a phone link the file took the bandwidth the first page's
 * scripts and campaign image needed (docs/i18n.md, "The Bangla font"). English pages carry none
 * of this and download no Bangla font.
 */
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import regular from "@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url";

/** Set by the browser once the font file is in its cache; the server then preloads it. */
export const BANGLA_FONT_COOKIE = "bn_font";
const COOKIE_MAX_AGE = 60 * 60 * 24 * 30;
/** Without any interaction, the file is fetched this long after the page loaded. */
const IDLE_FETCH_DELAY_MS = 4000;
const FIRST_USE_EVENTS = ["pointerdown", "keydown", "scroll", "touchstart"] as const;

const BENGALI_RANGE =
  "U+0951-0952,U+0964-0965,U+0980-09FE,U+1CD0,U+1CD2,U+1CD5-1CD6,U+1CD8,U+1CE1,U+1CEA,U+1CED,U+1CF2,U+1CF5-1CF7,U+200C-200D,U+20B9,U+25CC,U+A8F1";

export const BANGLA_FONT_CSS = `@font-face{font-family:"Noto Sans Bengali";font-style:normal;font-display:swap;font-weight:400;src:local("Noto Sans Bengali"),local("NotoSansBengali-Regular"),url(${regular}) format("woff2");unicode-range:${BENGALI_RANGE}}html:lang(bn){font-family:"Noto Sans Bengali",var(--font-sans)}`;

/**
 * On a page that started without the font: fetches the file in the background and answers true
 * from the next screen on (a navigation after the file arrived).
 */
function useFontFetchedInBackground(enabled: boolean): boolean {
  const { key } = useLocation();
  const currentKey = useRef(key);
  currentKey.current = key;
  const [fetchedOn, setFetchedOn] = useState<string>();
  const [applies, setApplies] = useState(false);

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
      void fetch(regular, { priority: "low" })
        .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject()))
        .then(() => {
          document.cookie = `${BANGLA_FONT_COOKIE}=1; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax`;
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

  useEffect(() => {
    if (fetchedOn !== undefined && fetchedOn !== key) setApplies(true);
  }, [fetchedOn, key]);
  return applies;
}

export function BanglaFont({ cached }: { cached: boolean }) {
  const fetchedInBackground = useFontFetchedInBackground(!cached);
  if (!cached && !fetchedInBackground) return null;
  return (
    <>
      {cached && (
        <link
          rel="preload"
          as="font"
          type="font/woff2"
          href={regular}
          crossOrigin="anonymous"
          fetchPriority="low"
        />
      )}
      <style>{BANGLA_FONT_CSS}</style>
    </>
  );
}
