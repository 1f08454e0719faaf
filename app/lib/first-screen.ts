/**
 * A page's code is fetched once its first screen has been painted (docs/performance.md, "The
 * first screen before the code"): React Router's inline module script, rewritten on the server
 * (scripts-after-first-paint.server.ts), waits for the page's first contentful paint and, when a
 * head script has announced one under FIRST_SCREEN_GLOBAL (the campaign popup's frame,
 * popup-prefetch.tsx), for that promise too; then it starts every preload held under
 * PRELOAD_AFTER_PAINT_REL and imports the route modules.
 */
export const FIRST_SCREEN_GLOBAL = "__tweestFirstScreen";

/**
 * A rel no browser acts on: the tag names what to preload once the first screen is painted, a
 * module (no `as`) or a file (its `as` and `crossorigin` are kept: the page's messages).
 */
export const PRELOAD_AFTER_PAINT_REL = "preload-after-paint";

/** The longest the first screen may hold the page's code back (a slow list, image or paint). */
export const FIRST_SCREEN_MAX_WAIT_MS = 3000;
