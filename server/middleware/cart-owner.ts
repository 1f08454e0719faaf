import { randomUUID } from "node:crypto";
import type { CookieOptions, NextFunction, Request, RequestHandler, Response } from "express";
import { getEnv } from "../env.js";
import type { CartOwner } from "../services/cart.service.js";

declare module "express-serve-static-core" {
  interface Request {
    /** Set by cartOwner(): whose cart this request works on; unset for a guest with no cart yet. */
    cartOwner?: CartOwner;
  }
}

/**
 * The guest cart's id travels in this signed, httpOnly cookie (SameSite=Lax, 30 days, renewed by
 * every cart call). Services never see it: they get a `CartOwner`.
 */
export const GUEST_CART_COOKIE = "tweest_guest";
const GUEST_COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const GUEST_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function guestCookieOptions(): CookieOptions {
  return {
    signed: true,
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().PUBLIC_URL.startsWith("https://"),
    maxAge: GUEST_COOKIE_MAX_AGE_MS,
    path: "/",
  };
}

/** The guest id carried by the request's signed cookie, when it is present and untampered. */
export function readGuestId(req: Request): string | undefined {
  const signed = (req.signedCookies as Record<string, unknown> | undefined)?.[GUEST_CART_COOKIE];
  return typeof signed === "string" && GUEST_ID_PATTERN.test(signed) ? signed : undefined;
}

/**
 * Resolves whose cart the request works on into `req.cartOwner`: the signed-in user (put it after
 * getOptionalUser), else the guest of the cookie, whose cookie is renewed (sliding 30 days). With
 * `create`, a guest without the cookie gets a new id and the cookie; without, no owner is set.
 */
export function cartOwner(options: { create: boolean }): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.user) {
      req.cartOwner = { userId: req.user._id.toString() };
    } else {
      const guestId = readGuestId(req) ?? (options.create ? randomUUID() : undefined);
      if (guestId) {
        res.cookie(GUEST_CART_COOKIE, guestId, guestCookieOptions());
        req.cartOwner = { guestId };
      }
    }
    next();
  };
}

/** After a sign-in the guest cart belongs to the user: the cookie goes. */
export function forgetGuestCart(res: Response): void {
  const { signed: _signed, maxAge: _maxAge, ...clearOptions } = guestCookieOptions();
  res.clearCookie(GUEST_CART_COOKIE, clearOptions);
}
