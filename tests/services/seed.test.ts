import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { Category } from "../../models/category.model";
import { PopupImage } from "../../models/popup-image.model";
import { Product } from "../../models/product.model";
import { PromoCode } from "../../models/promo-code.model";
import { SizeGuide } from "../../models/size-guide.model";
import { User } from "../../models/user.model";
import { DEMO_CUSTOMER, REACHABLE_SEED_LINE, seedDatabase } from "../../server/seed/seed";
import { getImageStore } from "../../server/storage";
import { withEnv } from "../setup/env";
import { POPUP_IMAGE_WIDTHS } from "#contract/images";

async function snapshot() {
  const strip = (docs: object[]) => JSON.stringify(docs);
  return {
    categories: strip(await Category.find().sort({ slug: 1 }).lean()),
    products: strip(await Product.find().sort({ slug: 1 }).lean()),
    promos: strip(await PromoCode.find().sort({ code: 1 }).lean()),
    popups: strip(await PopupImage.find().sort({ sequence: 1 }).lean()),
    guides: strip(await SizeGuide.find().lean()),
    users: strip(await User.find().sort({ email: 1 }).lean()),
  };
}

describe("seedDatabase", () => {
  beforeAll(async () => {
    await seedDatabase();
  });

  it("builds the demo shop of the foundation issue", async () => {
    const parents = await Category.find({ parentCategory: null }).lean();
    expect(parents.map((category) => category.name).sort()).toEqual(["Kids", "Men", "Women"]);
    expect(await Category.countDocuments({ level: 2 })).toBe(12);
    const products = await Product.find().lean();
    expect(products.length).toBeGreaterThanOrEqual(48);
    for (const product of products) {
      expect(product.price).toBeGreaterThanOrEqual(350);
      expect(product.price).toBeLessThanOrEqual(3500);
      expect(product.variants.length).toBeGreaterThan(0);
      expect(product.quantity).toBe(
        product.variants.reduce((sum, variant) => sum + variant.stock, 0),
      );
      expect(product.imageUrl).toMatch(/^\/uploads\/products\/.+-800\.webp$/);
    }
    expect(
      products.filter((product) => product.discountedPrice < product.price).length,
    ).toBeGreaterThan(0);
    expect(await PromoCode.countDocuments()).toBe(3);
    expect(await PopupImage.countDocuments({ isActive: true })).toBe(3);
    // Each campaign image at every popup width, as an upload is (the storefront's srcset).
    for (const popup of await PopupImage.find().lean()) {
      expect(popup.imagePath).toMatch(/^uploads\/popups\/seed-campaign-\d-800\.webp$/);
      for (const width of POPUP_IMAGE_WIDTHS) {
        const key = popup.imagePath.replace(/^uploads\/(.*)-800\.webp$/, `$1-${width}.webp`);
        expect(await getImageStore().stat(key)).toBeDefined();
      }
    }
    expect(await SizeGuide.countDocuments()).toBe(1);
    expect(await User.countDocuments({ role: "ADMIN", email: "admin@tweest.local" })).toBe(1);
    expect(await User.countDocuments({ role: "CUSTOMER" })).toBe(1);
  });

  it("changes nothing when run again", async () => {
    const before = await snapshot();
    await seedDatabase();
    expect(await snapshot()).toEqual(before);
  });
});

describe("seedDatabase on a development start other machines can reach", () => {
  it("adds the demo catalogue but never the demo customer or the promo codes", async () => {
    // The same shop without its published sign-in and codes (the catalogue's images stay: fast).
    await Promise.all([User.deleteMany({}), PromoCode.deleteMany({}), Product.deleteMany({})]);
    const lines: string[] = [];
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "tweest-reachable-seed-"));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    await withEnv(
      {
        NODE_ENV: "development",
        // A development start keeps its generated secrets there.
        DATA_DIR: dataDir,
        HOST: "0.0.0.0",
        ADMIN_PASSWORD: "an-owner-chosen-password",
      },
      () => seedDatabase((line) => lines.push(line)),
    );
    expect(await Product.countDocuments()).toBeGreaterThanOrEqual(48);
    expect(await PopupImage.countDocuments({ isActive: true })).toBe(3);
    expect(await PromoCode.countDocuments()).toBe(0);
    expect(await User.exists({ email: DEMO_CUSTOMER.email })).toBeNull();
    const admin = await User.findOne({ email: "admin@tweest.local" }).select("+password");
    expect(await admin!.checkPassword("an-owner-chosen-password")).toBe(true);
    expect(lines).toContain(REACHABLE_SEED_LINE);
  });
});
