/**
 * What `npm run audit:pages` holds each audited page to (docs/performance.md):
 * - the shop's floor: every Lighthouse category >= 95 and at most 170 KB of JavaScript on any
 *   storefront page; `--strict` exits 1 when a page falls below it;
 * - the speed targets for a slow phone: performance >= 99, the other categories 100, largest paint
 *   <= 1.5 s, blocking time <= 50 ms, no layout shift, and at most 110 KB of JavaScript on a
 *   session's first page. Printed as pass/fail per page and kept in the report.
 * A page kept out of search engines on purpose has no SEO bar (MeasuredPage.forSearchEngines).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

/** What one audited page measured (the median run). */
export interface MeasuredPage {
  name: string;
  /** A session's first page (the campaign popup opens, nothing is cached). */
  firstInSession: boolean;
  /**
   * False for a page the shop keeps out of search engines on purpose (`noindex`: a shopper's cart,
   * the order tracking form): Lighthouse's SEO category then measures that choice, not the page,
   * so it is not held to the SEO bars.
   */
  forSearchEngines: boolean;
  scores: Record<Category, number | null>;
  jsKb: number;
  largestContentfulPaintMs: number | null;
  totalBlockingTimeMs: number | null;
  cumulativeLayoutShift: number | null;
}

export interface TargetCheck {
  target: string;
  value: string;
  pass: boolean;
}

export const FLOOR = { score: 95, jsKb: 170 } as const;
export const SPEED_TARGETS = {
  performance: 99,
  otherCategories: 100,
  largestContentfulPaintMs: 1500,
  totalBlockingTimeMs: 50,
  cumulativeLayoutShift: 0,
  firstPageJsKb: 110,
} as const;

const atLeast = (target: string, value: number | null, minimum: number): TargetCheck => ({
  target: `${target} >= ${minimum}`,
  value: String(value ?? "n/a"),
  pass: value !== null && value >= minimum,
});
const atMost = (target: string, value: number | null, maximum: number, unit = ""): TargetCheck => ({
  target: `${target} <= ${maximum}${unit}`,
  value: value === null ? "n/a" : `${Math.round(value * 1000) / 1000}${unit}`,
  pass: value !== null && value <= maximum,
});

/** The categories a page is held to: all four, without SEO for a page kept out of search. */
const categoriesOf = (page: MeasuredPage) =>
  CATEGORIES.filter((id) => id !== "seo" || page.forSearchEngines);

/** The floor's checks: what --strict fails on. */
export function floorChecks(page: MeasuredPage): TargetCheck[] {
  return [
    ...categoriesOf(page).map((id) => atLeast(id, page.scores[id], FLOOR.score)),
    atMost("JavaScript", page.jsKb, FLOOR.jsKb, " KB"),
  ];
}

/** The speed targets' checks (the first-page JavaScript budget only on a session's first page). */
export function speedChecks(page: MeasuredPage): TargetCheck[] {
  return [
    atLeast("performance", page.scores.performance, SPEED_TARGETS.performance),
    ...categoriesOf(page)
      .filter((id) => id !== "performance")
      .map((id) => atLeast(id, page.scores[id], SPEED_TARGETS.otherCategories)),
    atMost("LCP", page.largestContentfulPaintMs, SPEED_TARGETS.largestContentfulPaintMs, " ms"),
    atMost("TBT", page.totalBlockingTimeMs, SPEED_TARGETS.totalBlockingTimeMs, " ms"),
    atMost("CLS", page.cumulativeLayoutShift, SPEED_TARGETS.cumulativeLayoutShift),
    ...(page.firstInSession
      ? [atMost("first-page JavaScript", page.jsKb, SPEED_TARGETS.firstPageJsKb, " KB")]
      : []),
  ];
}

/**
 * Whether a build's browser code is React's production build: it carries React's minified error
 * texts ("Minified React error") and none of the development build's warnings ("Invalid hook
 * call"). A development build is a quarter bigger and far slower, so auditing one measures nothing
 * a shopper gets.
 */
export function isProductionBuild(buildDir: string): boolean {
  const assets = path.join(buildDir, "client", "assets");
  if (!existsSync(assets)) return false;
  let minifiedErrors = false;
  for (const file of readdirSync(assets)) {
    if (!file.endsWith(".js")) continue;
    const source = readFileSync(path.join(assets, file), "utf8");
    if (source.includes("Invalid hook call")) return false;
    if (source.includes("Minified React error")) minifiedErrors = true;
  }
  return minifiedErrors;
}
