/**
 * The browser guard: every browser test fails on a page error, a console error, a failed request or
 * an HTTP answer >= 400 that it did not declare. `guardContext` (called by the harness for every
 * context it opens) records them; after each test the unexpected ones fail it. A test that provokes
 * one declares it first with `allowBrowserProblems` (an exact line or a pattern), for that test only.
 * A request the browser cancels itself (net::ERR_ABORTED: the page moved on, or the app aborted it)
 * is not a failure: whether a navigation catches a request in flight is timing, not behaviour.
 *
 * Lines look like:
 * - `401 GET /api/users/profile` (an HTTP answer >= 400: status, method, path without the query)
 * - `requestfailed GET /api/products (net::ERR_CONNECTION_REFUSED)`
 * - `pageerror: <message>`, `console: <text>`
 */
import type { BrowserContext, Request } from "playwright-core";
import { afterEach, expect } from "vitest";

const seen: string[] = [];
let allowed: (string | RegExp)[] = [];

function record(line: string): void {
  seen.push(line);
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** Records the problems of every page of `context` (also pages opened later). */
export function guardContext(context: BrowserContext): void {
  context.on("weberror", (error) => record(`pageerror: ${error.error().message}`));
  context.on("console", (message) => {
    // Chromium logs every failed load; the response and requestfailed lines below name them better.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      record(`console: ${message.text()}`);
  });
  // An error answer whose body is then dropped also fails the request: one line for it is enough.
  const answeredWithError = new WeakSet<Request>();
  context.on("response", (response) => {
    if (response.status() < 400) return;
    answeredWithError.add(response.request());
    record(`${response.status()} ${response.request().method()} ${pathOf(response.url())}`);
  });
  context.on("requestfailed", (request) => {
    const reason = request.failure()?.errorText ?? "failed";
    if (answeredWithError.has(request) || reason === "net::ERR_ABORTED") return;
    record(`requestfailed ${request.method()} ${pathOf(request.url())} (${reason})`);
  });
}

/**
 * Declares the browser problems this test provokes on purpose (e.g. `"401 GET /api/users/profile"`);
 * a string must equal the whole line, a RegExp must match it. Any number of occurrences is allowed.
 */
export function allowBrowserProblems(...expected: (string | RegExp)[]): void {
  allowed.push(...expected);
}

/** The problems recorded so far in this test that no allowance covers. */
export function unexpectedBrowserProblems(): string[] {
  return seen.filter(
    (line) =>
      !allowed.some((entry) => (typeof entry === "string" ? entry === line : entry.test(line))),
  );
}

afterEach(() => {
  const unexpected = unexpectedBrowserProblems();
  seen.length = 0;
  allowed = [];
  expect(unexpected, "browser problems the test did not allow").toEqual([]);
});
