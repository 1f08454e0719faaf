import request from "supertest";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Buyer } from "../../models/buyer.model";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import { rebuildBuyers } from "../../server/services/buyer-summary";
import { moveOrder } from "../../server/services/orders.service";
import { BUYER_NOT_FOUND, BUYER_NOTE_NOT_FOUND } from "#contract/schemas/buyers";
import { createOrder } from "../factories/order";
import { createAdmin, createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";

/**
 * Buyers by phone: guest and signed-in orders of one number are one buyer, with figures kept as
 * orders are placed and move; searched, sorted, paged, exported, annotated; admins only.
 */
let app: ReturnType<typeof createApp>;
let adminToken: string;

beforeAll(() => {
  app = createApp();
});

beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
});

const asAdmin = (test: request.Test) => test.set("Authorization", `Bearer ${adminToken}`);
const list = (query = "") => asAdmin(request(app).get(`/api/admin/buyers${query}`));
const detail = (mobile: string) =>
  asAdmin(request(app).get(`/api/admin/buyers/${encodeURIComponent(mobile)}`));
const phonesOf = (body: { buyers: { phone: string }[] }) => body.buyers.map((b) => b.phone);

const RAHIM = "01712345678";
const KARIM = "01812345678";
const SALMA = "01912345678";

describe("GET /api/admin/buyers", () => {
  it("makes one buyer of a number's guest and signed-in orders, however the number was written", async () => {
    const { user } = await createUser();
    await createOrder({ mobile: RAHIM, orderStatus: "DELIVERED", lines: [{ unitPrice: 800 }] });
    await createOrder({ user: user._id, mobile: "+8801712345678", orderStatus: "DELIVERED" });
    await createOrder({ mobile: "8801712-345678", orderStatus: "RETURNED" });
    await createOrder({
      mobile: "01712 345 678",
      orderStatus: "CANCELLED",
      cancelledBy: "customer",
    });
    await createOrder({ mobile: RAHIM, orderStatus: "CANCELLED", cancelledBy: "shop" });
    await createOrder({
      mobile: RAHIM,
      orderStatus: "PLACED",
      firstName: "Rahima",
      lastName: "Begum",
    });
    // Awaiting online payment: no order yet.
    await createOrder({ mobile: RAHIM, orderStatus: "PENDING", paymentMethod: "BKASH" });
    await createOrder({ mobile: KARIM, orderStatus: "DELIVERED" });

    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(2);
    const rahim = answer.body.buyers.find((b: { phone: string }) => b.phone === RAHIM);
    expect(rahim).toEqual({
      phone: RAHIM,
      name: "Rahima Begum",
      registered: true,
      orders: 6,
      delivered: 2,
      returned: 1,
      cancelled: 2,
      cancelledByCustomer: 1,
      open: 1,
      // Goods of the two delivered orders (800 and 500), without their delivery charges.
      spend: 1300,
      lastOrderAt: expect.any(String),
      lastOrderNumber: expect.stringMatching(/^TW-/),
      level: "good",
      blocked: false,
    });
  });

  it("follows an order's status change made through the shop", async () => {
    const order = await createOrder({ mobile: RAHIM, orderStatus: "SHIPPED" });
    expect((await list()).body.buyers[0]).toMatchObject({ delivered: 0, open: 1, spend: 0 });

    await moveOrder(String(order._id), "DELIVERED", "admin:test");
    expect((await list()).body.buyers[0]).toMatchObject({ delivered: 1, open: 0, spend: 500 });
  });

  it("recounts a buyer when a save changes a counted field, not when it changes only others", async () => {
    const order = await Order.findById((await createOrder({ mobile: RAHIM }))._id);
    const version = async () => (await Buyer.findById(RAHIM).lean())!.statsVersion;
    const placed = await version();
    order!.note = "Call after 5 pm";
    await order!.save();
    expect(await version()).toBe(placed);
    order!.orderStatus = "CANCELLED";
    await order!.save();
    expect(await version()).toBe(placed + 1);
    expect((await list()).body.buyers[0]).toMatchObject({ cancelled: 1, open: 0 });
  });

  it("finds a buyer by +880, 880, Bangla digits, a piece of the number, a name and an order number", async () => {
    await createOrder({ mobile: RAHIM, firstName: "Rahim", lastName: "Uddin" });
    const karimOrder = await createOrder({
      mobile: KARIM,
      firstName: "Karim",
      lastName: "Sheikh",
      orderNumber: "TW-261127-AB23",
    });
    await createOrder({ mobile: SALMA, firstName: "সালমা", lastName: "খাতুন" });

    const search = async (q: string) => phonesOf((await list(`?q=${encodeURIComponent(q)}`)).body);
    expect(await search("+880 1712-345678")).toEqual([RAHIM]);
    expect(await search("8801812345678")).toEqual([KARIM]);
    expect(await search("০১৯১২৩৪৫৬৭৮")).toEqual([SALMA]);
    expect(await search("৮৮০১৯১২")).toEqual([SALMA]);
    expect(await search("01812")).toEqual([KARIM]);
    expect(await search("sheikh")).toEqual([KARIM]);
    expect(await search("সালমা")).toEqual([SALMA]);
    expect(await search(karimOrder.orderNumber)).toEqual([KARIM]);
    expect(await search("tw 261127 ab23")).toEqual([KARIM]);
    expect(await search("TW-261127-ZZ99")).toEqual([]);
    // Regular-expression characters are text.
    expect(await search(".*")).toEqual([]);
  });

  it("sorts by last order, spend, orders and returns, biggest first", async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 10, n));
    // Rahim: newest, one order. Karim: most spend. Salma: most orders and returns.
    await createOrder({ mobile: RAHIM, orderStatus: "PLACED", createdAt: day(20) });
    await createOrder({
      mobile: KARIM,
      orderStatus: "DELIVERED",
      lines: [{ unitPrice: 5000 }],
      createdAt: day(10),
    });
    for (const n of [1, 2, 3])
      await createOrder({ mobile: SALMA, orderStatus: "RETURNED", createdAt: day(n) });
    await createOrder({ mobile: SALMA, orderStatus: "DELIVERED", createdAt: day(4) });

    expect(phonesOf((await list()).body)).toEqual([RAHIM, KARIM, SALMA]);
    expect(phonesOf((await list("?sort=spend")).body)).toEqual([KARIM, SALMA, RAHIM]);
    expect(phonesOf((await list("?sort=orders")).body)).toEqual([SALMA, RAHIM, KARIM]);
    expect(phonesOf((await list("?sort=returns")).body)).toEqual([SALMA, RAHIM, KARIM]);
    const refused = await list("?sort=name");
    expect(refused.status).toBe(400);
  });

  it("pages within bounds", async () => {
    for (const mobile of [RAHIM, KARIM, SALMA]) await createOrder({ mobile });
    const second = await list("?limit=2&page=2");
    expect(second.body).toMatchObject({ total: 3, page: 2, totalPages: 2 });
    expect(second.body.buyers).toHaveLength(1);
    const beyond = await list("?limit=2&page=9");
    expect(beyond.body).toMatchObject({ buyers: [], total: 3, page: 9, totalPages: 2 });
    expect((await list("?page=0")).status).toBe(400);
    expect((await list("?limit=101")).status).toBe(400);
    expect((await list(`?q=${"x".repeat(101)}`)).body.message).toBeDefined();
    expect((await list(`?q=${"x".repeat(101)}`)).status).toBe(400);
  });

  it("is refused to shoppers and to the signed-out", async () => {
    const { token } = await createUser();
    const shopper = await request(app)
      .get("/api/admin/buyers")
      .set("Authorization", `Bearer ${token}`);
    expect(shopper.status).toBe(403);
    expect((await request(app).get("/api/admin/buyers/export.csv")).status).toBe(401);
    const note = await request(app)
      .post(`/api/admin/buyers/${RAHIM}/notes`)
      .set("Authorization", `Bearer ${token}`)
      .send({ text: "x" });
    expect(note.status).toBe(403);
  });
});

describe("GET /api/admin/buyers/export.csv", () => {
  it("is UTF-8 with a BOM, Bangla intact, formula-looking cells neutralised", async () => {
    await createOrder({ mobile: RAHIM, firstName: '=HYPERLINK("http://x")', lastName: "" });
    await createOrder({ mobile: KARIM, firstName: "@SUM(A1)", lastName: "" });
    await createOrder({ mobile: SALMA, firstName: "সালমা", lastName: "খাতুন" });

    const answer = await asAdmin(request(app).get("/api/admin/buyers/export.csv?sort=lastOrder"))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const bytes = answer.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).trimEnd().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^Mobile,Name,Registered,Orders,/);
    // A cell is quoted only when it holds a quote, a comma or a line break.
    expect(lines.find((line) => line.startsWith(`${RAHIM},`))).toContain(
      `,"'=HYPERLINK(""http://x"")",`,
    );
    expect(lines.find((line) => line.startsWith(`${KARIM},`))).toContain(`,'@SUM(A1),`);
    expect(lines.find((line) => line.startsWith(`${SALMA},`))).toContain(`,সালমা খাতুন,`);
  });
});

describe("GET /api/admin/buyers/{mobile} and notes", () => {
  it("shows the orders, the block and the notes; notes are added and edited by staff", async () => {
    const { user } = await createUser({ firstName: "Rahim", lastName: "Uddin" });
    const order = await createOrder({ user: user._id, mobile: RAHIM, orderStatus: "DELIVERED" });
    await asAdmin(request(app).post("/api/admin/phones/blocks")).send({
      phone: RAHIM,
      reason: "Fake orders",
    });

    const added = await asAdmin(
      request(app).post(`/api/admin/buyers/+880${RAHIM.slice(1)}/notes`),
    ).send({ text: "  Prefers evening calls  " });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      text: "Prefers evening calls",
      editedAt: null,
      by: { email: expect.any(String) },
    });
    const edited = await asAdmin(
      request(app).patch(`/api/admin/buyers/${RAHIM}/notes/${added.body.id}`),
    ).send({ text: "Call after 6 pm" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: added.body.id,
      text: "Call after 6 pm",
      editedAt: expect.any(String),
    });

    const answer = await detail("০১৭১২৩৪৫৬৭৮");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      phone: RAHIM,
      registered: true,
      account: { id: String(user._id), name: "Rahim Uddin" },
      blocked: true,
      level: "blocked",
      block: { reason: "Fake orders" },
      recentOrders: [
        {
          id: String(order._id),
          orderNumber: order.orderNumber,
          orderStatus: "DELIVERED",
          total: 560,
        },
      ],
      notes: [{ id: added.body.id, text: "Call after 6 pm" }],
      couriers: [expect.objectContaining({ courier: "steadfast", state: "not_configured" })],
    });
    // The block shows in the list too.
    expect((await list()).body.buyers[0]).toMatchObject({
      phone: RAHIM,
      blocked: true,
      level: "blocked",
    });
  });

  it("answers 404 for a number without orders and for an unknown note, 400 for an empty note", async () => {
    const missing = await detail(KARIM);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: BUYER_NOT_FOUND, code: "NOT_FOUND" });
    const noBuyer = await asAdmin(request(app).post(`/api/admin/buyers/${KARIM}/notes`)).send({
      text: "x",
    });
    expect(noBuyer.body).toEqual({ message: BUYER_NOT_FOUND, code: "NOT_FOUND" });

    await createOrder({ mobile: RAHIM });
    const unknown = await asAdmin(
      request(app).patch(`/api/admin/buyers/${RAHIM}/notes/${"a".repeat(24)}`),
    ).send({ text: "x" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: BUYER_NOTE_NOT_FOUND, code: "NOT_FOUND" });
    const empty = await asAdmin(request(app).post(`/api/admin/buyers/${RAHIM}/notes`)).send({
      text: "   ",
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ path: "text", message: "Write the note" }]);
    const notMobile = await detail("12345");
    expect(notMobile.status).toBe(400);
  });
});

describe("rebuildBuyers", () => {
  it("recomputes figures for orders written around the shop, keeps notes, and is safe to run twice", async () => {
    await createOrder({ mobile: RAHIM, orderStatus: "DELIVERED" });
    await asAdmin(request(app).post(`/api/admin/buyers/${RAHIM}/notes`)).send({ text: "Regular" });
    // Written through the driver: no hook sees them.
    const template = (await createOrder({ mobile: KARIM })).toObject();
    await Order.collection.updateOne({ _id: template._id }, { $set: { orderStatus: "RETURNED" } });
    await Order.collection.deleteMany({ deliveryPhone: RAHIM });
    await Buyer.collection.updateOne({ _id: KARIM as never }, { $set: { returned: 0 } });

    expect(await rebuildBuyers()).toBe(2);
    expect(await rebuildBuyers()).toBe(2);
    const karim = await Buyer.findById(KARIM).lean();
    expect(karim).toMatchObject({ orders: 1, returned: 1, open: 0 });
    // Rahim has no orders left but keeps the note (and leaves the list).
    const rahim = await Buyer.findById(RAHIM).lean();
    expect(rahim).toMatchObject({ orders: 0, notes: [{ text: "Regular" }] });
    expect(phonesOf((await list()).body)).toEqual([KARIM]);
  });
});
