/**
 * Attacks on the bilingual storefront's newest surfaces (docs/security.md): the first-visit
 * language redirect, the language switch, the Google sign-in state that carries the language.
 * Against the production build (`npm run build`), through raw HTTP where a client library would
 * tidy the path an attacker sends.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { seedDatabase } from "../../server/seed/seed";
import { listen } from "./helpers";

const app = createApp({ buildDir: process.env.E2E_BUILD_DIR });
let shop: Awaited<ReturnType<typeof listen>>;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** GET with the request line's path exactly as written (no URL parsing on the client's side). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(shop.url);
  return new Promise((resolve, reject) => {
    const sent = http.request({ host: hostname, port, path, headers }, (answer) => {
      let body = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk: string) => (body += chunk));
      answer.on("end", () =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }),
      );
    });
    sent.on("error", reject);
    sent.end();
  });
}

/** The language switch's links on a page: language name → href. */
const switchLinks = (html: string) => {
  const block = /data-testid="language-switch"[\s\S]*?<\/p>/.exec(html)?.[0] ?? "";
  return Object.fromEntries(
    [...block.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[2], m[1]]),
  );
};

beforeAll(async () => {
  await seedDatabase();
  shop = await listen(app);
});

afterAll(async () => {
  await shop.close();
});

describe("the first-visit language redirect", () => {
  it("never sends a shopper who prefers Bangla to another host (//host, /\\host)", async () => {
    const cases: [string, string][] = [
      ["//evil.example/", "/bn/evil.example/"],
      ["//evil.example", "/bn/evil.example"],
      ["///evil.example/products?x=1", "/bn/evil.example/products?x=1"],
      ["/\\evil.example/", "/bn/evil.example/"],
      ["/\\/evil.example/", "/bn/evil.example/"],
    ];
    const preferences: Record<string, string>[] = [
      { "Accept-Language": "bn" },
      { Cookie: "lang=bn" },
    ];
    for (const [path, target] of cases) {
      for (const preference of preferences) {
        const answer = await rawGet(path, preference);
        expect(answer.status, path).toBe(302);
        expect(answer.headers.location, path).toBe(target);
      }
    }
  });

  it("keeps the language switch on this site on a page whose path starts with //", async () => {
    const english = await rawGet("//evil.example/");
    expect(english.status).toBe(404);
    expect(switchLinks(english.body)).toEqual({ বাংলা: "/bn/evil.example" });
    const bangla = await rawGet("/bn//evil.example/");
    expect(bangla.status).toBe(404);
    expect(switchLinks(bangla.body)).toEqual({ English: "/evil.example" });
  });
});

describe("a forged Google sign-in state", () => {
  // A JWT whose header says `"typ":"JWT"` over a payload that is not JSON ("notjson"): the
  // unchecked read of the state's language threw on it (a 500 from both callbacks).
  const base64url = (text: string) => Buffer.from(text).toString("base64url");
  const notJson = `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url("notjson")}.x`;
  const BAD_STATE = "Google sign-in expired or was not started here. Please try again.";

  it("is refused like any bad state when Google returns a code: 302 to /login with the error", async () => {
    const answer = await rawGet(
      `/auth/google/callback?${new URLSearchParams({ code: "abc", state: notJson })}`,
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`/login?${new URLSearchParams({ error: BAD_STATE })}`);
  });

  it("leaves Google's own refusal on the English callback screen", async () => {
    const answer = await rawGet(
      `/auth/google/callback?${new URLSearchParams({ error: "access_denied", state: notJson })}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.body).toContain('<html lang="en"');
  });
});

describe("a shared cache in front of the shop", () => {
  // An English URL answers by the shopper's preference: a cache that keys it on the URL alone
  // would serve the Bangla redirect (or, the other way round, English) to everyone.
  it("is told that English storefront URLs answer by Accept-Language and the language cookie", async () => {
    const english = await rawGet("/products");
    expect(english.status).toBe(200);
    expect(english.headers.vary).toBe("Accept-Language, Cookie, Accept-Encoding");
    expect(english.headers["content-language"]).toBe("en");
    const redirected = await rawGet("/products", { "Accept-Language": "bn" });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.location).toBe("/bn/products");
    expect(redirected.headers.vary).toBe("Accept-Language, Cookie");
    const home = await rawGet("/", { Cookie: "lang=bn" });
    expect(home.status).toBe(302);
    expect(home.headers.vary).toBe("Accept-Language, Cookie");
    // A client navigation's data (the language switch's target) says the same.
    const data = await rawGet("/products.data");
    expect(data.status).toBe(200);
    expect(data.headers.vary).toBe("Accept-Language, Cookie, Accept-Encoding");
    expect(data.headers["content-language"]).toBe("en");
    const homeData = await rawGet("/_root.data", { "Accept-Language": "bn" });
    expect(homeData.status).toBe(202); // React Router's redirect of a data request
    expect(homeData.headers.vary).toBe("Accept-Language, Cookie, Accept-Encoding");
  });

  it("labels Bangla pages as Bangla; they and the back office do not vary by preference", async () => {
    for (const path of ["/bn", "/bn/products", "/bn.data", "/bn/products.data"]) {
      const answer = await rawGet(path, { "Accept-Language": "en" });
      expect(answer.status, path).toBe(200);
      expect(answer.headers["content-language"], path).toBe("bn");
      expect(answer.headers.vary, path).toBe("Accept-Encoding");
    }
    const admin = await rawGet("/admin", { "Accept-Language": "bn" });
    expect(admin.status).toBe(200);
    expect(admin.headers["content-language"]).toBe("en");
    expect(admin.headers.vary).toBe("Accept-Encoding");
  });

  it("keeps the message catalogues and the sitemap shareable (no Vary on the preference)", async () => {
    const page = await rawGet("/bn");
    const catalog =
      /<link rel="preload-after-paint" as="fetch" href="(\/i18n\/bn\.[0-9a-f]{12}\.json)"/.exec(
        page.body,
      )?.[1];
    expect(catalog).toBeDefined();
    for (const path of [catalog!, "/sitemap.xml", "/robots.txt"]) {
      const answer = await rawGet(path, { "Accept-Language": "bn", Cookie: "lang=bn" });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.vary, path).toBe("Accept-Encoding");
    }
  });
});

describe("the payment result page's reason, written by whoever wrote the link", () => {
  const reasonShown = (html: string) =>
    /<p [^>]*data-testid="payment-failure-reason">([\s\S]*?)<\/p>/.exec(html)?.[1];

  it("shows it escaped, without bidi overrides or line breaks, at most 200 characters", async () => {
    const reason = `<b>Card\u202e moc.elpmaxe</b>\n\nCall 01700000000 ${"x".repeat(4000)}`;
    const english = await rawGet(`/payment-failed?${new URLSearchParams({ reason })}`);
    expect(english.status).toBe(200);
    expect(reasonShown(english.body)).toBe(
      `Reason: &lt;b&gt;Card moc.elpmaxe&lt;/b&gt; Call 01700000000 ${"x".repeat(158)}…`,
    );
    const bangla = await rawGet(
      `/bn/payment-failed?${new URLSearchParams({ reason: "\u202eInvalid expiration date" })}`,
    );
    expect(reasonShown(bangla.body)).toBe(
      "কারণ: পেমেন্ট গেটওয়ে পেমেন্টটি গ্রহণ করেনি।<!-- --> <!-- -->গেটওয়ের বার্তা:<!-- --> " +
        '<q lang="en" translate="no">Invalid expiration date</q>',
    );
    const nothing = await rawGet(`/payment-failed?${new URLSearchParams({ reason: "\u202e" })}`);
    expect(nothing.status).toBe(200);
    expect(reasonShown(nothing.body)).toBeUndefined();
  });
});

describe("the sign-in screen's ?error=, written by whoever wrote the link", () => {
  const formError = (html: string) =>
    /<p role="alert" data-testid="form-error"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1];

  it("shows only the shop's own refusal texts; any other text reads 'did not complete'", async () => {
    const spoofed = "Your account is locked. Call 01700000000 to unlock it.";
    const english = await rawGet(`/login?${new URLSearchParams({ error: spoofed })}`);
    expect(english.status).toBe(200);
    expect(formError(english.body)).toBe("Google sign-in did not complete.");
    const refused = "Google sign-in expired or was not started here. Please try again.";
    const real = await rawGet(`/login?${new URLSearchParams({ error: refused })}`);
    expect(formError(real.body)).toBe(refused);
    const bangla = await rawGet(`/bn/login?${new URLSearchParams({ error: spoofed })}`);
    expect(formError(bangla.body)).toBe("গুগল সাইন ইন সম্পন্ন হয়নি।");
  });
});
