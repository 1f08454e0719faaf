import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  api,
  ApiError,
  apiBaseUrl,
  configureApiClient,
  googleSignInUrl,
  request,
  resetApiClient,
} from "~/lib/api-client";

// A small local HTTP server plays the shop's API; each test sets what it answers.
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let baseUrl = "";
let handler: Handler = (_req, res) => res.end();
const seen: Seen[] = [];

function json(res: ServerResponse, status: number, body?: unknown) {
  res.statusCode = status;
  if (body === undefined) return res.end();
  res.setHeader("Content-Type", "application/json");
  res.end(JSON.stringify(body));
}

class MemoryStorage {
  private map = new Map<string, string>();
  getItem(key: string) {
    return this.map.has(key) ? (this.map.get(key) as string) : null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

let storage: MemoryStorage;
let page = { pathname: "/", search: "" };
let redirects: string[] = [];
let fetchInits: RequestInit[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
  storage = new MemoryStorage();
  page = { pathname: "/", search: "" };
  redirects = [];
  fetchInits = [];
  handler = (_req, res) => json(res, 200, { ok: true });
  configureApiClient({
    baseUrl,
    storage,
    location: () => page,
    redirect: (path) => redirects.push(path),
    // The real fetch; the wrapper only records the options the client passed.
    fetch: (input, init) => {
      fetchInits.push(init ?? {});
      return fetch(input, init);
    },
  });
});

afterEach(() => {
  vi.useRealTimers();
  resetApiClient();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("expected the call to fail");
}

describe("api client: base URL, prefix, credentials, token", () => {
  it("uses http://localhost:5454 without a page (dev SSR) and the /api prefix", async () => {
    resetApiClient();
    expect(apiBaseUrl()).toBe("http://localhost:5454");
    expect(googleSignInUrl()).toBe("/auth/google");
    expect(googleSignInUrl("/cart")).toBe("/auth/google?redirect=%2Fcart");
  });

  it("sends credentials and the bearer token on non-auth calls", async () => {
    storage.setItem("jwt", "token-1");
    handler = (_req, res) => json(res, 200, { content: [], totalPages: 1 });
    await api.products.list({ pageNumber: 0, category: "men" });
    expect(seen[0].url).toBe("/api/products?pageNumber=0&category=men");
    expect(seen[0].headers.authorization).toBe("Bearer token-1");
    expect(fetchInits[0].credentials).toBe("include");
  });

  it("sends no token on /auth/* calls except update-phone", async () => {
    storage.setItem("jwt", "token-1");
    handler = (req, res) =>
      req.url === "/auth/update-phone"
        ? json(res, 200, { _id: "u1", phone: "01712345678" })
        : json(res, 200, { jwt: "new-token", requireOTPVerification: false });
    await api.auth.signin({ email: "a@b.co", password: "secret123" });
    expect(seen[0].headers.authorization).toBeUndefined();
    expect(storage.getItem("jwt")).toBe("new-token");
    await api.auth.updatePhone("01712345678");
    expect(seen[1].headers.authorization).toBe("Bearer new-token");
    expect(JSON.parse(seen[1].body)).toEqual({ phone: "01712345678" });
  });

  it("does not send a token to the public popup list", async () => {
    storage.setItem("jwt", "token-1");
    handler = (_req, res) => json(res, 200, []);
    await api.popupImages.active();
    expect(seen[0].url).toBe("/api/popup-images/active");
    expect(seen[0].headers.authorization).toBeUndefined();
  });

  it("adds X-Guest-Checkout: true on guest order-detail requests", async () => {
    handler = (_req, res) => json(res, 200, { _id: "o1", orderItems: [] });
    await api.orders.byId("o1", { guest: true, trackingToken: "tt" });
    expect(seen[0].url).toBe("/api/orders/o1?token=tt");
    expect(seen[0].headers["x-guest-checkout"]).toBe("true");
  });
});

describe("api client: the 'Authentication required' guard", () => {
  it("refuses cart, orders and profile calls without a token on other pages", async () => {
    page = { pathname: "/product/blue-tee", search: "" };
    for (const call of [
      () => api.cart.get(),
      () => api.cart.add({ productId: "p", size: "M", color: "Red", quantity: 1 }),
      () => api.cart.update("i1", 2),
      () => api.cart.remove("i1"),
      () => api.orders.mine(),
      () => request("/api/users/profile"),
    ]) {
      const error = await failure(call());
      expect(error.message).toBe("Authentication required");
      expect(error.flags.authRequired).toBe(true);
    }
    expect(seen).toHaveLength(0);
  });

  it.each([
    ["/login", ""],
    ["/register", ""],
    ["/auth/google/callback", "?token=x"],
    ["/checkout", ""],
    ["/cart", ""],
    ["/order-confirmation", "?orderId=1"],
    ["/product/blue-tee", "?guest=true"],
    // The same pages in Bangla
    ["/bn/checkout", ""],
    ["/bn/cart", ""],
    ["/bn/order-confirmation", "?orderId=1"],
  ])("lets the call through on %s%s", async (pathname, search) => {
    page = { pathname, search };
    handler = (_req, res) => json(res, 200, { cartItems: [], totalPrice: 0 });
    const cart = await api.cart.get();
    expect(cart.cartItems).toEqual([]);
    expect(seen).toHaveLength(1);
    expect(seen[0].headers.authorization).toBeUndefined();
  });

  it("lets an explicit guest call and guest tracking through", async () => {
    page = { pathname: "/product/blue-tee", search: "" };
    handler = (_req, res) => json(res, 200, { cartItems: [] });
    await api.cart.add({ productId: "p", size: "M", color: "Red", quantity: 1 }, { guest: true });
    await api.orders.guestTrack("o1", { phone: "01712345678" });
    expect(seen.map((entry) => entry.url)).toEqual([
      "/api/cart/add",
      "/api/orders/guest/track/o1?phone=01712345678",
    ]);
  });
});

describe("api client: 401 rules", () => {
  beforeEach(() => {
    storage.setItem("jwt", "stale");
    handler = (_req, res) => json(res, 401, { message: "Invalid or expired token" });
  });

  it("rejects guest order details with isGuestOrderDetails and keeps the token", async () => {
    page = { pathname: "/order/o1", search: "" };
    const error = await failure(api.orders.byId("o1", { guest: true }));
    expect(error.status).toBe(401);
    expect(error.flags.isGuestOrderDetails).toBe(true);
    expect(redirects).toEqual([]);
    expect(storage.getItem("jwt")).toBe("stale");
  });

  it.each([
    ["/checkout", ""],
    ["/product/x", "?guest=true"],
    ["/payment-success", "?orderId=1"],
    ["/bn/checkout", ""],
    ["/bn/payment-failed", "?orderId=1"],
  ])("continues without login on %s%s", async (pathname, search) => {
    page = { pathname, search };
    const error = await failure(api.cart.get());
    expect(error.message).toBe("Guest checkout enabled. Continuing without login.");
    expect(error.flags.isGuestCheckout).toBe(true);
    expect(redirects).toEqual([]);
  });

  it("elsewhere removes the token, remembers the page and sends the shopper to /login", async () => {
    page = { pathname: "/account", search: "?tab=orders" };
    const error = await failure(api.orders.mine());
    expect(error.message).toBe("Please login to continue.");
    expect(error.flags.redirectedToLogin).toBe(true);
    expect(redirects).toEqual(["/login"]);
    expect(storage.getItem("jwt")).toBeNull();
    expect(storage.getItem("redirectAfterLogin")).toBe("/account?tab=orders");
  });

  it("on a Bangla page sends the shopper to the Bangla sign-in screen", async () => {
    page = { pathname: "/bn/account", search: "" };
    const error = await failure(api.orders.mine());
    expect(error.flags.redirectedToLogin).toBe(true);
    expect(redirects).toEqual(["/bn/login"]);
    expect(storage.getItem("redirectAfterLogin")).toBe("/bn/account");
  });
});

describe("api client: error catalogue", () => {
  it("network failure: status 0 and the network text", async () => {
    configureApiClient({ baseUrl: "http://127.0.0.1:1" });
    const error = await failure(api.products.list());
    expect(error.status).toBe(0);
    expect(error.message).toBe("Network error. Please check your connection.");
  });

  it("5xx: 'An error occurred. Please try again later.'", async () => {
    handler = (_req, res) => json(res, 503, { message: "database down" });
    const error = await failure(api.products.list());
    expect(error.status).toBe(503);
    expect(error.message).toBe("An error occurred. Please try again later.");
  });

  it("cart 404, cart 400 with and without a server message, empty cart answer", async () => {
    storage.setItem("jwt", "t");
    handler = (_req, res) => json(res, 404, { message: "nope" });
    expect((await failure(api.cart.get())).message).toBe(
      "Cart not found. Please try refreshing the page.",
    );
    handler = (_req, res) => json(res, 400, { message: "Quantity must be 1 to 10" });
    expect((await failure(api.cart.update("i1", 50))).message).toBe("Quantity must be 1 to 10");
    handler = (_req, res) => json(res, 400, {});
    expect((await failure(api.cart.remove("i1"))).message).toBe(
      "Invalid cart operation. Please check your input.",
    );
    handler = (_req, res) => json(res, 200);
    expect((await failure(api.cart.get())).message).toBe("Invalid cart response: No data received");
  });

  it("normalises cart answers: defaults and both discount spellings", async () => {
    storage.setItem("jwt", "t");
    handler = (_req, res) => json(res, 200, { cartItems: null, totalPrice: 500, discounte: 50 });
    const cart = await api.cart.get();
    expect(cart).toMatchObject({
      cartItems: [],
      totalPrice: 500,
      totalItem: 0,
      totalDiscountedPrice: 0,
      discounte: 50,
      discount: 50,
      promoCodeDiscount: 0,
    });
  });

  it("apply-promo texts", async () => {
    storage.setItem("jwt", "t");
    handler = (_req, res) => json(res, 400, { message: "Minimum order amount of ৳1,000 required" });
    expect((await failure(api.cart.applyPromo("SAVE10"))).message).toBe(
      "Minimum order amount of ৳1,000 required",
    );
    handler = (_req, res) => json(res, 400, { message: "Invalid or expired promo code" });
    expect((await failure(api.cart.applyPromo("OLD"))).message).toBe(
      "Invalid or expired promo code",
    );
    handler = (_req, res) => json(res, 400, {});
    expect((await failure(api.cart.applyPromo("X"))).message).toBe("Invalid promo code");
    handler = (_req, res) => json(res, 400, { code: "PROMO_MINIMUM" });
    expect((await failure(api.cart.applyPromo("X"))).message).toBe("Minimum order amount required");
    handler = (_req, res) => json(res, 400, { code: "PROMO_EXPIRED" });
    expect((await failure(api.cart.applyPromo("X"))).message).toBe("Invalid or expired promo code");
    expect(JSON.parse(seen[0].body)).toEqual({ code: "SAVE10" });
  });

  it("login: missing jwt, server message, fallback", async () => {
    handler = (_req, res) => json(res, 200, { message: "ok" });
    expect((await failure(api.auth.signin({ email: "a@b.co", password: "x" }))).message).toBe(
      "Invalid response from server - no JWT token received",
    );
    handler = (_req, res) => json(res, 401, { message: "Invalid email or password" });
    const wrong = await failure(api.auth.signin({ email: "a@b.co", password: "x" }));
    expect(wrong.message).toBe("Invalid email or password");
    expect(redirects).toEqual([]);
    handler = (_req, res) => json(res, 400);
    expect((await failure(api.auth.signin({ email: "a@b.co", password: "x" }))).message).toBe(
      "Login failed",
    );
  });

  it("registration: server message, else error, else 'Registration failed'", async () => {
    const body = { firstName: "A", lastName: "B", email: "a@b.co", password: "12345678" };
    handler = (_req, res) => json(res, 409, { message: "Email already registered" });
    expect((await failure(api.auth.signup(body))).message).toBe("Email already registered");
    handler = (_req, res) => json(res, 400, { error: "Bad input" });
    expect((await failure(api.auth.signup(body))).message).toBe("Bad input");
    handler = (_req, res) => json(res, 400);
    expect((await failure(api.auth.signup(body))).message).toBe("Registration failed");
    handler = (_req, res) => json(res, 201, { jwt: "j1", requireOTPVerification: true });
    expect(await api.auth.signup(body)).toMatchObject({ jwt: "j1" });
    expect(storage.getItem("jwt")).toBe("j1");
  });

  it("profile: no token, empty answer, failure; the Google callback path drops the token", async () => {
    expect((await failure(api.users.profile())).message).toBe("No authentication token found");
    expect(seen).toHaveLength(0);
    storage.setItem("jwt", "t");
    handler = (_req, res) => json(res, 200);
    expect((await failure(api.users.profile())).message).toBe("No user data received from server");
    handler = (_req, res) => json(res, 500, {});
    expect((await failure(api.users.profile())).message).toBe("Failed to fetch user data");
    expect(storage.getItem("jwt")).toBe("t");
    page = { pathname: "/bn/account", search: "" };
    expect((await failure(api.users.profile())).message).toBe("Failed to fetch user data");
    expect(storage.getItem("jwt")).toBe("t");
  });

  // On the Google callback path a failed profile load removes the token, in either language.
  it.each(["/auth/google/callback", "/bn/auth/google/callback"])(
    "profile failure on %s removes the token (failed call and empty answer)",
    async (pathname) => {
      page = { pathname, search: "" };
      storage.setItem("jwt", "t");
      handler = (_req, res) => json(res, 500, {});
      expect((await failure(api.users.profile())).message).toBe("Failed to fetch user data");
      expect(storage.getItem("jwt")).toBeNull();
      storage.setItem("jwt", "t");
      handler = (_req, res) => json(res, 200);
      expect((await failure(api.users.profile())).message).toBe(
        "No user data received from server",
      );
      expect(storage.getItem("jwt")).toBeNull();
      expect(redirects).toEqual([]);
    },
  );

  it("update phone: empty answer is 'Failed to update phone number'", async () => {
    storage.setItem("jwt", "t");
    handler = (_req, res) => json(res, 200);
    expect((await failure(api.auth.updatePhone("01712345678"))).message).toBe(
      "Failed to update phone number",
    );
  });

  it("admin verify: isAdmin, 401, 403, other with and without a message", async () => {
    storage.setItem("jwt", "t");
    handler = (_req, res) =>
      json(res, 200, { isAdmin: true, role: "packer", permissions: ["orders.pack"] });
    expect(await api.users.verifyAdmin()).toEqual({
      isAdmin: true,
      role: "packer",
      permissions: ["orders.pack"],
    });
    handler = (_req, res) => json(res, 401, { message: "x" });
    expect((await failure(api.users.verifyAdmin())).message).toBe("Invalid or expired token");
    expect(redirects).toEqual([]);
    handler = (_req, res) => json(res, 403, { message: "x" });
    expect((await failure(api.users.verifyAdmin())).message).toBe(
      "Access denied - admin privileges required",
    );
    handler = (_req, res) => json(res, 418, { message: "Teapot" });
    expect((await failure(api.users.verifyAdmin())).message).toBe("Teapot");
    handler = (_req, res) => json(res, 404);
    expect((await failure(api.users.verifyAdmin())).message).toBe("Authentication failed");
  });
});

describe("api client: timeouts", () => {
  // The server holds these requests; only setTimeout is faked so the socket still works.
  beforeEach(() => {
    storage.setItem("jwt", "t");
    handler = () => undefined;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });

  async function settlesAfter(promise: Promise<unknown>, ms: number) {
    let settled = false;
    const outcome = promise.then(
      () => ((settled = true), null),
      (error: unknown) => ((settled = true), error),
    );
    // Wait (on real setImmediate) until the server holds the request.
    for (let spins = 0; seen.length === 0 && spins < 100_000; spins++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    return outcome;
  }

  it("default calls give up after 10000 ms", async () => {
    const error = (await settlesAfter(api.products.list(), 10_000)) as ApiError;
    expect(error.message).toBe("Network error. Please check your connection.");
    expect(error.status).toBe(0);
    expect(error.flags.timeout).toBe(true);
  });

  it("the profile gives up after 8000 ms", async () => {
    const error = (await settlesAfter(api.users.profile(), 8000)) as ApiError;
    expect(error.message).toBe("Failed to fetch user data");
  });

  it("admin verify gives up after 10000 ms with its own text", async () => {
    const error = (await settlesAfter(api.users.verifyAdmin(), 10_000)) as ApiError;
    expect(error.message).toBe("Request timeout - please check your connection");
  });
});
