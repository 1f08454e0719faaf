import sharp from "sharp";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { Product } from "../../models/product.model";
import { createApp } from "../../server/app";
import { createAdmin } from "../factories/user";
import { createCategory } from "../factories/category";
import { createProduct } from "../factories/product";
import { clearDatabase } from "../setup/db";

/** Bangla catalogue fields through the admin API, and search in both languages (issue 20). */
const app = createApp();
let adminToken: string;
const names = new Map<string, string>();

const admin = (call: request.Test) => call.set("Authorization", `Bearer ${adminToken}`);

beforeAll(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
  const men = await createCategory({ name: "Men", slug: "men" });
  const ethnic = await createCategory({ name: "Ethnic Wear", slug: "ethnic-wear", parent: men });
  await ethnic.updateOne({ nameBn: "দেশি পোশাক" });
  const add = async (
    name: string,
    title: string,
    bangla: { titleBn?: string; descriptionBn?: string },
    description: string,
    day: number,
  ) => {
    const product = await createProduct({
      title,
      slug: name,
      description,
      price: 1500,
      discountedPrice: 1500,
      images: [],
      categoryPath: [men, ethnic],
      variants: [{ color: "White", size: "M", stock: 4 }],
      createdAt: new Date(Date.UTC(2026, 0, day)),
    });
    if (Object.keys(bangla).length > 0) await Product.updateOne({ _id: product._id }, bangla);
    names.set(String(product._id), name);
  };
  await add("silk-panjabi", "Silk Panjabi", { titleBn: "সিল্ক পাঞ্জাবি" }, "Half silk.", 1);
  // Only its Bangla title says panjabi (with the long ী): found by `panjabi` all the same.
  await add("eid-special", "Eid Special", { titleBn: "ঈদের পাঞ্জাবী" }, "Festive.", 2);
  // Newest, but "panjabi" is only in its Bangla description: listed after the title matches.
  await add(
    "cotton-pajama",
    "Cotton Pajama",
    { titleBn: "সুতি পায়জামা", descriptionBn: "যেকোনো পাঞ্জাবির সাথে মানায়।" },
    "Soft.",
    3,
  );
  await add("zip-hoodie", "Zip Hoodie", { titleBn: "জিপ হুডি" }, "Fleece lined.", 4);
  await add("plain-tee", "Plain Tee", {}, "Cotton.", 5);
});

async function search(query: string): Promise<string[]> {
  const answer = await request(app).get("/api/products").query({ search: query });
  expect(answer.status).toBe(200);
  return (answer.body.content as { _id: string }[]).map((product) => names.get(product._id)!);
}

describe("search in Bangla and English", () => {
  it("finds panjabi from Bangla, from English and from a misspelling, title matches first", async () => {
    const expected = ["eid-special", "silk-panjabi", "cotton-pajama"];
    expect(await search("পাঞ্জাবি")).toEqual(expected);
    expect(await search("panjabi")).toEqual(expected);
    expect(await search("panjbi")).toEqual(expected);
    // The other spelling of the vowel, and text in decomposed Unicode (NFD), are the same word.
    expect(await search("পাঞ্জাবী")).toEqual(expected);
    expect(await search("পাঞ্জাবি".normalize("NFD"))).toEqual(expected);
  });

  it("matches Bangla words as they are typed, by prefix and in the category's Bangla name", async () => {
    expect(await search("হুডি")).toEqual(["zip-hoodie"]);
    expect(await search("hudi")).toEqual(["zip-hoodie"]);
    expect(await search("পায়জা")).toEqual(["cotton-pajama"]);
    expect(await search("সিল্ক পাঞ্জাবি")).toEqual(["silk-panjabi"]);
    expect(await search("দেশি")).toHaveLength(5);
    expect(await search("শাড়ি")).toEqual([]);
  });

  it("suggests products for a Bangla query", async () => {
    const answer = await request(app).get("/api/products/suggest").query({ q: "পাঞ্জা" });
    expect(answer.status).toBe(200);
    const suggested = answer.body.products as { titleBn: string; categoryNameBn: string }[];
    expect(suggested.map((product) => product.titleBn)).toEqual([
      "ঈদের পাঞ্জাবী",
      "সিল্ক পাঞ্জাবি",
      "সুতি পায়জামা",
    ]);
    expect(suggested[0].categoryNameBn).toBe("দেশি পোশাক");
  });
});

describe("Bangla fields in the admin API", () => {
  it("creates, returns and updates a product's Bangla title and description", async () => {
    const category = (await request(app).get("/api/categories")).body[0] as { _id: string };
    const created = await admin(request(app).post("/api/admin/products"))
      .field("title", "Maroon Panjabi")
      .field("titleBn", "মেরুন পাঞ্জাবি")
      .field("descriptionBn", "আরামদায়ক সুতি।")
      .field("price", "2200")
      .field("discountedPrice", "1980")
      .field("category", category._id)
      .field("variants", JSON.stringify([{ color: "Maroon", size: "M", stock: 4 }]));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: "Maroon Panjabi",
      titleBn: "মেরুন পাঞ্জাবি",
      descriptionBn: "আরামদায়ক সুতি।",
    });
    const id = created.body._id as string;
    const shown = await request(app).get(`/api/products/id/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.titleBn).toBe("মেরুন পাঞ্জাবি");

    const updated = await admin(request(app).put(`/api/admin/products/${id}`)).field(
      "titleBn",
      "লাল পাঞ্জাবি",
    );
    expect(updated.status).toBe(200);
    expect(updated.body.titleBn).toBe("লাল পাঞ্জাবি");
    expect(updated.body.descriptionBn).toBe("আরামদায়ক সুতি।");
    const cleared = await admin(request(app).put(`/api/admin/products/${id}`)).field(
      "descriptionBn",
      "",
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty("descriptionBn");

    const tooLong = await admin(request(app).put(`/api/admin/products/${id}`)).field(
      "titleBn",
      "ক".repeat(201),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([expect.objectContaining({ path: "titleBn" })]);
    expect((await Product.findById(id).lean())!.titleBn).toBe("লাল পাঞ্জাবি");
  });

  it("stores Bangla text in NFC and answers it in every category answer", async () => {
    const created = await admin(request(app).post("/api/admin/categories")).send({
      name: "Saree",
      nameBn: "শাড়ি".normalize("NFD"),
    });
    expect(created.status).toBe(201);
    expect(created.body.nameBn).toBe("শাড়ি".normalize("NFC"));
    const listed = (await request(app).get("/api/categories")).body as {
      name: string;
      nameBn: string;
    }[];
    expect(listed.find((category) => category.name === "Saree")?.nameBn).toBe("শাড়ি");
    // No Bangla name written: none answered, the storefront shows the English.
    expect(listed.find((category) => category.name === "Men")).not.toHaveProperty("nameBn");
    const renamed = await admin(request(app).put(`/api/admin/categories/${created.body._id}`)).send(
      { nameBn: "শাড়ি ও থ্রি-পিস" },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.nameBn).toBe("শাড়ি ও থ্রি-পিস");
    const refused = await admin(request(app).put(`/api/admin/categories/${created.body._id}`)).send(
      { nameBn: 42 },
    );
    expect(refused.status).toBe(400);
  });

  it("keeps a size guide's Bangla name and note", async () => {
    const created = await admin(request(app).post("/api/admin/size-guides")).send({
      name: "Panjabi sizes",
      nameBn: "পাঞ্জাবির মাপ",
      note: "Measured flat.",
      noteBn: "সমতলে মাপা।",
      columns: ["Chest"],
      rows: [{ size: "M", values: ["40"] }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ nameBn: "পাঞ্জাবির মাপ", noteBn: "সমতলে মাপা।" });
    const listed = await request(app).get("/api/size-guides");
    expect(listed.body[0]).toMatchObject({ name: "Panjabi sizes", nameBn: "পাঞ্জাবির মাপ" });
  });

  it("shows a popup's Bangla caption to the storefront", async () => {
    const image = await sharp({
      create: { width: 400, height: 300, channels: 3, background: "#2c3e50" },
    })
      .png()
      .toBuffer();
    const created = await admin(request(app).post("/api/popup-images"))
      .field("title", "Eid sale")
      .field("titleBn", "ঈদ সেল")
      .field("descriptionBn", "৪০% পর্যন্ত ছাড়")
      .attach("image", image, "eid.png");
    expect(created.status).toBe(201);
    const active = await request(app).get("/api/popup-images/active");
    expect(active.body[0]).toMatchObject({
      title: "Eid sale",
      titleBn: "ঈদ সেল",
      descriptionBn: "৪০% পর্যন্ত ছাড়",
    });
    expect((await admin(request(app).delete(`/api/popup-images/${created.body._id}`))).status).toBe(
      200,
    );
  });
});
