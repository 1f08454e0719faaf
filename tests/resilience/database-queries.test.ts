import mongoose from "mongoose";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * Equality filters answer exactly what MongoDB answers. The embedded FerretDB is patched to hand
 * top-level equalities to SQLite (so a lookup by `guestId` or `{_id, stock guard}` no longer reads
 * the whole collection); these cases pin the semantics that patch must keep: arrays holding the
 * value match, other types do not, escaped strings still match. Runs on MongoDB too.
 */
type Sample = { _id: mongoose.Types.ObjectId; tag: string; f?: unknown; g?: unknown; n?: number };

const owner = new mongoose.Types.ObjectId();
const other = new mongoose.Types.ObjectId();
const ids = Array.from({ length: 14 }, () => new mongoose.Types.ObjectId());
const samples: Sample[] = [
  { _id: ids[0], tag: "string", f: "x", n: 1 },
  { _id: ids[1], tag: "array-with", f: ["a", "x"], n: 2 },
  { _id: ids[2], tag: "array-without", f: ["a", "b"], n: 3 },
  { _id: ids[3], tag: "other-string", f: "y", n: 4 },
  { _id: ids[4], tag: "missing", n: 5 },
  { _id: ids[5], tag: "null", f: null, n: 6 },
  { _id: ids[6], tag: "number", f: 7, n: 7 },
  { _id: ids[7], tag: "object", f: { x: 1 }, n: 8 },
  { _id: ids[8], tag: "objectid", f: owner, n: 9 },
  { _id: ids[9], tag: "objectid-array", f: [other, owner], n: 10 },
  { _id: ids[10], tag: "quote", f: 'say "hi"', n: 11 },
  { _id: ids[11], tag: "unicode", f: "পাঞ্জাবি <b>", n: 12 },
  { _id: ids[12], tag: "hex-string", f: owner.toHexString(), n: 13 },
  { _id: ids[13], tag: "two-fields", f: "x", g: "z", n: 14 },
];

function collection() {
  const db = mongoose.connection.db;
  if (!db) throw new Error("not connected");
  return db.collection<Sample>("pushdown_samples");
}

async function tags(filter: Record<string, unknown>): Promise<string[]> {
  const found = await collection().find(filter).toArray();
  return found.map((doc) => doc.tag).sort();
}

beforeAll(async () => {
  await collection().deleteMany({});
  await collection().insertMany(samples);
});

describe("equality filters", () => {
  it("match a string field and arrays holding the string, nothing else", async () => {
    expect(await tags({ f: "x" })).toEqual(["array-with", "string", "two-fields"]);
    expect(await collection().countDocuments({ f: "x" })).toBe(3);
  });

  it("match ObjectIds by type, not by their hex text", async () => {
    expect(await tags({ f: owner })).toEqual(["objectid", "objectid-array"]);
    expect(await tags({ f: owner.toHexString() })).toEqual(["hex-string"]);
  });

  it("match strings that JSON escapes", async () => {
    expect(await tags({ f: 'say "hi"' })).toEqual(["quote"]);
    expect(await tags({ f: "পাঞ্জাবি <b>" })).toEqual(["unicode"]);
  });

  it("combine _id, several fields and operators", async () => {
    expect(await tags({ _id: ids[13], f: "x", g: "z" })).toEqual(["two-fields"]);
    expect(await tags({ _id: ids[13], f: "y" })).toEqual([]);
    expect(await tags({ _id: ids[1], f: "x", n: { $gte: 2 } })).toEqual(["array-with"]);
    expect(await tags({ _id: ids[1], f: "x", n: { $gte: 3 } })).toEqual([]);
    expect(await tags({ f: "x", n: { $lt: 14 } })).toEqual(["array-with", "string"]);
  });

  it("apply to updates, deletes and findOneAndUpdate the same way", async () => {
    const updated = await collection().updateMany({ f: "x" }, { $inc: { n: 100 } });
    expect(updated.modifiedCount).toBe(3);
    const guarded = await collection().updateOne(
      { _id: ids[0], f: "x", n: { $gte: 200 } },
      { $inc: { n: 1 } },
    );
    expect(guarded.modifiedCount).toBe(0);
    const claimed = await collection().findOneAndUpdate(
      { _id: ids[1], f: "x" },
      { $set: { g: "claimed" } },
      { returnDocument: "after" },
    );
    expect(claimed?.g).toBe("claimed");
    const deleted = await collection().deleteMany({ f: owner });
    expect(deleted.deletedCount).toBe(2);
    expect(await collection().countDocuments({})).toBe(samples.length - 2);
  });
});
