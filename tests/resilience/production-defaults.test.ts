import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import jwt from "jsonwebtoken";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { Category } from "../../models/category.model";
import { Product } from "../../models/product.model";
import { PromoCode } from "../../models/promo-code.model";
import { User } from "../../models/user.model";
import { createApp } from "../../server/app";
import {
  ConfigError,
  DEFAULT_ADMIN_PASSWORD,
  getEnv,
  parseEnv,
  PUBLISHED_SECRETS,
} from "../../server/env";
import {
  DEMO_CUSTOMER,
  PRODUCTION_SEED_LINE,
  retirePublishedSignIns,
  seedDatabase,
} from "../../server/seed/seed";
import { bearer, createAdmin, createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { testDatabaseUri } from "../setup/per-file";
import { freePort, withEnv } from "./helpers";

const [PUBLISHED_JWT, PUBLISHED_COOKIE] = PUBLISHED_SECRETS;
const OWN_SECRETS = {
  JWT_SECRET: "an-operator-chosen-jwt-secret-0123456789",
  COOKIE_SECRET: "an-operator-chosen-cookie-secret-0123456789",
  // The suite lowers the bcrypt cost (tests/setup); production refuses less than 12.
  BCRYPT_ROUNDS: "12",
};
const tempDirs: string[] = [];

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe("production never runs with demo credentials", () => {
  it("refuses the default admin password in production, naming the variable", () => {
    expect(() => parseEnv({ NODE_ENV: "production", ...OWN_SECRETS })).toThrow(
      /ADMIN_PASSWORD: must be set in production \(the default admin12345 is public\)/,
    );
    expect(
      parseEnv({ NODE_ENV: "production", ...OWN_SECRETS, ADMIN_PASSWORD: "a-long-owner-password" })
        .ADMIN_PASSWORD,
    ).toBe("a-long-owner-password");
  });

  it("stops a production start with the default admin password before anything else runs", () => {
    const run = spawnSync("npx", ["tsx", "server/index.ts"], {
      env: { ...process.env, NODE_ENV: "production", ...OWN_SECRETS, ADMIN_PASSWORD: "" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("ADMIN_PASSWORD: must be set in production");
  });

  it("seeds an empty production database with the categories and the admin only", async () => {
    await clearDatabase();
    await withEnv(
      { NODE_ENV: "production", ...OWN_SECRETS, ADMIN_PASSWORD: "a-long-owner-password" },
      () => seedDatabase(),
    );
    expect(await Category.countDocuments()).toBeGreaterThan(0);
    expect(await Product.countDocuments()).toBe(0);
    expect(await PromoCode.countDocuments()).toBe(0);
    expect(await User.exists({ email: "customer@tweest.local" })).toBeNull();
    const admin = await User.findOne({ email: "admin@tweest.local" }).select("+password");
    expect(admin?.role).toBe("ADMIN");
    expect(await admin!.checkPassword("a-long-owner-password")).toBe(true);
  });

  it("says so in one line when a production server starts", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "tweest-prod-start-"));
    tempDirs.push(dataDir);
    // One process (no npx / tsx wrapper in between), so the SIGTERM below reaches the server.
    const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        ...OWN_SECRETS,
        ADMIN_PASSWORD: "a-long-owner-password",
        MONGODB_URI: testDatabaseUri(),
        HOST: "127.0.0.1",
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start-up line: ${output}`)), 60_000);
        const read = (data: Buffer) => {
          output += data.toString();
          if (output.includes("✓ Tweest shop")) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on("data", read);
        child.stderr.on("data", read);
        child.once("exit", () => reject(new Error(`exited: ${output}`)));
      });
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
    }
    expect(output.split("\n")).toContain(PRODUCTION_SEED_LINE);
    expect(output).not.toContain("customer123");
  });
});

describe("a development start other machines can reach", () => {
  const reachableRefusal =
    "ADMIN_PASSWORD: must be set when other machines can reach the shop (HOST 0.0.0.0, PUBLIC_URL http://localhost:5454): the default admin12345 is public. Set ADMIN_PASSWORD, or HOST=127.0.0.1 for this machine only";

  it("listens on this machine only unless HOST says (production: every interface)", () => {
    // npm install && npm start: the demo admin and customer, for the developer at the keyboard.
    const laptop = parseEnv({});
    expect(laptop.HOST).toBe("127.0.0.1");
    expect(laptop.ADMIN_PASSWORD).toBe(DEFAULT_ADMIN_PASSWORD);
    const production = { NODE_ENV: "production", ...OWN_SECRETS, ADMIN_PASSWORD: "an-owner-pw-1" };
    expect(parseEnv(production).HOST).toBe("0.0.0.0");
    expect(parseEnv({ ...production, HOST: "127.0.0.1" }).HOST).toBe("127.0.0.1");
  });

  it("refuses the default admin password, like production", () => {
    expect(() => parseEnv({ HOST: "0.0.0.0" })).toThrow(
      new ConfigError(["ADMIN_PASSWORD"], reachableRefusal),
    );
    expect(() =>
      parseEnv({ HOST: "127.0.0.1", PUBLIC_URL: "https://shop.example.com.bd" }),
    ).toThrow(/^Invalid configuration: ADMIN_PASSWORD: must be set when other machines can reach/);
    expect(parseEnv({ HOST: "0.0.0.0", ADMIN_PASSWORD: "an-owner-pw-1" }).HOST).toBe("0.0.0.0");
  });

  it("stops `npm start` on a server (HOST 0.0.0.0, no NODE_ENV) with the default admin password", () => {
    const { NODE_ENV: _suite, ...inherited } = process.env;
    const run = spawnSync("npx", ["tsx", "server/index.ts"], {
      env: { ...inherited, HOST: "0.0.0.0", ADMIN_PASSWORD: "" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`✗ Invalid configuration: ${reachableRefusal}`);
  });

  it("retires the published sign-ins a loopback start seeded before", async () => {
    await clearDatabase();
    const { user: admin, token: adminToken } = await createAdmin({
      email: "admin@tweest.local",
      password: DEFAULT_ADMIN_PASSWORD,
    });
    await createUser({ email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
    const lines: string[] = [];
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "tweest-reachable-"));
    tempDirs.push(dataDir);
    await withEnv(
      {
        NODE_ENV: "development",
        DATA_DIR: dataDir,
        HOST: "0.0.0.0",
        ADMIN_PASSWORD: "an-owner-pw-1",
      },
      () => retirePublishedSignIns((line) => lines.push(line)),
    );
    const app = createApp();
    const signIn = (email: string, password: string) =>
      request(app).post("/auth/signin").send({ email, password });
    expect((await signIn(admin.email, DEFAULT_ADMIN_PASSWORD)).status).toBe(401);
    expect((await signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status).toBe(401);
    expect((await signIn(admin.email, "an-owner-pw-1")).status).toBe(200);
    // Whoever signed in with the published password is signed out.
    expect((await request(app).get("/api/users/profile").set(bearer(adminToken))).status).toBe(401);
    expect(lines).toEqual([
      "[seed] admin@tweest.local: the published password admin12345 no longer signs in (now ADMIN_PASSWORD; its sessions are signed out)",
      "[seed] customer@tweest.local: the published password customer123 no longer signs in (replaced by a random one; its sessions are signed out)",
    ]);
  });
});

describe("the published development secrets", () => {
  it("cannot sign a token the shop accepts when no secret is configured", async () => {
    const { user } = await createAdmin();
    const forged = jwt.sign({}, PUBLISHED_JWT, {
      algorithm: "HS256",
      expiresIn: "7d",
      subject: String(user._id),
    });
    const answer = await request(createApp())
      .get("/api/admin/dashboard")
      .set("Authorization", `Bearer ${forged}`);
    expect(answer.status).toBe(401);
    expect(getEnv().JWT_SECRET).not.toBe(PUBLISHED_JWT);
  });

  it("are refused when the shop is reachable from another machine", () => {
    const published = { JWT_SECRET: PUBLISHED_JWT, COOKIE_SECRET: PUBLISHED_COOKIE };
    const refusal = /JWT_SECRET: is the development value published with the code/;
    expect(() => parseEnv({ ...published, HOST: "0.0.0.0" })).toThrow(refusal);
    expect(() => parseEnv({ ...published, HOST: "192.168.1.20" })).toThrow(refusal);
    expect(() =>
      parseEnv({ ...published, HOST: "127.0.0.1", PUBLIC_URL: "https://shop.example.com.bd" }),
    ).toThrow(refusal);
    expect(() => parseEnv({ ...published, HOST: "127.0.0.1", NODE_ENV: "production" })).toThrow(
      refusal,
    );
    // Loopback only (a development start's default), local address: a developer's old .env keeps working.
    expect(parseEnv({ ...published, HOST: "127.0.0.1" }).JWT_SECRET).toBe(PUBLISHED_JWT);
    expect(parseEnv(published).JWT_SECRET).toBe(PUBLISHED_JWT);
  });

  it("a zero-configuration development start makes its own secrets once, kept under DATA_DIR", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "tweest-secrets-"));
    tempDirs.push(dataDir);
    const first = await withEnv({ NODE_ENV: "development", DATA_DIR: dataDir }, async () =>
      getEnv(),
    );
    const again = await withEnv({ NODE_ENV: "development", DATA_DIR: dataDir }, async () =>
      getEnv(),
    );
    expect(first.JWT_SECRET).toHaveLength(43);
    expect(PUBLISHED_SECRETS).not.toContain(first.JWT_SECRET);
    expect(first.COOKIE_SECRET).not.toBe(first.JWT_SECRET);
    expect(again.JWT_SECRET).toBe(first.JWT_SECRET);
    expect(again.COOKIE_SECRET).toBe(first.COOKIE_SECRET);
    expect(statSync(path.join(dataDir, "secrets.json")).mode & 0o777).toBe(0o600);
  });
});
