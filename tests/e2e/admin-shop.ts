/**
 * Shared set-up of the admin browser tests that run outside tests/e2e/admin.test.ts:
 * `startPrivateShop()` serves a private copy of the build (E2E_BUILD_DIR when given, else ./build:
 * other work rebuilds ./build while browser tests run, and a swapped build breaks hydration), and
 * `signInAdmin` / `adminTab` give a tab signed in as the seeded admin.
 */
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser, openTab, startShop, type Browser, type Shop } from "./harness";
import { AdminPage } from "./pages/admin-page";
import { ADMIN } from "./pages/login-page";

export { ADMIN };

export async function startPrivateShop(): Promise<Shop> {
  const original = process.env.E2E_BUILD_DIR;
  const source = path.resolve(original ?? "build");
  if (!existsSync(path.join(source, "server/index.js"))) {
    throw new Error("The storefront is not built: run `npm run build` before the browser tests");
  }
  // Under node_modules/.cache so the server bundle still resolves its packages.
  const copy = path.resolve("node_modules/.cache", `admin-e2e-build-${randomUUID()}`);
  cpSync(source, copy, { recursive: true });
  process.env.E2E_BUILD_DIR = copy;
  try {
    const shop = await startShop();
    return {
      baseUrl: shop.baseUrl,
      close: async () => {
        await shop.close();
        rmSync(copy, { recursive: true, force: true });
      },
    };
  } finally {
    if (original === undefined) delete process.env.E2E_BUILD_DIR;
    else process.env.E2E_BUILD_DIR = original;
  }
}

/** A token from POST /auth/signin (the seeded admin's by default). */
export async function signIn(
  shop: Shop,
  credentials: { email: string; password: string } = ADMIN,
): Promise<string> {
  const response = await fetch(`${shop.baseUrl}/auth/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) throw new Error(`Sign-in answered ${response.status}`);
  return ((await response.json()) as { jwt: string }).jwt;
}

/** The seeded admin's token. */
export function signInAdmin(shop: Shop): Promise<string> {
  return signIn(shop, ADMIN);
}

/** A tab with `token` stored (the admin's; "" for none) and the popup seen; console errors collected. */
export async function adminTab(browser: Browser, token: string, errors: string[]): Promise<Page> {
  const page = await openTab(browser.context, token);
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return page;
}

export interface AdminSession {
  shop: Shop;
  browser: Browser;
  adminToken: string;
  /** Console errors of the tabs opened with `tab()`. */
  consoleErrors: string[];
  /** A new tab signed in with `token` (default: the seeded admin's; "" for none). */
  tab(token?: string): Promise<Page>;
  /** An admin screen object for a tab. */
  screen(page: Page): AdminPage;
}

/**
 * For an admin browser-test file: before all its tests a private shop, Chromium at 1280 px and the
 * seeded admin's token; closed after them. Call it after any beforeAll that must come first (e.g.
 * pointing the shop at a stub); the returned object is filled when the tests run.
 */
export function useAdminSession(): AdminSession {
  const session = {
    consoleErrors: [] as string[],
    tab: (token?: string) =>
      adminTab(session.browser, token ?? session.adminToken, session.consoleErrors),
    screen: (page: Page) => new AdminPage(page, session.shop.baseUrl),
  } as AdminSession;
  beforeAll(async () => {
    session.shop = await startPrivateShop();
    session.browser = await launchBrowser({ width: 1280, height: 900 });
    session.adminToken = await signInAdmin(session.shop);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.shop?.close();
  });
  return session;
}
