/**
 * The shopper's cart, shared by the header badge, the product page and the cart and checkout screens.
 *
 * The cart lives in the browser session (a guest cookie, or the account behind the token in
 * localStorage), so there is no server loader for it: the confirmed cart is kept in one small store
 * here, loaded through the API client and replaced by the server's answer after every change (a
 * success replaces the cart). Changes go through fetchers to the cart route's `clientAction`
 * (cart-actions.ts), which publishes the answer here; while a change is under way `useCart()` shows it
 * already (optimistic cart, as Hydrogen's skeleton does) and a refusal rolls it back.
 *
 * Who may call the cart API: a signed-in shopper (token), or a guest. A shopper becomes a guest
 * by choosing "Continue as guest" (or by `guest=true` in the URL); we remember that choice for the browser
 * session under GUEST_CART_KEY so the header badge can show the guest cart on every page.
 */
import { useEffect, useSyncExternalStore } from "react";
import { useFetchers, useLocation } from "react-router";
import { api, getToken, isAuthExemptPage, isGuestMode, type Cart } from "~/lib/api-client";
import { applyPendingCartChanges, isCartSubmission } from "./optimistic-cart";

export const GUEST_CART_KEY = "guestCart";

export function rememberGuestCart() {
  try {
    window.sessionStorage.setItem(GUEST_CART_KEY, "true");
  } catch {
    // storage denied: the badge shows the cart on cart pages only
  }
}

export function hasGuestCart(): boolean {
  try {
    return window.sessionStorage.getItem(GUEST_CART_KEY) === "true";
  } catch {
    return false;
  }
}

/** May this page call the cart API without being refused? */
export function canUseCart(): boolean {
  return Boolean(getToken()) || isGuestMode() || hasGuestCart() || isAuthExemptPage();
}

/** Guest option for cart calls: without a token we are a guest. */
export function guestOption() {
  return { guest: !getToken() };
}

type Status = "idle" | "loading" | "ready" | "error";

interface CartState {
  cart: Cart | null;
  status: Status;
  error: string | null;
  /** The message of the last refused change per cart line (shown on the line after the rollback). */
  lineErrors: Readonly<Record<string, string>>;
}

// ---------------------------------------------------------------------------------------------------
// The confirmed cart (browser only; the server render always sees the initial state)

const INITIAL: CartState = { cart: null, status: "idle", error: null, lineErrors: {} };
let state: CartState = INITIAL;
const listeners = new Set<() => void>();

function setState(next: Partial<CartState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let latest = 0;
// A load already under way for the same shopper: the cart and checkout pages ask for the cart when
// they open, in the same moment as the provider's first load, and share that one request.
let loading: { token: string | null; answer: Promise<Cart | null> } | null = null;

/** Loads the cart (or shares the load under way for the same shopper). */
export function refreshCart(): Promise<Cart | null> {
  if (!canUseCart()) {
    setState({ status: "ready" });
    return Promise.resolve(null);
  }
  const token = getToken();
  if (loading && loading.token === token) return loading.answer;
  const call = ++latest;
  setState({ status: "loading", error: null });
  const load = async () => {
    try {
      const cart = await api.cart.get(guestOption());
      if (call === latest) setState({ cart, status: "ready" });
      return cart;
    } catch (cause) {
      if (call === latest)
        setState({
          status: "error",
          error: cause instanceof Error ? cause.message : String(cause),
        });
      return null;
    }
  };
  const answer: Promise<Cart | null> = load().finally(() => {
    if (loading?.answer === answer) loading = null;
  });
  loading = { token, answer };
  return answer;
}

/** Replaces the cart with a server answer (after add, update, promo...). */
export function publishCart(next: Cart) {
  // A load started before this change would answer the old cart: the next refresh asks again.
  loading = null;
  latest += 1;
  setState({ cart: next, status: "ready", error: null });
}

/** Remembers (or, with null, forgets) the refusal of a change to one line. */
export function setLineError(lineId: string, message: string | null) {
  const { [lineId]: _previous, ...others } = state.lineErrors;
  setState({ lineErrors: message ? { ...others, [lineId]: message } : others });
}

/** The confirmed cart as the store holds it now (what `useCart` starts from). */
export function cartSnapshot(): CartState {
  return state;
}

/** Back to the state of a fresh page (tests). */
export function resetCartForTests() {
  loading = null;
  latest = 0;
  state = INITIAL;
}

// ---------------------------------------------------------------------------------------------------
// React bindings

interface CartContextValue {
  /** The cart with the changes under way already applied. */
  cart: Cart | null;
  status: Status;
  error: string | null;
  lineErrors: Readonly<Record<string, string>>;
  count: number;
  refresh: () => Promise<Cart | null>;
  /** Replace the cart with a server answer (after add, update, promo...). */
  replace: (cart: Cart) => void;
}

/**
 * Keeps the cart in step with the shopper: loads it on start and again when the token changed (signed
 * in or out, here by the next navigation or in another tab).
 */
export function CartProvider({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();

  useEffect(() => {
    const token = getToken();
    if (seenToken === token) return;
    seenToken = token;
    void refreshCart();
  }, [pathname]);

  useEffect(() => {
    // Signing in or out in another tab changes whose cart this is.
    const onStorage = (event: StorageEvent) => {
      if (event.key === "jwt" || event.key === null) void refreshCart();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  return <>{children}</>;
}

// The token the cart was last loaded for (undefined: not loaded yet in this page).
let seenToken: string | null | undefined;

/**
 * The cart's item count alone, for the header's badge: it re-renders the header only when the count
 * changes. Reading the whole state would re-render it (synchronously, as any store change does) when
 * the first load merely marks the cart "ready", right after hydration: a long task on a slow phone.
 */
export function useCartCount(): number {
  const confirmedCart = useSyncExternalStore(
    subscribe,
    () => state.cart,
    () => INITIAL.cart,
  );
  return useWithPendingChanges(confirmedCart).count;
}

/** The confirmed cart with the cart changes still under way applied (the optimistic cart). */
function useWithPendingChanges(confirmedCart: Cart | null) {
  return applyPendingCartChanges(confirmedCart, useFetchers().filter(isCartSubmission));
}

export function useCart(): CartContextValue {
  const confirmed = useSyncExternalStore(
    subscribe,
    () => state,
    () => INITIAL,
  );
  // Cheap enough to work out on every render (a cart has a handful of lines).
  const optimistic = useWithPendingChanges(confirmed.cart);
  return {
    cart: optimistic.cart,
    status: confirmed.status,
    error: confirmed.error,
    lineErrors: confirmed.lineErrors,
    count: optimistic.count,
    refresh: refreshCart,
    replace: publishCart,
  };
}
