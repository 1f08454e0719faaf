import type { Query, Schema } from "mongoose";

/**
 * What a write through mongoose changed, as far as its hook can tell: the documents it saved or
 * deleted by id, or a query's filter and update (`ids` when the write returned its document).
 */
export type EffectiveWrite =
  | { kind: "documents"; ids: string[] }
  | { kind: "query"; filter: Record<string, unknown>; update: unknown; ids?: string[] };

type AnyQuery = Query<unknown, unknown>;
type WriteResult = {
  modifiedCount?: number;
  upsertedCount?: number;
  deletedCount?: number;
} | null;

const idsOf = (docs: { _id?: unknown }[]) => docs.map((doc) => String(doc._id));

/**
 * Mongoose plugin's core: calls `changed` after every write of the schema's documents that
 * changed something, and never for one that did not (an update that matched nothing or set what
 * was there, a delete of an id that is not there): a refused request leaves every record of
 * changes as it was. Covers saves, inserts, bulk writes, query updates and deletes and the
 * find-and-modify family; a document's own updateOne/deleteOne runs as a query by its `_id` and
 * is heard as one.
 */
export function afterEffectiveWrites(
  schema: Schema,
  changed: (write: EffectiveWrite) => Promise<void>,
): void {
  const query = (self: AnyQuery, ids?: string[]): EffectiveWrite => ({
    kind: "query",
    filter: self.getFilter(),
    update: self.getUpdate(),
    ids,
  });
  schema.post("save", async (doc: { _id?: unknown }) =>
    changed({ kind: "documents", ids: idsOf([doc]) }),
  );
  schema.post("insertMany", async (docs: { _id?: unknown }[]) =>
    changed({ kind: "documents", ids: idsOf(docs) }),
  );
  schema.post("bulkWrite", async function (outcome) {
    const result = outcome as WriteResult & { insertedCount?: number };
    if (
      result?.modifiedCount ||
      result?.upsertedCount ||
      result?.deletedCount ||
      result?.insertedCount
    )
      await changed({ kind: "query", filter: {}, update: undefined });
  });
  for (const name of ["updateOne", "updateMany", "replaceOne"] as const)
    schema.post(name, { query: true, document: false }, async function (this: AnyQuery, outcome) {
      const result = outcome as WriteResult;
      if (result?.modifiedCount || result?.upsertedCount) await changed(query(this));
    });
  for (const name of ["deleteOne", "deleteMany"] as const)
    schema.post(name, { query: true, document: false }, async function (this: AnyQuery, outcome) {
      if ((outcome as WriteResult)?.deletedCount) await changed(query(this));
    });
  for (const name of ["findOneAndUpdate", "findOneAndDelete", "findOneAndReplace"] as const)
    schema.post(name, { query: true, document: false }, async function (this: AnyQuery, doc) {
      const found = doc as { _id?: unknown } | null;
      // An upsert that created the document returns null unless asked for the new one.
      if (found?._id) await changed(query(this, [String(found._id)]));
      else if (this.getOptions().upsert) await changed(query(this));
    });
}
