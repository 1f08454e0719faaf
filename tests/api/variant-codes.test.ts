/**
 * Variant codes (docs/packing.md): every variant gets a SKU (generated when not typed, unique
 * across the shop even when saves race) and a barcode (the SKU unless another is given); the
 * packing table finds a variant by either; older products get theirs from a migration that can run
 * twice.
 */
import { Types } from "mongoose";
import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Product } from "../../models/product.model";
import { VariantCode } from "../../models/variant-code.model";
import { createApp } from "../../server/app";
import { giveVariantsCodes } from "../../server/services/variant-codes.service";
import { createCategory } from "../factories/category";
import { createProduct } from "../factories/product";
import { createAdmin, createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";

const app = createApp();
let admin: { Authorization: string };
let categoryId: string;

beforeEach(async () => {
  await clearDatabase();
  admin = { Authorization: `Bearer ${(await createAdmin()).token}` };
  categoryId = String((await createCategory())._id);
});

type Variant = { color: string; size: string; stock?: number; sku?: string; barcode?: string };

function create(title: string, variants: Variant[]) {
  return request(app)
    .post("/api/admin/products")
    .set(admin)
    .send({
      title,
      price: 900,
      discountedPrice: 900,
      category: categoryId,
      variants: variants.map((variant) => ({ stock: 3, ...variant })),
    });
}

const lookup = (code: string, headers: Record<string, string> = admin) =>
  request(app).get("/api/admin/products/lookup").query({ code }).set(headers);

const codesOf = (answer: request.Response) =>
  (answer.body.variants as Variant[]).map(({ color, size, sku, barcode }) => ({
    color,
    size,
    sku,
    barcode,
  }));

describe("codes given on save", () => {
  it("generates readable SKUs from the address, colour and size; the barcode is the SKU", async () => {
    const answer = await create("Festive Panjabi", [
      { color: "Maroon", size: "M" },
      { color: "Navy Blue", size: "XL", sku: " fp-nb-xl " },
      { color: "Olive", size: "L", barcode: "8901234567890" },
    ]);
    expect(answer.status).toBe(201);
    expect(codesOf(answer)).toEqual([
      {
        color: "Maroon",
        size: "M",
        sku: "FESTIVE-PANJABI-MAROON-M",
        barcode: "FESTIVE-PANJABI-MAROON-M",
      },
      { color: "Navy Blue", size: "XL", sku: "FP-NB-XL", barcode: "FP-NB-XL" },
      { color: "Olive", size: "L", sku: "FESTIVE-PANJABI-OLIVE-L", barcode: "8901234567890" },
    ]);
    const claims = await VariantCode.find({ product: answer.body._id }).lean();
    expect(claims.map((claim) => claim._id).sort()).toEqual([
      "8901234567890",
      "FESTIVE-PANJABI-MAROON-M",
      "FESTIVE-PANJABI-OLIVE-L",
      "FP-NB-XL",
    ]);
  });

  it("refuses a code that cannot be scanned back (a space, a Bangla letter)", async () => {
    for (const sku of ["FP M", "শার্ট-১"]) {
      const answer = await create("Festive Panjabi", [{ color: "Maroon", size: "M", sku }]);
      expect(answer.status, sku).toBe(400);
      expect(answer.body.errors, sku).toEqual([
        {
          path: "variants.0.sku",
          message: "Use letters, digits and signs without spaces (A-Z, 0-9, - . /)",
        },
      ]);
    }
  });

  it("refuses a SKU or barcode another product uses, and one code on two variants", async () => {
    const first = await create("First Tee", [{ color: "Black", size: "M", sku: "TEE-1" }]);
    expect(first.status).toBe(201);
    const cases: [Variant[], string][] = [
      [[{ color: "Red", size: "M", sku: "tee-1" }], "The code TEE-1 belongs to another variant"],
      [
        [{ color: "Red", size: "M", sku: "TEE-2", barcode: "TEE-1" }],
        "The code TEE-1 belongs to another variant",
      ],
      [
        [
          { color: "Red", size: "M", sku: "TEE-3" },
          { color: "Red", size: "L", barcode: "TEE-3" },
        ],
        "The code TEE-3 is given to two variants of this product",
      ],
    ];
    for (const [variants, message] of cases) {
      const answer = await create("Second Tee", variants);
      expect(answer.status, message).toBe(409);
      expect(answer.body, message).toEqual({ message, code: "CODE_TAKEN" });
    }
    // Nothing was created, and the refused saves left no claim behind.
    expect(await Product.countDocuments()).toBe(1);
    expect((await VariantCode.find().lean()).map((claim) => claim._id)).toEqual(["TEE-1"]);
  });

  it("gives a code to one of many products created at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        create(`Race Tee ${index}`, [{ color: "Black", size: "M", sku: "RACE-1" }]),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      201, 409, 409, 409, 409, 409, 409, 409,
    ]);
    for (const refused of answers.filter((answer) => answer.status === 409))
      expect(refused.body).toEqual({
        message: "The code RACE-1 belongs to another variant",
        code: "CODE_TAKEN",
      });
    const winner = answers.find((answer) => answer.status === 201)!;
    expect(await Product.countDocuments({ "variants.sku": "RACE-1" })).toBe(1);
    expect((await VariantCode.findById("RACE-1").lean())!.product.toString()).toBe(winner.body._id);
  });

  it("takes over a claim a save left behind a minute ago, never a fresh one", async () => {
    const gone = new Types.ObjectId();
    const minutesAgo = new Date(Date.now() - 2 * 60_000);
    await VariantCode.create({ _id: "LEFT-1", product: gone, claimedAt: minutesAgo });
    await VariantCode.create({ _id: "FRESH-1", product: gone, claimedAt: new Date() });
    const left = await create("Left Tee", [{ color: "Black", size: "M", sku: "LEFT-1" }]);
    expect(left.status).toBe(201);
    expect((await VariantCode.findById("LEFT-1").lean())!.product.toString()).toBe(left.body._id);
    const fresh = await create("Fresh Tee", [{ color: "Black", size: "M", sku: "FRESH-1" }]);
    expect(fresh.status).toBe(409);
    expect(fresh.body).toEqual({
      message: "The code FRESH-1 belongs to another variant",
      code: "CODE_TAKEN",
    });
  });

  it("gives the next generated SKU (-2) when the readable one is taken", async () => {
    await create("Other", [{ color: "Red", size: "S", sku: "STRIPE-TEE-BLACK-M" }]);
    const stripe = await create("Stripe Tee", [{ color: "Black", size: "M" }]);
    expect(codesOf(stripe)[0].sku).toBe("STRIPE-TEE-BLACK-M-2");
  });

  it("keeps the codes on an edit that does not send them, and releases a code changed away", async () => {
    const made = await create("Edit Tee", [{ color: "Black", size: "M", sku: "EDIT-1" }]);
    const id = made.body._id as string;
    const put = (variants: Variant[]) =>
      request(app)
        .put(`/api/admin/products/${id}`)
        .set(admin)
        .send({ variants: variants.map((variant) => ({ stock: 5, ...variant })) });
    const kept = await put([
      { color: "Black", size: "M" },
      { color: "Black", size: "L" },
    ]);
    expect(kept.status).toBe(200);
    expect(codesOf(kept)).toEqual([
      { color: "Black", size: "M", sku: "EDIT-1", barcode: "EDIT-1" },
      { color: "Black", size: "L", sku: "EDIT-TEE-BLACK-L", barcode: "EDIT-TEE-BLACK-L" },
    ]);
    const changed = await put([
      { color: "Black", size: "M", sku: "EDIT-2", barcode: "8900000000001" },
      { color: "Black", size: "L" },
    ]);
    expect(codesOf(changed)[0]).toEqual({
      color: "Black",
      size: "M",
      sku: "EDIT-2",
      barcode: "8900000000001",
    });
    expect(
      (await VariantCode.find({ product: id }).lean()).map((claim) => claim._id).sort(),
    ).toEqual(["8900000000001", "EDIT-2", "EDIT-TEE-BLACK-L"]);
    // EDIT-1 is free again.
    expect((await create("Other Tee", [{ color: "Red", size: "M", sku: "EDIT-1" }])).status).toBe(
      201,
    );
    // Deleting a product frees its codes.
    expect((await request(app).delete(`/api/admin/products/${id}`).set(admin)).status).toBe(200);
    expect(await VariantCode.countDocuments({ product: id })).toBe(0);
  });
});

describe("GET /api/admin/products/lookup", () => {
  it("finds the variant by its SKU or its barcode, in any case", async () => {
    const made = await create("Lookup Tee", [
      { color: "Black", size: "M", stock: 7, sku: "LK-1" },
      { color: "White", size: "L", stock: 2, sku: "LK-2", barcode: "8901111111111" },
    ]);
    const white = {
      productId: made.body._id,
      title: "Lookup Tee",
      color: "White",
      size: "L",
      stock: 2,
      sku: "LK-2",
      barcode: "8901111111111",
    };
    for (const code of ["LK-2", "lk-2", "8901111111111"]) {
      const answer = await lookup(code);
      expect(answer.status, code).toBe(200);
      expect(answer.body, code).toEqual(white);
    }
    expect((await lookup("LK-1")).body).toMatchObject({ color: "Black", size: "M", stock: 7 });
  });

  it("finds a product written before codes were claimed (a SKU on the product only)", async () => {
    const product = await createProduct({ title: "Factory Tee" });
    const sku = product.variants[0].sku!;
    expect(await VariantCode.countDocuments()).toBe(0);
    expect((await lookup(sku)).body).toMatchObject({
      productId: String(product._id),
      sku,
      barcode: sku,
    });
  });

  it("answers 404 with a clear message for a code nobody has", async () => {
    const answer = await lookup("nope-1");
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      message: "No variant has the SKU or barcode NOPE-1",
      code: "CODE_NOT_FOUND",
    });
  });

  it("is the back office's: a customer is refused, a visitor asked to sign in", async () => {
    const customer = await createUser();
    expect((await lookup("LK-1", { Authorization: `Bearer ${customer.token}` })).status).toBe(403);
    expect((await lookup("LK-1", {})).status).toBe(401);
  });
});

describe("the migration giving older products their codes", () => {
  it("gives every variant a valid, unique SKU and barcode, and changes nothing the second time", async () => {
    // Made one after the other: of two products sharing a SKU, the older keeps it.
    const first = await createProduct({ title: "Old Tee", slug: "old-tee" });
    const second = await createProduct({ title: "Old Shirt", slug: "old-shirt" });
    const third = await createProduct({ title: "Old Polo", slug: "old-polo" });
    // Written before codes: no SKU, a lower-case one, one shared with another product, one with a space.
    await Product.collection.updateOne(
      { _id: first._id },
      {
        $unset: { "variants.0.sku": "", "variants.1.sku": "" },
        $set: { "variants.2.sku": "old-1" },
      },
    );
    await Product.collection.updateOne(
      { _id: second._id },
      { $set: { "variants.0.sku": "OLD-1", "variants.1.sku": "OLD 2" } },
    );
    await Product.collection.updateOne(
      { _id: third._id },
      { $set: { "variants.0.barcode": "8902222222222" } },
    );

    const given = await giveVariantsCodes();
    const after = await Product.find({}, { slug: 1, variants: 1 }).sort({ _id: 1 }).lean();
    const all = after.flatMap((product) => product.variants);
    // The two missing, the lower-case one, the shared one (its second holder) and the one with a space.
    expect(given).toBe(5);
    const skus = all.map((variant) => variant.sku!);
    expect(new Set(skus).size).toBe(all.length);
    for (const variant of all) {
      expect(variant.sku).toMatch(/^[\x21-\x7E]{1,64}$/);
      expect(variant.barcode).toBe(
        variant._id.equals(third.variants[0]._id) ? "8902222222222" : variant.sku,
      );
    }
    const firstAfter = after.find((product) => product._id.equals(first._id))!;
    expect(firstAfter.variants.map((variant) => variant.sku)).toEqual([
      "OLD-TEE-BLACK-M",
      "OLD-TEE-BLACK-L",
      "OLD-1",
    ]);
    const secondAfter = after.find((product) => product._id.equals(second._id))!;
    expect(secondAfter.variants.map((variant) => variant.sku)).toEqual([
      "OLD-SHIRT-BLACK-M",
      "OLD-SHIRT-BLACK-L",
      "OLD-SHIRT-WHITE-M",
    ]);
    const claims = await VariantCode.countDocuments();
    expect(claims).toBe(all.length + 1);

    expect(await giveVariantsCodes()).toBe(0);
    expect(await Product.find({}, { slug: 1, variants: 1 }).sort({ _id: 1 }).lean()).toEqual(after);
    expect(await VariantCode.countDocuments()).toBe(claims);
  });
});
