/**
 * Shopping-journey helpers on top of the shared browser harness (./harness.ts: the built shop on a
 * random loopback port with this file's seeded database, Debian's Chromium through playwright-core).
 *
 * - `startShoppingSession()` -> `{ baseUrl, publicUrl, newPage(width), close }`; `useShoppingSession()`
 *   starts one before a file's tests and closes it after them.
 * - `newPage(width)` -> a fresh Chromium profile at that width with `errors` (page errors and console
 *   errors) and `failedResponses` ("400 POST /api/cart/apply-promo") for the test to assert; the campaign
 *   popup is marked as shown (it has its own test); a failing test leaves failure-<width>.png.
 * - `screenshot(page, name)` -> tests/artifacts/<name>.png, full page, at the page's own width.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, onTestFailed } from "vitest";
import { setEnv } from "../setup/env";
import { ARTIFACTS, launchBrowser, startShop } from "./harness";

export interface ShoppingPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
  failedResponses: string[];
}

export interface ShoppingSession {
  baseUrl: string;
  /** The shop's configured PUBLIC_URL (canonical links, sitemap). */
  publicUrl: string;
  newPage(width: number): Promise<ShoppingPage>;
  close(): Promise<void>;
}

export async function startShoppingSession(): Promise<ShoppingSession> {
  const shop = await startShop();
  const { getEnv } = await import("../../server/env");
  const closers: (() => Promise<void>)[] = [];
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    baseUrl: shop.baseUrl,
    publicUrl: getEnv().PUBLIC_URL.replace(/\/$/, ""),
    async newPage(width) {
      const browser = await launchBrowser({ width, height: width < 600 ? 812 : 900 });
      closers.push(() => browser.close());
      const { context } = browser;
      // The campaign popup has its own browser test; here it counts as already shown this session.
      await context.addInitScript(() => window.sessionStorage.setItem("hasShownPopup", "true"));
      const page = context.pages()[0] ?? (await context.newPage());
      const base = shop.baseUrl;
      const goto = page.goto.bind(page);
      page.goto = (url, options) => goto(url.startsWith("/") ? `${base}${url}` : url, options);
      const errors: string[] = [];
      const failedResponses: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        // The browser logs every HTTP error answer; those are checked through failedResponses.
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
          errors.push(`console: ${message.text()}`);
      });
      page.on("response", (response) => {
        if (response.status() >= 400)
          failedResponses.push(
            `${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`,
          );
      });
      onTestFailed(async () => {
        await page
          .screenshot({ path: path.join(ARTIFACTS, `failure-${width}.png`), fullPage: true })
          .catch(() => undefined);
        const alerts = await page
          .getByRole("alert")
          .allTextContents()
          .catch(() => []);
        console.error(
          `[e2e] failed at ${page.url()}; alerts: ${JSON.stringify(alerts)}; HTTP failures: ${JSON.stringify(failedResponses)}`,
        );
      });
      return { context, page, errors, failedResponses };
    },
    async close() {
      for (const close of closers) await close().catch(() => undefined);
      await shop.close();
    },
  };
}

/**
 * For a browser-test file: a shopping session started before its tests and closed after them.
 * Call it after any beforeAll that must come first (e.g. one that sets the environment the shop
 * reads); the returned session answers once the tests run.
 */
export function useShoppingSession(): ShoppingSession {
  let session: ShoppingSession | undefined;
  beforeAll(async () => {
    session = await startShoppingSession();
  });
  afterAll(async () => {
    await session?.close();
  });
  const started = () => {
    if (!session) throw new Error("The shopping session starts in beforeAll: use it in a test");
    return session;
  };
  return {
    get baseUrl() {
      return started().baseUrl;
    },
    get publicUrl() {
      return started().publicUrl;
    },
    newPage: (width) => started().newPage(width),
    close: () => started().close(),
  };
}

/**
 * A shopping session whose shop pays through a gateway stub: the stub's environment set before the
 * shop starts, and PUBLIC_URL pointed at this shop (the gateway's callbacks and the shop's
 * redirects use it). Closing it closes the shop and puts the environment back.
 */
export async function startGatewayShoppingSession(
  gatewayEnv: Record<string, string>,
): Promise<ShoppingSession> {
  const restoreGateway = setEnv(gatewayEnv);
  const session = await startShoppingSession();
  const restorePublicUrl = setEnv({ PUBLIC_URL: session.baseUrl });
  return {
    ...session,
    async close() {
      await session.close();
      restorePublicUrl();
      restoreGateway();
    },
  };
}

export async function screenshot(page: Page, name: string) {
  // Once the navigation spinner is gone, from the top, so the sticky header sits where a shopper sees it.
  await page.getByTestId("page-spinner").waitFor({ state: "detached" });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}
