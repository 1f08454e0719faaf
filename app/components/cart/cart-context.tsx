/**
 * The shopper's cart, shared by the header badge, the product page and the cart and checkout screens.
 * One state, loaded through the ONE API client; every action replaces the cart with the server's answer
 * (spec §4 "Success replaces the cart").
 *
 * Who may call the cart API (spec §5): a signed-in shopper (token), or a guest. A shopper becomes a guest
 * by choosing "Continue as guest" (or by `guest=true` in the URL); we remember that choice for the browser
 * session under GUEST_CART_KEY so the header badge can show the guest cart on every page.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation } from "react-router";
import { api, getToken, isAuthExemptPage, isGuestMode, type Cart } from "~/lib/api-client";

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

interface CartContextValue {
  cart: Cart | null;
  status: Status;
  error: string | null;
  count: number;
  refresh: () => Promise<Cart | null>;
  /** Replace the cart with a server answer (after add, update, promo...). */
  replace: (cart: Cart) => void;
}

const CartContext = createContext<CartContextValue | null>(null);

export function CartProvider({ children }: { children: React.ReactNode }) {
  const [cart, setCart] = useState<Cart | null>(null);
  const [status, setStatus] = useState<Status>("idle");
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const seenToken = useRef<string | null | undefined>(undefined);
  const { pathname } = useLocation();

  // A load already under way for the same shopper: the cart and checkout pages ask for the cart when
  // they mount, in the same commit as the provider's first load, and share that one request.
  const loading = useRef<{ token: string | null; answer: Promise<Cart | null> } | null>(null);

  const refresh = useCallback(() => {
    if (!canUseCart()) {
      setStatus("ready");
      return Promise.resolve(null);
    }
    const token = getToken();
    if (loading.current && loading.current.token === token) return loading.current.answer;
    const call = ++latest.current;
    setStatus("loading");
    setError(null);
    const load = async () => {
      try {
        const cart = await api.cart.get(guestOption());
        if (call === latest.current) {
          setCart(cart);
          setStatus("ready");
        }
        return cart;
      } catch (cause) {
        if (call === latest.current) {
          setError(cause instanceof Error ? cause.message : String(cause));
          setStatus("error");
        }
        return null;
      }
    };
    const answer: Promise<Cart | null> = load().finally(() => {
      if (loading.current?.answer === answer) loading.current = null;
    });
    loading.current = { token, answer };
    return answer;
  }, []);

  const replace = useCallback((next: Cart) => {
    // A load started before this change would answer the old cart: the next refresh asks again.
    loading.current = null;
    latest.current += 1;
    setCart(next);
    setStatus("ready");
    setError(null);
  }, []);

  // Load on start, and again whenever the token changed (signed in or out) by the next navigation.
  useEffect(() => {
    const token = getToken();
    if (seenToken.current === token) return;
    seenToken.current = token;
    void refresh();
  }, [pathname, refresh]);

  useEffect(() => {
    // Signing in or out in another tab changes whose cart this is.
    const onStorage = (event: StorageEvent) => {
      if (event.key === "jwt" || event.key === null) void refresh();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [refresh]);

  const value = useMemo<CartContextValue>(
    () => ({
      cart,
      status,
      error,
      count: cart ? cart.cartItems.reduce((sum, item) => sum + item.quantity, 0) : 0,
      refresh,
      replace,
    }),
    [cart, status, error, refresh, replace],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

const EMPTY: CartContextValue = {
  cart: null,
  status: "idle",
  error: null,
  count: 0,
  refresh: async () => null,
  replace: () => undefined,
};

export function useCart(): CartContextValue {
  return useContext(CartContext) ?? EMPTY;
}
