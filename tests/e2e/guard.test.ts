/**
 * The browser guard itself (./guard.ts), on a tiny local page that misbehaves in every way the
 * guard watches: a console error, an uncaught error, a 404 and a refused connection.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowBrowserProblems, unexpectedBrowserProblems } from "./guard";
import { freePort } from "../resilience/helpers";
import { launchBrowser, type Browser } from "./harness";

/** The page; `closedPort` is a loopback port nothing listens on. */
const page = (closedPort: number) => `<!doctype html><title>guard</title><script>
  console.error("something broke");
  console.info("just saying");
  const cancelled = new AbortController();
  fetch("/never-answers", { signal: cancelled.signal }).catch(() => {});
  setTimeout(() => cancelled.abort(), 50);
  fetch("/missing.json").then(() => fetch("http://127.0.0.1:${closedPort}/refused")).catch(() => {})
    .finally(() => { document.title = "done"; setTimeout(() => { throw new Error("uncaught"); }); });
</script>`;

let server: Server;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  const closedPort = await freePort();
  server = createServer((req, res) => {
    if (req.url === "/") res.writeHead(200, { "content-type": "text/html" }).end(page(closedPort));
    else if (req.url !== "/never-answers") res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function visitMisbehavingPage() {
  const tab = await browser.context.newPage();
  await tab.goto(baseUrl);
  await tab.waitForFunction(() => document.title === "done");
  await expect
    .poll(() => unexpectedBrowserProblems().some((line) => line.includes("uncaught")))
    .toBe(true);
  await tab.close();
}

describe("the browser guard", () => {
  it("records console errors, page errors, HTTP errors and failed requests, not cancelled ones", async () => {
    await visitMisbehavingPage();
    expect(unexpectedBrowserProblems()).toEqual([
      "console: something broke",
      "404 GET /missing.json",
      "requestfailed GET /refused (net::ERR_CONNECTION_REFUSED)",
      "pageerror: uncaught",
    ]);
    // Allowed only now, so the guard's own check after this test passes.
    allowBrowserProblems(/./);
  });

  it("lets a test allow exactly the problems it provokes, by line or by pattern", async () => {
    allowBrowserProblems("404 GET /missing.json", /^requestfailed GET \/refused /);
    await visitMisbehavingPage();
    expect(unexpectedBrowserProblems()).toEqual([
      "console: something broke",
      "pageerror: uncaught",
    ]);
    allowBrowserProblems("console: something broke", /^pageerror: uncaught$/);
    expect(unexpectedBrowserProblems()).toEqual([]);
  });
});
