import mongoose from "mongoose";
import { beforeEach, describe, expect, it } from "vitest";
import { clearDatabase } from "../setup/db";

/**
 * MongoDB's promise that one write of one document is atomic, checked through the plain driver
 * (no mongoose model, no shop code) against whatever database the run uses: the embedded
 * FerretDB, patched to apply each write command whole, or a MongoDB when MONGODB_URI is set.
 */
function counters() {
  const db = mongoose.connection.db;
  if (!db) throw new Error("not connected");
  return db.collection<{ _id: string; n: number; log?: number[] }>("atomicity_counters");
}

const ROUNDS = 3;

beforeEach(async () => {
  await clearDatabase();
});

describe("one write, one atomic step", () => {
  it("50 concurrent guarded decrements of a stock of 5 succeed exactly 5 times", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const _id = `stock-${round}`;
      await counters().insertOne({ _id, n: 5 });
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          counters().updateOne({ _id, n: { $gte: 1 } }, { $inc: { n: -1 } }),
        ),
      );
      expect(results.filter((result) => result.modifiedCount === 1)).toHaveLength(5);
      expect((await counters().findOne({ _id }))!.n).toBe(0);
    }
  });

  it("20 concurrent plain $inc of one field all count", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const _id = `count-${round}`;
      await counters().insertOne({ _id, n: 0 });
      await Promise.all(
        Array.from({ length: 20 }, () => counters().updateOne({ _id }, { $inc: { n: 1 } })),
      );
      expect((await counters().findOne({ _id }))!.n).toBe(20);
    }
  });

  it("findOneAndUpdate with a guard hands each unit to one caller only", async () => {
    const _id = "claims";
    await counters().insertOne({ _id, n: 3, log: [] });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, caller) =>
        counters().findOneAndUpdate(
          { _id, n: { $gte: 1 } },
          { $inc: { n: -1 }, $push: { log: caller } },
          { returnDocument: "after" },
        ),
      ),
    );
    const winners = results.filter((result) => result !== null);
    expect(winners).toHaveLength(3);
    const stored = (await counters().findOne({ _id }))!;
    expect(stored.n).toBe(0);
    expect(stored.log).toHaveLength(3);
  });

  it("a guarded delete removes the document for one caller only", async () => {
    await counters().insertOne({ _id: "once", n: 1 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => counters().deleteOne({ _id: "once", n: 1 })),
    );
    expect(results.reduce((sum, result) => sum + result.deletedCount, 0)).toBe(1);
  });

  it("concurrent upserts of one key create one document", async () => {
    await Promise.all(
      Array.from({ length: 20 }, () =>
        counters().updateOne({ _id: "upserted" }, { $inc: { n: 1 } }, { upsert: true }),
      ),
    );
    expect(await counters().countDocuments({ _id: "upserted" })).toBe(1);
    expect((await counters().findOne({ _id: "upserted" }))!.n).toBe(20);
  });
});
