import type { Request, RequestHandler, Response } from "express";
import {
  ipKeyGenerator,
  rateLimit,
  type IncrementResponse,
  type Options,
  type RateLimitInfo,
  type Store,
} from "express-rate-limit";
import { RateLimit } from "../../models/rate-limit.model.js";
import { getEnv } from "../env.js";
import { tooManyRequests } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import { normalizeBdMobile } from "#contract/phone";
import { orderLookupKey } from "#contract/order-number";
import { getShopSettings } from "../services/shop-settings.service.js";
import { readGuestId } from "./cart-owner.js";

const FIFTEEN_MINUTES = 15 * 60_000;
const ONE_HOUR = 60 * 60_000;
const ONE_DAY = 24 * ONE_HOUR;

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown })?.code === 11000;
}

/**
 * express-rate-limit store kept in MongoDB (collection `rate_limits`), so every app instance
 * counts against the same numbers. A window lives in `resetAt`; expired rows are restarted by a
 * conditional update, never trusted, whether or not the TTL index has removed them yet.
 */
export class MongoRateLimitStore implements Store {
  windowMs = FIFTEEN_MINUTES;
  readonly localKeys = false;

  constructor(readonly prefix: string) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private id(key: string): string {
    return `${this.prefix}${key}`;
  }

  async get(key: string) {
    const row = await RateLimit.findOne({ _id: this.id(key), resetAt: { $gt: new Date() } }).lean();
    return row ? { totalHits: row.hits, resetTime: row.resetAt } : undefined;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const _id = this.id(key);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const now = new Date();
      const live = await RateLimit.findOneAndUpdate(
        { _id, resetAt: { $gt: now } },
        { $inc: { hits: 1 } },
        { new: true },
      ).lean();
      if (live) return { totalHits: live.hits, resetTime: live.resetAt };
      const resetAt = new Date(now.getTime() + this.windowMs);
      const restarted = await RateLimit.findOneAndUpdate(
        { _id, resetAt: { $lte: now } },
        { $set: { hits: 1, resetAt } },
        { new: true },
      ).lean();
      if (restarted) return { totalHits: restarted.hits, resetTime: restarted.resetAt };
      try {
        await RateLimit.create({ _id, hits: 1, resetAt });
        return { totalHits: 1, resetTime: resetAt };
      } catch (error) {
        // Another instance created the row in between: count against it.
        if (!isDuplicateKey(error)) throw error;
      }
    }
    throw new Error(`rate limit counter ${_id} is contended`);
  }

  async decrement(key: string): Promise<void> {
    await RateLimit.updateOne(
      { _id: this.id(key), resetAt: { $gt: new Date() }, hits: { $gt: 0 } },
      { $inc: { hits: -1 } },
    );
  }

  async resetKey(key: string): Promise<void> {
    await RateLimit.deleteOne({ _id: this.id(key) });
  }
}

/** Deletes ended windows (the place of a TTL index, which FerretDB lacks). Safe on every instance. */
export async function purgeEndedRateLimits(now = new Date()): Promise<number> {
  const result = await RateLimit.deleteMany({ resetAt: { $lte: now } });
  return result.deletedCount;
}

function minutesUntil(resetTime: Date | undefined): number {
  if (!resetTime) return 1;
  return Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 60_000));
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** "15 minutes", or "5 hours" past two hours. */
function waitText(resetTime: Date | undefined): string {
  const minutes = minutesUntil(resetTime);
  return minutes > 120 ? plural(Math.ceil(minutes / 60), "hour") : plural(minutes, "minute");
}

interface LimiterSpec {
  name: string;
  windowMs: number;
  limit: () => number | Promise<number>;
  /** The key to count under; undefined skips this limiter for the request. */
  key: (req: Request) => string | undefined;
  message: (minutes: string) => string;
  /** Count only answers >= 400 (failed sign-ins), not successful ones. */
  onlyFailures?: boolean;
  /**
   * Answers that give their hit back. Every request is counted when it comes; the hit is given
   * back once such an answer has been sent in full, so a client that drops the connection before
   * the answer stays counted (express-rate-limit's skipFailedRequests would give that one back).
   */
  givesBack?: (status: number) => boolean;
}

function limiter(spec: LimiterSpec): RequestHandler {
  const store = new MongoRateLimitStore(`${spec.name}:`);
  const limit = rateLimit({
    windowMs: spec.windowMs,
    limit: () => spec.limit(),
    standardHeaders: "draft-7",
    legacyHeaders: false,
    store,
    skip: (req) => spec.key(req) === undefined,
    keyGenerator: (req) => spec.key(req) ?? "",
    skipSuccessfulRequests: spec.onlyFailures ?? false,
    handler: (req, _res, next) => {
      next(
        tooManyRequests(
          spec.message(
            waitText((req as Request & { rateLimit?: RateLimitInfo }).rateLimit?.resetTime),
          ),
        ),
      );
    },
  });
  const givesBack = spec.givesBack;
  if (!givesBack) return limit;
  return (req, res, next) => {
    const key = spec.key(req);
    if (key !== undefined) giveBackWhenAnswered(res, store, key, givesBack, spec.name);
    void limit(req, res, next);
  };
}

/**
 * Takes a counted hit back once the answer has been sent in full and its status says so; a client
 * that drops the connection first stays counted.
 */
function giveBackWhenAnswered(
  res: Response,
  store: MongoRateLimitStore,
  key: string,
  givesBack: (status: number) => boolean,
  counter: string,
): void {
  res.once("finish", () => {
    if (!givesBack(res.statusCode)) return;
    store.decrement(key).catch((error: unknown) => {
      logger.warn({ err: error, counter }, "rate limit hit not given back");
    });
  });
}

const byIp = (req: Request) => ipKeyGenerator(req.ip ?? "unknown");

function bodyString(req: Request, field: string): string | undefined {
  const value = (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

const byEmail = (req: Request) => bodyString(req, "email")?.toLowerCase();
const byPhone = (req: Request) => {
  const raw = bodyString(req, "phone");
  return raw ? (normalizeBdMobile(raw) ?? raw) : undefined;
};

const perIp15 = () => getEnv().AUTH_RATE_LIMIT_IP_PER_15_MIN;
const perAccount15 = () => getEnv().AUTH_RATE_LIMIT_ACCOUNT_PER_15_MIN;

/** The longest a sign-in is held back for its account's failures (the owner's included). */
const SIGNIN_MAX_DELAY_MS = 10_000;

/**
 * The delay before a sign-in for an account that failed `failures` times in the window, when it
 * may fail `after` times without one: 1 s for the first failure past that, doubling, at most
 * SIGNIN_MAX_DELAY_MS.
 */
function signinDelayMs(failures: number, after: number): number {
  const past = failures - after;
  return past <= 0 ? 0 : Math.min(SIGNIN_MAX_DELAY_MS, 1000 * 2 ** (past - 1));
}

/**
 * Every sign-in for an account across all client addresses, failures only (a success is taken
 * back as the rate limiter does): past AUTH_SLOW_DOWN_ACCOUNT_AFTER_PER_15_MIN each attempt waits
 * signinDelayMs before its password is checked, whoever sends it. It never refuses: slowing is
 * what a guesser spread over many addresses gets, and what the owner pays, at most 10 s.
 */
function slowDownAfterAccountFailures(): RequestHandler {
  const store = new MongoRateLimitStore("signin-account:");
  store.windowMs = FIFTEEN_MINUTES;
  return async (req, res, next) => {
    const email = byEmail(req);
    if (!email) return next();
    const { totalHits } = await store.increment(email);
    giveBackWhenAnswered(res, store, email, (status) => status < 400, "signin-account");
    // This attempt is counted already: the delay is for the failures before it.
    const delay = signinDelayMs(totalHits - 1, getEnv().AUTH_SLOW_DOWN_ACCOUNT_AFTER_PER_15_MIN);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    next();
  };
}

/**
 * POST /auth/signin (docs/security.md, "Sign-in lockout"): per client address, every attempt; per
 * account AND client address, failed attempts (refused past the limit: only the addresses that
 * failed are locked out, never the owner elsewhere); per account over all addresses, failed
 * attempts slow every sign-in down instead of refusing it.
 */
export const signinLimits: RequestHandler[] = [
  limiter({
    name: "signin-ip",
    windowMs: FIFTEEN_MINUTES,
    limit: perIp15,
    key: byIp,
    message: (wait) => `Too many sign-in attempts from this network. Please try again in ${wait}.`,
  }),
  limiter({
    name: "signin-account-ip",
    windowMs: FIFTEEN_MINUTES,
    limit: perAccount15,
    key: (req) => {
      const email = byEmail(req);
      return email && `${email} ${byIp(req)}`;
    },
    onlyFailures: true,
    message: (wait) =>
      `Too many failed sign-in attempts for this account. Please try again in ${wait}.`,
  }),
  slowDownAfterAccountFailures(),
];

/** POST /auth/signup: per IP and per email. */
export const signupLimits: RequestHandler[] = [
  limiter({
    name: "signup-ip",
    windowMs: FIFTEEN_MINUTES,
    limit: perIp15,
    key: byIp,
    message: (wait) => `Too many sign-up attempts from this network. Please try again in ${wait}.`,
  }),
  limiter({
    name: "signup-account",
    windowMs: FIFTEEN_MINUTES,
    limit: perAccount15,
    key: byEmail,
    message: (wait) => `Too many sign-up attempts for this email. Please try again in ${wait}.`,
  }),
];

/**
 * POST /auth/otp/send and /auth/otp/verify: per IP here; per phone the OTP service applies the
 * 60-second / 5-an-hour send rule and the 5-tries rule, and this adds a ceiling on verify calls.
 */
export const otpSendLimits: RequestHandler[] = [
  limiter({
    name: "otp-send-ip",
    windowMs: ONE_HOUR,
    limit: () => getEnv().OTP_RATE_LIMIT_IP_PER_HOUR,
    key: byIp,
    message: (wait) =>
      `Too many verification codes requested from this network. Please try again in ${wait}.`,
  }),
];

export const otpVerifyLimits: RequestHandler[] = [
  limiter({
    name: "otp-verify-ip",
    windowMs: FIFTEEN_MINUTES,
    limit: perIp15,
    key: byIp,
    message: (wait) =>
      `Too many verification attempts from this network. Please try again in ${wait}.`,
  }),
  limiter({
    name: "otp-verify-phone",
    windowMs: FIFTEEN_MINUTES,
    limit: perAccount15,
    key: byPhone,
    onlyFailures: true,
    message: (wait) =>
      `Too many verification attempts for this number. Please try again in ${wait}.`,
  }),
];

/**
 * PUT /api/checkout/incomplete (the checkout's background save, docs/call-list.md): per client
 * address and per guest cart, every save. A shopper's debounced saves are a few dozen at most;
 * a script writing numbers into the call list is stopped here. The page never shows these.
 */
export const INCOMPLETE_CHECKOUT_SAVES_PER_IP_PER_15_MIN = 120;
export const INCOMPLETE_CHECKOUT_SAVES_PER_CART_PER_15_MIN = 40;
export const incompleteCheckoutLimits: RequestHandler[] = [
  limiter({
    name: "incomplete-ip",
    windowMs: FIFTEEN_MINUTES,
    limit: () => INCOMPLETE_CHECKOUT_SAVES_PER_IP_PER_15_MIN,
    key: byIp,
    message: (wait) => `Too many checkout saves from this network. Please try again in ${wait}.`,
  }),
  limiter({
    name: "incomplete-cart",
    windowMs: FIFTEEN_MINUTES,
    limit: () => INCOMPLETE_CHECKOUT_SAVES_PER_CART_PER_15_MIN,
    key: (req) => (req.user ? undefined : readGuestId(req)),
    message: (wait) => `Too many checkout saves from this cart. Please try again in ${wait}.`,
  }),
];

/** POST /api/tshirt-orders (public, multipart): per IP, every request, before the upload is read. */
export const bulkOrderLimits: RequestHandler[] = [
  limiter({
    name: "bulk-order-ip",
    windowMs: ONE_HOUR,
    limit: () => getEnv().BULK_ORDER_RATE_LIMIT_IP_PER_HOUR,
    key: byIp,
    message: (wait) =>
      `Too many bulk order requests from this network. Please try again in ${wait}.`,
  }),
];

/**
 * POST /api/reviews/create and /api/ratings/create (after requireUser): per account, every post,
 * before any photo is read. A review is one per product, so a shopper needs few; a script posting
 * photos again and again is stopped here.
 */
export const reviewLimits: RequestHandler[] = [
  limiter({
    name: "review-user",
    windowMs: ONE_HOUR,
    limit: () => getEnv().REVIEW_RATE_LIMIT_USER_PER_HOUR,
    key: (req) => req.user?._id.toString(),
    message: (wait) => `Too many reviews from this account. Please try again in ${wait}.`,
  }),
];

const shippingPhone = (req: Request) => {
  const address = (req.body as { shippingAddress?: { mobile?: unknown } } | undefined)
    ?.shippingAddress;
  const raw = typeof address?.mobile === "string" ? address.mobile.trim() : "";
  return raw ? (normalizeBdMobile(raw) ?? raw) : undefined;
};

/** The checkout asking for the delivery phone's code (428): the first half of one order. */
const askedForCode = (status: number) => status === 428;

/**
 * POST /api/orders (after getOptionalUser): order attempts, placed or refused, per client address,
 * per delivery phone and per guest cart (docs/cod.md, "How attempts count"). Every refusal is
 * cheap now, but each still costs the shop reads (and a wrong code one of the code's tries), so
 * a script cannot repeat them without end either. The 428 that asks for the code counts only per
 * client address: the order it leads to counts on the phone and the cart, once.
 */
export const placeOrderLimits: RequestHandler[] = [
  limiter({
    name: "order-ip",
    windowMs: ONE_HOUR,
    limit: async () => (await getShopSettings()).orderLimits.perClientAddressPerHour,
    key: byIp,
    message: (wait) => `Too many orders from this network. Please try again in ${wait}.`,
  }),
  limiter({
    name: "order-phone",
    windowMs: ONE_DAY,
    limit: async () => (await getShopSettings()).orderLimits.perPhonePerDay,
    key: shippingPhone,
    givesBack: askedForCode,
    message: (wait) =>
      `Too many orders for this phone number today. Please try again in ${wait}, or call us.`,
  }),
  limiter({
    name: "order-guest-cart",
    windowMs: ONE_DAY,
    limit: async () => (await getShopSettings()).orderLimits.perGuestCartPerDay,
    key: (req) => (req.user ? undefined : readGuestId(req)),
    givesBack: askedForCode,
    message: (wait) =>
      `Too many orders from this cart today. Please sign in or try again in ${wait}.`,
  }),
];

/**
 * GET /api/orders/guest/track/:id (order number + phone): failed lookups per client address and per
 * order, so phone numbers cannot be tried one after another.
 */
export const guestTrackingLimits: RequestHandler[] = [
  limiter({
    name: "track-ip",
    windowMs: FIFTEEN_MINUTES,
    limit: () => getEnv().TRACKING_RATE_LIMIT_IP_PER_15_MIN,
    key: byIp,
    onlyFailures: true,
    message: (wait) => `Too many tracking lookups from this network. Please try again in ${wait}.`,
  }),
  limiter({
    name: "track-order",
    windowMs: FIFTEEN_MINUTES,
    limit: () => getEnv().TRACKING_RATE_LIMIT_ORDER_PER_15_MIN,
    // The order as the lookup finds it: TW-261127-K7QP typed as tw261127k7qp or in Bangla digits
    // is one order, one count.
    key: (req) =>
      typeof req.params.id === "string"
        ? Object.values(orderLookupKey(req.params.id)).join("")
        : undefined,
    onlyFailures: true,
    message: (wait) => `Too many tries for this order. Please try again in ${wait}.`,
  }),
];
