import request from "supertest";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CourierSettlement } from "../../models/courier-settlement.model";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import { settlementCourierIds } from "../../server/db/migrations";
import { toOrderAnswer } from "../../server/services/orders.service";
import { clearDatabase } from "../setup/db";
import { useRedxStub, useSteadfastStub } from "../setup/couriers";
import { usePathaoStub } from "../setup/pathao";
import { useSmtpServer } from "../setup/smtp";
import { createOrder } from "../factories/order";
import { bearer, createAdmin } from "../factories/user";
import type { PathaoStub } from "../stubs/pathao";
import type { SmtpStub } from "../stubs/smtp";
import type { SteadfastStub } from "../stubs/steadfast";
import type { CourierId } from "../../contract/couriers";

/**
 * Courier cash per courier, payout statements matched to parcels (Steadfast's payouts through its
 * API, any courier's CSV), and partial deliveries (docs/cod.md, docs/couriers.md).
 */
let app: ReturnType<typeof createApp>;
let adminToken: string;
let steadfast: SteadfastStub;
let pathao: PathaoStub;
let smtp: SmtpStub;
const ADMIN_EMAIL = "owner@tweest.test";
useSmtpServer((stub) => (smtp = stub), { ADMIN_EMAIL, PUBLIC_URL: "https://shop.test" });
useSteadfastStub((stub) => (steadfast = stub));
usePathaoStub((stub) => (pathao = stub));
useRedxStub(() => undefined);

beforeAll(() => {
  app = createApp();
});

beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
});

const asAdmin = (test: request.Test) => test.set(bearer(adminToken));
const cash = (courier?: CourierId) =>
  asAdmin(request(app).get("/api/admin/courier-cash")).query(courier ? { courier } : {});
const settle = (body: Record<string, unknown>) =>
  asAdmin(request(app).post("/api/admin/courier-cash/settlements")).send({
    reference: "PAYOUT-1",
    paidAt: "2026-11-24",
    ...body,
  });
const upload = (csv: string | Buffer, fields: Record<string, string> = {}) => {
  const call = asAdmin(request(app).post("/api/admin/courier-cash/statements"));
  for (const [name, value] of Object.entries({ courier: "manual", ...fields }))
    void call.field(name, value);
  return call.attach("statement", Buffer.from(csv), {
    filename: "statement.csv",
    contentType: "text/csv",
  });
};
const confirm = (statementId: string, note?: string) =>
  asAdmin(request(app).post(`/api/admin/courier-cash/statements/${statementId}/confirm`)).send(
    note === undefined ? {} : { note },
  );
const stored = async (id: unknown) => (await Order.findById(id).lean())!;

/**
 * A delivered COD parcel of `total` taka carried by `courier` (its shipment as booking writes it;
 * `manual` without one, as "Mark shipped" leaves it), its collected amount recorded when given.
 */
async function deliveredWith(
  courier: CourierId | "none",
  total: number,
  collected: number | null = total,
  consignmentId = `C-${Math.random().toString(36).slice(2, 10)}`,
) {
  const order = await createOrder({ orderStatus: "DELIVERED", totalDiscountedPrice: total });
  const shipment =
    courier === "none"
      ? null
      : {
          courier,
          courierName: courier === "manual" ? "Sundarban" : undefined,
          consignmentId,
          trackingNumber: `T-${consignmentId}`,
          status: "delivered",
        };
  await Order.updateOne(
    { _id: order._id },
    {
      $set: {
        shipment,
        ...(collected === null
          ? {}
          : { cashCollected: { amount: collected, at: new Date(), source: "admin", by: "a" } }),
      },
    },
  );
  return { ...order.toObject(), consignmentId, trackingNumber: `T-${consignmentId}` };
}

describe("courier cash per courier", () => {
  it("totals each courier's parcels, filters by courier, and settles one courier at a time", async () => {
    const pathaoParcel = await deliveredWith("pathao", 1000);
    const steadfastParcel = await deliveredWith("steadfast", 700);
    await deliveredWith("steadfast", 500, null);
    const byHand = await deliveredWith("none", 300);
    const sundarban = await deliveredWith("manual", 200);

    const all = await cash();
    expect(all.status).toBe(200);
    expect(all.body.totals).toEqual({ owed: 2200, parcels: 4, unrecorded: 1 });
    expect(all.body.couriers).toEqual([
      { courier: "pathao", name: "Pathao", owed: 1000, parcels: 1, unrecorded: 0 },
      { courier: "steadfast", name: "Steadfast", owed: 700, parcels: 1, unrecorded: 1 },
      { courier: "manual", name: "Other courier", owed: 500, parcels: 2, unrecorded: 0 },
    ]);
    const parcel = (id: unknown) =>
      all.body.parcels.find((entry: { _id: string }) => entry._id === String(id));
    expect(parcel(byHand._id)).toMatchObject({ courier: "manual", courierName: "Other courier" });
    expect(parcel(sundarban._id)).toMatchObject({ courier: "manual", courierName: "Sundarban" });
    expect(parcel(steadfastParcel._id)).toMatchObject({
      courier: "steadfast",
      consignmentId: steadfastParcel.consignmentId,
      partial: false,
    });

    const steadfastOnly = await cash("steadfast");
    expect(steadfastOnly.body.totals).toEqual({ owed: 700, parcels: 1, unrecorded: 1 });
    expect(steadfastOnly.body.parcels.map((entry: { courier: string }) => entry.courier)).toEqual([
      "steadfast",
      "steadfast",
    ]);
    expect(steadfastOnly.body.couriers).toHaveLength(3);
    expect((await cash("redx")).body.totals).toEqual({ owed: 0, parcels: 0, unrecorded: 0 });
    expect(
      (await asAdmin(request(app).get("/api/admin/courier-cash")).query({ courier: "dhl" })).status,
    ).toBe(400);

    const mixed = await settle({
      orderIds: [pathaoParcel._id, steadfastParcel._id].map(String),
      amount: 1700,
    });
    expect(mixed.status).toBe(400);
    const [first, second] = [pathaoParcel, steadfastParcel].sort((a, b) =>
      String(a._id).localeCompare(String(b._id)),
    );
    const nameOf = (order: typeof first) => (order === pathaoParcel ? "Pathao" : "Steadfast");
    expect(mixed.body.message).toBe(
      `A settlement covers one courier's parcels: ${first.orderNumber} went with ${nameOf(first)}, ${second.orderNumber} with ${nameOf(second)}`,
    );
    expect(await CourierSettlement.countDocuments()).toBe(0);

    const paid = await settle({
      orderIds: [String(steadfastParcel._id)],
      amount: 640,
      deductions: 60,
    });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({
      courier: "steadfast",
      courierName: "Steadfast",
      statement: null,
    });
    await settle({ orderIds: [String(pathaoParcel._id)], amount: 1000 }).expect(201);
    const list = (courier: CourierId) =>
      asAdmin(request(app).get("/api/admin/courier-cash/settlements")).query({ courier });
    expect((await list("steadfast")).body.settlements.map((s: { _id: string }) => s._id)).toEqual([
      paid.body._id,
    ]);
    expect((await list("pathao")).body.total).toBe(1);
    expect((await list("redx")).body.total).toBe(0);
    expect((await cash()).body.couriers[0]).toEqual({
      courier: "steadfast",
      name: "Steadfast",
      owed: 0,
      parcels: 0,
      unrecorded: 1,
    });
  });

  it("settlements stored before couriers had ids get the id of their parcels' courier, once", async () => {
    const steadfastParcel = await deliveredWith("steadfast", 700);
    const legacyPathao = await createOrder({ orderStatus: "DELIVERED" });
    await Order.updateOne(
      { _id: legacyPathao._id },
      { $set: { courier: { name: "Pathao", consignmentId: "OLD-1" } } },
    );
    const older = (order: { _id: unknown; orderNumber: string }, reference: string) => ({
      courier: "Pathao",
      state: "recorded",
      amount: 100,
      deductions: 0,
      collectedTotal: 100,
      reference,
      paidAt: new Date("2026-10-01"),
      parcels: [{ order: order._id, orderNumber: order.orderNumber, collected: 100 }],
      recordedBy: { id: "a", email: "a@example.com", name: "A" },
      createdAt: new Date("2026-10-01"),
      updatedAt: new Date("2026-10-01"),
    });
    await CourierSettlement.collection.insertMany([
      older(steadfastParcel, "SF-OLD"),
      older(legacyPathao, "PATHAO-OLD"),
    ]);
    // Before the migration the answers already read the older value as Pathao's id.
    const before = await asAdmin(request(app).get("/api/admin/courier-cash/settlements"));
    expect(before.body.settlements.map((s: { courier: string }) => s.courier)).toEqual([
      "pathao",
      "pathao",
    ]);

    expect(await settlementCourierIds()).toBe(2);
    const couriers = await CourierSettlement.find({}, { reference: 1, courier: 1 }).lean();
    expect(Object.fromEntries(couriers.map((s) => [s.reference, s.courier]))).toEqual({
      "SF-OLD": "steadfast",
      "PATHAO-OLD": "pathao",
    });
    expect(await settlementCourierIds()).toBe(0);
  });
});

describe("partial delivery", () => {
  it("Steadfast partial_delivered: DELIVERED with a note, no COD amount assumed, the owner emailed once", async () => {
    const order = await createOrder({ orderStatus: "PLACED", totalDiscountedPrice: 1500 });
    await asAdmin(request(app).post(`/api/admin/orders/${String(order._id)}/shipment`))
      .send({ courier: "steadfast" })
      .expect(200);
    const consignmentId = String(steadfast.consignments[0].consignment_id);
    const refresh = () =>
      asAdmin(request(app).post(`/api/admin/orders/${String(order._id)}/shipment/refresh`));
    steadfast.setStatus(consignmentId, "partial_delivered");
    expect((await refresh()).body.orderStatus).toBe("DELIVERED");
    await refresh().expect(200);

    const after = await stored(order._id);
    expect(after.cashCollected).toBeNull();
    expect(after.statusHistory.at(-1)).toMatchObject({
      status: "DELIVERED",
      by: "courier:Steadfast",
      note: "Partly delivered (partial_delivered): the shopper kept part of the parcel; the rest comes back. The courier reported no collected amount: record it from its payout statement.",
    });
    const admin = await asAdmin(request(app).get(`/api/admin/orders/${String(order._id)}`));
    expect(admin.body.statusHistory.at(-1).note).toMatch(/^Partly delivered/);
    expect(admin.body.shipment.status).toBe("partial_delivered");
    // The shopper's answer carries no staff note.
    const shopper = toOrderAnswer((await Order.findById(order._id))!);
    expect(shopper.statusHistory.at(-1)).toEqual({
      status: "DELIVERED",
      at: expect.any(String),
      by: "courier",
    });

    await expect.poll(() => smtp.messages.length).toBe(1);
    const [email] = smtp.messages;
    expect(email.to).toEqual([ADMIN_EMAIL]);
    expect(email.subject).toBe(`Order ${order.orderNumber} was delivered in part`);
    expect(email.text).toContain(
      "The courier reported no collected amount: record it from its payout statement.",
    );
    expect(email.text).toContain(`https://shop.test/admin/orders?open=${String(order._id)}`);

    const owed = await cash("steadfast");
    expect(owed.body.parcels).toEqual([
      expect.objectContaining({ _id: String(order._id), partial: true, collected: null }),
    ]);
    // Nothing more is sent for the same status read again.
    await refresh().expect(200);
    expect(smtp.messages.filter((m) => m.to.includes(ADMIN_EMAIL))).toHaveLength(1);
  });

  it("Pathao partial-delivery records the amount its webhook reports, not the COD amount", async () => {
    const order = await createOrder({ orderStatus: "SHIPPED", totalDiscountedPrice: 1200 });
    await Order.updateOne(
      { _id: order._id },
      { $set: { courier: { name: "Pathao", consignmentId: "P-PARTIAL", status: "picked" } } },
    );
    const hook = pathao.webhook("order.partial-delivery", "P-PARTIAL");
    await request(app)
      .post("/api/pathao/webhook")
      .set(hook.headers)
      .send({ ...hook.body, collected_amount: 450 })
      .expect(202);
    const after = await stored(order._id);
    expect(after.orderStatus).toBe("DELIVERED");
    expect(after.cashCollected).toMatchObject({
      amount: 450,
      source: "courier",
      by: "courier:Pathao",
    });
    expect(after.statusHistory.at(-1)!.note).toBe(
      "Partly delivered (partial-delivery): the shopper kept part of the parcel; the rest comes back. The courier collected ৳450.",
    );
    await expect.poll(() => smtp.messages.length).toBe(1);
    expect(smtp.messages[0].text).toContain("The courier collected ৳450.");
  });
});

describe("Steadfast payouts through its API", () => {
  it("lists payouts, matches one to parcels, settles the matched ones once", async () => {
    const book = async (total: number) => {
      const order = await createOrder({ orderStatus: "PLACED", totalDiscountedPrice: total });
      await asAdmin(request(app).post(`/api/admin/orders/${String(order._id)}/shipment`))
        .send({ courier: "steadfast" })
        .expect(200);
      const consignment = steadfast.consignments.at(-1)!;
      return { order, consignment };
    };
    const deliver = async (parcel: Awaited<ReturnType<typeof book>>, status = "delivered") => {
      steadfast.setStatus(String(parcel.consignment.consignment_id), status);
      await asAdmin(
        request(app).post(`/api/admin/orders/${String(parcel.order._id)}/shipment/refresh`),
      ).expect(200);
    };
    const whole = await book(1060);
    const partly = await book(900);
    const notDelivered = await book(700);
    await deliver(whole);
    await deliver(partly, "partial_delivered");
    const line = (
      parcel: Awaited<ReturnType<typeof book>>,
      cod: number,
      charge: number,
      codCharge = 0,
    ) => ({
      consignment_id: parcel.consignment.consignment_id as number,
      invoice: parcel.order.orderNumber,
      tracking_code: parcel.consignment.tracking_code as string,
      cod_amount: cod,
      delivery_charge: charge,
      cod_charge: codCharge,
    });
    const paymentId = steadfast.pay([
      line(whole, 1060, 60, 11),
      line(partly, 400, 60),
      line(notDelivered, 0, 60),
      {
        consignment_id: 99999,
        invoice: "NOT-OURS",
        tracking_code: "X",
        cod_amount: 50,
        delivery_charge: 0,
      },
    ]);

    const payouts = () => asAdmin(request(app).get("/api/admin/courier-cash/payouts/steadfast"));
    const listed = await payouts();
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      courier: "steadfast",
      payouts: [
        {
          id: String(paymentId),
          amount: 1060 - 71 + 400 - 60 - 60 + 50,
          status: "paid",
          paidAt: "2026-11-25T10:00:00.000Z",
          settled: false,
        },
      ],
    });

    const preview = () =>
      asAdmin(
        request(app).post(`/api/admin/courier-cash/payouts/steadfast/${paymentId}/statement`),
      );
    const statement = await preview();
    expect(statement.status).toBe(200);
    expect(statement.body).toMatchObject({
      courier: "steadfast",
      source: "api",
      reference: `Steadfast payout ${paymentId}`,
      paidAt: "2026-11-25T10:00:00.000Z",
      counts: { matched: 2, "amount-differs": 0, unknown: 2, settled: 0 },
      toSettle: { parcels: 2, collected: 1460, fees: 131, amount: 1329 },
    });
    expect(
      statement.body.rows.map((row: { match: string; note: string }) => [row.match, row.note]),
    ).toEqual([
      ["matched", "No amount recorded: ৳1,060 will be recorded from the statement"],
      [
        "matched",
        "No amount recorded: ৳400 will be recorded from the statement (delivered in part)",
      ],
      [
        "unknown",
        `${notDelivered.order.orderNumber} is not a delivered cash-on-delivery parcel (PLACED)`,
      ],
      ["unknown", "No parcel of the shop's is 99999"],
    ]);
    // The same reasons as data, for the back office to word in the staff member's language.
    expect(statement.body.rows.map((row: { reason: unknown }) => row.reason)).toEqual([
      { kind: "record-from-statement", partly: false },
      { kind: "record-from-statement", partly: true },
      { kind: "not-delivered-cod", status: "PLACED" },
      { kind: "no-parcel" },
    ]);

    const confirmed = await confirm(statement.body._id);
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.settlement).toMatchObject({
      courier: "steadfast",
      amount: 1329,
      deductions: 131,
      collectedTotal: 1460,
      reference: `Steadfast payout ${paymentId}`,
      statement: statement.body._id,
    });
    expect(confirmed.body.statement.counts).toEqual({
      matched: 0,
      "amount-differs": 0,
      unknown: 2,
      settled: 2,
    });
    expect((await stored(partly.order._id)).cashCollected).toMatchObject({
      amount: 400,
      source: "statement",
    });
    expect((await payouts()).body.payouts[0].settled).toBe(true);

    // The same payout again: the same statement, its parcels settled; confirming settles nothing.
    const again = await preview();
    expect(again.body._id).toBe(statement.body._id);
    expect(again.body.counts.settled).toBe(2);
    const twice = await confirm(statement.body._id);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({
      message:
        "Nothing in this statement is left to settle: 2 settled already, 0 differ in amount, 2 unknown",
      code: "NOTHING_TO_SETTLE",
    });
    expect(await CourierSettlement.countDocuments()).toBe(1);
  });

  it("a courier without a payouts API, an unknown payout, and a missing statement are clear errors", async () => {
    const redx = await asAdmin(request(app).get("/api/admin/courier-cash/payouts/redx"));
    expect(redx.status).toBe(400);
    expect(redx.body.message).toBe(
      "RedX's payouts cannot be read through its API: upload its statement as a CSV file",
    );
    const unknown = await asAdmin(
      request(app).post("/api/admin/courier-cash/payouts/steadfast/777/statement"),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("The courier knows no such payout");
    const missing = await asAdmin(
      request(app).get("/api/admin/courier-cash/statements/64b000000000000000000000"),
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Statement not found");
  });
});

describe("a CSV statement from any courier", () => {
  it("previews rows as matched, differing, unknown or settled; confirming settles the matched once", async () => {
    const same = await deliveredWith("redx", 1000, 1000, "R-1");
    const differs = await deliveredWith("redx", 800, 800, "R-2");
    const unrecorded = await deliveredWith("redx", 600, null, "R-3");
    const settledBefore = await deliveredWith("redx", 500, 500, "R-4");
    const otherCourier = await deliveredWith("steadfast", 450, 450, "S-9");
    await settle({ orderIds: [String(settledBefore._id)], amount: 500 }).expect(201);

    const csv = [
      "Tracking ID,Invoice,Cash Collection,Delivery Charge,COD Charge,Payout ID,Payout Date",
      `T-R-1,,"1,000",60,10,RX-PAY-7,24/11/2026`,
      `,${differs.orderNumber},750,60,0,RX-PAY-7,24/11/2026`,
      `T-R-3,,৳600,60,6,RX-PAY-7,24/11/2026`,
      `T-R-4,,500,60,0,RX-PAY-7,24/11/2026`,
      `,${otherCourier.orderNumber},450,60,0,RX-PAY-7,24/11/2026`,
      `T-NOPE,,300,60,0,RX-PAY-7,24/11/2026`,
    ].join("\r\n");
    const preview = await upload(csv, { courier: "redx" });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      courier: "redx",
      source: "csv",
      fileName: "statement.csv",
      reference: "RX-PAY-7",
      paidAt: "2026-11-23T18:00:00.000Z",
      counts: { matched: 2, "amount-differs": 1, unknown: 2, settled: 1 },
      toSettle: { parcels: 2, collected: 1600, fees: 136, amount: 1464 },
    });
    expect(
      preview.body.rows.map((row: Record<string, unknown>) => [
        row.line,
        row.parcel,
        row.match,
        row.orderNumber,
        row.note,
      ]),
    ).toEqual([
      [2, "T-R-1", "matched", same.orderNumber, "Collected ৳1,000, as recorded"],
      [
        3,
        differs.orderNumber,
        "amount-differs",
        differs.orderNumber,
        "The shop recorded ৳800; the statement says ৳750",
      ],
      [
        4,
        "T-R-3",
        "matched",
        unrecorded.orderNumber,
        "No amount recorded: ৳600 will be recorded from the statement",
      ],
      [
        5,
        "T-R-4",
        "settled",
        settledBefore.orderNumber,
        `${settledBefore.orderNumber} is already settled`,
      ],
      [
        6,
        otherCourier.orderNumber,
        "unknown",
        otherCourier.orderNumber,
        `${otherCourier.orderNumber} went with Steadfast, not RedX`,
      ],
      [7, "T-NOPE", "unknown", null, "No parcel of the shop's is T-NOPE"],
    ]);
    expect(preview.body.rows.map((row: { reason: unknown }) => row.reason)).toEqual([
      { kind: "as-recorded" },
      { kind: "recorded-differs", recorded: 800 },
      { kind: "record-from-statement", partly: false },
      { kind: "already-settled" },
      { kind: "other-courier", carrier: "steadfast" },
      { kind: "no-parcel" },
    ]);

    const confirmed = await confirm(preview.body._id, "November, first half");
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.settlement).toMatchObject({
      courier: "redx",
      amount: 1464,
      deductions: 136,
      collectedTotal: 1600,
      reference: "RX-PAY-7",
      note: "November, first half",
    });
    expect(
      confirmed.body.settlement.parcels.map((p: { orderNumber: string }) => p.orderNumber).sort(),
    ).toEqual([same.orderNumber, unrecorded.orderNumber].sort());
    expect((await stored(differs._id)).cashSettlement).toBeNull();

    // The same file again is the same statement: nothing left to settle, a 409 that writes nothing.
    const again = await upload(csv, { courier: "redx" });
    expect(again.body._id).toBe(preview.body._id);
    expect(again.body.counts).toEqual({ matched: 0, "amount-differs": 1, unknown: 2, settled: 3 });
    const twice = await confirm(again.body._id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      "Nothing in this statement is left to settle: 3 settled already, 1 differ in amount, 2 unknown",
    );

    // Once the differing amount is corrected, the same statement settles that parcel alone.
    await asAdmin(request(app).put(`/api/admin/courier-cash/parcels/${String(differs._id)}`))
      .send({ collected: 750 })
      .expect(200);
    const rest = await confirm(again.body._id);
    expect(rest.status).toBe(201);
    expect(rest.body.settlement).toMatchObject({ amount: 690, deductions: 60 });
    expect(rest.body.statement.settlements).toHaveLength(2);
    expect(await CourierSettlement.countDocuments({ statement: again.body._id })).toBe(2);
  });

  it("one statement confirmed twice at once: one settlement, the other a 409", async () => {
    const parcel = await deliveredWith("manual", 900, 900, "M-1");
    const preview = await upload(`tracking_code,collected_amount,fee\nT-M-1,900,50\n`, {
      reference: "RIDER-WEEK-48",
      paidAt: "2026-11-26",
    });
    expect(preview.body.counts.matched).toBe(1);
    const answers = await Promise.all([confirm(preview.body._id), confirm(preview.body._id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await CourierSettlement.countDocuments({ state: "recorded" })).toBe(1);
    expect((await stored(parcel._id)).cashSettlement).not.toBeNull();
  });

  it("fees above the matched cash are a 400 and settle nothing", async () => {
    await deliveredWith("manual", 100, 100, "M-2");
    const preview = await upload(`consignment_id,cod_amount,charge\nM-2,100,150\n`, {
      reference: "R",
      paidAt: "2026-11-26",
    });
    const refused = await confirm(preview.body._id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "The statement's fees (৳150) are more than the cash collected on its matched parcels (৳100)",
    );
    expect(await CourierSettlement.countDocuments()).toBe(0);
  });

  describe("a file it cannot read is a 400 naming the line and column, and stores nothing", () => {
    const refusals: [string, string | Buffer, Record<string, string>, string][] = [
      [
        "no column naming the parcel",
        "name,cod_amount\nA,100\n",
        {},
        "The statement has no column naming the parcel: one of consignment_id, tracking_code or invoice (the order number)",
      ],
      [
        "no column of the cash",
        "invoice,fee\nTW-1,60\n",
        {},
        "The statement has no column of the cash collected: collected_amount or cod_amount",
      ],
      [
        "an amount that is not one",
        "invoice,cod_amount,fee\nTW-1,100,60\nTW-2,1OO,60\n",
        {},
        'Line 3, column "cod_amount": "1OO" is not an amount in taka',
      ],
      [
        "an empty amount",
        "invoice,cod_amount\nTW-1,\n",
        {},
        'Line 2, column "cod_amount": no amount',
      ],
      [
        "a negative fee",
        "invoice,cod_amount,delivery_charge\nTW-1,100,-60\n",
        {},
        'Line 2, column "delivery_charge": "-60" is not an amount in taka',
      ],
      [
        "a row naming no parcel",
        "invoice,tracking_code,cod_amount\nTW-1,,100\n,,200\n",
        {},
        "Line 3: no consignment id, tracking code or invoice names the parcel",
      ],
      [
        "an unclosed quote",
        'invoice,cod_amount\nTW-1,100\n"TW-2,200\n',
        {},
        "The statement is not valid CSV at line 3: Quote Not Closed: the parsing is finished with an opening quote at line 3",
      ],
      [
        "two payouts in one file",
        "invoice,cod_amount,payment_id\nTW-1,100,P1\nTW-2,100,P2\n",
        {},
        'The statement holds more than one payout reference (P1, P2 in column "payment_id"): upload one payout at a time',
      ],
      [
        "a date that is not one",
        "invoice,cod_amount,payout_date\nTW-1,100,31/02/2026\n",
        { reference: "R" },
        'Line 2, column "payout_date": "31/02/2026" is not a date (yyyy-mm-dd or dd/mm/yyyy)',
      ],
      [
        "a binary file",
        Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]),
        {},
        "The statement is not a CSV text file",
      ],
      ["a header alone", "invoice,cod_amount\n", {}, "The statement has a header and no parcels"],
    ];
    it.each(refusals)("%s", async (_name, csv, fields, message) => {
      const answer = await upload(csv, { reference: "R", paidAt: "2026-11-26", ...fields });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
      expect(answer.body.errors).toEqual([{ path: "statement", message }]);
    });

    it("without the payout's reference and date anywhere, names both fields", async () => {
      const answer = await upload("invoice,cod_amount\nTW-1,100\n");
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        message: "The statement has no payout reference or payout date: enter it beside the file",
        code: "BAD_REQUEST",
        errors: [
          { path: "reference", message: "Enter the payout's reference" },
          { path: "paidAt", message: "Enter the payout's date" },
        ],
      });
    });

    it("too many rows, a file too large, no file, no courier", async () => {
      const many = ["invoice,cod_amount", ...Array.from({ length: 501 }, (_, i) => `TW-${i},1`)];
      const tooMany = await upload(many.join("\n"), { reference: "R", paidAt: "2026-11-26" });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe(
        "The statement has more than 500 parcels: split it into files of at most 500",
      );

      const large = await upload(`invoice,cod_amount\n${"TW-1,100\n".repeat(120_000)}`);
      expect(large.status).toBe(413);
      expect(large.body).toEqual({
        message: "The statement is larger than 1 MB: split it",
        code: "FILE_TOO_LARGE",
      });

      const noFile = await asAdmin(request(app).post("/api/admin/courier-cash/statements"))
        .field("courier", "redx")
        .field("reference", "R");
      expect(noFile.status).toBe(400);
      expect(noFile.body.message).toBe(
        'Attach the statement (a CSV file) in the field "statement"',
      );

      const noCourier = await asAdmin(
        request(app).post("/api/admin/courier-cash/statements"),
      ).attach("statement", Buffer.from("invoice,cod_amount\nTW-1,1\n"), "s.csv");
      expect(noCourier.status).toBe(400);
      expect(noCourier.body.errors).toEqual([
        { path: "courier", message: "Choose the courier whose statement this is" },
      ]);
      expect(await Order.db.collection("courier_statements").countDocuments()).toBe(0);
    });
  });

  it("only an admin may upload or confirm", async () => {
    const anonymous = await request(app)
      .post("/api/admin/courier-cash/statements")
      .field("courier", "redx")
      .attach("statement", Buffer.from("invoice,cod_amount\nTW-1,1\n"), "s.csv");
    expect(anonymous.status).toBe(401);
    expect(
      (
        await request(app).post(
          "/api/admin/courier-cash/statements/64b000000000000000000000/confirm",
        )
      ).status,
    ).toBe(401);
  });
});
