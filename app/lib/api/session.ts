/**
 * The session rules: the bearer token in localStorage 'jwt', guest mode, the pages exempt from the
 * 'Authentication required' guard, and what a 401 means where (guest or checkout: no redirect; a
 * guest order detail: its own flag; elsewhere: token removed, page remembered, browser sent to /login).
 */
import { localeOfPath, localizePath, unlocalizedPath } from "#contract/i18n";
import { currentLocation, redirectTo, storage } from "./bindings";
import { ApiError, errorFromResponse } from "./errors";
import { MESSAGES } from "./messages";

export const TOKEN_KEY = "jwt";
export const REDIRECT_AFTER_LOGIN_KEY = "redirectAfterLogin";

export function getToken(): string | null {
  try {
    return storage()?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

export function setToken(jwt: string): void {
  storage()?.setItem(TOKEN_KEY, jwt);
}

export function removeToken(): void {
  storage()?.removeItem(TOKEN_KEY);
}

export interface GuestOption {
  /** The shopper chose guest checkout (no token needed). */
  guest?: boolean;
}

/** guest=true in the page URL. */
export function isGuestMode(): boolean {
  return new URLSearchParams(currentLocation().search).get("guest") === "true";
}

const CHECKOUT_PATHS = [
  /^\/checkout(\/|$)/,
  /^\/order-confirmation(\/|$)/,
  /^\/payment(-success|-failed|-cancelled|\/success)(\/|$)/,
];

/** The page's path without its language (`/bn/checkout` is the checkout too). */
const pagePath = () => unlocalizedPath(currentLocation().pathname);

/** Pages of the checkout flow: a 401 there never redirects. */
export function isCheckoutContext(): boolean {
  const pathname = pagePath();
  return CHECKOUT_PATHS.some((pattern) => pattern.test(pathname));
}

const GOOGLE_CALLBACK_PATH = /^\/auth\/google\/callback(\/|$)/;

/** The Google sign-in's return screen, English or Bangla (`/bn/auth/google/callback`). */
export function isGoogleCallbackPage(): boolean {
  return GOOGLE_CALLBACK_PATH.test(pagePath());
}

const AUTH_EXEMPT_PATHS = [
  /^\/login(\/|$)/,
  /^\/register(\/|$)/,
  GOOGLE_CALLBACK_PATH,
  /^\/checkout(\/|$)/,
  /^\/cart(\/|$)/,
  /^\/order-confirmation(\/|$)/,
];

/** Pages where cart/order/profile calls may go without a token. */
export function isAuthExemptPage(): boolean {
  const pathname = pagePath();
  return AUTH_EXEMPT_PATHS.some((pattern) => pattern.test(pathname));
}

/** API paths the 'Authentication required' guard covers: cart, cart add/remove/update, orders, users/profile. */
function isGuardedPath(path: string): boolean {
  const pathname = path.split("?")[0];
  if (/^\/api\/orders\/guest\/track\//.test(pathname)) return false;
  return (
    /^\/api\/cart\/?$/.test(pathname) ||
    /^\/api\/cart\/(add|remove|update)(\/|$)/.test(pathname) ||
    /^\/api\/orders(\/|$)/.test(pathname) ||
    /^\/api\/users\/profile\/?$/.test(pathname)
  );
}

/** Who is calling: the token sent (if any), guest mode, a guest order-detail request. */
export interface Caller {
  token: string | null;
  guest: boolean;
  guestOrderDetails?: boolean;
}

/** 'Authentication required', refused before any request: a guarded path without a token, guest or exempt page. */
export function refusedWithoutToken(path: string, caller: Caller): ApiError | undefined {
  if (
    !caller.token &&
    isGuardedPath(path) &&
    !caller.guestOrderDetails &&
    !caller.guest &&
    !isAuthExemptPage()
  ) {
    return new ApiError(MESSAGES.authRequired, 401, { flags: { authRequired: true } });
  }
  return undefined;
}

function rememberPageForLogin() {
  const { pathname, search } = currentLocation();
  if (/^\/(login|register|auth\/google\/callback)(\/|$)/.test(unlocalizedPath(pathname))) return;
  try {
    storage()?.setItem(REDIRECT_AFTER_LOGIN_KEY, `${pathname}${search}`);
  } catch {
    // storage full or denied: the shopper lands on / after login
  }
}

/** The error for a 401 answer to `path`, after its side effects (token removed, redirect) where they apply. */
export function unauthorized(path: string, data: unknown, caller: Caller): ApiError {
  if (caller.guestOrderDetails) {
    const error = errorFromResponse(401, data);
    return new ApiError(error.message, 401, {
      code: error.code,
      data,
      flags: { isGuestOrderDetails: true },
    });
  }
  if (caller.guest || isCheckoutContext()) {
    return new ApiError(MESSAGES.guestCheckout, 401, { data, flags: { isGuestCheckout: true } });
  }
  if (path.startsWith("/auth/") && !caller.token) {
    // Wrong credentials on sign-in are not a lost session: let the caller show the server's text.
    return errorFromResponse(401, data);
  }
  removeToken();
  rememberPageForLogin();
  // The sign-in screen in the page's language.
  redirectTo(localizePath("/login", localeOfPath(currentLocation().pathname)));
  return new ApiError(MESSAGES.pleaseLogin, 401, { data, flags: { redirectedToLogin: true } });
}
