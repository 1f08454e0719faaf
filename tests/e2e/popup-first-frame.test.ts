/**
 * The campaign popup on a slow phone (Chromium throttled through CDP: Lighthouse's mobile profile,
 * 150 ms round trips, 1.6 Mbps, a 4x slower CPU). The server renders the popup's first frame and
 * the head script reveals it before the page's JavaScript has hydrated; the dialog then takes its
 * place; once per session, the same tracking events as before, and a page later in the session
 * neither shows nor downloads it.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dataLayer,
  launchBrowser,
  openTab,
  startShop,
  waitForHydration,
  type Browser,
  type Shop,
} from "./harness";

let shop: Shop;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** A fresh tab (a new browser session) on a throttled link and CPU, watching the popup's steps. */
async function slowPhoneTab(): Promise<Page> {
  const page = await browser.context.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  // A slow phone's first visit: nothing cached from an earlier test.
  await cdp.send("Network.clearBrowserCache");
  // Records in the page, in order: the first frame revealed or closed ("open", "closed"), its first
  // image loaded ("frame image"), React hydrated ("hydrated"), the dialog taking over ("app").
  await page.addInitScript(() => {
    const steps: string[] = [];
    Object.assign(window, { e2ePopupSteps: steps });
    new MutationObserver((records) => {
      for (const record of records) {
        const value = (record.target as HTMLElement).getAttribute(record.attributeName!);
        const step = record.attributeName === "data-hydrated" ? "hydrated" : value;
        if (step && steps.at(-1) !== step) steps.push(step);
      }
    }).observe(document, {
      subtree: true,
      attributes: true,
      attributeFilter: ["data-popup", "data-hydrated"],
    });
    // The page's largest paints, in order: whether each was the frame's image, the dialog's, or other.
    const largestPaints: string[] = [];
    Object.assign(window, { e2eLargestPaints: largestPaints });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
        const element = entry.element;
        largestPaints.push(
          element?.closest(".popup-first-frame")
            ? "frame"
            : element?.closest("[data-testid='campaign-popup']")
              ? "dialog"
              : "page",
        );
        if (element?.closest(".popup-first-frame")) steps.push("frame painted");
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
    document.addEventListener(
      "load",
      (event) => {
        const target = event.target as Element;
        if (target.closest?.(".popup-first-frame [data-index='0']")) steps.push("frame image");
      },
      true,
    );
  });
  return page;
}

const popupSteps = (page: Page) =>
  page.evaluate(() => (window as unknown as { e2ePopupSteps: string[] }).e2ePopupSteps);

const pageViews = async (page: Page) =>
  (await dataLayer(page, "page_view_stape")).map((entry) => entry.page_path ?? entry.path);

describe("the campaign popup on a throttled phone", () => {
  it("is on screen before hydration, the dialog takes over, and it shows once per session", async () => {
    const page = await slowPhoneTab();
    const listCalls: number[] = [];
    const popupImageRequests: string[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith("/api/popup-images/active")) listCalls.push(response.status());
    });
    page.on("request", (request) => {
      if (request.url().includes("/uploads/popups/")) popupImageRequests.push(request.url());
    });
    await page.goto(`${shop.baseUrl}/`, { waitUntil: "commit", timeout: 60_000 });
    const frame = page.getByTestId("popup-first-frame");
    await frame.waitFor({ state: "visible", timeout: 60_000 });
    // The dialog's 500 ms transition, as the frame plays it: the panel rises in (fully opaque, so
    // its image is the largest paint at once), the backdrop fades in.
    expect(
      await frame.evaluate((element) => {
        const motion = (part: Element | null) =>
          part
            ? `${getComputedStyle(part).animationName} ${getComputedStyle(part).animationDuration}`
            : "";
        return [motion(element), motion(element.parentElement!.querySelector(".popup-overlay"))];
      }),
    ).toEqual(["popup-rise-in 0.5s", "popup-fade-in 0.5s"]);
    expect(await page.evaluate(() => sessionStorage.getItem("hasShownPopup"))).toBe("true");
    await waitForHydration(page);
    // The Radix dialog replaced the frame (one dialog, focus inside it), with the same first image.
    const dialog = page.getByTestId("campaign-popup");
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), {
        timeout: 60_000,
      })
      .toBe(true);
    expect(await frame.count()).toBe(0);
    expect(await page.getByRole("dialog").count()).toBe(1);
    // Revealed with its image loaded before React hydrated (the preloaded image may load
    // before or after the reveal); then the dialog took over.
    const steps = await popupSteps(page);
    expect([...steps].sort()).toEqual(["app", "frame image", "frame painted", "hydrated", "open"]);
    expect(steps.indexOf("open")).toBeLessThan(steps.indexOf("hydrated"));
    expect(steps.indexOf("frame image")).toBeLessThan(steps.indexOf("hydrated"));
    expect(steps.at(-1)).toBe("app");
    // The page's largest paint is the frame's image, before hydration: it rises into place fully
    // opaque and at full size, so the dialog's image taking its place is no larger paint.
    expect(steps.indexOf("frame painted")).toBeLessThan(steps.indexOf("hydrated"));
    const largestPaints = await page.evaluate(
      () => (window as unknown as { e2eLargestPaints: string[] }).e2eLargestPaints,
    );
    expect(largestPaints.at(-1)).toBe("frame");
    expect(largestPaints).not.toContain("dialog");
    // The page's code was fetched after the first screen: after the first contentful paint and
    // after the frame's image had arrived (the head script holds it until the image is drawn).
    const timings = await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const scripts = resources.filter((entry) => /\/assets\/.*\.js$/.test(entry.name));
      const frameImage = resources.find((entry) => entry.name.includes("/uploads/popups/"));
      return {
        firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
        frameImageArrived: frameImage?.responseEnd ?? NaN,
        scripts: scripts.length,
      };
    });
    expect(timings.scripts).toBeGreaterThan(10);
    expect(timings.firstScript).toBeGreaterThan(timings.firstPaint);
    expect(timings.firstScript).toBeGreaterThan(timings.frameImageArrived);
    // Hydrated with the server's inline stylesheet: React linked no copy of it.
    expect(
      await page.evaluate(() => [
        document.querySelectorAll("style[data-href]").length,
        document.querySelectorAll('link[rel="stylesheet"]').length,
      ]),
    ).toEqual([1, 0]);
    // The first image at one width, the one its srcset and sizes pick here (the head script's
    // preload named the same srcset and sizes): one file fetched, the one on screen.
    const firstImage = page.getByTestId("popup-active-image").locator("img");
    expect(await firstImage.getAttribute("srcset")).toMatch(
      /-400\.webp 400w, .*-1920\.webp 1920w$/,
    );
    const shown = await firstImage.evaluate((image: HTMLImageElement) => image.currentSrc);
    const firstImageBase = shown.replace(/-\d+\.webp$/, "-");
    expect(popupImageRequests[0]).toBe(shown);
    expect(popupImageRequests.filter((url) => url.startsWith(firstImageBase))).toEqual([shown]);
    expect(listCalls).toEqual([200]);
    // Tracking as before: one page view for the page, none for the popup.
    expect(await pageViews(page)).toEqual(["/"]);

    await page.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 10_000 }).toBe(0);

    // Later in the session: no frame, no dialog, no list request.
    await page.reload({ waitUntil: "load", timeout: 60_000 });
    await waitForHydration(page);
    expect(await frame.isVisible()).toBe(false);
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(listCalls).toEqual([200]);
    expect(await pageViews(page)).toEqual(["/"]);
    await page.close();
  }, 120_000);

  it("a page later in the session downloads none of the hidden frame's images", async () => {
    const page = await openTab(browser.context);
    await page
      .context()
      .newCDPSession(page)
      .then((cdp) => cdp.send("Network.clearBrowserCache"));
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);
    await page.waitForLoadState("load");
    expect(await page.getByTestId("popup-first-frame").count()).toBe(0);
    expect(
      await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((url) => url.includes("/uploads/popups/")),
      ),
    ).toEqual([]);
    await page.close();
  }, 120_000);

  it("a popup list that never answers holds the page's code back 3 s at the most", async () => {
    const page = await browser.context.newPage();
    // A session's first page whose popup list hangs: the head script cannot decide the popup.
    await page.route("**/api/popup-images/active", () => undefined);
    await page.goto(`${shop.baseUrl}/`, { waitUntil: "commit" });
    await waitForHydration(page);
    const firstScript = await page.evaluate(() =>
      Math.min(
        ...(performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      ),
    );
    // Fetched once the head script's 3 s were up (it started within the page's first moments).
    expect(firstScript).toBeGreaterThan(2_900);
    expect(firstScript).toBeLessThan(10_000);
    expect(await page.getByTestId("popup-first-frame").isVisible()).toBe(false);
    await page.close();
  }, 120_000);

  it("closed before hydration, it stays closed: the dialog does not open after it", async () => {
    const page = await slowPhoneTab();
    // The page's entry script waits until the frame is closed, so the close is surely before
    // hydration whatever the machine's speed.
    let release = () => {};
    const closed = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/entry.client-*.js", async (route) => {
      await closed;
      await route.continue();
    });
    await page.goto(`${shop.baseUrl}/products?category=men`, {
      waitUntil: "commit",
      timeout: 60_000,
    });
    const frame = page.getByTestId("popup-first-frame");
    await frame.waitFor({ state: "visible", timeout: 60_000 });
    await frame.getByRole("button", { name: "Close" }).click();
    expect(await frame.isVisible()).toBe(false);
    release();
    // The hydrated popup reads the close at once (data-popup="closed"): the dialog never opens.
    await waitForHydration(page);
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect((await popupSteps(page)).filter((step) => !step.startsWith("frame "))).toEqual([
      "open",
      "closed",
      "hydrated",
    ]);
    expect(await page.evaluate(() => sessionStorage.getItem("hasShownPopup"))).toBe("true");
    await page.close();
  }, 120_000);
});
