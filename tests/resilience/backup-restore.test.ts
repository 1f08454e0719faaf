/**
 * `npm run backup` and `npm run restore` as an operator runs them (child processes on this file's
 * database and uploads folder): a seeded shop is backed up, wiped, restored, and every document,
 * index and image is back, identical.
 */
import { execFile } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import mongoose from "mongoose";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JobLease } from "../../models/job-lease.model";
import { Order } from "../../models/order.model";
import { Payment } from "../../models/payment.model";
import { Product } from "../../models/product.model";
import { runningDatabaseUri } from "../../server/db/embedded";
import { claimJobLease } from "../../server/jobs";
import { copyBackupFromStore, folderStore } from "../../scripts/lib/backup";
import { seedCatalog } from "../factories/catalog";
import { createOrder } from "../factories/order";
import { createPayment } from "../factories/payment";
import { startS3Server } from "../setup/s3-server";
import { createUser } from "../factories/user";
import { fileDatabaseUri } from "./helpers";

const run = promisify(execFile);
const { EJSON } = mongoose.mongo.BSON;
const uploadsDir = process.env.UPLOADS_DIR!;
const backupsDir = mkdtempSync(path.join(os.tmpdir(), "tweest-backups-"));

/**
 * `npm run <script> -- <args>` with this file's database and uploads folder; `umask` runs it under
 * that file-creation mask (through the shell, as an operator's login shell would set it).
 */
async function npmScript(
  script: "backup" | "restore",
  args: string[],
  extraEnv: Record<string, string> = {},
  umask?: string,
) {
  const command = [process.execPath, "--import", "tsx", `scripts/${script}.ts`, ...args];
  try {
    const { stdout } = await run(
      umask === undefined ? command[0] : "/bin/sh",
      umask === undefined
        ? command.slice(1)
        : ["-c", `umask ${umask} && exec "$0" "$@"`, ...command],
      {
        env: {
          ...process.env,
          MONGODB_URI: fileDatabaseUri(),
          UPLOADS_DIR: uploadsDir,
          NODE_ENV: "test",
          ...extraEnv,
        },
        timeout: 120_000,
      },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

/** Every document of every collection (canonical EJSON, by _id) and each collection's indexes. */
async function snapshot() {
  const db = mongoose.connection.db!;
  const documents: Record<string, string[]> = {};
  const indexes: Record<string, string[]> = {};
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    if (name === "job_leases" || name === "rate_limits" || name === "catalog_versions") continue;
    const rows = await db.collection(name).find({}).sort({ _id: 1 }).toArray();
    if (rows.length === 0) continue;
    documents[name] = rows.map((row) => EJSON.stringify(row, { relaxed: false }));
    indexes[name] = (await db.collection(name).listIndexes().toArray())
      .map((index) => JSON.stringify({ key: index.key, unique: index.unique ?? false }))
      .sort();
  }
  return { documents, indexes };
}

async function images(): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const entry of await readdir(uploadsDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith(".")) continue;
    const file = path.join(entry.parentPath, entry.name);
    found[path.relative(uploadsDir, file)] = (await readFile(file)).toString("base64");
  }
  return found;
}

async function wipe() {
  await mongoose.connection.dropDatabase();
  await rm(uploadsDir, { recursive: true, force: true });
  await mkdir(uploadsDir, { recursive: true });
}

let before: Awaited<ReturnType<typeof snapshot>>;
let imagesBefore: Record<string, string>;
const orderIds: string[] = [];
const paymentIds: string[] = [];
let backupFolder = "";
let backupOutput = "";

beforeAll(async () => {
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
  await seedCatalog();
  await createUser({ email: "buyer@example.com" });
  // Product images and a bulk-order design, as real image files under the uploads folder.
  const product = (await Product.findOne({ slug: "classic-cotton-tee" }))!;
  const imageUrls: string[] = [];
  for (const [index, background] of ["#123456", "#abcdef"].entries()) {
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background } })
      .webp()
      .toBuffer();
    await mkdir(path.join(uploadsDir, "products"), { recursive: true });
    await writeFile(path.join(uploadsDir, "products", `tee-${index}-800.webp`), bytes);
    imageUrls.push(`/uploads/products/tee-${index}-800.webp`);
  }
  await Product.updateOne({ _id: product._id }, { $set: { images: imageUrls } });
  await mkdir(path.join(uploadsDir, "designs"), { recursive: true });
  await writeFile(
    path.join(uploadsDir, "designs", "logo.png"),
    await sharp({ create: { width: 10, height: 10, channels: 4, background: "#ff000080" } })
      .png()
      .toBuffer(),
  );
  // Orders and their payments (a Long-free shop still has dates, ObjectIds, doubles, nulls).
  for (const method of ["COD", "SSLCOMMERZ", "BKASH"] as const) {
    const order = await createOrder({
      paymentMethod: method,
      lines: [{ category: "Shirts", unitPrice: 499.5, quantity: 2 }],
    });
    orderIds.push(String(order._id));
    if (method !== "COD")
      paymentIds.push(String((await createPayment({ order: order._id, method }))._id));
  }
  before = await snapshot();
  imagesBefore = await images();
}, 120_000);

afterAll(async () => {
  await rm(backupsDir, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("--copy-to s3:// keeps the backup in a bucket of its own; restore --from brings the shop back from it", async () => {
    const s3 = await startS3Server({ bucket: "tweest-backups", log: () => undefined });
    // A folder of its own: the tests below read the backups folder's first backup.
    const scratch = mkdtempSync(path.join(os.tmpdir(), "tweest-backups-s3-"));
    try {
      // The shop's images stay in its folder; only the S3 connection settings are shared.
      const { IMAGE_STORAGE: _images, S3_BUCKET: _bucket, ...connection } = s3.shopEnv();
      const backup = await npmScript(
        "backup",
        ["--out", path.join(scratch, "bucketed"), "--copy-to", "s3://tweest-backups/nightly"],
        connection,
      );
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(
        /\[backup\] copied to bucket tweest-backups\/nightly\/.*: \d+ files/,
      );
      const [name] = await readdir(path.join(scratch, "bucketed"));
      await wipe();
      const restored = await npmScript(
        "restore",
        [
          name!,
          "--from",
          "s3://tweest-backups/nightly",
          "--into",
          path.join(scratch, "from-s3"),
          "--drop",
        ],
        connection,
      );
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toContain(`fetched ${name} from bucket tweest-backups/nightly/`);
      for (const id of orderIds) expect(await Order.exists({ _id: id })).not.toBeNull();
      expect(await images()).toEqual(imagesBefore);
    } finally {
      await s3.stop();
      await rm(scratch, { recursive: true, force: true });
    }
  }, 240_000);

  it("npm run backup writes gzipped collections, their indexes and the images, with progress", async () => {
    const backup = await npmScript("backup", ["--out", backupsDir]);
    backupOutput = backup.output;
    expect(backup.code, backup.output).toBe(0);
    const [name] = await readdir(backupsDir);
    backupFolder = path.join(backupsDir, name!);
    expect(name).toMatch(/^tweest-backup-\d{4}-\d\d-\d\dT/);
    const manifest = JSON.parse(readFileSync(path.join(backupFolder, "manifest.json"), "utf8"));
    const orders = manifest.collections.find((entry: { name: string }) => entry.name === "orders");
    expect(orders.documents).toBe(3);
    expect(manifest.images.files).toBe(3);
    expect(manifest.consistency).toBe("per-document");
    // gzip's magic bytes, one file per collection
    expect(readFileSync(path.join(backupFolder, orders.file)).subarray(0, 2)).toEqual(
      Buffer.from([0x1f, 0x8b]),
    );
    expect(backupOutput).toContain("[backup] orders: 3 documents");
    expect(backupOutput).toContain("[backup] payments: 2 documents");
    expect(backupOutput).toMatch(/\[backup\] images: 3 files/);
    expect(backupOutput).toContain("[backup] background jobs resumed");
    // The jobs' leases were held during the backup and given back after it.
    const held = await JobLease.find({ holder: /^backup:/, leaseUntil: { $gt: new Date() } });
    expect(held).toHaveLength(0);
    expect(await claimJobLease({ name: "expire-pending-orders", everyMs: 60_000 }, "shop")).toBe(
      true,
    );
  }, 120_000);

  it("npm run restore brings every order, payment, index and image back into a wiped shop", async () => {
    await wipe();
    expect(await Order.countDocuments({})).toBe(0);
    const restore = await npmScript("restore", [backupFolder]);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain("[restore] orders: 3 documents");
    expect(restore.output).toMatch(/\[restore\] images: 3 files/);
    const after = await snapshot();
    expect(Object.keys(after.documents).sort()).toEqual(Object.keys(before.documents).sort());
    for (const name of Object.keys(before.documents)) {
      expect(after.documents[name], name).toEqual(before.documents[name]);
      expect(after.indexes[name], name).toEqual(before.indexes[name]);
    }
    for (const id of orderIds) expect(await Order.findById(id)).not.toBeNull();
    for (const id of paymentIds) expect(await Payment.findById(id)).not.toBeNull();
    expect(await images()).toEqual(imagesBefore);
    // The restored unique indexes hold: a second order with a taken number is refused.
    const taken = (await Order.findById(orderIds[0]).lean())!.orderNumber;
    await expect(createOrder({ orderNumber: taken })).rejects.toThrow(/duplicate key|E11000/);
  }, 120_000);

  it("npm run restore refuses a shop that holds data unless --drop, which replaces it", async () => {
    await createOrder({ firstName: "Afterthought" });
    const refused = await npmScript("restore", [backupFolder]);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(
      /✗ restore failed: the database already holds documents \(.*orders 4.*\): .* pass --drop/,
    );
    expect(await Order.countDocuments({})).toBe(4);
    // This shop recorded a migration; the backup (from a shop that recorded none) did not see it.
    await mongoose.connection.db!.collection("migrations").insertOne({ migrationName: "m1" });
    const replaced = await npmScript("restore", [backupFolder, "--drop"]);
    expect(replaced.code, replaced.output).toBe(0);
    expect(await Order.countDocuments({})).toBe(3);
    expect(replaced.output).toContain(
      "[restore] migrations: none in the backup, all run at the next start-up",
    );
    expect(await mongoose.connection.db!.collection("migrations").countDocuments()).toBe(0);
    expect(await Order.exists({ "shippingAddress.firstName": "Afterthought" })).toBeNull();
  }, 120_000);

  it("--copy-to keeps a second copy in another store, fetched back identical", async () => {
    const elsewhere = path.join(backupsDir, "elsewhere");
    const backup = await npmScript("backup", [
      "--out",
      path.join(backupsDir, "second"),
      "--copy-to",
      elsewhere,
    ]);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/\[backup\] copied to folder .*elsewhere: \d+ files/);
    const [name] = await readdir(path.join(backupsDir, "second"));
    const fetched = await copyBackupFromStore(
      folderStore(elsewhere),
      name!,
      path.join(backupsDir, "fetched"),
    );
    const filesOf = async (folder: string) => {
      const found: Record<string, string> = {};
      for (const entry of await readdir(folder, { recursive: true, withFileTypes: true }))
        if (entry.isFile())
          found[path.relative(folder, path.join(entry.parentPath, entry.name))] = (
            await readFile(path.join(entry.parentPath, entry.name))
          ).toString("base64");
      return found;
    };
    const original = await filesOf(path.join(backupsDir, "second", name!));
    expect(Object.keys(original)).toContain("manifest.json");
    expect(await filesOf(fetched)).toEqual(original);
  }, 120_000);

  it("writes backups readable by their owner only (files 0600, folders 0700), whatever the umask", async () => {
    /** Every file and folder under (and including) `folder`, with its permission bits. */
    const modesUnder = (folder: string) => {
      const modes: Record<string, string> = {
        ".": (statSync(folder).mode & 0o777).toString(8),
      };
      for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
        const file = path.join(entry.parentPath, entry.name);
        modes[path.relative(folder, file)] = (statSync(file).mode & 0o777).toString(8);
      }
      return modes;
    };
    const expectPrivate = (folder: string) => {
      const modes = modesUnder(folder);
      expect(Object.keys(modes)).toContain("manifest.json");
      expect(Object.keys(modes)).toContain(path.join("images", "designs", "logo.png"));
      for (const [name, mode] of Object.entries(modes)) {
        const isFolder = statSync(path.join(folder, name)).isDirectory();
        expect.soft(mode, name).toBe(isFolder ? "700" : "600");
      }
    };
    // The backup holds password and one-time-code hashes: a umask of 000 would make it world-readable.
    const out = path.join(backupsDir, "private");
    const elsewhere = path.join(backupsDir, "private-copy");
    const backup = await npmScript("backup", ["--out", out, "--copy-to", elsewhere], {}, "000");
    expect(backup.code, backup.output).toBe(0);
    const [name] = readdirSync(out);
    expectPrivate(path.join(out, name!));
    expectPrivate(path.join(elsewhere, name!));
    // A folder the backup creates to hold them is its owner's too.
    expect((statSync(out).mode & 0o777).toString(8)).toBe("700");
    const previous = process.umask(0);
    try {
      expectPrivate(
        await copyBackupFromStore(
          folderStore(elsewhere),
          name!,
          path.join(backupsDir, "private-fetched"),
        ),
      );
    } finally {
      process.umask(previous);
    }
  }, 120_000);

  it("npm run restore refuses a folder that is not a complete backup", async () => {
    const half = path.join(backupsDir, "half");
    await mkdir(half, { recursive: true });
    const refused = await npmScript("restore", [half]);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(
      /✗ restore failed: .* is not a complete backup \(no manifest.json\)/,
    );
  }, 120_000);
});

describe("operator scripts and the embedded database", () => {
  it("a database a running shop serves is used, not ended (its pid alive and its URI written)", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "tweest-db-"));
    writeFileSync(path.join(dataDir, "db.uri"), "mongodb://127.0.0.1:1/tweest");
    writeFileSync(path.join(dataDir, "db.pid"), String(process.pid));
    expect(runningDatabaseUri(dataDir)).toBe("mongodb://127.0.0.1:1/tweest");
    // A dead process's files: not running, so the script starts its own database.
    writeFileSync(path.join(dataDir, "db.pid"), "999999999");
    expect(runningDatabaseUri(dataDir)).toBeUndefined();
    expect(existsSync(path.join(dataDir, "db.uri"))).toBe(true);
  });
});
