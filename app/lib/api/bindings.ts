/**
 * The browser bindings of the client (base URL, fetch, storage, location, redirect), replaceable for
 * tests and non-browser callers with `configureApiClient(env)`; `resetApiClient()` restores them.
 */
export const DEV_API_PORT = 5454;

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

/** Several calls of one screen may fail with 401 together: send the browser to /login only once. */
let redirecting = false;

export function configureApiClient(next: ApiClientEnv): void {
  env = { ...env, ...next };
}

export function resetApiClient(): void {
  env = {};
  redirecting = false;
}

const hasWindow = () => typeof window !== "undefined";

/** Page origin in the browser, http://localhost:5454 without a window (dev SSR). */
export function apiBaseUrl(): string {
  if (env.baseUrl !== undefined) return env.baseUrl;
  if (hasWindow()) return window.location.origin;
  return `http://localhost:${DEV_API_PORT}`;
}

/** `window.localStorage`, or none (server rendering, storage denied). */
export function storage() {
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

/** pathname + search of the current page ("/" without a window). */
export function currentLocation(): { pathname: string; search: string } {
  if (env.location) return env.location();
  if (hasWindow()) return { pathname: window.location.pathname, search: window.location.search };
  return { pathname: "/", search: "" };
}

/** The fetch to use: the configured one, else the global. */
export function fetchImplementation(): typeof fetch {
  return env.fetch ?? fetch;
}

/** Full page navigation, once however many calls of one screen ask for it together. */
export function redirectTo(path: string) {
  if (redirecting || currentLocation().pathname === path) return;
  redirecting = true;
  setTimeout(() => (redirecting = false), 2000);
  if (env.redirect) return env.redirect(path);
  if (hasWindow()) window.location.assign(path);
}
