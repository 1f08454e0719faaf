import type { NextFunction, Request, RequestHandler, Response } from "express";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { DEFAULT_LOCALE } from "#contract/i18n";
import { banglaFontCached, preferredLocale } from "#contract/i18n/locale-preference";
import {
  LISTING_PARAMETERS,
  listingHref,
  parseListingParams,
  type ListingFilters,
} from "#contract/listing-query";
import { PAGE_CACHE_CONTROL } from "#contract/page-headers";
import { logger } from "../lib/logger.js";
import {
  recordPageCacheBytes,
  recordPageCacheOutcome,
  type PageCacheOutcome,
} from "../lib/metrics.js";
import { gzipBody, joinBody, spliceBody, type SplicedBody } from "../lib/spliced-gzip.js";
import {
  complete,
  refreshStorefrontVersion,
  storefrontVersion,
} from "../lib/storefront-version.js";
import { catalogReadModel } from "../services/catalog-read-model.js";

/**
 * The rendered-page cache (docs/performance.md, "Rendered-page cache"): the storefront's public,
 * anonymous pages kept in memory as rendered, and answered again while everything they show is
 * unchanged (the storefront version, server/lib/storefront-version.ts) and for at most
 * PAGE_CACHE_MAX_AGE_SECONDS. It sits in front of React Router's handler, in production only.
 *
 * - Which pages: an allow-list of routes, each in its canonical path only (a slug as the shop
 *   writes it), without a query except a listing's own parameters; anything else passes through.
 * - The key: the page's origin (its popup names images by it), path and query, and the only other
 *   request inputs these pages read: on an English URL the language the shopper prefers (a Bangla
 *   preference is redirected), whether the Bangla font is cached (bn_font), and whether the client
 *   is a bot (rendered whole rather than streamed).
 * - The CSP nonce: a page is kept with the nonce it was rendered with cut out, and every answer
 *   puts its own response's nonce back (the one helmet's header names).
 * - Compression: each kept page is also compressed once; a gzip answer is spliced together with
 *   the new nonce (server/lib/spliced-gzip.ts) instead of compressed again.
 * - Memory: two byte-bounded LRUs: the shop's own pages (home, products, plain listings of its
 *   categories as its links write them, shop pages) and, on a quarter of the budget, the open-ended
 *   ones (searches, price or colour filters, deep pages, other spellings of a query, another host
 *   name), so a flood of distinct URLs only churns those.
 */
export interface PageCacheOptions {
  /** The memory bound, in bytes, of both LRUs together. */
  maxBytes: number;
  /** The longest a kept page is answered (what changes with time alone: a sale's end). */
  maxAgeMs: number;
  /** The shop's public host (PUBLIC_URL); pages asked under another go to the open-ended LRU. */
  publicHost: string;
}

interface CachedPage {
  /** The storefront version the page was rendered under. */
  version: string;
  storedAt: number;
  /** Status 200 always; the headers the page's handler set (not those set for every request). */
  headers: [string, string | string[]][];
  body: SplicedBody;
  size: number;
}

type Segment = "own" | "open";

interface Cacheable {
  key: string;
  segment: Segment;
}

const HEADER = "X-Page-Cache";
/** The open-ended LRU's share of the memory. */
const OPEN_SHARE = 0.25;
/** The largest page kept; larger ones are answered as rendered. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Listing pages past this are the long tail (crawlers walking the pagination). */
const OWN_LISTING_PAGES = 10;
/** Per-request headers the cache never stores: set again for each answer. */
const NOT_STORED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "set-cookie",
  HEADER.toLowerCase(),
]);

const SLUG = "[a-z0-9](?:[a-z0-9-]{0,126}[a-z0-9])?";
/**
 * The storefront routes whose pages are kept (app/routes.ts), English and under /bn: home,
 * listing, product, shop page. Never the cart, checkout, account, sign-in, orders or back office.
 */
const CACHEABLE_ROUTES: { route: string; path: RegExp; query: "none" | "listing" }[] = [
  { route: "routes/home", path: /^(?:\/|\/bn)$/, query: "none" },
  { route: "routes/products", path: /^(?:\/bn)?\/products$/, query: "listing" },
  { route: "routes/product", path: new RegExp(`^(?:/bn)?/product/${SLUG}$`), query: "none" },
  { route: "routes/shop-page", path: new RegExp(`^(?:/bn)?/pages/${SLUG}$`), query: "none" },
];

/** The origin React Router gives the page's request (@react-router/express), as the root reads it. */
function pageOrigin(req: Request): string | undefined {
  const port = (value: string | undefined) => {
    const number = Number.parseInt(value ?? "", 10);
    return Number.isSafeInteger(number) ? number : undefined;
  };
  const forwarded = req.app.enabled("trust proxy")
    ? port(req.get("X-Forwarded-Host")?.split(":")[1])
    : undefined;
  const resolvedPort = forwarded ?? port(req.get("host")?.split(":")[1]);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  try {
    return new URL(`${req.protocol}://${hostname}${resolvedPort ? `:${resolvedPort}` : ""}`).origin;
  } catch {
    return undefined;
  }
}

/** A listing kept among the shop's own pages: a known category, sort, stock, discount, early page. */
function ownListing(filters: ListingFilters): boolean {
  if (filters.search || filters.colors.length > 0 || filters.sizes.length > 0) return false;
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined) return false;
  if (filters.page > OWN_LISTING_PAGES) return false;
  if (!filters.category) return true;
  if (!catalogReadModel.isLoaded) return false;
  // Exactly as the shop writes it: the lookup ignores letter case, which would let one category be
  // asked under thousands of spellings.
  const found = catalogReadModel.findCategory(filters.category);
  return found !== undefined && [found.slug, String(found._id)].includes(filters.category);
}

/** The page's key and LRU, or why it is not kept. */
function classify(req: Request, publicHost: string): Cacheable | string {
  if (req.method !== "GET" && req.method !== "HEAD") return "method";
  if (req.get("authorization") !== undefined) return "authorization";
  const url = req.originalUrl;
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? "" : url.slice(queryAt + 1);
  const route = CACHEABLE_ROUTES.find((candidate) => candidate.path.test(pathname));
  if (!route) return "route";
  let segment: Segment = "own";
  if (route.query === "none") {
    if (queryAt !== -1) return "query";
  } else {
    // Only the listing's own parameters (an unknown one, utm_* or fbclid, is answered as rendered).
    // The query as the listing's links write it may be among the shop's own pages; any other
    // spelling of a listing (the order, a repeated or empty parameter) is kept with the open-ended.
    const params = new URLSearchParams(query);
    if ([...params.keys()].some((name) => !LISTING_PARAMETERS.includes(name))) return "query";
    const filters = parseListingParams(params);
    const canonical = listingHref(filters, { page: filters.page });
    if (canonical !== `/products${queryAt === -1 ? "" : `?${query}`}` || !ownListing(filters))
      segment = "open";
  }
  const origin = pageOrigin(req);
  if (!origin) return "origin";
  if (new URL(origin).host !== publicHost) segment = "open";
  const english = !pathname.startsWith("/bn");
  const cookie = req.get("cookie");
  const userAgent = req.get("user-agent");
  const key = [
    `${origin}${url}`,
    // An English URL redirects a shopper who prefers Bangla (the root's loader): never the same page.
    english ? preferredLocale({ get: (name) => req.get(name) }) : DEFAULT_LOCALE,
    banglaFontCached(cookie) ? "font" : "-",
    userAgent && isbot(userAgent) ? "bot" : "-",
  ].join("|");
  return { key, segment };
}

/** The page's own response headers as rendered: those not set before its handler ran. */
function pageHeaders(res: Response, setBefore: ReadonlySet<string>): CachedPage["headers"] {
  const headers: CachedPage["headers"] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || setBefore.has(name) || NOT_STORED.has(name)) continue;
    if (name === "vary") {
      // compression() names Accept-Encoding again on every answer.
      const kept = String(value)
        .split(",")
        .map((token) => token.trim())
        .filter((token) => token && token.toLowerCase() !== "accept-encoding");
      if (kept.length > 0) headers.push([name, kept.join(", ")]);
      continue;
    }
    headers.push([name, Array.isArray(value) ? value : String(value)]);
  }
  return headers;
}

/** Whether a rendered answer may be kept: 200 HTML, no cookie, not marked private or no-store. */
function storable(res: Response): boolean {
  if (res.statusCode !== 200) return false;
  if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return false;
  if (res.getHeader("set-cookie") !== undefined) return false;
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  // The pages' default header is there for the nonce, which every answer gets anew.
  return cacheControl === PAGE_CACHE_CONTROL || !/\b(?:private|no-store)\b/i.test(cacheControl);
}

/** The stores of every page cache of this process (tests empty the database behind their back). */
const stores = new Set<PageStore>();

/** Forgets every kept page of this process. */
export function clearPageCaches(): void {
  for (const store of stores) store.clear();
}

class PageStore {
  private readonly own: LRUCache<string, CachedPage>;
  private readonly open: LRUCache<string, CachedPage>;

  constructor(maxBytes: number) {
    const lru = (bytes: number) =>
      new LRUCache<string, CachedPage>({
        maxSize: Math.max(1, Math.floor(bytes)),
        maxEntrySize: Math.max(1, Math.min(MAX_PAGE_BYTES, Math.floor(bytes))),
        sizeCalculation: (page) => page.size,
      });
    this.own = lru(maxBytes * (1 - OPEN_SHARE));
    this.open = lru(maxBytes * OPEN_SHARE);
  }

  get(place: Cacheable): CachedPage | undefined {
    return this[place.segment].get(place.key);
  }

  set(place: Cacheable, page: CachedPage): void {
    this[place.segment].set(place.key, page);
    recordPageCacheBytes(this.bytes);
  }

  delete(place: Cacheable): void {
    this[place.segment].delete(place.key);
  }

  clear(): void {
    this.own.clear();
    this.open.clear();
  }

  get bytes(): number {
    return this.own.calculatedSize + this.open.calculatedSize;
  }

  get entries(): number {
    return this.own.size + this.open.size;
  }
}

/** Answers a kept page with this response's nonce, gzip-spliced when the client takes gzip. */
function answerFromCache(req: Request, res: Response, page: CachedPage): void {
  const nonce = String(res.locals.cspNonce ?? "");
  res.status(200);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader(HEADER, "hit");
  recordPageCacheOutcome("hit");
  let body: Buffer;
  // No Accept-Encoding at all: plain, as compression() answers it.
  if (req.get("accept-encoding") && req.acceptsEncodings("gzip") === "gzip") {
    body = gzipBody(page.body, nonce);
    // compression() leaves an encoded answer as it is (and still adds Vary: Accept-Encoding).
    res.setHeader("Content-Encoding", "gzip");
  } else {
    // Uncompressed, or brotli by compression() for a client that takes only that.
    body = joinBody(page.body, nonce);
  }
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

function label(res: Response, outcome: PageCacheOutcome): void {
  res.setHeader(HEADER, outcome);
  recordPageCacheOutcome(outcome);
}

/** The page cache in front of the storefront's handler; `undefined` when PAGE_CACHE_MB is 0. */
export function pageCache(options: PageCacheOptions): RequestHandler | undefined {
  if (options.maxBytes <= 0) return undefined;
  const store = new PageStore(options.maxBytes);
  stores.add(store);
  /** Renders under way, by key: the same page asked meanwhile waits for it (one render). */
  const rendering = new Map<string, Promise<CachedPage | undefined>>();

  const fresh = (page: CachedPage | undefined, version: string): page is CachedPage =>
    page !== undefined && page.version === version && Date.now() - page.storedAt < options.maxAgeMs;

  /** Lets the handler render, keeping a copy of what it writes; resolves with the kept page. */
  function renderAndKeep(
    req: Request,
    res: Response,
    next: NextFunction,
    place: Cacheable,
    version: string,
  ): Promise<CachedPage | undefined> {
    const setBefore = new Set(Object.keys(res.getHeaders()));
    const nonce = String(res.locals.cspNonce ?? "");
    const chunks: Buffer[] = [];
    let bytes = 0;
    let tooLarge = false;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (tooLarge || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk)
            : undefined;
      if (!buffer) return;
      bytes += buffer.length;
      if (bytes > MAX_PAGE_BYTES) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(buffer);
    };
    // Teed below compression(): the page as rendered, while the client gets it streamed as usual.
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      return write(...args);
    }) as Response["write"];
    res.end = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      return end(...args);
    }) as Response["end"];

    const kept = new Promise<CachedPage | undefined>((resolve) => {
      const settle = () => {
        res.off("finish", onFinish);
        res.off("close", onClose);
        if (rendering.get(place.key) === kept) rendering.delete(place.key);
      };
      const onFinish = () => {
        settle();
        // Rendered while a copy was still loading (the catalogue at start-up): not kept.
        if (tooLarge || req.method !== "GET" || !complete(version) || !storable(res) || !nonce)
          return resolve(undefined);
        try {
          const body = spliceBody(Buffer.concat(chunks), nonce, 6);
          const headers = pageHeaders(res, setBefore);
          const size = body.bytes + place.key.length * 2 + JSON.stringify(headers).length * 2 + 512;
          const page: CachedPage = { version, storedAt: Date.now(), headers, body, size };
          store.set(place, page);
          resolve(page);
        } catch (error) {
          logger.warn({ err: error }, "a rendered page could not be kept");
          resolve(undefined);
        }
      };
      // The client went away before the end: nothing complete to keep.
      const onClose = () => {
        settle();
        resolve(undefined);
      };
      res.on("finish", onFinish);
      res.on("close", onClose);
    });
    if (req.method === "GET") rendering.set(place.key, kept);
    label(res, "miss");
    next();
    return kept;
  }

  return (req, res, next) => {
    const place = classify(req, options.publicHost);
    if (typeof place === "string") {
      label(res, "bypass");
      next();
      return;
    }
    void (async () => {
      await refreshStorefrontVersion();
      const version = storefrontVersion();
      const cached = store.get(place);
      if (fresh(cached, version)) return answerFromCache(req, res, cached);
      if (cached) store.delete(place);
      const inFlight = req.method === "GET" ? rendering.get(place.key) : undefined;
      if (inFlight) {
        const page = await inFlight;
        if (fresh(page, version) && !res.headersSent) return answerFromCache(req, res, page);
      }
      void renderAndKeep(req, res, next, place, version);
    })().catch(next);
  };
}

/** For tests and diagnostics: what the caches of this process hold. */
export function pageCacheSize(): { entries: number; bytes: number } {
  let entries = 0;
  let bytes = 0;
  for (const store of stores) {
    entries += store.entries;
    bytes += store.bytes;
  }
  return { entries, bytes };
}
