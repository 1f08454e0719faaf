import { spawnSync } from "node:child_process";
import mongoose from "mongoose";
import request from "supertest";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { User } from "../../models/user.model";
import { createApp } from "../../server/app";
import { clearDatabase } from "../setup/db";

/**
 * `npm run admin:create` for an email someone already registered (emails are never verified):
 * whoever registered it first must not become the admin.
 */
const app = createApp();

beforeEach(async () => {
  await clearDatabase();
});

/** Runs scripts/create-admin.ts against this test file's database. */
function createAdmin(email: string, password: string) {
  const uri = new URL(inject("mongoBaseUri"));
  uri.pathname = `/${mongoose.connection.name}`;
  return spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/create-admin.ts", "--email", email, "--password", password],
    {
      env: { ...process.env, MONGODB_URI: uri.toString(), NODE_ENV: "test" },
      encoding: "utf8",
      timeout: 60_000,
    },
  );
}

describe("admin:create on an existing account", () => {
  it("replaces the password, removes the Google link and signs out the registrant", async () => {
    const registered = await request(app).post("/auth/signup").send({
      firstName: "Mallory",
      lastName: "X",
      email: "owner@tweest.com.bd",
      password: "attacker-knows-this",
    });
    expect(registered.status).toBe(201);
    const attackerToken = registered.body.jwt as string;
    await User.updateOne({ email: "owner@tweest.com.bd" }, { $set: { googleId: "attacker-sub" } });

    const run = createAdmin("owner@tweest.com.bd", "the-owners-own-secret");
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      "✓ owner@tweest.com.bd: promoted to admin; its password was replaced by the one given, its Google link removed and its sessions signed out",
    );

    // The registrant's password and token no longer open the account.
    const attackerSignIn = await request(app)
      .post("/auth/signin")
      .send({ email: "owner@tweest.com.bd", password: "attacker-knows-this" });
    expect(attackerSignIn.status).toBe(401);
    const oldToken = await request(app)
      .get("/api/users/verify-admin")
      .set("Authorization", `Bearer ${attackerToken}`);
    expect(oldToken.status).toBe(401);
    const stored = (await User.findOne({ email: "owner@tweest.com.bd" }).lean())!;
    expect(stored.role).toBe("ADMIN");
    expect(stored.googleId).toBeUndefined();

    // The operator's password does.
    const owner = await request(app)
      .post("/auth/signin")
      .send({ email: "owner@tweest.com.bd", password: "the-owners-own-secret" });
    expect(owner.status).toBe(200);
    const verified = await request(app)
      .get("/api/users/verify-admin")
      .set("Authorization", `Bearer ${owner.body.jwt}`);
    expect(verified.body).toMatchObject({ isAdmin: true });
  });
});
