/**
 * The record of changes behind the in-process copies (catalogue and content versions) hears of a
 * write only when it changed something: every kind of mongoose write, once with a change and once
 * without, against the real database.
 */
import mongoose, { Schema } from "mongoose";
import { beforeEach, describe, expect, it } from "vitest";
import { afterEffectiveWrites, type EffectiveWrite } from "../../models/effective-writes";

const heard: EffectiveWrite[] = [];
const NoteSchema = new Schema({ title: String, count: Number }, { collection: "effective_notes" });
afterEffectiveWrites(NoteSchema, async (write) => {
  heard.push(write);
});
const Note = mongoose.model("EffectiveNote", NoteSchema);

/** The kinds and ids heard since the last call. */
function take() {
  const kinds = heard.map((write) => [
    write.kind,
    write.kind === "documents" ? write.ids : (write.ids ?? null),
  ]);
  heard.length = 0;
  return kinds;
}

beforeEach(async () => {
  await Note.deleteMany({});
  heard.length = 0;
});

describe("a write is heard only when it changed something", () => {
  it("saves and inserts, by their documents' ids", async () => {
    const note = await Note.create({ title: "a", count: 1 });
    const [second] = await Note.insertMany([{ title: "b", count: 2 }]);
    expect(take()).toEqual([
      ["documents", [String(note._id)]],
      ["documents", [String(second!._id)]],
    ]);
  });

  it("query updates: matched and changed, matched but unchanged, matched nothing", async () => {
    const note = await Note.create({ title: "a", count: 1 });
    take();
    await Note.updateOne({ _id: note._id }, { $set: { count: 2 } });
    const [write] = heard;
    expect(write).toMatchObject({ kind: "query", filter: { _id: note._id } });
    expect((write as { update: unknown }).update).toMatchObject({ $set: { count: 2 } });
    take();
    await Note.updateOne({ _id: note._id }, { $set: { count: 2 } });
    await Note.updateMany({ title: "nobody" }, { $set: { count: 3 } });
    await Note.replaceOne({ title: "nobody" }, { title: "z" });
    expect(take()).toEqual([]);
    await Note.updateMany({}, { $inc: { count: 1 } });
    await Note.updateOne({ title: "new" }, { $set: { count: 1 } }, { upsert: true });
    expect(take()).toEqual([
      ["query", null],
      ["query", null],
    ]);
  });

  it("deletes: of a document that is there, and of one that is not", async () => {
    const note = await Note.create({ title: "a", count: 1 });
    take();
    await Note.deleteOne({ _id: new mongoose.Types.ObjectId() });
    await Note.deleteMany({ title: "nobody" });
    expect(take()).toEqual([]);
    await Note.deleteOne({ _id: note._id });
    expect(take()).toEqual([["query", null]]);
  });

  it("find-and-modify: by the found document's id; an upsert that made one; nothing found", async () => {
    const note = await Note.create({ title: "a", count: 1 });
    take();
    await Note.findOneAndUpdate({ _id: note._id }, { $set: { count: 5 } });
    await Note.findOneAndUpdate({ title: "made" }, { $set: { count: 1 } }, { upsert: true });
    await Note.findOneAndDelete({ title: "nobody" });
    expect(take()).toEqual([
      ["query", [String(note._id)]],
      ["query", null],
    ]);
  });

  it("bulk writes, with and without a change", async () => {
    const note = await Note.create({ title: "a", count: 1 });
    take();
    await Note.bulkWrite([
      { updateOne: { filter: { _id: note._id }, update: { $set: { count: 1 } } } },
    ]);
    expect(take()).toEqual([]);
    await Note.bulkWrite([
      { updateOne: { filter: { _id: note._id }, update: { $set: { count: 9 } } } },
    ]);
    expect(take()).toEqual([["query", null]]);
  });

  it("a document's own updateOne and deleteOne, as queries by its id", async () => {
    const note = await Note.create({ title: "a", count: 1 });
    take();
    await note.updateOne({ $set: { count: 1 } });
    expect(take()).toEqual([]);
    await note.updateOne({ $set: { count: 4 } });
    await note.deleteOne();
    expect(heard.map((write) => write.kind === "query" && String(write.filter._id))).toEqual([
      String(note._id),
      String(note._id),
    ]);
  });
});
