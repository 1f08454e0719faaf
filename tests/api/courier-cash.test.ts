import request from "supertest";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CourierSettlement } from "../../models/courier-settlement.model";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import {
  releaseStalledSettlements,
  SETTLEMENT_STALL_MS,
} from "../../server/services/courier-cash.service";
import { createOrder } from "../factories/order";
import { createAdmin } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { queriesDuring } from "../setup/queries";
import type { PathaoStub } from "../stubs/pathao";
import { usePathaoStub } from "../setup/pathao";

/**
 * Courier cash (docs/cod.md): delivered COD parcels record what the courier collected (its
 * delivered event, or an admin), the back office sees what the courier still owes, and a
 * settlement covers chosen parcels: to the taka, and never a parcel twice.
 */
let app: ReturnType<typeof createApp>;
let adminToken: string;
let pathao: PathaoStub;

usePathaoStub((stub) => (pathao = stub));

beforeAll(() => {
  app = createApp();
});

beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
});

const asAdmin = (test: request.Test) => test.set("Authorization", `Bearer ${adminToken}`);
const cash = () => asAdmin(request(app).get("/api/admin/courier-cash"));
const recordCollected = (id: unknown, body: unknown) =>
  asAdmin(request(app).put(`/api/admin/courier-cash/parcels/${String(id)}`)).send(body as object);
const settle = (body: Record<string, unknown>) =>
  asAdmin(request(app).post("/api/admin/courier-cash/settlements")).send({
    reference: "PATHAO-INV-1001",
    paidAt: "2026-11-24",
    ...body,
  });

/** A delivered COD parcel of `total` taka whose collected amount the admin has recorded. */
async function deliveredParcel(total: number, collected: number | null = total) {
  const order = await createOrder({ orderStatus: "DELIVERED", totalDiscountedPrice: total });
  if (collected !== null)
    expect((await recordCollected(order._id, { collected })).status).toBe(200);
  return order;
}

async function settlementOf(id: unknown) {
  return (await Order.findById(id).lean())!.cashSettlement;
}

describe("the courier's delivered event records what it collected", () => {
  it("books with Pathao, is picked and delivered through the stub's webhooks: the collected amount is owed", async () => {
    const order = await createOrder({ orderStatus: "PLACED", totalDiscountedPrice: 1660 });
    const booked = await asAdmin(request(app).post(`/api/admin/orders/${order._id}/courier`));
    expect(booked.status).toBe(200);
    expect(pathao.orders[0].amount_to_collect).toBe(1660);
    const consignment = booked.body.courier.consignmentId as string;
    const fire = (event: string, extra: Record<string, unknown> = {}) => {
      const hook = pathao.webhook(event, consignment);
      return request(app)
        .post("/api/pathao/webhook")
        .set(hook.headers)
        .send({ ...hook.body, ...extra });
    };
    expect((await fire("order.picked")).status).toBe(202);
    expect((await cash()).body.parcels).toEqual([]);

    const delivered = await fire("order.delivered");
    expect(delivered.status).toBe(202);
    const stored = (await Order.findById(order._id).lean())!;
    expect(stored.orderStatus).toBe("DELIVERED");
    expect(stored.cashCollected).toMatchObject({ amount: 1660, source: "courier" });
    const owed = await cash();
    expect(owed.status).toBe(200);
    expect(owed.body.totals).toEqual({ owed: 1660, parcels: 1, unrecorded: 0 });
    expect(owed.body.parcels).toEqual([
      expect.objectContaining({
        _id: String(order._id),
        orderNumber: order.orderNumber,
        toCollect: 1660,
        collected: 1660,
        collectedSource: "courier",
        consignmentId: consignment,
      }),
    ]);

    // A resent event with a corrected amount (as text) corrects the courier's own figure.
    expect((await fire("order.delivered", { collected_amount: "1600" })).status).toBe(202);
    expect((await cash()).body.totals.owed).toBe(1600);
    // An admin's entry wins over later courier events; nonsense from the courier is ignored.
    expect((await recordCollected(order._id, { collected: 1650 })).status).toBe(200);
    expect((await fire("order.delivered", { collected_amount: 1000 })).status).toBe(202);
    expect((await fire("order.delivered", { collected_amount: "lots" })).status).toBe(202);
    expect((await cash()).body.parcels[0]).toMatchObject({
      collected: 1650,
      collectedSource: "admin",
    });
  });

  it("a delivered event without an amount leaves the parcel unrecorded (the admin types it)", async () => {
    const order = await createOrder({ orderStatus: "SHIPPED", totalDiscountedPrice: 990 });
    await Order.updateOne(
      { _id: order._id },
      { $set: { courier: { name: "Pathao", consignmentId: "CONS-NO-AMOUNT", status: "picked" } } },
    );
    const hook = pathao.webhook("order.delivered", "CONS-NO-AMOUNT");
    expect(
      (await request(app).post("/api/pathao/webhook").set(hook.headers).send(hook.body)).status,
    ).toBe(202);
    expect((await cash()).body.totals).toEqual({ owed: 0, parcels: 0, unrecorded: 1 });
    expect((await recordCollected(order._id, { collected: 990 })).status).toBe(200);
    expect((await cash()).body.totals).toEqual({ owed: 990, parcels: 1, unrecorded: 0 });
  });

  it("a parcel whose delivery charge was paid online in advance is sent to collect the rest", async () => {
    const order = await createOrder({ orderStatus: "DELIVERED", totalDiscountedPrice: 1720 });
    await Order.collection.updateOne(
      { _id: order._id },
      { $set: { advanceDeliveryCharge: { amount: 120, method: "BKASH", status: "PAID" } } },
    );
    expect((await cash()).body.parcels[0]).toMatchObject({ toCollect: 1600, collected: null });
  });
});

describe("an admin records the collected amount", () => {
  it("refuses nonsense with a 4xx and changes nothing", async () => {
    const order = await deliveredParcel(1660, null);
    for (const body of [
      { collected: 12.5 },
      { collected: -1 },
      { collected: "1660" },
      {},
      { collected: 1660, extra: true },
    ]) {
      const refused = await recordCollected(order._id, body);
      expect(refused.status).toBe(400);
    }
    // Taka as the shop settings count it too (one schema): the same texts.
    expect((await recordCollected(order._id, { collected: -1 })).body.errors).toEqual([
      { path: "collected", message: "An amount cannot be negative" },
    ]);
    const tooMuch = await recordCollected(order._id, { collected: 1661 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(
      "The courier cannot have collected more than the order's total (৳1,660)",
    );
    expect((await recordCollected("0123456789abcdef01234567", { collected: 10 })).status).toBe(404);
    expect((await recordCollected("not-an-id", { collected: 10 })).status).toBe(400);
    const shipped = await createOrder({ orderStatus: "SHIPPED" });
    const online = await createOrder({ orderStatus: "DELIVERED", paymentMethod: "BKASH" });
    for (const other of [shipped, online]) {
      const refused = await recordCollected(other._id, { collected: 10 });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        message: "Only a delivered cash-on-delivery parcel has cash for the courier to pay",
        code: "NOT_A_COD_PARCEL",
      });
    }
    expect((await Order.findById(order._id).lean())!.cashCollected).toBeNull();
    expect((await cash()).body.totals).toEqual({ owed: 0, parcels: 0, unrecorded: 1 });
    // Zero is a real answer (the customer paid nothing at the door).
    expect((await recordCollected(order._id, { collected: 0 })).body).toMatchObject({
      collected: 0,
      collectedSource: "admin",
    });
  });

  it("records with one read and one guarded write, and answers the parcel from them", async () => {
    const order = await deliveredParcel(1660, null);
    const orderQueries = async (collected: number) => {
      let answer: request.Response | undefined;
      const queries = await queriesDuring(async () => {
        answer = await recordCollected(order._id, { collected });
      });
      return { answer: answer!, queries: queries.filter((query) => query.startsWith("orders.")) };
    };
    const recorded = await orderQueries(1600);
    expect(recorded.answer.body).toMatchObject({ collected: 1600, collectedSource: "admin" });
    expect(recorded.queries).toEqual(["orders.findOne", "orders.updateOne"]);
    const refused = await orderQueries(1661);
    expect(refused.answer.status).toBe(400);
    expect(refused.queries).toEqual(["orders.findOne"]);
    expect((await Order.findById(order._id).lean())!.cashCollected!.amount).toBe(1600);
  });

  it("only an admin may read or write courier cash", async () => {
    const order = await deliveredParcel(500, null);
    expect((await request(app).get("/api/admin/courier-cash")).status).toBe(401);
    expect(
      (
        await request(app)
          .put(`/api/admin/courier-cash/parcels/${order._id}`)
          .send({ collected: 1 })
      ).status,
    ).toBe(401);
  });
});

describe("settlements", () => {
  it("reconcile to the taka: a mismatch is a 400 with nothing changed; deductions cover the courier's fees", async () => {
    const first = await deliveredParcel(1660);
    const second = await deliveredParcel(1720, 1700);
    const third = await deliveredParcel(990);
    const unrecorded = await deliveredParcel(500, null);
    expect((await cash()).body.totals).toEqual({ owed: 4350, parcels: 3, unrecorded: 1 });

    const ids = [first, second, third].map((order) => String(order._id));
    const short = await settle({ orderIds: ids, amount: 4349 });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(
      "The amount and the deductions (৳4,349) must add up to the parcels' collected total (৳4,350)",
    );
    const withUnrecorded = await settle({
      orderIds: [...ids, String(unrecorded._id)],
      amount: 4350,
    });
    expect(withUnrecorded.status).toBe(400);
    expect(withUnrecorded.body.message).toBe(
      `${unrecorded.orderNumber} has no collected amount yet; record what the courier collected first`,
    );
    expect((await settle({ orderIds: [], amount: 0 })).status).toBe(400);
    expect((await settle({ orderIds: [ids[0], ids[0]], amount: 3320 })).status).toBe(400);
    expect((await settle({ orderIds: ids, amount: 4350, reference: " " })).status).toBe(400);
    expect((await settle({ orderIds: ids, amount: 4350, paidAt: "24/11/2026" })).status).toBe(400);
    expect(await CourierSettlement.countDocuments()).toBe(0);
    expect((await cash()).body.totals.owed).toBe(4350);

    // Two parcels (1,660 + 990 = 2,650): Pathao paid 2,600 and kept 50 in fees.
    const recorded = await settle({
      orderIds: [ids[2], ids[0]],
      amount: 2600,
      deductions: 50,
      note: "COD fee 1%",
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({
      amount: 2600,
      deductions: 50,
      collectedTotal: 2650,
      reference: "PATHAO-INV-1001",
      paidAt: "2026-11-23T18:00:00.000Z",
      note: "COD fee 1%",
      recordedBy: { email: expect.stringContaining("@") },
    });
    expect(
      recorded.body.parcels.map((parcel: { collected: number }) => parcel.collected).sort(),
    ).toEqual([1660, 990]);
    expect((await cash()).body).toMatchObject({
      totals: { owed: 1700, parcels: 1, unrecorded: 1 },
      parcels: [
        expect.objectContaining({ _id: ids[1] }),
        expect.objectContaining({ _id: String(unrecorded._id) }),
      ],
    });
    expect(String(await settlementOf(first._id))).toBe(recorded.body._id);

    // A settled parcel cannot be settled again, nor its amount changed.
    const again = await settle({ orderIds: [ids[0]], amount: 1660 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: `${first.orderNumber} is already in another settlement`,
      code: "ALREADY_SETTLED",
    });
    const edit = await recordCollected(first._id, { collected: 1 });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({
      message: `${first.orderNumber} is already settled; its collected amount cannot change`,
      code: "ALREADY_SETTLED",
    });
    const unknown = await asAdmin(
      request(app).get("/api/admin/courier-cash/settlements/0123456789abcdef01234567"),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Settlement not found");

    // Listed and viewed.
    const list = await asAdmin(request(app).get("/api/admin/courier-cash/settlements"));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, page: 1, totalPages: 1 });
    expect(list.body.settlements[0]._id).toBe(recorded.body._id);
    const view = await asAdmin(
      request(app).get(`/api/admin/courier-cash/settlements/${recorded.body._id}`),
    );
    expect(view.body).toEqual(recorded.body);
    expect(
      (
        await asAdmin(
          request(app).get("/api/admin/courier-cash/settlements/0123456789abcdef01234567"),
        )
      ).status,
    ).toBe(404);
  });

  it("two settlements of the same parcel at once: one wins, the other 409 and nothing of it stays", async () => {
    const parcel = await deliveredParcel(1660);
    const answers = await Promise.all(
      ["INV-A", "INV-B", "INV-C"].map((reference) =>
        settle({ orderIds: [String(parcel._id)], amount: 1660, reference }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    const winner = answers.find((answer) => answer.status === 201)!;
    for (const loser of answers.filter((answer) => answer.status === 409))
      expect(loser.body.message).toBe(`${parcel.orderNumber} is already in another settlement`);
    expect(String(await settlementOf(parcel._id))).toBe(winner.body._id);
    expect(await CourierSettlement.countDocuments()).toBe(1);
    expect((await cash()).body.totals).toEqual({ owed: 0, parcels: 0, unrecorded: 0 });
  });

  it("overlapping settlements at once: one wins, the loser's other parcels stay owed", async () => {
    const [a, b, c] = [
      await deliveredParcel(100),
      await deliveredParcel(200),
      await deliveredParcel(400),
    ];
    const [left, right] = await Promise.all([
      settle({ orderIds: [String(a._id), String(b._id)], amount: 300, reference: "LEFT" }),
      settle({ orderIds: [String(b._id), String(c._id)], amount: 600, reference: "RIGHT" }),
    ]);
    expect([left.status, right.status].sort()).toEqual([201, 409]);
    const winner = left.status === 201 ? left : right;
    const settled = await CourierSettlement.find().lean();
    expect(settled).toHaveLength(1);
    expect(settled[0].reference).toBe(winner.body.reference);
    const owed = (await cash()).body.totals.owed;
    // What stays owed is exactly the loser's parcel that was not shared.
    expect(owed).toBe(left.status === 201 ? 400 : 100);
    const settlementIds = await Promise.all([a, b, c].map((order) => settlementOf(order._id)));
    expect(settlementIds.filter(Boolean).map(String)).toEqual([winner.body._id, winner.body._id]);
  });

  it("a settlement a dead process left recording is given up by the sweep: its parcels are owed again, once", async () => {
    const settled = await deliveredParcel(500);
    const recorded = await settle({ orderIds: [String(settled._id)], amount: 500 });
    expect(recorded.status).toBe(201);
    const [claimed, unclaimed] = [await deliveredParcel(700), await deliveredParcel(300)];
    // The process claimed the first parcel and died before the second and the final write.
    const stalled = await CourierSettlement.create({
      courier: "manual",
      amount: 1000,
      collectedTotal: 1000,
      reference: "DIED-MIDWAY",
      paidAt: new Date("2026-11-24"),
      parcels: [
        { order: claimed._id, orderNumber: claimed.orderNumber, collected: 700 },
        { order: unclaimed._id, orderNumber: unclaimed.orderNumber, collected: 300 },
      ],
      recordedBy: { id: "admin", email: "admin@example.com", name: "Admin" },
    });
    await Order.updateOne({ _id: claimed._id }, { $set: { cashSettlement: stalled._id } });
    expect((await cash()).body.totals).toEqual({ owed: 300, parcels: 1, unrecorded: 0 });

    // Still within the time a recording may take: left alone.
    expect(await releaseStalledSettlements()).toBe(0);
    expect((await cash()).body.totals.owed).toBe(300);

    const later = new Date(Date.now() + SETTLEMENT_STALL_MS + 1_000);
    const sweeps = await Promise.all([1, 2, 3].map(() => releaseStalledSettlements(later)));
    expect(sweeps.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect((await CourierSettlement.findById(stalled._id).lean())?.state).toBe("abandoned");
    expect((await cash()).body.totals).toEqual({ owed: 1000, parcels: 2, unrecorded: 0 });
    // The recorded settlement keeps its parcel; the abandoned one is listed nowhere.
    expect(String(await settlementOf(settled._id))).toBe(recorded.body._id);
    const listed = await asAdmin(request(app).get("/api/admin/courier-cash/settlements"));
    expect(listed.body.settlements.map((entry: { reference: string }) => entry.reference)).toEqual([
      "PATHAO-INV-1001",
    ]);
    expect(
      (
        await asAdmin(
          request(app).get(`/api/admin/courier-cash/settlements/${String(stalled._id)}`),
        )
      ).status,
    ).toBe(404);

    // The parcels can be settled again, each in exactly one settlement.
    const again = await settle({
      orderIds: [String(claimed._id), String(unclaimed._id)],
      amount: 1000,
      reference: "AGAIN",
    });
    expect(again.status).toBe(201);
    expect(await releaseStalledSettlements(later)).toBe(0);
    expect(String(await settlementOf(claimed._id))).toBe(again.body._id);
    expect((await cash()).body.totals).toEqual({ owed: 0, parcels: 0, unrecorded: 0 });
  });
});
