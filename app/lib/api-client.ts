/**
 * The ONE API client of the UI (the shop's API contract and its rules for tokens, guests and messages). Browser-first, fetch based.
 *
 * Exports
 * - `ApiError` — every failure: `{ message, status, code?, errors?, data?, flags }`. `status` 0 means the
 *   request never got an answer (network failure or timeout). `flags`: `isGuestCheckout` (401 in a guest or
 *   checkout context, no redirect), `isGuestOrderDetails` (401 on a guest order-detail request),
 *   `redirectedToLogin` (401 elsewhere: token removed, browser sent to /login), `authRequired` (refused
 *   client-side with 'Authentication required'), `timeout`.
 * - `request<T>(path, options)` — the core: base URL + path (path includes `/api` or `/auth`),
 *   `credentials: 'include'`, timeout (default `DEFAULT_TIMEOUT_MS` = 10000), bearer token from
 *   localStorage 'jwt' on every call except `/auth/*` (override with `options.auth`), JSON or FormData body.
 * - `api` — typed functions per endpoint group: `auth`, `users`, `admin`, `products`, `categories`,
 *   `reviews`, `ratings`, `sizeGuides`, `cart`, `checkout`, `orders`, `payment`, `pathao`, `popupImages`,
 *   `tshirtOrders`. Each returns the contract's answer (cart answers normalised by `normalizeCart`).
 * - `getToken()`, `setToken(jwt)`, `removeToken()` — the 'jwt' localStorage key.
 * - `googleSignInUrl(redirect?)` — the URL that starts Google sign-in (no token check).
 * - `isGuestMode()`, `isCheckoutContext()`, `isAuthExemptPage()` — the page contexts the 401 and
 *   'Authentication required' rules use (read from the current location).
 * - `apiBaseUrl()` — page origin in the browser, http://localhost:5454 without a window (dev SSR).
 * - `configureApiClient(env)` — replaces the browser bindings (base URL, fetch, storage, location, redirect);
 *   used by tests and non-browser callers. `resetApiClient()` restores the defaults.
 * - Storage key constants: `TOKEN_KEY`, `REDIRECT_AFTER_LOGIN_KEY`.
 *
 * Guest mode: `guest=true` in the page URL, or `{ guest: true }` passed to a cart/order call (a shopper who
 * chose "continue as guest"). The server keeps guest carts in a signed cookie, so guest calls simply go
 * without a token.
 */
import type { PaymentMethod } from "../../models/order-status";

export const TOKEN_KEY = "jwt";
export const REDIRECT_AFTER_LOGIN_KEY = "redirectAfterLogin";
export const DEFAULT_TIMEOUT_MS = 10_000;
export const PROFILE_TIMEOUT_MS = 8_000;
export const ADMIN_VERIFY_TIMEOUT_MS = 10_000;
export const DEV_API_PORT = 5454;

export const MESSAGES = {
  network: "Network error. Please check your connection.",
  guestCheckout: "Guest checkout enabled. Continuing without login.",
  pleaseLogin: "Please login to continue.",
  serverError: "An error occurred. Please try again later.",
  authRequired: "Authentication required",
  cartNotFound: "Cart not found. Please try refreshing the page.",
  cartInvalid: "Invalid cart operation. Please check your input.",
  cartEmpty: "Invalid cart response: No data received",
  promoInvalid: "Invalid promo code",
  promoMinimum: "Minimum order amount required",
  promoExpired: "Invalid or expired promo code",
  registrationFailed: "Registration failed",
  loginFailed: "Login failed",
  noJwt: "Invalid response from server - no JWT token received",
  noToken: "No authentication token found",
  noUserData: "No user data received from server",
  profileFailed: "Failed to fetch user data",
  phoneFailed: "Failed to update phone number",
  adminTimeout: "Request timeout - please check your connection",
  adminInvalidToken: "Invalid or expired token",
  adminDenied: "Access denied - admin privileges required",
  adminFailed: "Authentication failed",
} as const;

export interface ApiErrorFlags {
  isGuestCheckout?: boolean;
  isGuestOrderDetails?: boolean;
  redirectedToLogin?: boolean;
  authRequired?: boolean;
  timeout?: boolean;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly errors?: { path: string; message: string }[];
  readonly data?: unknown;
  readonly flags: ApiErrorFlags;

  constructor(
    message: string,
    status: number,
    extra: {
      code?: string;
      errors?: { path: string; message: string }[];
      data?: unknown;
      flags?: ApiErrorFlags;
    } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = extra.code;
    this.errors = extra.errors;
    this.data = extra.data;
    this.flags = extra.flags ?? {};
  }
}

/** The text to show for any thrown value. */
export function errorMessage(error: unknown, fallback = MESSAGES.serverError): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === "string" && error) return error;
  return fallback;
}

// ---------------------------------------------------------------------------------------------------
// Browser bindings (replaceable for tests)

export interface ApiClientEnv {
  baseUrl?: string;
  fetch?: typeof fetch;
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  /** pathname + search of the current page. */
  location?: () => { pathname: string; search: string };
  /** Full page navigation to /login (default: window.location.assign). */
  redirect?: (path: string) => void;
}

let env: ApiClientEnv = {};

export function configureApiClient(next: ApiClientEnv): void {
  env = { ...env, ...next };
}

export function resetApiClient(): void {
  env = {};
  redirecting = false;
}

const hasWindow = () => typeof window !== "undefined";

export function apiBaseUrl(): string {
  if (env.baseUrl !== undefined) return env.baseUrl;
  if (hasWindow()) return window.location.origin;
  return `http://localhost:${DEV_API_PORT}`;
}

function storage() {
  if (env.storage) return env.storage;
  if (hasWindow()) {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  }
  return null;
}

function currentLocation(): { pathname: string; search: string } {
  if (env.location) return env.location();
  if (hasWindow()) return { pathname: window.location.pathname, search: window.location.search };
  return { pathname: "/", search: "" };
}

/** Several calls of one screen may fail with 401 together: send the browser to /login only once. */
let redirecting = false;

function redirectTo(path: string) {
  if (redirecting || currentLocation().pathname === path) return;
  redirecting = true;
  setTimeout(() => (redirecting = false), 2000);
  if (env.redirect) return env.redirect(path);
  if (hasWindow()) window.location.assign(path);
}

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

// ---------------------------------------------------------------------------------------------------
// Page contexts

/** guest=true in the page URL. */
export function isGuestMode(): boolean {
  return new URLSearchParams(currentLocation().search).get("guest") === "true";
}

const CHECKOUT_PATHS = [
  /^\/checkout(\/|$)/,
  /^\/order-confirmation(\/|$)/,
  /^\/payment(-success|-failed|-cancelled|\/success)(\/|$)/,
];

/** Pages of the checkout flow: a 401 there never redirects. */
export function isCheckoutContext(): boolean {
  const { pathname } = currentLocation();
  return CHECKOUT_PATHS.some((pattern) => pattern.test(pathname));
}

const AUTH_EXEMPT_PATHS = [
  /^\/login(\/|$)/,
  /^\/register(\/|$)/,
  /^\/auth\/google\/callback(\/|$)/,
  /^\/checkout(\/|$)/,
  /^\/cart(\/|$)/,
  /^\/order-confirmation(\/|$)/,
];

/** Pages where cart/order/profile calls may go without a token (spec §5). */
export function isAuthExemptPage(): boolean {
  const { pathname } = currentLocation();
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

// ---------------------------------------------------------------------------------------------------
// The core

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** JSON-serialised unless a FormData. */
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Send the bearer token; default: every path except /auth/*. */
  auth?: boolean;
  /** The caller is in guest mode (in addition to guest=true in the URL). */
  guest?: boolean;
  /** Guest order-detail request: adds X-Guest-Checkout: true, 401 rejects with isGuestOrderDetails. */
  guestOrderDetails?: boolean;
  /** Skip the 401 rules (the caller maps 401 itself, e.g. admin verify). */
  raw401?: boolean;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: Query): string {
  const url = `${apiBaseUrl()}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}${url.includes("?") ? "&" : "?"}${text}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function serverMessage(data: unknown): string | undefined {
  if (data && typeof data === "object") {
    const record = data as Record<string, unknown>;
    if (typeof record.message === "string" && record.message) return record.message;
    if (typeof record.error === "string" && record.error) return record.error;
  }
  return undefined;
}

function errorFromResponse(status: number, data: unknown, message?: string): ApiError {
  const record = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  return new ApiError(message ?? serverMessage(data) ?? `Request failed (${status})`, status, {
    code: typeof record.code === "string" ? record.code : undefined,
    errors: Array.isArray(record.errors)
      ? (record.errors as { path: string; message: string }[])
      : undefined,
    data,
  });
}

export const ACTIVE_POPUPS_PATH = "/api/popup-images/active";

/** Where an inline head script leaves responses it asked for before hydration (popup-prefetch.tsx). */
export const PREFETCH_GLOBAL = "__tweestPrefetch";

/** A response an inline script already requested for this path, handed out once. */
function takePrefetched(path: string): Promise<Response> | undefined {
  if (typeof window === "undefined") return undefined;
  const store = (
    window as unknown as Record<string, Record<string, Promise<Response>> | undefined>
  )[PREFETCH_GLOBAL];
  const response = store?.[path];
  if (store) delete store[path];
  return response;
}

/** The promise, or a rejection once the signal aborts (a prefetched request has no signal of its own). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DOMException("The request was aborted", "AbortError"));
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

function rememberPageForLogin() {
  const { pathname, search } = currentLocation();
  if (/^\/(login|register|auth\/google\/callback)(\/|$)/.test(pathname)) return;
  try {
    storage()?.setItem(REDIRECT_AFTER_LOGIN_KEY, `${pathname}${search}`);
  } catch {
    // storage full or denied: the shopper lands on / after login
  }
}

/**
 * One HTTP call with every cross-cutting rule of spec §5/§7/§8. Resolves with the parsed JSON body
 * (null when empty); rejects with ApiError.
 */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const isAuthPath = path.startsWith("/auth/");
  const sendToken = options.auth ?? !isAuthPath;
  const token = sendToken ? getToken() : null;
  const guest = options.guest === true || isGuestMode();

  if (
    !token &&
    isGuardedPath(path) &&
    !options.guestOrderDetails &&
    !guest &&
    !isAuthExemptPage()
  ) {
    throw new ApiError(MESSAGES.authRequired, 401, { flags: { authRequired: true } });
  }

  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.guestOrderDetails) headers["X-Guest-Checkout"] = "true";
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }

  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener("abort", onAbort);

  const doFetch = env.fetch ?? fetch;
  const prefetched =
    method === "GET" && !token && !options.query ? takePrefetched(path) : undefined;
  let response: Response;
  let data: unknown;
  try {
    response = await (prefetched
      ? untilAborted(prefetched, controller.signal)
      : doFetch(buildUrl(path, options.query), {
          method,
          headers,
          body,
          credentials: "include",
          signal: controller.signal,
        }));
    data = await readBody(response);
  } catch (cause) {
    if (options.signal?.aborted && !timedOut) throw cause;
    throw new ApiError(MESSAGES.network, 0, { flags: timedOut ? { timeout: true } : {} });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }

  if (response.ok) return data as T;

  if (response.status === 401 && !options.raw401) {
    if (options.guestOrderDetails) {
      const error = errorFromResponse(401, data);
      throw new ApiError(error.message, 401, {
        code: error.code,
        data,
        flags: { isGuestOrderDetails: true },
      });
    }
    if (guest || isCheckoutContext()) {
      throw new ApiError(MESSAGES.guestCheckout, 401, { data, flags: { isGuestCheckout: true } });
    }
    if (isAuthPath && !token) {
      // Wrong credentials on sign-in are not a lost session: let the caller show the server's text.
      throw errorFromResponse(401, data);
    }
    removeToken();
    rememberPageForLogin();
    redirectTo("/login");
    throw new ApiError(MESSAGES.pleaseLogin, 401, { data, flags: { redirectedToLogin: true } });
  }
  if (response.status >= 500) throw new ApiError(MESSAGES.serverError, response.status, { data });
  throw errorFromResponse(response.status, data);
}

// ---------------------------------------------------------------------------------------------------
// Answer shapes of the REST API; kept loose where the API leaves fields open.

export interface Address {
  _id?: string;
  firstName?: string;
  lastName?: string;
  mobile?: string;
  phone?: string;
  email?: string;
  streetAddress?: string;
  city?: string;
  zone?: string;
  area?: string;
  zipCode?: string;
}

export interface User {
  _id: string;
  id?: string;
  firstName: string;
  lastName: string;
  email: string;
  mobile?: string;
  phone?: string;
  role?: "CUSTOMER" | "ADMIN";
  isAdmin?: boolean;
  isOTPVerified?: boolean;
  authProvider?: "local" | "google";
  addresses?: Address[];
  createdAt?: string;
}

export interface AuthAnswer {
  jwt: string;
  message?: string;
  requireOTPVerification?: boolean;
}

export interface CategoryRef {
  _id: string;
  name: string;
  nameBn?: string;
  slug?: string;
  parentCategory?: string | null;
}

export interface Product {
  _id: string;
  title: string;
  slug?: string;
  description?: string;
  /** Bangla text, "" or absent when not written (server/lib/i18n/localized.ts falls back). */
  titleBn?: string;
  descriptionBn?: string;
  brand?: string;
  price: number;
  discountedPrice?: number;
  discountPercent?: number;
  category?: CategoryRef | string | null;
  categoryName?: string;
  colors?: string[];
  sizes?: { name: string; quantity: number }[];
  variants?: { color: string; size: string; stock: number; sku?: string }[];
  quantity?: number;
  images?: string[];
  imageUrl?: string;
  averageRating?: number;
  numRatings?: number;
  numReviews?: number;
  isActive?: boolean;
  createdAt?: string;
}

export interface ProductList {
  content: Product[];
  totalPages: number;
  currentPage: number;
  totalProducts: number;
  availableFilters: { colors: string[]; sizes: string[] };
}

export interface CartItem {
  _id: string;
  product?: Partial<Product> & { _id?: string };
  productId?: string;
  title?: string;
  price: number;
  discountedPrice?: number;
  quantity: number;
  color?: string;
  size?: string;
  imageUrl?: string;
}

export interface Cart {
  _id?: string;
  cartItems: CartItem[];
  totalPrice: number;
  totalItem: number;
  totalDiscountedPrice: number;
  discounte: number;
  discount: number;
  promoCodeDiscount: number;
  promoDetails: unknown;
}

export interface OrderItem {
  product?: {
    _id?: string;
    title?: string;
    category?: unknown;
    discountedPrice?: number;
    imageUrl?: string;
  };
  productId?: string;
  title?: string;
  price: number;
  discountedPrice?: number;
  quantity: number;
  color?: string;
  size?: string;
}

export interface Order {
  _id: string;
  id?: string;
  orderNumber?: string;
  orderItems: OrderItem[];
  shippingAddress?: Address;
  totalPrice: number;
  discount?: number;
  promoCode?: string | null;
  promoCodeDiscount?: number;
  deliveryCharge?: number;
  tax?: number;
  totalDiscountedPrice?: number;
  totalItem?: number;
  paymentMethod?: PaymentMethod;
  paymentDetails?: { status?: string; paymentId?: string; transactionId?: string };
  orderStatus: string;
  statusHistory?: { status: string; at: string; by?: string }[];
  courier?: { name?: string; consignmentId?: string; trackingCode?: string };
  trackingToken?: string;
  guest?: { email?: string; mobile?: string };
  createdAt: string;
}

export type { PaymentMethod };

export interface ShippingAddressInput {
  firstName: string;
  lastName: string;
  mobile: string;
  email?: string;
  streetAddress: string;
  city: string;
  zipCode: string;
  zone?: string;
  area?: string;
}

export interface Quote {
  subtotal: number;
  discount: number;
  promoCodeDiscount: number;
  deliveryCharge: number;
  tax: number;
  total: number;
}

export interface PopupImage {
  _id: string;
  title?: string;
  description?: string;
  titleBn?: string;
  descriptionBn?: string;
  link?: string;
  imagePath: string;
  sequence?: number;
  isActive?: boolean;
  startsAt?: string;
  endsAt?: string;
}

export interface Review {
  _id: string;
  review: string;
  user?: { _id?: string; firstName?: string } | string;
  verifiedPurchase?: boolean;
  createdAt: string;
}

export interface Rating {
  _id: string;
  rating: number;
  user?: unknown;
  createdAt?: string;
}

export interface SizeGuide {
  _id: string;
  name: string;
  category?: unknown;
  unit: "cm" | "inch";
  columns: string[];
  rows: { size: string; values: (string | number)[] }[];
  note?: string;
  nameBn?: string;
  noteBn?: string;
}

type Json = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------
// Cart answers

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** Cart answer with the spec's defaults (cartItems [], numbers 0); 'discounte' and 'discount' mirrored. */
export function normalizeCart(data: unknown): Cart {
  if (data === null || data === undefined || data === "") {
    throw new ApiError(MESSAGES.cartEmpty, 200);
  }
  const record = data as Json;
  const discount = num(record.discount ?? record.discounte);
  return {
    _id: typeof record._id === "string" ? record._id : undefined,
    cartItems: Array.isArray(record.cartItems) ? (record.cartItems as CartItem[]) : [],
    totalPrice: num(record.totalPrice),
    totalItem: num(record.totalItem),
    totalDiscountedPrice: num(record.totalDiscountedPrice),
    discounte: num(record.discounte ?? record.discount),
    discount,
    promoCodeDiscount: num(record.promoCodeDiscount),
    promoDetails: record.promoDetails ?? null,
  };
}

function cartError(error: unknown): never {
  if (error instanceof ApiError) {
    if (error.status === 404)
      throw new ApiError(MESSAGES.cartNotFound, 404, { data: error.data, flags: error.flags });
    if (error.status === 400)
      throw new ApiError(serverMessage(error.data) ?? MESSAGES.cartInvalid, 400, {
        code: error.code,
        errors: error.errors,
        data: error.data,
      });
  }
  throw error;
}

async function cartCall(path: string, options: RequestOptions): Promise<Cart> {
  let data: unknown;
  try {
    data = await request(path, options);
  } catch (error) {
    cartError(error);
  }
  return normalizeCart(data);
}

/** Apply-promo texts (spec §8). */
export function promoErrorMessage(error: unknown): string {
  const data = error instanceof ApiError ? error.data : undefined;
  const message = serverMessage(data);
  const code = error instanceof ApiError ? (error.code ?? "") : "";
  if (message?.includes("Minimum order amount")) return message;
  if (message?.includes("Invalid or expired")) return message;
  if (/MINIMUM/i.test(code)) return MESSAGES.promoMinimum;
  if (/EXPIRED|INVALID_PROMO/i.test(code)) return MESSAGES.promoExpired;
  if (
    error instanceof ApiError &&
    (error.status === 0 || error.status >= 500 || error.status === 401)
  )
    return error.message;
  return message ?? MESSAGES.promoInvalid;
}

// ---------------------------------------------------------------------------------------------------
// Endpoint groups

export interface GuestOption {
  /** The shopper chose guest checkout (no token needed). */
  guest?: boolean;
}

const id = (value: string) => encodeURIComponent(value);

/**
 * POST a sign-up or sign-in and store the jwt. A refusal (4xx) carries the server's message, else
 * `fallback`; an answer without a jwt is 'Invalid response from server - no JWT token received'.
 */
async function authenticate(path: string, body: object, fallback: string): Promise<AuthAnswer> {
  let data: AuthAnswer | null;
  try {
    data = await request<AuthAnswer | null>(path, { method: "POST", body });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0 && error.status < 500) {
      throw new ApiError(serverMessage(error.data) ?? fallback, error.status, {
        code: error.code,
        errors: error.errors,
        data: error.data,
      });
    }
    throw error;
  }
  if (!data?.jwt) throw new ApiError(MESSAGES.noJwt, 200, { data });
  setToken(data.jwt);
  return data;
}

export const api = {
  auth: {
    /** POST /auth/signup; stores the jwt. Texts: server message, else error, else 'Registration failed'. */
    signup: (body: {
      firstName: string;
      lastName: string;
      email: string;
      password: string;
      mobile?: string;
    }): Promise<AuthAnswer> => authenticate("/auth/signup", body, MESSAGES.registrationFailed),
    /** POST /auth/signin; stores the jwt. No jwt -> 'Invalid response from server - no JWT token received'. */
    signin: (body: { email: string; password: string }): Promise<AuthAnswer> =>
      authenticate("/auth/signin", body, MESSAGES.loginFailed),
    sendOtp: (phone: string) =>
      request<{ message: string; expiresIn: number }>("/auth/otp/send", {
        method: "POST",
        body: { phone },
      }),
    /** Sends the token when signed in: the verification then belongs to this account. */
    verifyOtp: (phone: string, otp: string) =>
      request<{ verified: boolean }>("/auth/otp/verify", {
        method: "POST",
        body: { phone, otp },
        auth: true,
      }),
    /** PUT /auth/update-phone with the token; 'Failed to update phone number' on an empty answer. */
    async updatePhone(phone: string): Promise<User> {
      if (!getToken()) throw new ApiError(MESSAGES.noToken, 401);
      const user = await request<User | null>("/auth/update-phone", {
        method: "PUT",
        body: { phone },
        auth: true,
      });
      if (!user) throw new ApiError(MESSAGES.phoneFailed, 200);
      return user;
    },
  },

  users: {
    /**
     * GET /api/users/profile (8 s). 'No authentication token found' without a token, 'No user data received
     * from server' on an empty answer, 'Failed to fetch user data' on failure (401 keeps its own rule);
     * on the Google callback path a failure also removes the token.
     */
    async profile(): Promise<User> {
      if (!getToken()) throw new ApiError(MESSAGES.noToken, 401);
      const onCallback = /^\/auth\/google\/callback/.test(currentLocation().pathname);
      let user: User | null;
      try {
        user = await request<User | null>("/api/users/profile", { timeoutMs: PROFILE_TIMEOUT_MS });
      } catch (error) {
        if (onCallback) removeToken();
        if (error instanceof ApiError && error.status === 401) throw error;
        throw new ApiError(MESSAGES.profileFailed, error instanceof ApiError ? error.status : 0, {
          data: error instanceof ApiError ? error.data : undefined,
          flags: error instanceof ApiError ? error.flags : {},
        });
      }
      if (!user) {
        if (onCallback) removeToken();
        throw new ApiError(MESSAGES.noUserData, 200);
      }
      return user;
    },
    updateProfile: (
      body: Partial<Pick<User, "firstName" | "lastName" | "email" | "mobile" | "addresses">>,
    ) => request<User>("/api/users/profile", { method: "PUT", body }),
    /** Every older token is revoked by the change: this session keeps going with the new one. */
    async changePassword(body: { currentPassword: string; newPassword: string }) {
      const answer = await request<{ message: string; jwt?: string }>(
        "/api/users/change-password",
        { method: "POST", body },
      );
      if (answer?.jwt) setToken(answer.jwt);
      return answer;
    },
    /** GET /api/users/verify-admin (10 s) with the spec's texts for timeout, 401, 403 and others. */
    async verifyAdmin(): Promise<{ isAdmin: boolean }> {
      try {
        const data = await request<{ isAdmin?: boolean } | null>("/api/users/verify-admin", {
          timeoutMs: ADMIN_VERIFY_TIMEOUT_MS,
          raw401: true,
        });
        return { isAdmin: data?.isAdmin === true };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.flags.timeout)
          throw new ApiError(MESSAGES.adminTimeout, 0, { flags: error.flags });
        if (error.status === 401) throw new ApiError(MESSAGES.adminInvalidToken, 401);
        if (error.status === 403) throw new ApiError(MESSAGES.adminDenied, 403);
        throw new ApiError(serverMessage(error.data) ?? MESSAGES.adminFailed, error.status, {
          data: error.data,
        });
      }
    },
  },

  products: {
    list: (query: Query = {}) => request<ProductList>("/api/products", { query }),
    byId: (productId: string) => request<Product>(`/api/products/id/${id(productId)}`),
    bySlug: (slug: string) => request<Product>(`/api/products/slug/${id(slug)}`),
  },

  categories: {
    list: () => request<CategoryRef[]>("/api/categories"),
  },

  reviews: {
    forProduct: (productId: string) => request<Review[]>(`/api/reviews/product/${id(productId)}`),
    create: (body: { productId: string; review: string }) =>
      request<Review>("/api/reviews/create", { method: "POST", body }),
  },

  ratings: {
    forProduct: (productId: string) => request<Rating[]>(`/api/ratings/product/${id(productId)}`),
    create: (body: { productId: string; rating: number }) =>
      request<Rating>("/api/ratings/create", { method: "POST", body }),
  },

  sizeGuides: {
    list: (category?: string) => request<SizeGuide[]>("/api/size-guides", { query: { category } }),
  },

  cart: {
    get: (options: GuestOption = {}) => cartCall("/api/cart", { guest: options.guest }),
    add: (
      body: { productId: string; size: string; color: string; quantity: number },
      options: GuestOption = {},
    ) => cartCall("/api/cart/add", { method: "PUT", body, guest: options.guest }),
    update: (cartItemId: string, quantity: number, options: GuestOption = {}) =>
      cartCall(`/api/cart/update/${id(cartItemId)}`, {
        method: "PUT",
        body: { quantity },
        guest: options.guest,
      }),
    remove: (cartItemId: string, options: GuestOption = {}) =>
      cartCall(`/api/cart/remove/${id(cartItemId)}`, { method: "DELETE", guest: options.guest }),
    /** POST /api/cart/apply-promo; failures carry the spec's promo texts. */
    async applyPromo(code: string, options: GuestOption = {}): Promise<Cart> {
      let data: unknown;
      try {
        data = await request("/api/cart/apply-promo", {
          method: "POST",
          body: { code },
          guest: options.guest,
        });
      } catch (error) {
        const status = error instanceof ApiError ? error.status : 0;
        throw new ApiError(promoErrorMessage(error), status, {
          data: error instanceof ApiError ? error.data : undefined,
          flags: error instanceof ApiError ? error.flags : {},
        });
      }
      return normalizeCart(data);
    },
    removePromo: (options: GuestOption = {}) =>
      cartCall("/api/cart/remove-promo", { method: "DELETE", guest: options.guest }),
    clear: (options: GuestOption = {}) =>
      cartCall("/api/cart/clear", { method: "DELETE", guest: options.guest }),
  },

  checkout: {
    quote: (shippingAddress: { city: string; zone?: string }, options: GuestOption = {}) =>
      request<Quote>("/api/checkout/quote", {
        method: "POST",
        body: { shippingAddress },
        guest: options.guest,
      }),
  },

  orders: {
    create: (
      body: { shippingAddress: ShippingAddressInput; paymentMethod: PaymentMethod; note?: string },
      options: GuestOption = {},
    ) => request<Order>("/api/orders", { method: "POST", body, guest: options.guest }),
    mine: () => request<Order[]>("/api/orders/user"),
    /** GET /api/orders/{id}; guest: sends X-Guest-Checkout: true (and the tracking token if known). */
    byId: (orderId: string, options: { guest?: boolean; trackingToken?: string } = {}) =>
      request<Order>(`/api/orders/${id(orderId)}`, {
        guestOrderDetails: options.guest === true,
        query: { token: options.trackingToken },
      }),
    guestTrack: (orderId: string, query: { phone?: string; token?: string }) =>
      request<Order>(`/api/orders/guest/track/${id(orderId)}`, { query }),
  },

  payment: {
    start: (orderId: string, options: GuestOption = {}) =>
      request<{ gatewayUrl: string }>(`/api/payment/${id(orderId)}`, {
        method: "POST",
        body: {},
        guest: options.guest,
      }),
  },

  pathao: {
    cities: () => request<unknown>("/api/pathao/cities"),
    zones: (cityId: string | number) =>
      request<unknown>(`/api/pathao/cities/${id(String(cityId))}/zones`),
    areas: (zoneId: string | number) =>
      request<unknown>(`/api/pathao/zones/${id(String(zoneId))}/areas`),
  },

  popupImages: {
    /** GET /api/popup-images/active — public, no token. */
    active: () => request<PopupImage[]>(ACTIVE_POPUPS_PATH, { auth: false }),
    list: () => request<PopupImage[]>("/api/popup-images"),
    get: (popupId: string) => request<PopupImage>(`/api/popup-images/${id(popupId)}`),
    create: (form: FormData) =>
      request<PopupImage>("/api/popup-images", { method: "POST", body: form }),
    update: (popupId: string, form: FormData) =>
      request<PopupImage>(`/api/popup-images/${id(popupId)}`, { method: "PUT", body: form }),
    remove: (popupId: string) =>
      request<{ message: string }>(`/api/popup-images/${id(popupId)}`, { method: "DELETE" }),
    sequence: (order: string[]) =>
      request<unknown>("/api/popup-images/sequence", { method: "POST", body: { order } }),
  },

  tshirtOrders: {
    create: (form: FormData) => request<Json>("/api/tshirt-orders", { method: "POST", body: form }),
    list: (query: Query = {}) => request<unknown>("/api/tshirt-orders", { query }),
    update: (
      orderId: string,
      body: { status?: string; quotedPrice?: number | null; adminNote?: string },
    ) => request<Json>(`/api/tshirt-orders/${id(orderId)}`, { method: "PUT", body }),
    remove: (orderId: string) =>
      request<{ message: string }>(`/api/tshirt-orders/${id(orderId)}`, { method: "DELETE" }),
  },

  admin: {
    dashboard: () => request<Json>("/api/admin/dashboard"),
    orders: (query: Query = {}) =>
      request<{ orders: Order[]; total: number; page: number; totalPages: number } | Order[]>(
        "/api/admin/orders",
        { query },
      ),
    setOrderStatus: (
      orderId: string,
      status: "placed" | "confirmed" | "shipped" | "delivered" | "cancelled",
    ) => request<Order>(`/api/admin/orders/${id(orderId)}/${status}`, { method: "PUT", body: {} }),
    deleteOrder: (orderId: string) =>
      request<{ message: string }>(`/api/admin/orders/${id(orderId)}`, { method: "DELETE" }),
    bookCourier: (orderId: string) =>
      request<Order>(`/api/admin/orders/${id(orderId)}/courier`, { method: "POST", body: {} }),
    payments: (query: Query = {}) =>
      request<
        | { success: boolean; payments: Json[]; total: number; page: number; totalPages: number }
        | Json[]
      >("/api/payments", { query }),
    /** GET /api/admin/orders/{id}: the full order (id or order number). */
    order: (orderId: string) => request<Order>(`/api/admin/orders/${id(orderId)}`),
    products: (query: Query = {}) =>
      request<{ products: Product[]; total: number } | Product[]>("/api/admin/products", { query }),
    createProduct: (form: FormData) =>
      request<Product>("/api/admin/products", { method: "POST", body: form }),
    updateProduct: (productId: string, form: FormData) =>
      request<Product>(`/api/admin/products/${id(productId)}`, { method: "PUT", body: form }),
    deleteProduct: (productId: string) =>
      request<{ message: string }>(`/api/admin/products/${id(productId)}`, { method: "DELETE" }),
    createCategory: (body: Json) =>
      request<CategoryRef>("/api/admin/categories", { method: "POST", body }),
    updateCategory: (categoryId: string, body: Json) =>
      request<CategoryRef>(`/api/admin/categories/${id(categoryId)}`, { method: "PUT", body }),
    deleteCategory: (categoryId: string) =>
      request<{ message: string }>(`/api/admin/categories/${id(categoryId)}`, { method: "DELETE" }),
    /** With page or limit: `{promoCodes, total, page, totalPages}`; without, the whole list. */
    promoCodes: (query: Query = {}) => request<unknown>("/api/admin/promo-codes", { query }),
    createPromoCode: (body: Json) =>
      request<Json>("/api/admin/promo-codes", { method: "POST", body }),
    updatePromoCode: (promoId: string, body: Json) =>
      request<Json>(`/api/admin/promo-codes/${id(promoId)}`, { method: "PUT", body }),
    deletePromoCode: (promoId: string) =>
      request<{ message: string }>(`/api/admin/promo-codes/${id(promoId)}`, { method: "DELETE" }),
    createSizeGuide: (body: Json) =>
      request<SizeGuide>("/api/admin/size-guides", { method: "POST", body }),
    updateSizeGuide: (guideId: string, body: Json) =>
      request<SizeGuide>(`/api/admin/size-guides/${id(guideId)}`, { method: "PUT", body }),
    deleteSizeGuide: (guideId: string) =>
      request<{ message: string }>(`/api/admin/size-guides/${id(guideId)}`, { method: "DELETE" }),
    customers: (query: Query = {}) =>
      request<{ customers: User[]; total: number; page: number; totalPages: number } | User[]>(
        "/api/users/admin/customers",
        { query },
      ),
    updateCustomer: (customerId: string, body: Json) =>
      request<User>(`/api/users/admin/customers/${id(customerId)}`, { method: "PUT", body }),
    deleteCustomer: (customerId: string) =>
      request<{ message: string }>(`/api/users/admin/customers/${id(customerId)}`, {
        method: "DELETE",
      }),
    resetCustomerPassword: (customerId: string, newPassword: string) =>
      request<{ message: string }>(`/api/users/admin/customers/${id(customerId)}/reset-password`, {
        method: "POST",
        body: { newPassword },
      }),
  },
};

/**
 * The link that starts Google sign-in (GET /auth/google?redirect=); no token involved. Relative, so it
 * resolves against the page origin and renders the same on the server and in the browser.
 */
export function googleSignInUrl(redirect?: string): string {
  return redirect ? `/auth/google?${new URLSearchParams({ redirect }).toString()}` : "/auth/google";
}
