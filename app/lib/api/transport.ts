/**
 * The transport: one HTTP call with every cross-cutting rule. Base URL + path (the
 * path includes `/api` or `/auth`), `credentials: 'include'`, a timeout (default 10 s), the bearer
 * token on every call except `/auth/*` (override with `options.auth`), JSON or FormData bodies,
 * responses an inline head script prefetched, and the session's 401 rules.
 */
import { apiBaseUrl, fetchImplementation } from "./bindings";
import { ApiError, errorFromResponse } from "./errors";
import { MESSAGES } from "./messages";
import { getToken, isGuestMode, refusedWithoutToken, unauthorized } from "./session";

export const DEFAULT_TIMEOUT_MS = 10_000;

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

/** A path segment from a value (ids, slugs). */
export const segment = (value: string) => encodeURIComponent(value);

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

/**
 * One HTTP call with every cross-cutting rule (tokens, tracking, error texts). Resolves with the parsed JSON body
 * (null when empty); rejects with ApiError.
 */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const sendToken = options.auth ?? !path.startsWith("/auth/");
  const token = sendToken ? getToken() : null;
  const caller = {
    token,
    guest: options.guest === true || isGuestMode(),
    guestOrderDetails: options.guestOrderDetails,
  };
  const refusal = refusedWithoutToken(path, caller);
  if (refusal) throw refusal;

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

  const doFetch = fetchImplementation();
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
  if (response.status === 401 && !options.raw401) throw unauthorized(path, data, caller);
  if (response.status >= 500) throw new ApiError(MESSAGES.serverError, response.status, { data });
  throw errorFromResponse(response.status, data);
}
