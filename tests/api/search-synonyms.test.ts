/**
 * The words shoppers type for clothes (tee, genji, গেঞ্জি, pant) find the demo shop's products
 * through the shop's search synonyms, in the listing and the header's suggestions; the owner's
 * own synonyms take effect when the settings are saved (docs/catalog.md, "Synonyms").
 */
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import type { SynonymGroup } from "#contract/schemas/search-synonyms";
import { createApp } from "../../server/app";
import { buildSeedProducts } from "../../server/seed/seed";
import { createCategory } from "../factories/category";
import { createProduct } from "../factories/product";
import { bearer, createAdmin } from "../factories/user";
import { clearDatabase } from "../setup/db";

const app = createApp();
let adminToken: string;

/** The demo seed's "Classic" garments, with its English and Bangla titles and descriptions. */
const SEEDED = [
  "men-t-shirts-classic",
  "women-t-shirts-classic",
  "kids-t-shirts-classic",
  "men-polo-shirts-classic",
  "men-hoodies-classic",
  "men-panjabi-classic",
  "men-jeans-classic",
  "women-kurti-classic",
];
const TEES = ["kids-t-shirts-classic", "men-t-shirts-classic", "women-t-shirts-classic"];

beforeAll(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
  const categories = new Map<string, Awaited<ReturnType<typeof createCategory>>>();
  for (const seeded of buildSeedProducts().filter((product) => SEEDED.includes(product.slug))) {
    const parentSlug = seeded.categorySlug.split("-")[0];
    const parent =
      categories.get(parentSlug) ?? (await createCategory({ name: parentSlug, slug: parentSlug }));
    categories.set(parentSlug, parent);
    const category =
      categories.get(seeded.categorySlug) ??
      (await createCategory({ name: seeded.categoryName, slug: seeded.categorySlug, parent }));
    categories.set(seeded.categorySlug, category);
    await createProduct({
      title: seeded.title,
      titleBn: seeded.titleBn,
      slug: seeded.slug,
      description: seeded.description,
      descriptionBn: seeded.descriptionBn,
      categoryPath: [parent, category],
      variants: seeded.variants,
    });
  }
});

async function found(search: string): Promise<string[]> {
  const answer = await request(app).get("/api/products").query({ search, pageSize: 60 });
  expect(answer.status).toBe(200);
  return (answer.body.content as { slug: string }[]).map((product) => product.slug).sort();
}

async function suggested(q: string): Promise<string[]> {
  const answer = await request(app).get("/api/products/suggest").query({ q, limit: 10 });
  expect(answer.status).toBe(200);
  return (answer.body.products as { slug: string }[]).map((product) => product.slug).sort();
}

const readSettings = () => request(app).get("/api/admin/settings").set(bearer(adminToken));

/** Loads the settings, lets `edit` change the synonyms, saves with the version loaded. */
async function saveSynonyms(edit: (synonyms: SynonymGroup[]) => unknown[]) {
  const { body: loaded } = await readSettings().expect(200);
  const settings = {
    ...loaded.settings,
    search: { synonyms: edit(loaded.settings.search.synonyms) },
  };
  return request(app)
    .put("/api/admin/settings")
    .set(bearer(adminToken))
    .send({ version: loaded.version, settings });
}

describe("the default synonyms", () => {
  it("find t-shirts for tee, genji and গেঞ্জি, jeans for pant and প্যান্ট", async () => {
    for (const word of ["tee", "genji", "গেঞ্জি", "Genji", "t-shirt", "টি শার্ট"])
      expect(await found(word), word).toEqual(TEES);
    for (const word of ["pant", "pants", "প্যান্ট", "trousers"])
      expect(await found(word), word).toEqual(["men-jeans-classic"]);
    // A synonym narrows like any word: every word of the query must still match.
    expect(await found("men tee")).toEqual(["men-t-shirts-classic"]);
    // The polo shirt is a shirt, not a t-shirt: the `t` of `t shirt` is a whole word.
    expect(await found("shirt")).toEqual([...TEES, "men-polo-shirts-classic"].sort());
  });

  it("apply to the header's suggestions too", async () => {
    expect(await suggested("genji")).toEqual(TEES);
    expect(await suggested("গেঞ্জি")).toEqual(TEES);
    expect(await suggested("pant")).toEqual(["men-jeans-classic"]);
  });

  it("are in the settings an admin reads, in English and Bangla", async () => {
    const { body } = await readSettings().expect(200);
    expect(body.settings.search.synonyms).toContainEqual({
      words: ["genji", "ganji", "গেঞ্জি"],
      alsoFinds: ["t-shirt", "tee", "টি-শার্ট", "vest"],
    });
  });
});

describe("synonyms the owner adds", () => {
  it("take effect once the settings are saved, and stop when removed", async () => {
    expect(await found("eid")).toEqual([]);
    const eid = { words: ["eid", "ঈদ"], alsoFinds: ["panjabi", "kurti"] };
    const saved = await saveSynonyms((synonyms) => [...synonyms, eid]);
    expect(saved.status).toBe(200);
    expect(saved.body.settings.search.synonyms).toContainEqual(eid);
    const festive = ["men-panjabi-classic", "women-kurti-classic"];
    expect(await found("eid")).toEqual(festive);
    expect(await found("ঈদ")).toEqual(festive);
    expect(await suggested("eid")).toEqual(festive);
    // One way: a search for panjabi does not find kurtis.
    expect(await found("panjabi")).toEqual(["men-panjabi-classic"]);

    expect((await saveSynonyms((synonyms) => synonyms.slice(0, -1))).status).toBe(200);
    expect(await found("eid")).toEqual([]);
    expect(await suggested("eid")).toEqual([]);
  });

  it("with no synonyms at all, a search finds what its words find", async () => {
    expect((await saveSynonyms(() => [])).status).toBe(200);
    expect(await found("genji")).toEqual([]);
    expect(await found("tee")).toEqual([]);
    expect(await found("pant")).toEqual([]);
    expect(await found("t-shirt")).toEqual(expect.arrayContaining(TEES));
  });
});

describe("refused synonyms", () => {
  it("are a 400 naming the group and the word, and change nothing", async () => {
    const { body: before } = await readSettings().expect(200);
    const cases: [unknown[], { path: string; message: string }][] = [
      [
        [{ words: ["tee (.*"], alsoFinds: ["t-shirt"] }],
        {
          path: "settings.search.synonyms.0.words.0",
          message: "Letters, digits, spaces, hyphens and apostrophes only",
        },
      ],
      [
        [{ words: ["lungi"], alsoFinds: [] }],
        {
          path: "settings.search.synonyms.0.words",
          message: "A group needs a second word, or something its word also finds",
        },
      ],
      [
        [{ words: ["  "], alsoFinds: ["vest"] }],
        { path: "settings.search.synonyms.0.words.0", message: "Enter a word" },
      ],
      [
        [{ words: ["tee"], alsoFinds: ["x".repeat(41)] }],
        { path: "settings.search.synonyms.0.alsoFinds.0", message: "At most 40 characters" },
      ],
      [
        [{ words: ["a very long five word term"], alsoFinds: ["tee"] }],
        {
          path: "settings.search.synonyms.0.words.0",
          message: "At most 4 words in one term",
        },
      ],
      [
        [{ words: Array.from({ length: 13 }, (_, index) => `tee${index}`), alsoFinds: [] }],
        { path: "settings.search.synonyms.0.words", message: "At most 12 words" },
      ],
      [
        Array.from({ length: 101 }, () => ({ words: ["tee", "t-shirt"], alsoFinds: [] })),
        { path: "settings.search.synonyms", message: "At most 100 synonym groups" },
      ],
    ];
    for (const [synonyms, error] of cases) {
      const refused = await saveSynonyms(() => synonyms);
      expect(refused.status, error.message).toBe(400);
      expect(refused.body.code).toBe("VALIDATION_ERROR");
      expect(refused.body.errors).toEqual([error]);
    }
    const unknownField = await saveSynonyms(() => [{ words: ["tee"], alsoFinds: [], regex: ".*" }]);
    expect(unknownField.status).toBe(400);
    const { body: after } = await readSettings().expect(200);
    expect(after.version).toBe(before.version);
    expect(after.settings.search).toEqual(before.settings.search);
  });
});
