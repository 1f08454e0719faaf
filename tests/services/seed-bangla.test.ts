import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { Category } from "../../models/category.model";
import { PopupImage } from "../../models/popup-image.model";
import { Product } from "../../models/product.model";
import { SizeGuide } from "../../models/size-guide.model";
import { createApp } from "../../server/app";
import { seedDatabase } from "../../server/seed/seed";
import { clearDatabase } from "../setup/db";

/** Bangla script (the Bengali block): what every Bangla demo text must be written in. */
const BANGLA = /^[\u0980-\u09ff\s,।\-০-৯৳A-Z0-9]+$/u;

describe("the demo seed in Bangla", () => {
  beforeAll(async () => {
    await clearDatabase();
    await seedDatabase();
  });

  it("gives every category and product a Bangla name and description", async () => {
    const categories = await Category.find().lean();
    expect(categories.length).toBe(15);
    for (const category of categories) expect(category.nameBn).toMatch(BANGLA);
    const products = await Product.find().lean();
    expect(products.length).toBeGreaterThanOrEqual(48);
    for (const product of products) {
      expect(product.titleBn).toMatch(BANGLA);
      expect(product.descriptionBn).toMatch(BANGLA);
    }
    const panjabi = products.find((product) => product.slug === "men-panjabi-heritage")!;
    expect(panjabi.titleBn).toBe("হেরিটেজ পাঞ্জাবি");
    expect(panjabi.descriptionBn).toBe(
      "ছেলেদের হেরিটেজ পাঞ্জাবি, বাংলাদেশের আবহাওয়ার উপযোগী আরামদায়ক কাপড়ে তৈরি। মেশিনে ধোয়া যায়।",
    );
    expect(products.find((product) => product.slug === "kids-t-shirts-classic")!.titleBn).toBe(
      "ক্লাসিক শিশুদের টি-শার্ট",
    );
    for (const popup of await PopupImage.find().lean()) expect(popup.titleBn).toMatch(BANGLA);
    expect((await SizeGuide.findOne().lean())!.nameBn).toBe("ছেলেদের টি-শার্ট");
  });

  it("is found by Bangla, English and misspelt searches alike", async () => {
    const app = createApp();
    const slugsFor = async (search: string) => {
      const answer = await request(app).get("/api/products").query({ search, pageSize: 60 });
      expect(answer.status).toBe(200);
      return (answer.body.content as { slug: string }[]).map((product) => product.slug).sort();
    };
    const panjabi = await slugsFor("পাঞ্জাবি");
    expect(panjabi).toHaveLength(8);
    expect(panjabi.every((slug) => slug.includes("panjabi"))).toBe(true);
    expect(await slugsFor("panjabi")).toEqual(panjabi);
    expect(await slugsFor("panjbi")).toEqual(panjabi);
    expect(await slugsFor("হুডি")).toEqual(await slugsFor("hoodie"));
  });
});
