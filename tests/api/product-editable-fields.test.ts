/**
 * A product's editable fields are declared once (the contract's ProductEditableFields): the editor
 * sends each, an update stores each, and a save that loses a race to a sale carries each over. A
 * field declared and forgotten by one of them fails here (and EXPECTED below fails the type check).
 */
import request from "supertest";
import { beforeEach, expect, it } from "vitest";
import { Product } from "../../models/product.model";
import { createApp } from "../../server/app";
import { ADMIN_EDITED_FIELDS } from "../../server/services/products.service";
import {
  PRODUCT_EDITABLE_KEYS,
  PRODUCT_PLAIN_KEYS,
  type ProductPlainKey,
} from "#contract/schemas/catalog";
import { editorPayload, productFormData } from "../../app/components/admin/product-form-data";
import { createAdmin } from "../factories/user";
import { useSeededCatalog } from "../setup/catalog";

const app = createApp();
const seeded = useSeededCatalog();
let admin: { Authorization: string };

beforeEach(async () => {
  admin = { Authorization: `Bearer ${(await createAdmin()).token}` };
});

const sorted = (keys: Iterable<string>) => [...keys].sort();

/** What the editor's form below makes the product store, field by field. */
const EXPECTED: Record<ProductPlainKey, unknown> = {
  title: "Renamed Tee",
  slug: "renamed-tee",
  description: "New words",
  titleBn: "নতুন টি-শার্ট",
  descriptionBn: "নতুন কথা",
  brand: "Other Brand",
  price: 1500,
  discountedPrice: 1400,
  isActive: false,
  isFeatured: true,
};

function editorForm(category: string) {
  const product = seeded.products.classic;
  return editorPayload(
    {
      title: "Renamed Tee",
      slug: "renamed-tee",
      description: "New words",
      titleBn: "নতুন টি-শার্ট",
      descriptionBn: "নতুন কথা",
      brand: "Other Brand",
      price: "1500",
      discountedPrice: "1400",
      category,
      isActive: false,
    },
    product.variants.map(({ color, size, stock, sku }) => ({ color, size, stock, sku: sku! })),
    { isFeatured: true },
  );
}

it("the editor sends every editable field", () => {
  const payload = editorForm(String(seeded.categories.women._id));
  expect(sorted(Object.keys(payload))).toEqual(sorted(PRODUCT_EDITABLE_KEYS));
  expect(sorted(productFormData(payload).keys())).toEqual(sorted(PRODUCT_EDITABLE_KEYS));
});

it("an update through the editor's form data stores every editable field", async () => {
  const women = seeded.categories.women;
  const update = request(app).put(`/api/admin/products/${String(seeded.products.classic._id)}`);
  update.set(admin);
  for (const [field, value] of productFormData(editorForm(String(women._id))).entries())
    update.field(field, String(value));
  const answer = await update;
  expect(answer.status).toBe(200);
  const stored = (await Product.findById(seeded.products.classic._id).lean())!;
  expect(Object.fromEntries(PRODUCT_PLAIN_KEYS.map((field) => [field, stored[field]]))).toEqual(
    EXPECTED,
  );
  expect(String(stored.category)).toBe(String(women._id));
});

it("a save that misses a sale carries every editable field over to the fresh product", () => {
  expect(sorted(ADMIN_EDITED_FIELDS)).toEqual(
    sorted([
      ...PRODUCT_EDITABLE_KEYS.filter((field) => field !== "variants"),
      "categoryName",
      "categoryPath",
      "images",
    ]),
  );
});
