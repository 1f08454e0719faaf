// The tag-manager container only when GTM_ID is set, with the request's CSP nonce.
process.env.GTM_ID = "GTM-TEST123";

import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { resetEnvForTests } from "../../server/env";
import { seedDatabase } from "../../server/seed/seed";

resetEnvForTests();
const app = createApp({ buildDir: process.env.E2E_BUILD_DIR });

describe("GET / (root document)", () => {
  beforeAll(async () => {
    await seedDatabase();
  });

  // A worker process may run another test file next: leave no container id behind.
  afterAll(() => {
    delete process.env.GTM_ID;
    resetEnvForTests();
  });

  it("loads the GTM container with the CSP nonce and the noscript fallback", async () => {
    const answer = await request(app).get("/");
    expect(answer.status).toBe(200);
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(
      String(answer.headers["content-security-policy"]),
    )?.[1];
    expect(nonce).toBeTruthy();
    const snippet = /<script nonce="([^"]+)"[^>]*>(\(function\(w,d,s,l,i\)[^<]+)<\/script>/.exec(
      answer.text,
    );
    expect(snippet?.[1]).toBe(nonce);
    expect(snippet?.[2]).toContain("'dataLayer','GTM-TEST123'");
    expect(answer.text).toContain("https://www.googletagmanager.com/ns.html?id=GTM-TEST123");
  });

  it("renders the sign-in screens on the server, with Google sign-in only when configured", async () => {
    const screens = [
      ["/login", "Sign in"],
      ["/register", "Create an account"],
    ];
    for (const [path, heading] of screens) {
      const answer = await request(app).get(path);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(`>${heading}</h1>`);
      expect(answer.text).not.toContain('href="/auth/google');
    }
    process.env.GOOGLE_CLIENT_ID = "tweest-test.apps.googleusercontent.com";
    resetEnvForTests();
    try {
      for (const [path] of screens)
        expect((await request(app).get(path)).text).toContain('href="/auth/google"');
    } finally {
      delete process.env.GOOGLE_CLIENT_ID;
      resetEnvForTests();
    }
  });

  it("keeps the diagnostics screen out of search engines", async () => {
    const answer = await request(app).get("/TGBHSIAN");
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('content="noindex, nofollow"');
    expect(answer.text).toContain("GTM-TEST123");
  });
});
