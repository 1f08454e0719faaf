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
import { startShop, type Browser, type Shop } from "./harness";

export const ADMIN = { email: "admin@tweest.local", password: "admin12345" };

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

/** The seeded admin's token from POST /auth/signin. */
export async function signInAdmin(shop: Shop): Promise<string> {
  const response = await fetch(`${shop.baseUrl}/auth/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (response.status !== 200) throw new Error(`Admin sign-in answered ${response.status}`);
  return ((await response.json()) as { jwt: string }).jwt;
}

/** A tab with the admin's token stored (and the campaign popup seen); console errors collected. */
export async function adminTab(browser: Browser, token: string, errors: string[]): Promise<Page> {
  const page = await browser.context.newPage();
  await page.addInitScript((jwt) => {
    window.sessionStorage.setItem("hasShownPopup", "true");
    window.localStorage.setItem("jwt", jwt);
  }, token);
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return page;
}
