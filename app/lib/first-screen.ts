/**
 * A page's code is fetched once its first screen has been painted (docs/performance.md, "The
 * first screen before the code"). The rewritten React Router script waits for the promise under
 * this name when a head script has set one (the campaign popup's frame, popup-prefetch.tsx), else
 * for the first painted frame.
 */
export const FIRST_SCREEN_GLOBAL = "__tweestFirstScreen";

/** The longest the popup's first frame may hold the page's code back (a slow list or image). */
export const FIRST_SCREEN_MAX_WAIT_MS = 3000;
