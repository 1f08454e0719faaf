import { describe, expect, it } from "vitest";
import * as browserAuth from "~/lib/auth";
import { safeRedirectPath } from "#contract/redirect-path";

describe("safeRedirectPath (one rule for the server's Google state and the sign-in screens)", () => {
  it("is the very function the browser uses", () => {
    expect(browserAuth.safeRedirectPath).toBe(safeRedirectPath);
  });

  it("keeps paths of this site, query and hash included", () => {
    expect(browserAuth.safeRedirectPath("/product/classic-tee")).toBe("/product/classic-tee");
    expect(browserAuth.safeRedirectPath("/account?tab=orders#list")).toBe(
      "/account?tab=orders#list",
    );
    expect(browserAuth.safeRedirectPath("/")).toBe("/");
  });

  it("refuses other hosts, however they are spelled", () => {
    for (const path of [
      "//evil.example/x",
      "/\\evil.example",
      "/\\/evil.example",
      "https://evil.example/x",
      "javascript:alert(1)",
      "/\t/evil.example",
      "/\n/evil.example",
      "/x\u007f",
      "evil.example",
      "",
      null,
      undefined,
    ])
      expect(browserAuth.safeRedirectPath(path), String(path)).toBeNull();
  });

  it("refuses the sign-in screens themselves (a sign-in would loop)", () => {
    for (const path of ["/login", "/login?redirect=/x", "/register", "/auth/google/callback?t=1"])
      expect(browserAuth.safeRedirectPath(path), path).toBeNull();
    expect(browserAuth.safeRedirectPath("/login-help")).toBe("/login-help");
  });

  it("refuses the Bangla sign-in screens too, and keeps other Bangla pages", () => {
    for (const path of ["/bn/login", "/bn/register?redirect=/bn", "/bn/auth/google/callback?t=1"])
      expect(browserAuth.safeRedirectPath(path), path).toBeNull();
    expect(browserAuth.safeRedirectPath("/bn/account")).toBe("/bn/account");
    expect(browserAuth.safeRedirectPath("/bn")).toBe("/bn");
  });

  it("the sign-in screens prefer their own ?redirect= and forget redirectAfterLogin", () => {
    const storage = new Map<string, string>([["redirectAfterLogin", "/account"]]);
    const localStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    };
    Object.assign(globalThis, { window: { localStorage, sessionStorage: localStorage } });
    try {
      expect(browserAuth.takeSignInDestination("/product/classic-tee")).toBe(
        "/product/classic-tee",
      );
      expect(storage.has("redirectAfterLogin")).toBe(false);
      storage.set("redirectAfterLogin", "/account");
      expect(browserAuth.takeSignInDestination("//evil.example")).toBe("/account");
      expect(browserAuth.takeSignInDestination(null)).toBe("/");
      expect(browserAuth.signInScreenHref("/register", "/product/a b")).toBe(
        "/register?redirect=%2Fproduct%2Fa+b",
      );
      expect(browserAuth.signInScreenHref("/login", "/\\evil.example")).toBe("/login");
    } finally {
      delete (globalThis as { window?: unknown }).window;
    }
  });
});
