import bcrypt from "bcrypt";
import { pino } from "pino";
import request from "supertest";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { User } from "../../models/user.model";
import { createApp } from "../../server/app";
import { parseEnv } from "../../server/env";
import { logger } from "../../server/lib/logger";
import { bearer, createAdmin, createUser, DEFAULT_PASSWORD } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { withEnv } from "./helpers";

/** The remaining findings of the security review, each tried as an attacker would. */
const app = createApp();

beforeEach(async () => {
  await clearDatabase();
});

describe("a stolen token stops working when the password changes", () => {
  it("after the owner changes the password: the old token is 401, the new one works", async () => {
    const { token: stolen } = await createUser({ email: "rahim@example.com" });
    expect((await request(app).get("/api/users/profile").set(bearer(stolen))).status).toBe(200);
    const changed = await request(app)
      .post("/api/users/change-password")
      .set(bearer(stolen))
      .send({ currentPassword: DEFAULT_PASSWORD, newPassword: "a-brand-new-secret" });
    expect(changed.status).toBe(200);
    const old = await request(app).get("/api/users/profile").set(bearer(stolen));
    expect(old.status).toBe(401);
    expect(old.body.message).toBe("Invalid or expired token");
    const fresh = await request(app)
      .get("/api/users/profile")
      .set(bearer(changed.body.jwt as string));
    expect(fresh.status).toBe(200);
  });

  it("after an admin resets it: every token of the customer is 401", async () => {
    const { token: adminToken } = await createAdmin();
    const { user, token: stolen } = await createUser();
    const signedIn = await request(app)
      .post("/auth/signin")
      .send({ email: user.email, password: DEFAULT_PASSWORD });
    const reset = await request(app)
      .post(`/api/users/admin/customers/${String(user._id)}/reset-password`)
      .set(bearer(adminToken))
      .send({ newPassword: "reset-by-the-admin" });
    expect(reset.status).toBe(200);
    for (const token of [stolen, signedIn.body.jwt as string])
      expect((await request(app).get("/api/users/profile").set(bearer(token))).status).toBe(401);
  });
});

describe("passwords and bcrypt", () => {
  it("hashes at cost 12 by default", async () => {
    expect(parseEnv({}).BCRYPT_ROUNDS).toBe(12);
    const hash = await withEnv({ BCRYPT_ROUNDS: "" }, async () => {
      const { user } = await createUser({ password: "long-enough-secret" });
      return (await User.findById(user._id).select("+password").lean())!.password!;
    });
    expect(bcrypt.getRounds(hash)).toBe(12);
  });

  it("refuses a password longer than 72 bytes instead of silently cutting it", async () => {
    // Both share the first 72 bytes: bcrypt alone would take one for the other.
    const long = `${"a".repeat(72)}-first`;
    const answer = await request(app)
      .post("/auth/signup")
      .send({ firstName: "A", lastName: "B", email: "long@example.com", password: long });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toContainEqual({
      path: "password",
      message: "Password must be at most 72 bytes (72 English letters; Bangla letters take 3 each)",
    });
    // 25 Bangla letters are 75 bytes.
    const bangla = await request(app)
      .post("/auth/signup")
      .send({ firstName: "A", email: "bn@example.com", password: "ক".repeat(25) });
    expect(bangla.status).toBe(400);
    expect(await User.countDocuments()).toBe(0);
  });
});

describe("request logs", () => {
  it("never contain the tokens of ?token= (or OAuth codes)", async () => {
    const lines: string[] = [];
    const stream = (logger as unknown as Record<symbol, { write(line: string): boolean }>)[
      pino.symbols.streamSym
    ];
    const write = vi.spyOn(stream, "write").mockImplementation((line: string) => {
      lines.push(line);
      return true;
    });
    const level = logger.level;
    logger.level = "info";
    try {
      await request(app).get(
        "/api/orders/track/abc?token=eyJhbGciOiJIUzI1NiJ9.secret-part&phone=01711000000",
      );
      await request(app).get("/auth/google/callback?code=4%2F0Aabc-google-code&state=signed.state");
    } finally {
      logger.level = level;
      write.mockRestore();
    }
    const logged = lines.join("\n");
    expect(logged).toContain("/api/orders/track/abc?token=REDACTED");
    expect(logged).not.toContain("secret-part");
    expect(logged).not.toContain("google-code");
    expect(logged).not.toContain("signed.state");
  });
});

describe("the Pathao webhook", () => {
  const hook = (signature: string) =>
    request(app)
      .post("/api/pathao/webhook")
      .set("X-PATHAO-Signature", signature)
      .send({ event: "order.delivered", consignment_id: "X1" });

  it("is not accepted with the API client secret, only with its own secret", async () => {
    await withEnv(
      {
        PATHAO_CLIENT_ID: "client",
        PATHAO_CLIENT_SECRET: "the-api-client-secret",
        PATHAO_USERNAME: "u",
        PATHAO_PASSWORD: "p",
      },
      async () => {
        // No webhook secret configured: nothing is accepted, not even the client secret.
        expect((await hook("the-api-client-secret")).status).toBe(401);
        await withEnv({ PATHAO_WEBHOOK_SECRET: "the-webhook-secret-0123" }, async () => {
          expect((await hook("the-api-client-secret")).status).toBe(401);
          expect((await hook("the-webhook-secret-012")).status).toBe(401);
          expect((await hook("the-webhook-secret-0123")).status).toBe(202);
        });
      },
    );
  });
});

describe("sandbox payment hosts in production", () => {
  const production = {
    NODE_ENV: "production",
    JWT_SECRET: "an-operator-chosen-jwt-secret-0123456789",
    COOKIE_SECRET: "an-operator-chosen-cookie-secret-0123456789",
    ADMIN_PASSWORD: "a-long-owner-password",
  };

  it("are refused while the gateway is configured, unless a staging shop says so", () => {
    const withGateways = {
      ...production,
      SSLCOMMERZ_STORE_ID: "store",
      SSLCOMMERZ_STORE_PASSWD: "pw",
      BKASH_APP_KEY: "key",
    };
    let message = "";
    try {
      parseEnv(withGateways);
    } catch (error) {
      message = (error as Error).message;
    }
    const sandbox =
      "is a sandbox host: set the live URL in production (or ALLOW_SANDBOX_IN_PRODUCTION=true for a staging shop)";
    expect(message).toBe(
      `Invalid configuration: SSLCOMMERZ_BASE_URL: ${sandbox}; BKASH_BASE_URL: ${sandbox}`,
    );
    expect(
      parseEnv({
        ...withGateways,
        SSLCOMMERZ_BASE_URL: "https://securepay.sslcommerz.com",
        BKASH_BASE_URL: "https://tokenized.pay.bka.sh/v1.2.0-beta",
      }).SSLCOMMERZ_BASE_URL,
    ).toBe("https://securepay.sslcommerz.com");
    expect(parseEnv({ ...withGateways, ALLOW_SANDBOX_IN_PRODUCTION: "true" }).NODE_ENV).toBe(
      "production",
    );
    // Not configured: the default sandbox URL is never used, so nothing to refuse.
    expect(parseEnv(production).NODE_ENV).toBe("production");
  });
});
