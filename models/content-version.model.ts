import { randomUUID } from "node:crypto";
import mongoose, { Schema } from "mongoose";
import { afterEffectiveWrites } from "./effective-writes.js";
import { modelServices } from "./model-services.js";

/**
 * One small document per kind of storefront content an instance keeps a copy of (`_id: "popups"`,
 * collection `content_versions`): `version` goes up by one with every write of that content, so
 * each instance checks its copy with a tiny read by `_id` instead of reading the content again;
 * `epoch` is new whenever the document is (a wiped or restored database), so an instance can tell
 * "nothing changed" from "start over". server/lib/versioned-copy.ts reads it.
 */
const ContentVersionSchema = new Schema(
  {
    _id: { type: String },
    epoch: { type: String, required: true },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, collection: "content_versions" },
);

export interface ContentVersionFields {
  _id: string;
  epoch: string;
  version: number;
}

export const ContentVersion =
  (mongoose.models.ContentVersion as mongoose.Model<ContentVersionFields>) ??
  mongoose.model("ContentVersion", ContentVersionSchema);

type ChangeListener = () => void;
const listeners = new Map<string, Set<ChangeListener>>();

/** Called after every write of `id`'s content this process makes (its own copy turns stale). */
export function onLocalContentChange(id: string, listener: ChangeListener): () => void {
  const set = listeners.get(id) ?? new Set<ChangeListener>();
  listeners.set(id, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** Records a change of `id`'s content: one atomic `$inc`; this process's copies drop at once. */
export async function recordContentChange(id: string): Promise<void> {
  const notify = () => listeners.get(id)?.forEach((listener) => listener());
  // Before and after: a read running meanwhile is not kept as current (versioned-copy.ts).
  notify();
  try {
    await ContentVersion.updateOne(
      { _id: id },
      { $inc: { version: 1 }, $setOnInsert: { epoch: randomUUID() } },
      { upsert: true },
    );
  } finally {
    notify();
  }
}

async function recordQuietly(id: string) {
  try {
    await recordContentChange(id);
  } catch (error) {
    await modelServices().warn(
      error,
      `content change of ${id} not recorded (readers heal on reload)`,
    );
  }
}

/**
 * Mongoose plugin: every write of the schema's documents through mongoose (the services, the seed,
 * the test factories) records a change of `id` once it has succeeded; a write that changed nothing
 * records nothing, so a refused request leaves the database as it was.
 */
export function trackContentChanges(schema: Schema, id: string): void {
  afterEffectiveWrites(schema, () => recordQuietly(id));
}
