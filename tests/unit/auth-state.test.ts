// @vitest-environment happy-dom
// happy-dom serves any answer with an ETag from its cache without asking again (no browser does):
// every request says no-cache, as a browser with its cache turned off.
// @vitest-environment-options {"settings":{"fetch":{"requestHeaders":[{"headers":{"Cache-Control":"no-cache"}}]}}}
/**
 * The storefront's auth state (app/lib/auth.tsx: its fields and their loading/error rules) with
 * the real provider rendered by React, the real API client and the real shop API serving the page
 * (same origin, loopback port). Each action is held at its request to read the state while it runs:
 * loading on and the error cleared; then loading off and the answer's fields, or the message stored.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { configureApiClient, resetApiClient } from "~/lib/api-client";
import { AuthProvider, initialAuthState, useAuth, type AuthContextValue } from "~/lib/auth";
import { Otp } from "../../models/otp.model";
import { createApp } from "../../server/app";
import { hashOtp } from "../../server/services/otp.service";
import { clearDatabase } from "../setup/db";
import { createAdmin, createUser, DEFAULT_PASSWORD } from "../factories/user";

/** The auth state's fields, in the order the product rules list them. */
const SPEC_FIELDS = [
  "user",
  "isLoading",
  "error",
  "otpSent",
  "otpVerified",
  "requireOTPVerification",
  "passwordChanged",
  "isAdminVerified",
  "adminVerificationLoading",
] as const;
type AuthFields = Pick<AuthContextValue, (typeof SPEC_FIELDS)[number]>;

let server: Server;
let root: Root | undefined;
let auth: AuthContextValue;
/** While set, the API client's requests wait for it (the real request is sent once it resolves). */
let hold: Promise<void> | undefined;
const redirects: string[] = [];

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const listening = createApp().listen(0, "127.0.0.1", () => resolve(listening));
  });
  // The page is served by the shop itself: same origin, as in a browser (happy-dom enforces CORS).
  const page = window as unknown as { happyDOM: { setURL(url: string): void } };
  page.happyDOM.setURL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/account`);
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  await clearDatabase();
  localStorage.clear();
  redirects.length = 0;
  const realFetch = globalThis.fetch;
  configureApiClient({
    redirect: (path) => redirects.push(path),
    fetch: async (input, init) => {
      await hold;
      return realFetch(input, init);
    },
  });
  function Probe() {
    auth = useAuth();
    return null;
  }
  root = createRoot(document.createElement("div"));
  await act(async () => root!.render(createElement(AuthProvider, null, createElement(Probe))));
});

afterEach(async () => {
  await act(async () => root?.unmount());
  resetApiClient();
});

const fields = (value: AuthContextValue): AuthFields =>
  Object.fromEntries(SPEC_FIELDS.map((name) => [name, value[name]])) as AuthFields;

/**
 * Runs `action` with its request held: `during` is the state while it waits for the server,
 * `after` once it settled; `failure` the message it rejected with (undefined on success).
 */
async function observe(action: (current: AuthContextValue) => Promise<unknown>) {
  let release!: () => void;
  hold = new Promise<void>((resolve) => (release = resolve));
  let settled!: Promise<string | undefined>;
  await act(async () => {
    settled = action(auth).then(
      () => undefined,
      (error: unknown) => (error as Error).message,
    );
  });
  const during = fields(auth);
  hold = undefined;
  release();
  let failure: string | undefined;
  await act(async () => {
    failure = await settled;
  });
  return { during, after: fields(auth), failure };
}

/** Puts a message into `error` first, so an action is seen to clear it. */
async function withStaleError() {
  await observe((current) => current.verifyOtp("01712345678", "000000"));
  expect(auth.error).toBe(
    "No verification code was requested for this number. Please request a new one.",
  );
}

const LOADING = { isLoading: true, error: null };

describe("the auth state", () => {
  it("has exactly the nine fields, all cleared at the start", () => {
    expect(Object.keys(initialAuthState)).toEqual([...SPEC_FIELDS]);
    expect(fields(auth)).toEqual({
      user: null,
      isLoading: false,
      error: null,
      otpSent: false,
      otpVerified: false,
      requireOTPVerification: false,
      passwordChanged: false,
      isAdminVerified: false,
      adminVerificationLoading: false,
    });
  });
});

describe("sign-in and registration", () => {
  it("login: loading, then requireOTPVerification from the sign-in answer; a refusal stores the message", async () => {
    const unverified = await createUser({ email: "rahima@example.com", isOTPVerified: false });
    await createUser({ email: "karim@example.com", isOTPVerified: true });
    await withStaleError();

    const first = await observe((current) =>
      current.login({ email: "rahima@example.com", password: unverified.password }),
    );
    expect(first.during).toMatchObject(LOADING);
    expect(first.failure).toBeUndefined();
    // From the answer alone: the profile is not loaded by login.
    expect(first.after).toMatchObject({ isLoading: false, error: null, user: null });
    expect(first.after.requireOTPVerification).toBe(true);

    const second = await observe((current) =>
      current.login({ email: "karim@example.com", password: DEFAULT_PASSWORD }),
    );
    expect(second.during).toMatchObject({ ...LOADING, requireOTPVerification: true });
    expect(second.after).toMatchObject({ isLoading: false, requireOTPVerification: false });

    const refused = await observe((current) =>
      current.login({ email: "karim@example.com", password: "not-the-password" }),
    );
    expect(refused.during).toMatchObject(LOADING);
    expect(refused.failure).toBe("Invalid email or password");
    expect(refused.after).toMatchObject({
      isLoading: false,
      error: "Invalid email or password",
    });
  });

  it("register: loading, then the answer's requirement; a taken email stores the message", async () => {
    await createUser({ email: "taken@example.com" });
    const body = {
      firstName: "Nusrat",
      lastName: "Jahan",
      email: "taken@example.com",
      password: "long-enough-pw",
    };
    const refused = await observe((current) => current.register(body));
    expect(refused.during).toMatchObject(LOADING);
    expect(refused.after).toMatchObject({
      isLoading: false,
      error: "An account with this email already exists",
    });
    const created = await observe((current) =>
      current.register({ ...body, email: "nusrat@example.com" }),
    );
    expect(created.during).toMatchObject(LOADING);
    expect(created.after).toMatchObject({
      isLoading: false,
      error: null,
      requireOTPVerification: true,
    });
    expect(localStorage.getItem("jwt")).toEqual(expect.any(String));
  });
});

describe("profile, phone and password", () => {
  it("profile load: no token is refused with its own text; a user not OTP-verified must verify", async () => {
    // Refused before any request: loading is set and cleared in the same turn.
    const missing = await observe((current) => current.loadProfile());
    expect(missing.after).toMatchObject({
      isLoading: false,
      error: "No authentication token found",
    });

    const { user, token } = await createUser({ firstName: "Rahima", isOTPVerified: false });
    localStorage.setItem("jwt", token);
    const loaded = await observe((current) => current.loadProfile());
    expect(loaded.during).toMatchObject(LOADING);
    expect(loaded.after).toMatchObject({
      isLoading: false,
      error: null,
      requireOTPVerification: true,
      otpVerified: false,
    });
    expect(loaded.after.user).toMatchObject({ _id: String(user._id), firstName: "Rahima" });
  });

  it("OTP send and verify, then the phone update: each loading, each failure's message kept", async () => {
    const phone = "01819000111";
    const { token } = await createUser({ isOTPVerified: false });
    localStorage.setItem("jwt", token);
    await observe((current) => current.loadProfile());
    expect(auth.requireOTPVerification).toBe(true);

    // The server's top-level message (the field's own text is in its errors[], for the form).
    const notAPhone = await observe((current) => current.sendOtp("0181900011"));
    expect(notAPhone.during).toMatchObject(LOADING);
    expect(notAPhone.after).toMatchObject({
      isLoading: false,
      otpSent: false,
      error: "Invalid input",
    });

    const sent = await observe((current) => current.sendOtp(phone));
    expect(sent.during).toMatchObject(LOADING);
    expect(sent.after).toMatchObject({ isLoading: false, error: null, otpSent: true });
    // No SMS gateway in this test (the shop logs the SMS): the code sent is replaced by a known one.
    const code = "482913";
    await Otp.updateOne({ phone }, { $set: { codeHash: hashOtp(phone, code) } });

    const tooEarly = await observe((current) => current.updatePhone(phone));
    expect(tooEarly.during).toMatchObject(LOADING);
    expect(tooEarly.after).toMatchObject({
      isLoading: false,
      error: "Verify this phone number with the code we sent before saving it.",
    });

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await observe((current) => current.verifyOtp(phone, wrong));
    expect(refused.during).toMatchObject(LOADING);
    expect(refused.after).toMatchObject({
      isLoading: false,
      otpVerified: false,
      requireOTPVerification: true,
      error: "Incorrect verification code. 4 attempts left.",
    });

    const verified = await observe((current) => current.verifyOtp(phone, code));
    expect(verified.during).toMatchObject(LOADING);
    expect(verified.after).toMatchObject({
      isLoading: false,
      error: null,
      otpVerified: true,
      requireOTPVerification: false,
    });

    const saved = await observe((current) => current.updatePhone(phone));
    expect(saved.during).toMatchObject(LOADING);
    expect(saved.after).toMatchObject({ isLoading: false, error: null });
    expect(saved.after.user).toMatchObject({ phone, isOTPVerified: true });
  });

  it("profile update and password change: loading, then the new profile or passwordChanged", async () => {
    const { token, password } = await createUser({ firstName: "Karim" });
    localStorage.setItem("jwt", token);
    await withStaleError();

    const updated = await observe((current) => current.updateProfile({ firstName: "Karima" }));
    expect(updated.during).toMatchObject(LOADING);
    expect(updated.after).toMatchObject({ isLoading: false, error: null });
    expect(updated.after.user).toMatchObject({ firstName: "Karima" });

    const wrong = await observe((current) =>
      current.changePassword({ currentPassword: "not-mine-at-all", newPassword: "new-secret-42" }),
    );
    expect(wrong.during).toMatchObject(LOADING);
    expect(wrong.after).toMatchObject({
      isLoading: false,
      passwordChanged: false,
      error: "Current password is incorrect",
    });

    const changed = await observe((current) =>
      current.changePassword({ currentPassword: password, newPassword: "new-secret-42" }),
    );
    expect(changed.during).toMatchObject(LOADING);
    expect(changed.after).toMatchObject({ isLoading: false, error: null, passwordChanged: true });
  });
});

describe("admin verification and logout", () => {
  it("admin check: its own loading flag, then isAdmin from the answer, false on a refusal", async () => {
    const customer = await createUser();
    localStorage.setItem("jwt", customer.token);
    const refused = await observe((current) => current.verifyAdmin());
    expect(refused.during).toMatchObject({ adminVerificationLoading: true });
    expect(refused.after).toMatchObject({
      adminVerificationLoading: false,
      isAdminVerified: false,
      error: "Access denied - admin privileges required",
    });

    const admin = await createAdmin();
    localStorage.setItem("jwt", admin.token);
    const verified = await observe((current) => current.verifyAdmin());
    expect(verified.failure).toBeUndefined();
    expect(verified.during).toMatchObject({ adminVerificationLoading: true });
    expect(verified.after).toMatchObject({
      adminVerificationLoading: false,
      isAdminVerified: true,
    });
  });

  it("logout resets the state, removes the token and clears all local storage", async () => {
    const { token } = await createUser({ isOTPVerified: false });
    localStorage.setItem("jwt", token);
    localStorage.setItem("redirectAfterLogin", "/account");
    localStorage.setItem("customerInfo", "{}");
    await observe((current) => current.loadProfile());
    expect(auth.user).not.toBeNull();
    await act(async () => auth.logout());
    expect(fields(auth)).toEqual(initialAuthState);
    expect(localStorage.length).toBe(0);
  });
});
