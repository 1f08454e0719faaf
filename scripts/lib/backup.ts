import { randomBytes, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { chmod, mkdir, readdir, readFile, rename, stat } from "node:fs/promises";
import path from "node:path";
import readline from "node:readline";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import mongoose from "mongoose";
import { CatalogVersion } from "../../models/catalog-version.model";
import { MIGRATIONS_COLLECTION } from "../../server/db/migrations";
import { getEnv } from "../../server/env";
import { pauseJobs, resumeJobs } from "../../server/jobs";
import { createImageStore, getImageStore } from "../../server/storage/index";

/**
 * `npm run backup` / `npm run restore`: the shop's collections as gzipped canonical Extended JSON
 * (one document a line, every BSON type kept) with their indexes, and its uploaded images, in one
 * folder. docs/operations.md ("Backups") says what "consistent" means here and its limits.
 */

const { EJSON } = mongoose.mongo.BSON;

export const BACKUP_FORMAT = "tweest-backup/1";

/**
 * Bookkeeping, not data: job leases (a restored lease, held by the backup that wrote it, would
 * pause the jobs) and rate-limit windows (they describe the last minutes of another database).
 */
export const NOT_BACKED_UP = new Set(["job_leases", "rate_limits"]);

/**
 * Everything a backup needs of a store of files by key: the shop's image store, or a place that
 * keeps backups. server/storage's ImageStore (local folder or S3-compatible bucket) has this shape.
 */
export interface ObjectFiles {
  readonly description: string;
  /** Every object whose key starts with `prefix` (all when omitted). */
  list(prefix?: string): AsyncIterable<{ key: string; size: number }>;
  get(key: string): Promise<{ body: Readable } | undefined>;
  put(key: string, body: Buffer): Promise<void>;
}

/** A folder as a store of backups (a second disk): keys are the paths of its files, kept private. */
export function folderStore(root: string): ObjectFiles {
  const folder = path.resolve(root);
  const fileOf = (key: string) => {
    const file = path.resolve(folder, ...key.split("/"));
    if (!file.startsWith(folder + path.sep)) throw new Error(`Not an image key: ${key}`);
    return file;
  };
  return {
    description: `folder ${folder}`,
    async *list(prefix = "") {
      if (!existsSync(folder)) return;
      for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
        // Dot files: .gitkeep, and half-written uploads (never served).
        if (!entry.isFile() || entry.name.startsWith(".")) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(folder, file).split(path.sep).join("/");
        if (key.startsWith(prefix)) yield { key, size: (await stat(file)).size };
      }
    },
    async get(key) {
      const file = fileOf(key);
      return existsSync(file) ? { body: createReadStream(file) } : undefined;
    },
    async put(key, body) {
      const file = fileOf(key);
      const partial = path.join(path.dirname(file), `.partial-${randomBytes(6).toString("hex")}`);
      await writePrivateFile(partial, body);
      await rename(partial, file);
    },
  };
}

export interface CollectionEntry {
  name: string;
  file: string;
  documents: number;
  indexes: Record<string, unknown>[];
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  finishedAt: string;
  database: string;
  /** `snapshot`: one point in time (MongoDB replica set); `per-document`: see docs/operations.md. */
  consistency: "snapshot" | "per-document";
  collections: CollectionEntry[];
  images: { files: number; bytes: number; source: string };
}

type Say = (line: string) => void;

/**
 * A backup holds password and one-time-code hashes: every file and folder of it is its owner's only,
 * whatever the umask of the shell that ran it (the umask can only take bits away from a mode, so
 * each one is also set explicitly once written).
 */
const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;

/** Creates `folder` and its missing parents, each for its owner only; an existing one is left as it is. */
async function makePrivateFolder(folder: string): Promise<void> {
  const firstCreated = await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER });
  if (!firstCreated) return;
  for (let created = folder; ; created = path.dirname(created)) {
    await chmod(created, PRIVATE_FOLDER);
    if (created === firstCreated || path.dirname(created) === created) break;
  }
}

/** Writes a file of a backup (its folder made first; `through` e.g. gzip), for its owner only. */
async function writePrivateFile(
  file: string,
  body: Readable | Buffer | string,
  ...through: NodeJS.ReadWriteStream[]
): Promise<void> {
  await makePrivateFolder(path.dirname(file));
  const source = typeof body === "string" || Buffer.isBuffer(body) ? Readable.from([body]) : body;
  await pipeline([source, ...through, createWriteStream(file, { mode: PRIVATE_FILE })]);
  await chmod(file, PRIVATE_FILE);
}

function timestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, "-");
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString("en")} ${count === 1 ? one : many}`;

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Whether the server can read every collection at one point in time (a replica set member). */
async function supportsSnapshotReads(db: mongoose.mongo.Db): Promise<boolean> {
  try {
    const hello = await db.admin().command({ hello: 1 });
    if (!hello.setName) return false;
    const info = await db.admin().command({ buildInfo: 1 });
    return Number(String(info.version).split(".")[0]) >= 5;
  } catch {
    return false;
  }
}

/** Index specifications as `createIndexes` takes them back (without the server's own fields). */
function restorableIndexes(indexes: Record<string, unknown>[]): Record<string, unknown>[] {
  return indexes
    .filter((index) => index.name !== "_id_")
    .map((index) => {
      const spec = { ...index };
      delete spec.v;
      delete spec.ns;
      return spec;
    });
}

/**
 * Writes a backup folder `<outDir>/tweest-backup-<time>/` and answers its path. Jobs are paused
 * (their leases held) while collections are read, so no expiry or reconciliation moves documents
 * between collections half-way; each collection is read in `_id` order (each document once, as it
 * was at one moment). On a replica set every read shares one snapshot.
 */
export async function backupShop(options: {
  outDir: string;
  images: ObjectFiles;
  say?: Say;
}): Promise<string> {
  const say = options.say ?? (() => undefined);
  const db = mongoose.connection.db;
  if (!db) throw new Error("not connected to the database");
  const createdAt = new Date();
  const folder = path.resolve(options.outDir, `tweest-backup-${timestamp(createdAt)}`);
  const partialFolder = `${folder}.partial`;
  await makePrivateFolder(path.join(partialFolder, "collections"));

  const holder = `backup:${randomUUID()}`;
  say(`[backup] pausing background jobs`);
  await pauseJobs(holder, 30 * 60_000);
  const snapshot = await supportsSnapshotReads(db);
  const session = snapshot
    ? mongoose.connection.getClient().startSession({ snapshot: true })
    : undefined;
  const collections: CollectionEntry[] = [];
  try {
    say(
      `[backup] database ${db.databaseName}: ${snapshot ? "snapshot reads (one point in time)" : "each collection in _id order"}`,
    );
    const names = (await db.listCollections({}, { nameOnly: true }).toArray())
      .map((entry) => entry.name)
      .filter((name) => !name.startsWith("system.") && !NOT_BACKED_UP.has(name))
      .sort();
    for (const name of names) {
      const collection = db.collection(name);
      const indexes = (await collection.listIndexes().toArray()) as Record<string, unknown>[];
      const file = `collections/${name}.ejson.gz`;
      let documents = 0;
      const cursor = collection.find({}, { session, sort: { _id: 1 } });
      async function* lines() {
        for await (const document of cursor) {
          documents += 1;
          yield `${EJSON.stringify(document, { relaxed: false })}\n`;
        }
      }
      await writePrivateFile(path.join(partialFolder, file), Readable.from(lines()), createGzip());
      collections.push({ name, file, documents, indexes });
      say(
        `[backup] ${name}: ${plural(documents, "document")}, ${plural(indexes.length, "index", "indexes")}`,
      );
    }
  } finally {
    await session?.endSession();
    await resumeJobs(holder);
    say(`[backup] background jobs resumed`);
  }

  // Images after the documents: every image a backed-up document names existed by then.
  let files = 0;
  let bytes = 0;
  for await (const image of options.images.list()) {
    const source = await options.images.get(image.key);
    if (!source) continue; // deleted since it was listed
    const target = path.join(partialFolder, "images", ...image.key.split("/"));
    await writePrivateFile(target, source.body);
    files += 1;
    bytes += (await stat(target)).size;
    if (files % 500 === 0) say(`[backup] images: ${plural(files, "file")} so far`);
  }
  say(
    `[backup] images: ${plural(files, "file")}, ${megabytes(bytes)} from ${options.images.description}`,
  );

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: createdAt.toISOString(),
    finishedAt: new Date().toISOString(),
    database: db.databaseName,
    consistency: snapshot ? "snapshot" : "per-document",
    collections,
    images: { files, bytes, source: options.images.description },
  };
  // The manifest last, then the folder renamed: a backup without one never looks complete.
  await writePrivateFile(
    path.join(partialFolder, "manifest.json"),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
  await rename(partialFolder, folder);
  say(`[backup] done: ${folder}`);
  return folder;
}

export async function readManifest(folder: string): Promise<BackupManifest> {
  const file = path.join(folder, "manifest.json");
  if (!existsSync(file)) throw new Error(`${folder} is not a complete backup (no manifest.json)`);
  const manifest = JSON.parse(await readFile(file, "utf8")) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new Error(`${folder}: unknown backup format ${String(manifest.format)}`);
  return manifest;
}

async function* documentsOf(file: string): AsyncGenerator<mongoose.mongo.Document> {
  const lines = readline.createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  for await (const line of lines)
    if (line) yield EJSON.parse(line, { relaxed: false }) as mongoose.mongo.Document;
}

/**
 * Brings a backup folder back: every collection (documents, then indexes) and every image.
 * Refuses a database that holds any of the backup's collections with documents unless `drop`
 * (which replaces them). Instances that are running reload their catalogue (a new epoch).
 */
export async function restoreShop(options: {
  folder: string;
  images: ObjectFiles;
  drop?: boolean;
  say?: Say;
}): Promise<BackupManifest> {
  const say = options.say ?? (() => undefined);
  const db = mongoose.connection.db;
  if (!db) throw new Error("not connected to the database");
  const manifest = await readManifest(options.folder);
  // Mongoose builds the models' indexes in the background when it connects: let it finish first,
  // so it does not recreate a collection while this restore drops and fills it.
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
  say(
    `[restore] backup of ${manifest.database} taken ${manifest.createdAt} into ${db.databaseName}`,
  );
  if (!options.drop) {
    const holding: string[] = [];
    for (const entry of manifest.collections) {
      const existing = await db.collection(entry.name).estimatedDocumentCount();
      if (existing > 0) holding.push(`${entry.name} ${existing.toLocaleString("en")}`);
    }
    if (holding.length > 0)
      throw new Error(
        `the database already holds documents (${holding.join(", ")}): restore into an empty database, or pass --drop to replace the backed-up collections`,
      );
  }
  const existingNames = new Set(
    (await db.listCollections({}, { nameOnly: true }).toArray()).map((entry) => entry.name),
  );
  for (const entry of manifest.collections) {
    if (existingNames.has(entry.name)) await db.collection(entry.name).drop();
    await db.createCollection(entry.name);
    const collection = db.collection(entry.name);
    let batch: mongoose.mongo.Document[] = [];
    let restored = 0;
    for await (const document of documentsOf(path.join(options.folder, entry.file))) {
      batch.push(document);
      if (batch.length === 1000) {
        await collection.insertMany(batch, { ordered: true });
        restored += batch.length;
        batch = [];
      }
    }
    if (batch.length > 0) await collection.insertMany(batch, { ordered: true });
    restored += batch.length;
    if (restored !== entry.documents)
      throw new Error(
        `${entry.name}: ${restored} documents restored, the backup lists ${entry.documents}`,
      );
    const indexes = restorableIndexes(entry.indexes);
    if (indexes.length > 0)
      await collection.createIndexes(indexes as unknown as mongoose.mongo.IndexDescription[]);
    say(
      `[restore] ${entry.name}: ${plural(restored, "document")}, ${plural(indexes.length + 1, "index", "indexes")}`,
    );
  }

  // Which migrations ran is a fact about the data: a backup from before they were recorded brings
  // data they have not seen, so the next start-up runs them all (each is idempotent).
  if (
    existingNames.has(MIGRATIONS_COLLECTION) &&
    !manifest.collections.some((entry) => entry.name === MIGRATIONS_COLLECTION)
  ) {
    await db.collection(MIGRATIONS_COLLECTION).drop();
    say(`[restore] ${MIGRATIONS_COLLECTION}: none in the backup, all run at the next start-up`);
  }

  const imagesRoot = path.join(options.folder, "images");
  let files = 0;
  if (existsSync(imagesRoot)) {
    for (const entry of await readdir(imagesRoot, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const key = path.relative(imagesRoot, file).split(path.sep).join("/");
      await options.images.put(key, await readFile(file));
      files += 1;
      if (files % 500 === 0) say(`[restore] images: ${plural(files, "file")} so far`);
    }
  }
  if (files !== manifest.images.files)
    throw new Error(`${files} images restored, the backup lists ${manifest.images.files}`);
  say(`[restore] images: ${plural(files, "file")} into ${options.images.description}`);

  // Running instances compare the catalogue's epoch: a new one makes them read it all again.
  await CatalogVersion.updateMany({}, { $set: { epoch: randomUUID() } });
  say(`[restore] done`);
  return manifest;
}

/** Every file under `folder`, as keys relative to it (`/`-separated). */
async function filesUnder(folder: string): Promise<string[]> {
  if (!existsSync(folder)) return [];
  return (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .map((relative) => relative.split(path.sep).join("/"));
}

/**
 * Copies a finished backup folder into a store (a bucket that is not the public images one) under
 * `<backup name>/…`, its manifest last, so a copy without a manifest is an unfinished one there too.
 */
export async function copyBackupToStore(
  folder: string,
  store: ObjectFiles,
  say: Say = () => undefined,
) {
  const name = path.basename(folder);
  const files = (await filesUnder(folder)).sort((a, b) =>
    a === "manifest.json" ? 1 : b === "manifest.json" ? -1 : a.localeCompare(b),
  );
  if (files.at(-1) !== "manifest.json") throw new Error(`${folder} is not a complete backup`);
  let bytes = 0;
  for (const file of files) {
    const body = await readFile(path.join(folder, ...file.split("/")));
    await store.put(`${name}/${file}`, body);
    bytes += body.length;
  }
  say(
    `[backup] copied to ${store.description}: ${plural(files.length, "file")}, ${megabytes(bytes)}`,
  );
}

/** Fetches the backup `name` from a store into `intoDir/<name>`; answers that folder. */
export async function copyBackupFromStore(
  store: ObjectFiles,
  name: string,
  intoDir: string,
  say: Say = () => undefined,
): Promise<string> {
  const folder = path.resolve(intoDir, name);
  let files = 0;
  for await (const object of store.list(`${name}/`)) {
    const source = await store.get(object.key);
    if (!source) continue;
    const target = path.join(folder, ...object.key.slice(name.length + 1).split("/"));
    await writePrivateFile(target, source.body);
    files += 1;
  }
  say(`[restore] fetched ${name} from ${store.description}: ${plural(files, "file")}`);
  await readManifest(folder);
  return folder;
}

/** The shop's images as a backup reads and a restore writes them: its image store (folder or bucket). */
export function shopImages(): ObjectFiles {
  return getImageStore();
}

/**
 * Where a second copy of a backup goes (`--copy-to`) or comes from (`--from`): a folder, or
 * `s3://<bucket>[/<prefix>]` with the shop's S3 settings (endpoint, region, credentials). Use a
 * bucket of its own, never the public images bucket: a backup holds password hashes.
 */
export function backupPlace(where: string): ObjectFiles {
  const bucket = /^s3:\/\/([^/]+)(?:\/(.*?))?\/?$/.exec(where);
  if (!bucket) return folderStore(where);
  const prefix = bucket[2] ? `${bucket[2]}/` : "";
  return createImageStore({
    ...getEnv(),
    IMAGE_STORAGE: "s3",
    S3_BUCKET: bucket[1],
    S3_PREFIX: prefix,
  });
}
