import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { PromoCode } from "../../models/promo-code.model";
import { createApp } from "../../server/app";
import { evaluatePromo, INVALID_PROMO_MESSAGE } from "../../server/services/promo-codes.service";
import { createPromo } from "../factories/promo-code";
import { createProduct } from "../factories/product";
import { shippingAddress } from "../factories/address";
import { shopper } from "../factories/cart";
import { createAdmin, createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";

const app = createApp();
let admin: { Authorization: string };

beforeEach(async () => {
  await clearDatabase();
  admin = { Authorization: `Bearer ${(await createAdmin()).token}` };
});

describe("/api/admin/promo-codes", () => {
  it("creates a code upper-cased and refuses a duplicate with 409", async () => {
    const created = await request(app).post("/api/admin/promo-codes").set(admin).send({
      code: "eid25",
      description: "Eid offer",
      type: "PERCENTAGE",
      value: 25,
      minOrderAmount: 1500,
      maxDiscount: 500,
      startsAt: "2026-03-01T00:00:00.000Z",
      expiresAt: "2026-04-01T00:00:00.000Z",
      usageLimit: 100,
      perUserLimit: 1,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: "EID25",
      description: "Eid offer",
      type: "PERCENTAGE",
      value: 25,
      minOrderAmount: 1500,
      maxDiscount: 500,
      startsAt: "2026-03-01T00:00:00.000Z",
      expiresAt: "2026-04-01T00:00:00.000Z",
      usageLimit: 100,
      usedCount: 0,
      perUserLimit: 1,
      isActive: true,
    });
    const stored = await PromoCode.findById(created.body._id).lean();
    expect(stored!.code).toBe("EID25");

    const duplicate = await request(app)
      .post("/api/admin/promo-codes")
      .set(admin)
      .send({ code: "Eid25", type: "FIXED", value: 100 });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ message: "Promo code already exists", code: "DUPLICATE" });
    expect(await PromoCode.countDocuments()).toBe(1);
  });

  it("validates values", async () => {
    const cases = [
      { code: "P", type: "PERCENTAGE", value: 10 },
      { code: "BIGP", type: "PERCENTAGE", value: 120 },
      { code: "NEG", type: "FIXED", value: -5 },
      { code: "KIND", type: "BOGO", value: 5 },
      {
        code: "DATES",
        type: "FIXED",
        value: 5,
        startsAt: "2026-05-01T00:00:00Z",
        expiresAt: "2026-04-01T00:00:00Z",
      },
    ];
    for (const body of cases) {
      const answer = await request(app).post("/api/admin/promo-codes").set(admin).send(body);
      expect(answer.status, body.code).toBe(400);
    }
    expect(await PromoCode.countDocuments()).toBe(0);
  });

  it("lists, reads, edits and deletes", async () => {
    const first = await createPromo({ code: "ONE", type: "FIXED", value: 100 });
    await createPromo({ code: "TWO", type: "FIXED", value: 200 });
    const listed = await request(app).get("/api/admin/promo-codes").set(admin);
    expect(listed.status).toBe(200);
    expect(listed.body.map((promo: { code: string }) => promo.code).sort()).toEqual(["ONE", "TWO"]);

    const read = await request(app)
      .get(`/api/admin/promo-codes/${String(first._id)}`)
      .set(admin);
    expect(read.body.code).toBe("ONE");

    const renamed = await request(app)
      .put(`/api/admin/promo-codes/${String(first._id)}`)
      .set(admin)
      .send({ code: "two" });
    expect(renamed.status).toBe(409);
    const edited = await request(app)
      .put(`/api/admin/promo-codes/${String(first._id)}`)
      .set(admin)
      .send({ value: 150, isActive: false, maxDiscount: null });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ code: "ONE", value: 150, isActive: false });
    const stored = await PromoCode.findById(first._id).lean();
    expect(stored!.value).toBe(150);
    expect(stored!.isActive).toBe(false);

    const deleted = await request(app)
      .delete(`/api/admin/promo-codes/${String(first._id)}`)
      .set(admin);
    expect(deleted.status).toBe(200);
    expect(await PromoCode.exists({ _id: first._id })).toBeNull();
    const missing = await request(app)
      .delete(`/api/admin/promo-codes/${String(first._id)}`)
      .set(admin);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Promo code not found");
  });

  it("is for admins only", async () => {
    const { token } = await createUser();
    const customer = await request(app)
      .get("/api/admin/promo-codes")
      .set({ Authorization: `Bearer ${token}` });
    expect(customer.status).toBe(403);
    const anonymous = await request(app)
      .post("/api/admin/promo-codes")
      .send({ code: "X1", type: "FIXED", value: 1 });
    expect(anonymous.status).toBe(401);
    expect(await PromoCode.countDocuments()).toBe(0);
  });
});

describe("evaluatePromo (shared with checkout)", () => {
  it("computes each type and never discounts more than the subtotal", async () => {
    await createPromo({ code: "PCT", type: "PERCENTAGE", value: 15 });
    await createPromo({ code: "CAP", type: "PERCENTAGE", value: 15, maxDiscount: 100 });
    await createPromo({ code: "FIX", type: "FIXED", value: 500 });
    // 15% of 999 = 149.85, rounded to 150.
    expect(await evaluatePromo("pct", 999)).toEqual({
      code: "PCT",
      type: "PERCENTAGE",
      value: 15,
      discount: 150,
    });
    expect((await evaluatePromo("CAP", 999)).discount).toBe(100);
    expect((await evaluatePromo(" fix ", 1200)).discount).toBe(500);
    expect((await evaluatePromo("FIX", 300)).discount).toBe(300);
  });

  it("accepts a code exactly at the minimum and inside its dates", async () => {
    const now = Date.now();
    await createPromo({
      code: "WINDOW",
      type: "FIXED",
      value: 50,
      minOrderAmount: 1000,
      startsAt: new Date(now - 60_000),
      expiresAt: new Date(now + 60_000),
      usageLimit: 2,
      usedCount: 1,
    });
    expect((await evaluatePromo("WINDOW", 1000)).discount).toBe(50);
    await expect(evaluatePromo("WINDOW", 999)).rejects.toMatchObject({
      status: 400,
      message: "Minimum order amount of ৳1,000 required",
    });
  });
});

describe("the per-user limit, one rule for users and guests", () => {
  it("counts a user's orders by account and a guest's by the order's mobile, in evaluatePromo itself", async () => {
    const product = await createProduct({ variants: [{ color: "Black", size: "M", stock: 5 }] });
    await createPromo({ code: "ONCE", type: "FIXED", value: 50, perUserLimit: 1 });
    const user = await createUser();
    for (const [buyer, mobile] of [
      [shopper(app, user.token), "01711111111"],
      [shopper(app), "01822222222"],
    ] as const) {
      await buyer.add(product._id, "Black", "M").expect(200);
      await buyer.applyPromo("ONCE").expect(200);
      await buyer.order({ shippingAddress: shippingAddress({ mobile }) }).expect(201);
    }
    const refused = { status: 400, message: INVALID_PROMO_MESSAGE };
    await expect(
      evaluatePromo("ONCE", 1000, { userId: String(user.user._id) }),
    ).rejects.toMatchObject(refused);
    await expect(evaluatePromo("ONCE", 1000, { guestMobile: "01822222222" })).rejects.toMatchObject(
      refused,
    );
    // Another guest number, and a cart not yet tied to anyone, may still use it.
    expect((await evaluatePromo("ONCE", 1000, { guestMobile: "01933333333" })).discount).toBe(50);
    expect((await evaluatePromo("ONCE", 1000)).discount).toBe(50);

    // The same guest again, from a new cart: refused at placement with the one message.
    const again = shopper(app);
    await again.add(product._id, "Black", "M").expect(200);
    await again.applyPromo("ONCE").expect(200);
    const answer = await again.order({
      shippingAddress: shippingAddress({ mobile: "01822222222" }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(INVALID_PROMO_MESSAGE);
  });
});

describe("GET /api/admin/promo-codes (paging)", () => {
  async function seedCodes() {
    const codes = ["EID10", "EID20", "WINTER", "SUMMER", "FLASH"];
    for (const [index, code] of codes.entries()) {
      const promo = await createPromo({
        code,
        type: "FIXED",
        value: 100 + index,
        isActive: code !== "WINTER",
      });
      await PromoCode.collection.updateOne(
        { _id: promo._id },
        { $set: { createdAt: new Date(Date.UTC(2026, 10, 1 + index)) } },
      );
    }
    await PromoCode.updateOne({ code: "SUMMER" }, { $set: { description: "Eid special" } });
  }

  const list = (query: Record<string, string>) =>
    request(app).get("/api/admin/promo-codes").query(query).set(admin);
  const codes = (body: { promoCodes: { code: string }[] }) =>
    body.promoCodes.map((promo) => promo.code);

  it("pages newest first with {promoCodes, total, page, totalPages} when page or limit is given", async () => {
    await seedCodes();
    const first = await list({ limit: "2" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 5, page: 1, totalPages: 3 });
    expect(codes(first.body)).toEqual(["FLASH", "SUMMER"]);
    expect(first.body.promoCodes[0]).toMatchObject({ type: "FIXED", value: 104, usedCount: 0 });
    const third = await list({ limit: "2", page: "3" });
    expect(codes(third.body)).toEqual(["EID10"]);
    expect(third.body).toMatchObject({ total: 5, page: 3, totalPages: 3 });
    const byPage = await list({ page: "1" });
    expect(byPage.body).toMatchObject({ total: 5, page: 1, totalPages: 1 });
    expect(byPage.body.promoCodes).toHaveLength(5);
    expect(await PromoCode.countDocuments()).toBe(5);
  });

  it("filters by search (code or description, literal) and isActive", async () => {
    await seedCodes();
    const eid = await list({ page: "1", search: "eid" });
    expect(codes(eid.body)).toEqual(["SUMMER", "EID20", "EID10"]);
    expect(eid.body.total).toBe(3);
    expect(codes((await list({ page: "1", isActive: "false" })).body)).toEqual(["WINTER"]);
    expect((await list({ page: "1", isActive: "true", search: "eid" })).body.total).toBe(3);
    expect((await list({ page: "1", search: ".*" })).body).toMatchObject({
      total: 0,
      totalPages: 1,
      promoCodes: [],
    });
  });

  it("still answers the whole list as an array without page or limit, and refuses bad paging", async () => {
    await seedCodes();
    const whole = await list({});
    expect(whole.status).toBe(200);
    expect(Array.isArray(whole.body)).toBe(true);
    expect(whole.body).toHaveLength(5);
    const bad: Record<string, string>[] = [{ page: "0" }, { limit: "500" }, { isActive: "maybe" }];
    for (const query of bad) {
      const refused = await list(query);
      expect(refused.status, JSON.stringify(query)).toBe(400);
    }
  });
});
