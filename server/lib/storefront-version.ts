import { onLocalCatalogChange } from "../../models/catalog-version.model.js";
import { configuredGateways } from "../payments/index.js";
import { catalogReadModel } from "../services/catalog-read-model.js";
import { listPublishedPages, publishedPagesVersion } from "../services/pages.service.js";
import { activePopupsVersion, listActivePopupImages } from "../services/popup-images.service.js";
import { getShopSettings, shopSettingsVersion } from "../services/shop-settings.service.js";
import { categoriesWithSizeGuide, sizeGuidesVersion } from "../services/size-guides.service.js";
import { logger } from "./logger.js";
import { providerSettingsVersion } from "./provider-settings.js";

/**
 * The "storefront version": one string that changes whenever anything a public storefront page
 * shows may have changed, so the page cache keeps a rendered page only while it is the same.
 *
 * It is made of the versions of the in-process copies the pages are rendered from (every source of
 * server/load-context.ts that the home, listing, product and shop pages read): the catalogue read
 * model (products, stock, prices, categories), the shop settings (delivery zones and charges,
 * contact, search synonyms), the payment providers' settings (which methods the footer names), the
 * campaign popups (and which are within their window now), the published pages, the categories
 * with a size guide. Each copy checks its own version document in the database;
 * `refreshStorefrontVersion()` asks each for its value at most once a second (each then checks the
 * database if its copy is old; the request that finds the check due does not wait for it), so
 * another instance's write changes this within about a second or two. This instance's writes
 * change it at once: they drop or replace the copies, and the catalogue's are counted here.
 *
 * A page is rendered from copies at least as new as the version read before its render, so a page
 * kept under that version never shows older data than the version says (at worst it is newer,
 * and rendered once more when the copies catch up).
 */
export const STOREFRONT_CHECK_MS = 1000;

/** How long the check waits for the catalogue, as a page's header does for its categories. */
const CATALOGUE_WAIT_MS = 250;

/** Sources not loaded yet: the page's render loads them, then the version is another. */
const NOT_LOADED = "?";

let localCatalogWrites = 0;
let checkedAt = 0;
let mustCheck = true;
let pending: Promise<void> | undefined;

onLocalCatalogChange(() => {
  // The read model sees this write only at its next check: until then, this count says it.
  localCatalogWrites += 1;
  mustCheck = true;
});

/** The version now, from what is in memory (no database read; a few string joins). */
export function storefrontVersion(now = new Date()): string {
  return [
    catalogReadModel.versionTag ?? NOT_LOADED,
    localCatalogWrites,
    shopSettingsVersion() ?? NOT_LOADED,
    providerSettingsVersion(),
    activePopupsVersion(now) ?? NOT_LOADED,
    publishedPagesVersion() ?? NOT_LOADED,
    sizeGuidesVersion() ?? NOT_LOADED,
  ].join("|");
}

/** The copies other than the catalogue's that are not loaded (quick to load: a few documents). */
function contentMissing(): boolean {
  return [
    shopSettingsVersion(),
    activePopupsVersion(),
    publishedPagesVersion(),
    sizeGuidesVersion(),
  ].includes(undefined);
}

/**
 * Whether `refreshStorefrontVersion()` has work to do: "wait" after a local catalogue write or while
 * a small copy is missing (the answer must not be given from what was), "background" once a second
 * or while the catalogue is not loaded (the checks run while the request is answered from what is
 * known now), else "none".
 */
export function storefrontCheckDue(): "wait" | "background" | "none" {
  if (mustCheck || contentMissing()) return "wait";
  if (!catalogReadModel.isLoaded) return "background";
  return Date.now() - checkedAt >= STOREFRONT_CHECK_MS ? "background" : "none";
}

/** Whether a page rendered under `version` may be kept: not while a copy was missing. */
export function complete(version: string): boolean {
  return !version.includes(NOT_LOADED);
}

/**
 * The catalogue's check, waited for as long as a page's header waits for it (catalog.service.ts):
 * its first load and a full reload take seconds at 20,000 products, and no page waits for those.
 * A page rendered meanwhile is newer than the version read before it, so it is kept (or, before the
 * first load, not kept), and rendered once more when the catalogue's version moves.
 */
function catalogueChecked(): Promise<unknown> {
  const check = catalogReadModel.ensureFresh();
  check.catch((error: unknown) => logger.warn({ err: error }, "catalogue check failed"));
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check.catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, CATALOGUE_WAIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function readEverySource(): Promise<void> {
  mustCheck = false;
  // One check per second however many requests find it due meanwhile.
  checkedAt = Date.now();
  // A copy's first load can be dropped by a write it makes itself (the standard shop pages are
  // created on the first read): read again, a few times at most, until every copy is held.
  for (let round = 0; round < 3; round += 1) {
    // The reads the pages make, so each copy checks its version document if it is old. A failure
    // is left to the page's own read (which answers the error); the next check tries again.
    const results = await Promise.allSettled([
      catalogueChecked(),
      getShopSettings(),
      configuredGateways(),
      listActivePopupImages(),
      listPublishedPages(),
      categoriesWithSizeGuide(),
    ]);
    const failed = results.find((result) => result.status === "rejected");
    if (failed) {
      mustCheck = true;
      logger.warn({ err: failed.reason }, "storefront version check failed");
      break;
    }
    if (!contentMissing()) break;
  }
}

/**
 * Brings the copies up to date when due (callers meanwhile share the check). Resolves at once when
 * the check may run in the background: a request waits for it only when what it would be answered
 * from is not known to be current (a local catalogue write, a copy not loaded).
 */
export function refreshStorefrontVersion(): Promise<void> {
  const due = storefrontCheckDue();
  if (due === "none") return Promise.resolve();
  pending ??= readEverySource().finally(() => {
    pending = undefined;
  });
  if (due === "background") {
    // Its failure is logged inside; nothing waits for it.
    return Promise.resolve();
  }
  return pending;
}
