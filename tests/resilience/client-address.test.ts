import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { parseEnv } from "../../server/env";
import { clearDatabase } from "../setup/db";
import { withEnv } from "./helpers";

/** X-Forwarded-For is only believed from the proxies TRUST_PROXY names (none by default). */
beforeEach(async () => {
  await clearDatabase();
});

function signIn(app: ReturnType<typeof createApp>, forwardedFor: string, attempt: number) {
  return request(app)
    .post("/auth/signin")
    .set("X-Forwarded-For", forwardedFor)
    .send({ email: `someone${attempt}@example.com`, password: "whatever-1" });
}

describe("the client address every per-client limit counts under", () => {
  it("cannot be chosen with X-Forwarded-For when the shop is published directly (the default)", async () => {
    await withEnv({ AUTH_RATE_LIMIT_IP_PER_15_MIN: "3" }, async () => {
      const app = createApp();
      for (let attempt = 0; attempt < 3; attempt += 1)
        expect((await signIn(app, `203.0.113.${attempt + 1}`, attempt)).status).toBe(401);
      // A fourth "client" is the same socket address: still limited.
      const spoofed = await signIn(app, "198.51.100.99", 4);
      expect(spoofed.status).toBe(429);
    });
  });

  it("comes from X-Forwarded-For only when the request arrives from a trusted proxy", async () => {
    await withEnv({ AUTH_RATE_LIMIT_IP_PER_15_MIN: "1", TRUST_PROXY: "loopback" }, async () => {
      const app = createApp();
      expect((await signIn(app, "203.0.113.1", 0)).status).toBe(401);
      expect((await signIn(app, "203.0.113.1", 1)).status).toBe(429);
      expect((await signIn(app, "203.0.113.2", 2)).status).toBe(401);
    });
    // Supertest connects from loopback; a proxy list that does not include it is not believed.
    await withEnv({ AUTH_RATE_LIMIT_IP_PER_15_MIN: "1", TRUST_PROXY: "10.0.0.0/8" }, async () => {
      await clearDatabase();
      const app = createApp();
      expect((await signIn(app, "203.0.113.1", 0)).status).toBe(401);
      expect((await signIn(app, "203.0.113.2", 1)).status).toBe(429);
    });
  });

  it("TRUST_PROXY is validated: off, a hop count, or proxy addresses", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "off" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(
      parseEnv({ TRUST_PROXY: "loopback, 173.245.48.0/20,2400:cb00::/32" }).TRUST_PROXY,
    ).toEqual(["loopback", "173.245.48.0/20", "2400:cb00::/32"]);
    for (const wrong of ["yes please", "10.0.0.0/33", "999.1.1.1", "11", "nginx"])
      expect(() => parseEnv({ TRUST_PROXY: wrong })).toThrow(
        /TRUST_PROXY: must be off, a hop count/,
      );
  });
});
