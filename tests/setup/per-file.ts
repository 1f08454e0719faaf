import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import { afterAll, beforeAll, inject } from "vitest";

// Before any test module reads the config: quiet logs, a private uploads folder per file.
process.env.NODE_ENV = "test";
process.env.LOG_LEVEL = "silent";
// Cheap password hashes: the shop's default (12) costs ~250 ms a hash on these machines.
process.env.BCRYPT_ROUNDS ??= "4";
// Many checkout tests order for the same phone from one address; tests/resilience/order-abuse.test.ts
// tries the shop's own limits.
process.env.ORDER_RATE_LIMIT_IP_PER_HOUR ??= "100000";
process.env.ORDER_RATE_LIMIT_PHONE_PER_DAY ??= "100000";
process.env.ORDER_RATE_LIMIT_GUEST_CART_PER_DAY ??= "100000";
// The demo seed's images are rendered once per machine, not once per file that seeds a shop.
process.env.SEED_IMAGE_CACHE_DIR ??= path.resolve("node_modules/.cache/tweest-seed-images");
const uploadsDir = mkdtempSync(path.join(os.tmpdir(), "tweest-test-uploads-"));
process.env.UPLOADS_DIR = uploadsDir;

/** A database of this file's own, on the run's shared server. */
export function testDatabaseUri(): string {
  const base = new URL(inject("mongoBaseUri"));
  base.pathname = `/t_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  return base.toString();
}

beforeAll(async () => {
  const { connectDatabase } = await import("../../server/db/connect");
  await connectDatabase(testDatabaseUri());
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
});

afterAll(async () => {
  if (mongoose.connection.readyState === 1) {
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  }
  rmSync(uploadsDir, { recursive: true, force: true });
});
