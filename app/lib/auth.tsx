/**
 * Auth state of the storefront.
 *
 * Exports
 * - `<AuthProvider>` — wraps the app (in root). On mount: reads 'jwt'; if present loads the profile; then
 *   `ready` becomes true (the start-up token check). Server render: `ready` is false, `user` null.
 * - `useAuth()` — `{ ...AuthState, ready, isLoggedIn, login, register, logout, loadProfile, sendOtp,
 *   verifyOtp, updatePhone, updateProfile, changePassword, verifyAdmin, clearError,
 *   finishSignIn }`. Every action sets isLoading and clears error; success clears isLoading; failure stores
 *   the message (and rethrows the ApiError so forms can show it).
 * - `<AuthReady>` — renders children once the start-up check ended, a spinner before (client-only screens).
 * - Pending cart item (sessionStorage 'pendingCartItem'): `savePendingCartItem(item)`,
 *   `readPendingCartItem()`, `addPendingCartItem()` (adds it to the cart, then clears it; called by
 *   login/register and the Google callback through `finishSignIn`).
 * - redirectAfterLogin (localStorage): `rememberRedirectAfterLogin(pathWithQuery)`,
 *   `takeRedirectAfterLogin()` (reads and removes; only same-site paths, default '/'), `safeRedirectPath(p)`
 *   (the server's rule, contract/redirect-path.ts), `takeSignInDestination(redirectParam)` (`?redirect=`
 *   first, then redirectAfterLogin).
 * - Google callback loop guard (sessionStorage 'google_callback_visits'): `countGoogleCallbackVisit()`,
 *   `resetGoogleCallbackVisits()`, `MAX_GOOGLE_CALLBACK_VISITS`.
 * - Storage keys: `PENDING_CART_ITEM_KEY`, `GOOGLE_CALLBACK_VISITS_KEY`.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { Spinner } from "~/components/ui/spinner";
import { safeRedirectPath } from "#contract/redirect-path";
import {
  api,
  ApiError,
  errorMessage,
  getToken,
  removeToken,
  REDIRECT_AFTER_LOGIN_KEY,
  type AuthAnswer,
  type User,
} from "./api-client";
import { readCustomerInfo, saveCustomerInfo, trackAddToCart } from "./tracking";

export const PENDING_CART_ITEM_KEY = "pendingCartItem";
export const GOOGLE_CALLBACK_VISITS_KEY = "google_callback_visits";
export const MAX_GOOGLE_CALLBACK_VISITS = 3;

export interface AuthState {
  user: User | null;
  isLoading: boolean;
  error: string | null;
  otpSent: boolean;
  otpVerified: boolean;
  requireOTPVerification: boolean;
  passwordChanged: boolean;
  isAdminVerified: boolean;
  adminVerificationLoading: boolean;
}

export const initialAuthState: AuthState = {
  user: null,
  isLoading: false,
  error: null,
  otpSent: false,
  otpVerified: false,
  requireOTPVerification: false,
  passwordChanged: false,
  isAdminVerified: false,
  adminVerificationLoading: false,
};

export interface PendingCartItem {
  productId: string;
  size: string;
  color: string;
  quantity: number;
  /** For the add_to_cart event after sign-in (optional; `trackableSnapshot` of the product). */
  title?: string;
  price?: number;
  discountedPrice?: number;
  categoryName?: string;
  brand?: string;
}

// ---------------------------------------------------------------------------------------------------
// Browser storage helpers (safe on the server and when storage is denied)

function session(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

function local(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function savePendingCartItem(item: PendingCartItem): void {
  session()?.setItem(PENDING_CART_ITEM_KEY, JSON.stringify(item));
}

export function readPendingCartItem(): PendingCartItem | null {
  const raw = session()?.getItem(PENDING_CART_ITEM_KEY);
  if (!raw) return null;
  try {
    const item = JSON.parse(raw) as PendingCartItem;
    return item && typeof item.productId === "string" ? item : null;
  } catch {
    return null;
  }
}

/** Adds the pending item to the cart, then clears it. Resolves true when an item was added. */
export async function addPendingCartItem(): Promise<boolean> {
  const item = readPendingCartItem();
  if (!item) return false;
  try {
    await api.cart.add({
      productId: item.productId,
      size: item.size,
      color: item.color,
      quantity: item.quantity,
    });
    if (typeof item.price === "number") {
      trackAddToCart(
        {
          productId: item.productId,
          title: item.title,
          price: item.price,
          discountedPrice: item.discountedPrice,
          categoryName: item.categoryName,
          brand: item.brand,
          color: item.color,
          size: item.size,
        },
        item.quantity,
      );
    }
    return true;
  } catch (error) {
    console.warn("[auth] the pending cart item could not be added", error);
    return false;
  } finally {
    session()?.removeItem(PENDING_CART_ITEM_KEY);
  }
}

// The server's rule for return paths, shared so the browser honours exactly what the server does.
export { safeRedirectPath };

export function rememberRedirectAfterLogin(pathWithQuery: string): void {
  const path = safeRedirectPath(pathWithQuery);
  if (path) local()?.setItem(REDIRECT_AFTER_LOGIN_KEY, path);
}

/** Reads and removes 'redirectAfterLogin'; '/' when none. */
export function takeRedirectAfterLogin(): string {
  const storage = local();
  const path = safeRedirectPath(storage?.getItem(REDIRECT_AFTER_LOGIN_KEY));
  storage?.removeItem(REDIRECT_AFTER_LOGIN_KEY);
  return path ?? "/";
}

/**
 * Where a finished sign-in or registration goes: the screen's own `?redirect=` (e.g. "Sign in" on a
 * product page) when it is a safe path, else redirectAfterLogin, else '/'. redirectAfterLogin is
 * consumed either way so it cannot send a later sign-in somewhere stale.
 */
export function takeSignInDestination(redirectParam: string | null): string {
  const stored = takeRedirectAfterLogin();
  return safeRedirectPath(redirectParam) ?? stored;
}

/** The other sign-in screen's link, keeping a safe `?redirect=` (sign in <-> create an account). */
export function signInScreenHref(
  screen: "/login" | "/register",
  redirectParam: string | null,
): string {
  const redirect = safeRedirectPath(redirectParam);
  return redirect ? `${screen}?${new URLSearchParams({ redirect }).toString()}` : screen;
}

/** Counts a visit of /auth/google/callback in this tab; returns the new count. */
export function countGoogleCallbackVisit(): number {
  const storage = session();
  const count = Number(storage?.getItem(GOOGLE_CALLBACK_VISITS_KEY) ?? 0) + 1;
  storage?.setItem(GOOGLE_CALLBACK_VISITS_KEY, String(count));
  return count;
}

export function resetGoogleCallbackVisits(): void {
  session()?.removeItem(GOOGLE_CALLBACK_VISITS_KEY);
}

// ---------------------------------------------------------------------------------------------------
// Context

export interface AuthContextValue extends AuthState {
  /** The start-up token check ended (always false during server rendering). */
  ready: boolean;
  isLoggedIn: boolean;
  login(credentials: { email: string; password: string }): Promise<AuthAnswer>;
  register(body: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    mobile?: string;
  }): Promise<AuthAnswer>;
  /** After a token was stored (login, register, Google callback): loads the profile, adds the pending item. */
  finishSignIn(): Promise<User>;
  logout(): void;
  loadProfile(): Promise<User>;
  /** `locale`: the language of the code's SMS (the page's). */
  sendOtp(phone: string, locale?: "en" | "bn"): Promise<void>;
  verifyOtp(phone: string, otp: string): Promise<void>;
  updatePhone(phone: string): Promise<User>;
  updateProfile(fields: Parameters<typeof api.users.updateProfile>[0]): Promise<User>;
  changePassword(body: { currentPassword: string; newPassword: string }): Promise<string>;
  verifyAdmin(): Promise<boolean>;
  clearError(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function rememberCustomer(user: User) {
  const previous = readCustomerInfo();
  saveCustomerInfo({
    ...previous,
    userId: user._id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    mobile: user.mobile ?? user.phone ?? previous.mobile,
    isGuestCheckout: false,
  });
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(initialAuthState);
  const [ready, setReady] = useState(false);
  const mounted = useRef(true);

  const patch = useCallback((next: Partial<AuthState>) => {
    if (mounted.current) setState((current) => ({ ...current, ...next }));
  }, []);

  /** Runs one action with the spec's loading/error bookkeeping. */
  const run = useCallback(
    async <T,>(action: () => Promise<T>, onSuccess?: (value: T) => Partial<AuthState>) => {
      patch({ isLoading: true, error: null });
      try {
        const value = await action();
        patch({ isLoading: false, ...(onSuccess ? onSuccess(value) : {}) });
        return value;
      } catch (error) {
        patch({ isLoading: false, error: errorMessage(error) });
        throw error;
      }
    },
    [patch],
  );

  const loadProfile = useCallback(
    () =>
      run(
        () => api.users.profile(),
        (user) => {
          rememberCustomer(user);
          return {
            user,
            requireOTPVerification: user.isOTPVerified === false,
            otpVerified: user.isOTPVerified === true,
          };
        },
      ),
    [run],
  );

  useEffect(() => {
    mounted.current = true;
    let cancelled = false;
    if (!getToken()) {
      setReady(true);
      return;
    }
    api.users
      .profile()
      .then((user) => {
        if (cancelled) return;
        rememberCustomer(user);
        patch({
          user,
          requireOTPVerification: user.isOTPVerified === false,
          otpVerified: user.isOTPVerified === true,
        });
      })
      .catch((error: unknown) => {
        if (!cancelled) patch({ error: errorMessage(error) });
      })
      .finally(() => {
        if (!cancelled) setReady(true);
      });
    return () => {
      cancelled = true;
      mounted.current = false;
    };
  }, [patch]);

  const finishSignIn = useCallback(async () => {
    const user = await loadProfile();
    await addPendingCartItem();
    return user;
  }, [loadProfile]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      ready,
      isLoggedIn: Boolean(state.user),
      login: (credentials) =>
        run(
          () => api.auth.signin(credentials),
          (answer) => ({ requireOTPVerification: answer.requireOTPVerification === true }),
        ),
      register: (body) =>
        run(
          () => api.auth.signup(body),
          (answer) => ({ requireOTPVerification: answer.requireOTPVerification === true }),
        ),
      finishSignIn,
      logout: () => {
        removeToken();
        try {
          local()?.clear();
        } catch (error) {
          console.warn("[auth] could not clear local storage", error);
        }
        setState(initialAuthState);
      },
      loadProfile,
      sendOtp: (phone, locale) =>
        run(
          async () => {
            await api.auth.sendOtp(phone, locale);
          },
          () => ({ otpSent: true }),
        ),
      verifyOtp: (phone, otp) =>
        run(
          async () => {
            const answer = await api.auth.verifyOtp(phone, otp);
            if (!answer?.verified) throw new ApiError("Invalid OTP", 400);
          },
          () => ({ otpVerified: true, requireOTPVerification: false }),
        ),
      updatePhone: (phone) =>
        run(
          () => api.auth.updatePhone(phone),
          (user) => ({
            user: { ...user, isOTPVerified: true },
            requireOTPVerification: false,
          }),
        ),
      updateProfile: (fields) =>
        run(
          () => api.users.updateProfile(fields),
          (user) => {
            rememberCustomer(user);
            return { user };
          },
        ),
      changePassword: (body) =>
        run(
          async () => (await api.users.changePassword(body))?.message ?? "Password changed",
          () => ({ passwordChanged: true }),
        ),
      verifyAdmin: async () => {
        patch({ adminVerificationLoading: true });
        try {
          const { isAdmin } = await api.users.verifyAdmin();
          patch({ adminVerificationLoading: false, isAdminVerified: isAdmin });
          return isAdmin;
        } catch (error) {
          patch({
            adminVerificationLoading: false,
            isAdminVerified: false,
            error: errorMessage(error),
          });
          // The guard shows the spec's text for a timeout, 401, 403 or other failure.
          throw error;
        }
      },
      clearError: () => patch({ error: null }),
    }),
    [state, ready, run, patch, finishSignIn, loadProfile],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used inside <AuthProvider>");
  return context;
}

/** Renders children once the start-up token check ended; the spinner before. */
export function AuthReady({ children }: { children: ReactNode }) {
  const { ready } = useAuth();
  if (!ready) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Checking your sign-in" />
      </div>
    );
  }
  return <>{children}</>;
}
