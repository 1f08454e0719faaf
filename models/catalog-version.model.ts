import { randomUUID } from "node:crypto";
import mongoose, { Schema } from "mongoose";
import { afterEffectiveWrites } from "./effective-writes.js";
import { modelServices } from "./model-services.js";

/**
 * One document per database telling every shop instance what changed in the catalogue:
 * `version` counts changes, `recent` holds the changed ids of the latest ones (the last element
 * belongs to `version`, the one before to `version - 1`, ...), `epoch` is new whenever the document
 * is (a wiped or restored database), so an instance can tell "nothing changed" from "start over".
 * Every change is one atomic `$inc` + `$push` of this document; readers poll it by `_id`.
 */
const CatalogVersionSchema = new Schema(
  {
    _id: { type: String },
    epoch: { type: String, required: true },
    version: { type: Number, default: 0 },
    recent: { type: [String], default: [] },
  },
  { versionKey: false, collection: "catalog_versions" },
);

export const CatalogVersion =
  (mongoose.models.CatalogVersion as mongoose.Model<CatalogVersionFields>) ??
  mongoose.model("CatalogVersion", CatalogVersionSchema);

export interface CatalogVersionFields {
  _id: string;
  epoch: string;
  version: number;
  recent: string[];
}

export const CATALOG_VERSION_ID = "catalog";
/** Marks a write whose products are unknown (an updateMany): readers reload everything. */
export const ALL_PRODUCTS = "*";
/** Marks a category write: readers reload the category tree. */
export const CATEGORIES_CHANGED = "#categories";
/** `recent` is cut back to this many ids once it holds twice as many (FerretDB ignores $slice). */
export const RECENT_KEPT = 256;

type ChangeListener = () => void;
const listeners = new Set<ChangeListener>();

/** Called after every catalogue write this process makes (the local read model turns stale). */
export function onLocalCatalogChange(listener: ChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Records that these products (or `CATEGORIES_CHANGED` / `ALL_PRODUCTS`) changed: one atomic
 * write. A failure is logged by the caller's hook and healed by the readers' periodic full reload.
 */
export async function recordCatalogChange(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const listener of listeners) listener();
  const changed = ids.length > 8 ? [ALL_PRODUCTS] : ids;
  const after = await CatalogVersion.findOneAndUpdate(
    { _id: CATALOG_VERSION_ID },
    {
      $inc: { version: changed.length },
      $push: { recent: { $each: changed } },
      $setOnInsert: { epoch: randomUUID() },
    },
    { upsert: true, new: true, lean: true },
  );
  for (const listener of listeners) listener();
  if (after && after.recent.length > 2 * RECENT_KEPT)
    // Compare-and-set on the version: a trim never drops an id written after this read.
    await CatalogVersion.updateOne(
      { _id: CATALOG_VERSION_ID, version: after.version },
      { $set: { recent: after.recent.slice(-RECENT_KEPT) } },
    );
}

/** Update paths that never change what a listing shows (checkout bookkeeping, summary versions). */
const INVISIBLE_PATHS =
  /^(stockReservations|stockLedgerOutbox|stockLedgerOpened|ratingsVersion|reviewsVersion)(\.|$)/;

function changesVisibleFields(update: unknown): boolean {
  if (!update || typeof update !== "object" || Array.isArray(update)) return true;
  for (const [key, value] of Object.entries(update)) {
    if (!key.startsWith("$")) {
      if (!INVISIBLE_PATHS.test(key) && key !== "updatedAt") return true;
      continue;
    }
    if (!value || typeof value !== "object") return true;
    for (const path of Object.keys(value))
      if (!INVISIBLE_PATHS.test(path) && path !== "updatedAt") return true;
  }
  return false;
}

/** The ids a query's filter names, or ALL_PRODUCTS when it does not name them. */
function idsOfFilter(filter: Record<string, unknown>): string[] {
  const id = filter._id as unknown;
  if (id instanceof mongoose.Types.ObjectId || typeof id === "string") return [String(id)];
  if (id && typeof id === "object" && Array.isArray((id as { $in?: unknown }).$in))
    return (id as { $in: unknown[] }).$in.map(String);
  return [ALL_PRODUCTS];
}

async function recordQuietly(ids: string[]) {
  try {
    await recordCatalogChange(ids);
  } catch (error) {
    await modelServices().warn(
      error,
      "catalogue change not recorded (readers heal on full reload)",
    );
  }
}

/**
 * Mongoose plugin: every product write through mongoose (the shop's services, the stock updates,
 * the seed, the test factories) records its change after it succeeds; a write that changed
 * nothing, or only fields no listing shows, records nothing.
 */
export function trackCatalogChanges(schema: Schema, options: { marker?: string } = {}) {
  const record = (ids: string[]) => recordQuietly(options.marker ? [options.marker] : ids);
  afterEffectiveWrites(schema, async (write) => {
    if (write.kind === "documents") return record(write.ids);
    if (!changesVisibleFields(write.update)) return;
    await record(write.ids ?? idsOfFilter(write.filter));
  });
}
