/**
 * The ONE entry of the UI's API client; the modules live in `app/lib/api/`:
 * - `transport` — `request<T>(path, options)`: base URL, timeouts, bearer token, JSON/FormData,
 *   prefetched responses; `errors` — `ApiError` and its flags; `messages` — the message catalogue;
 * - `session` — token storage ('jwt' in localStorage), guest mode, auth-exempt pages, the 401 rules;
 * - `bindings` — the replaceable browser bindings (`configureApiClient`, `resetApiClient`);
 * - one module per resource: `auth`, `users`, `catalog`, `cart`, `orders`, `popup-images`,
 *   `tshirt-orders`, gathered here as `api`; the back office's groups (`admin`, `admin-reviews`,
 *   `courier-cash`) are added by `~/lib/admin-api-client`, which admin screens import instead.
 *
 * Guest mode: `guest=true` in the page URL, or `{ guest: true }` passed to a cart/order call (a shopper who
 * chose "continue as guest"). The server keeps guest carts in a signed cookie, so guest calls simply go
 * without a token.
 */
import { auth } from "./api/auth";
import { cart, checkout } from "./api/cart";
import { categories, products, ratings, reviews, sizeGuides } from "./api/catalog";
import { locations, orders, payment } from "./api/orders";
import { popupImages } from "./api/popup-images";
import { tshirtOrders } from "./api/tshirt-orders";
import { users } from "./api/users";

export { googleSignInUrl } from "./api/auth";
export {
  apiBaseUrl,
  configureApiClient,
  DEV_API_PORT,
  resetApiClient,
  type ApiClientEnv,
} from "./api/bindings";
export { normalizeCart, promoErrorMessage } from "./api/cart";
export { ApiError, type ApiErrorFlags } from "./api/errors";
export { errorMessage, MESSAGES } from "./api/messages";
export {
  getToken,
  isAuthExemptPage,
  isCheckoutContext,
  isGuestMode,
  REDIRECT_AFTER_LOGIN_KEY,
  removeToken,
  setToken,
  TOKEN_KEY,
  type GuestOption,
} from "./api/session";
export {
  ACTIVE_POPUPS_PATH,
  DEFAULT_TIMEOUT_MS,
  PREFETCH_GLOBAL,
  request,
  type Query,
  type RequestOptions,
} from "./api/transport";
export type * from "./api/types";
export { ADMIN_VERIFY_TIMEOUT_MS, PROFILE_TIMEOUT_MS } from "./api/users";

/** Typed functions per storefront endpoint group; each returns the contract's answer. */
export const api = {
  auth,
  users,
  products,
  categories,
  reviews,
  ratings,
  sizeGuides,
  cart,
  checkout,
  orders,
  payment,
  locations,
  popupImages,
  tshirtOrders,
};
