/**
 * Browser-test harness: the real shop (createApp() on a random loopback port, this test file's database
 * from tests/setup, seeded with seedDatabase) and Debian's Chromium driven by playwright-core.
 *
 * - `startShop()` -> `{ baseUrl, close }` (needs the production build: `npm run build`).
 * - `launchBrowser()` -> a persistent context on a fresh user-data dir; `close()` removes the dir.
 * - `screenshots(page, name)` -> tests/artifacts/<name>-375.png and <name>-1280.png (viewport).
 * - `openTab(context, token?)` -> a tab that counts the campaign popup as shown, optionally signed in.
 * - `dataLayerEvents(page)` -> the event names pushed to window.dataLayer so far; `dataLayer(page)`
 *   -> the entries themselves.
 * Page objects for the shop's screens are in ./pages.
 * Every context it opens is watched by ./guard.ts: a test fails on browser problems it did not allow.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { guardContext } from "./guard";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ARTIFACTS = path.resolve("tests/artifacts");
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Shop {
  baseUrl: string;
  close(): Promise<void>;
}

/** The whole shop on 127.0.0.1:<random>, seeded with the demo data. */
export async function startShop(): Promise<Shop> {
  // E2E_BUILD_DIR: a copy of the build, so a parallel `npm run build` cannot pull it away mid-test.
  const buildDir = path.resolve(process.env.E2E_BUILD_DIR ?? "build");
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    throw new Error("The storefront is not built: run `npm run build` before the browser tests");
  }
  // No external tag-manager script in browser tests (it would hold the page's load event offline).
  delete process.env.GTM_ID;
  const { resetEnvForTests } = await import("../../server/env");
  resetEnvForTests();
  const { seedDatabase } = await import("../../server/seed/seed");
  const { createApp } = await import("../../server/app");
  await seedDatabase();
  const app = createApp({ buildDir });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Headless Chromium on a fresh profile; a phone-sized viewport by default. */
export async function launchBrowser(
  viewport: { width: number; height: number } = { width: 375, height: 812 },
): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  }
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), "tweest-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
  context.setDefaultTimeout(15_000);
  guardContext(context);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Full-page screenshots at 375 px and 1280 px wide; the viewport is restored afterwards. */
export async function screenshots(page: Page, name: string): Promise<string[]> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const original = page.viewportSize() ?? { width: 375, height: 812 };
  const files: string[] = [];
  for (const [width, height] of [
    [375, 812],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150);
    const file = path.join(ARTIFACTS, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: false });
    files.push(file);
  }
  await page.setViewportSize(original);
  return files;
}

/**
 * A new tab of `context` that counts the campaign popup as already shown (it has its own tests) and,
 * given a token, starts signed in with it. Tabs of one context share localStorage, so the token is
 * stored once per tab (on its first document), not again on reloads.
 */
export async function openTab(context: BrowserContext, token?: string): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript((jwt) => {
    window.sessionStorage.setItem("hasShownPopup", "true");
    if (jwt && !window.sessionStorage.getItem("e2e-token-set")) {
      window.localStorage.setItem("jwt", jwt);
      window.sessionStorage.setItem("e2e-token-set", "true");
    }
  }, token ?? "");
  return page;
}

export type DataLayerEntry = Record<string, unknown> & { event: string };

/** The entries pushed to window.dataLayer on this page (client navigations keep them), by event. */
export async function dataLayer(page: Page, event?: string): Promise<DataLayerEntry[]> {
  return page.evaluate(
    (wanted) =>
      ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter(
        (entry): entry is Record<string, unknown> & { event: string } =>
          typeof entry.event === "string" && (wanted === null || entry.event === wanted),
      ),
    event ?? null,
  );
}

/** Event names pushed to window.dataLayer on this page. */
export async function dataLayerEvents(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => (entry as { event?: unknown }).event)
      .filter((event): event is string => typeof event === "string"),
  );
}

/** Waits until React has hydrated the page (the root sets data-hydrated on <html>). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
