/**
 * Search input a shopper pastes rather than types: zero-width characters (ZWSP from social posts,
 * ZWJ/ZWNJ that Bangla keyboards put inside conjuncts such as র‍্য) are invisible, so a search
 * must not depend on them, in the query or in the catalogue (docs/security.md).
 */
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { Product } from "../../models/product.model";
import { createApp } from "../../server/app";
import { createProduct } from "../factories/product";
import { clearDatabase } from "../setup/db";

const app = createApp();

beforeAll(async () => {
  await clearDatabase();
  const silk = await createProduct({ title: "Silk Panjabi", slug: "silk-panjabi" });
  await Product.updateOne({ _id: silk._id }, { titleBn: "সিল্ক পাঞ্জাবি" });
  // Written in the back office with a ZWJ (র‍্য: the ya-phala form after র).
  const shawl = await createProduct({ title: "Wrap Shawl", slug: "wrap-shawl" });
  await Product.updateOne({ _id: shawl._id }, { titleBn: "র\u200d্যাপ শাল" });
});

const found = async (search: string) => {
  const answer = await request(app).get("/api/products").query({ search });
  expect(answer.status).toBe(200);
  return (answer.body.content as { slug: string }[]).map((product) => product.slug);
};

describe("a search with invisible characters", () => {
  it("finds what the same visible text finds (a title written with a ZWJ was found by nothing)", async () => {
    for (const search of ["pan\u200bjabi", "\ufeffসিল্ক", "পাঞ্\u200cজাবি", "সি\u200dল্ক"])
      expect(await found(search), search).toEqual(["silk-panjabi"]);
    // The catalogue's ZWJ does not hide the product from a search typed without it.
    for (const search of ["র্যাপ", "rap", "র\u200d্যাপ"])
      expect(await found(search), search).toEqual(["wrap-shawl"]);
  });
});
