import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { AuditEntry } from "../../models/audit-entry.model";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import { moveOrder } from "../../server/services/orders.service";
import { clearDatabase } from "../setup/db";
import { createOrder } from "../factories/order";
import { bearer, createAdmin } from "../factories/user";

/**
 * The owner's figures per staff member (docs/staff-roles.md, "Figures per staff member"): orders
 * each confirmed in a Dhaka month and where they stand now, orders each entered by channel; staff
 * confirm and move orders through the API, then each confirmation's entry is dated in March 2026
 * (or just outside it) so the month's edges are exact whatever day the test runs.
 */
const app = createApp();
let owner: { token: string; id: string };
let rina: { token: string; id: string };
let sumon: { token: string; id: string };
let packer: { token: string; id: string };

const figures = (query: Record<string, string> = {}, token = owner.token) =>
  request(app).get("/api/admin/staff/figures").set(bearer(token)).query(query);

const move = (token: string, id: unknown, status: string) =>
  request(app).put(`/api/admin/orders/${id}/${status}`).set(bearer(token)).send({});

/** An order confirmed by `token`'s staff member, its confirmation dated `at`, then moved on by the owner. */
async function confirmedOrder(token: string, at: string, then: string[] = []) {
  const order = await createOrder();
  expect((await move(token, order._id, "confirmed")).status).toBe(200);
  for (const status of then) expect((await move(owner.token, order._id, status)).status).toBe(200);
  const dated = await AuditEntry.collection.updateOne(
    { entityId: String(order._id), "changes.after": "CONFIRMED" },
    { $set: { at: new Date(at) } },
  );
  expect(dated.modifiedCount).toBe(1);
  return order;
}

/** A staff order (`createdBy`, `source`) placed at `at`. */
async function enteredOrder(email: string, source: string, at: string) {
  const order = await createOrder({ createdAt: new Date(at) });
  await Order.collection.updateOne(
    { _id: order._id },
    { $set: { createdBy: `admin:${email}`, source } },
  );
}

const NO_SOURCES = { phone: 0, facebook: 0, instagram: 0, whatsapp: 0, "walk-in": 0 };
const NO_OUTCOMES = { delivered: 0, returned: 0, cancelled: 0, open: 0, deleted: 0 };

beforeAll(async () => {
  await clearDatabase();
  const staff = async (firstName: string, staffRole: "owner" | "orderDesk" | "packer") => {
    const { token, user } = await createAdmin({
      firstName,
      lastName: "Test",
      email: `${firstName.toLowerCase()}@tweest.local`,
      staffRole,
    });
    return { token, id: String(user._id) };
  };
  owner = await staff("Olive", "owner");
  rina = await staff("Rina", "orderDesk");
  sumon = await staff("Sumon", "orderDesk");
  packer = await staff("Pavel", "packer");

  // Rina: six confirmations in March (Dhaka), one a minute into April.
  await confirmedOrder(rina.token, "2026-03-10T10:00:00Z", ["shipped", "delivered"]);
  await confirmedOrder(rina.token, "2026-03-11T10:00:00Z", ["shipped", "returned"]);
  await confirmedOrder(rina.token, "2026-03-12T10:00:00Z", ["cancelled"]);
  await confirmedOrder(rina.token, "2026-03-13T10:00:00Z");
  // 1 March 00:00 in Dhaka is 28 February 18:00 UTC: March's.
  await confirmedOrder(rina.token, "2026-02-28T18:00:00.000Z", ["shipped"]);
  const deleted = await confirmedOrder(rina.token, "2026-03-14T10:00:00Z");
  expect(
    (await request(app).delete(`/api/admin/orders/${deleted._id}`).set(bearer(owner.token))).status,
  ).toBe(200);
  // 1 April 00:00 in Dhaka is 31 March 18:00 UTC: April's.
  await confirmedOrder(rina.token, "2026-03-31T18:00:00.000Z", ["shipped", "delivered"]);

  // Sumon: two in March, one the last millisecond of February in Dhaka.
  await confirmedOrder(sumon.token, "2026-03-20T10:00:00Z", ["shipped", "delivered"]);
  await confirmedOrder(sumon.token, "2026-03-21T10:00:00Z", ["shipped", "returning"]);
  await confirmedOrder(sumon.token, "2026-02-28T17:59:59.999Z", ["cancelled"]);

  // A courier's status confirming an order on its way is no staff member's confirmation.
  const byCourier = await createOrder();
  await moveOrder(String(byCourier._id), "CONFIRMED", "courier:Pathao");
  await AuditEntry.collection.updateMany(
    { entityId: String(byCourier._id) },
    { $set: { at: new Date("2026-03-15T10:00:00Z") } },
  );

  // Orders entered: Rina 2 by phone and 1 from Facebook in March, 1 by phone on 1 April (Dhaka);
  // Sumon 1 from WhatsApp; someone no longer on the staff (no account) 1 walk-in.
  await enteredOrder("rina@tweest.local", "phone", "2026-03-02T04:00:00Z");
  await enteredOrder("rina@tweest.local", "phone", "2026-03-31T17:59:59.999Z");
  await enteredOrder("rina@tweest.local", "facebook", "2026-03-05T04:00:00Z");
  await enteredOrder("rina@tweest.local", "phone", "2026-03-31T18:00:00.000Z");
  await enteredOrder("sumon@tweest.local", "whatsapp", "2026-03-06T04:00:00Z");
  await enteredOrder("gone@tweest.local", "walk-in", "2026-03-07T04:00:00Z");
  // A storefront order of March is nobody's.
  await createOrder({ createdAt: new Date("2026-03-08T04:00:00Z") });
});

describe("GET /api/admin/staff/figures", () => {
  it("counts each staff member's confirmations and entries of the Dhaka month, with where the orders stand now", async () => {
    const answer = await figures({ month: "2026-03" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      month: "2026-03",
      from: "2026-02-28T18:00:00.000Z",
      to: "2026-03-31T18:00:00.000Z",
      staff: [
        {
          id: rina.id,
          name: "Rina Test",
          email: "rina@tweest.local",
          role: "orderDesk",
          confirmed: 6,
          outcomes: { delivered: 1, returned: 1, cancelled: 1, open: 2, deleted: 1 },
          entered: { total: 3, bySource: { ...NO_SOURCES, phone: 2, facebook: 1 } },
        },
        {
          id: sumon.id,
          name: "Sumon Test",
          email: "sumon@tweest.local",
          role: "orderDesk",
          confirmed: 2,
          outcomes: { ...NO_OUTCOMES, delivered: 1, returned: 1 },
          entered: { total: 1, bySource: { ...NO_SOURCES, whatsapp: 1 } },
        },
        {
          id: null,
          name: "gone@tweest.local",
          email: "gone@tweest.local",
          role: null,
          confirmed: 0,
          outcomes: NO_OUTCOMES,
          entered: { total: 1, bySource: { ...NO_SOURCES, "walk-in": 1 } },
        },
        ...[
          { id: owner.id, name: "Olive Test", email: "olive@tweest.local", role: "owner" },
          { id: packer.id, name: "Pavel Test", email: "pavel@tweest.local", role: "packer" },
        ].map((member) => ({
          ...member,
          confirmed: 0,
          outcomes: NO_OUTCOMES,
          entered: { total: 0, bySource: NO_SOURCES },
        })),
      ],
    });
  });

  it("counts the neighbouring months on their own", async () => {
    const february = (await figures({ month: "2026-02" })).body.staff;
    const april = (await figures({ month: "2026-04" })).body.staff;
    const summary = (
      staff: { name: string; confirmed: number; outcomes: object; entered: { total: number } }[],
    ) =>
      staff
        .filter((member) => member.confirmed + member.entered.total > 0)
        .map(({ name, confirmed, outcomes, entered }) => ({
          name,
          confirmed,
          outcomes,
          entered: entered.total,
        }));
    expect(summary(february)).toEqual([
      { name: "Sumon Test", confirmed: 1, outcomes: { ...NO_OUTCOMES, cancelled: 1 }, entered: 0 },
    ]);
    expect(summary(april)).toEqual([
      { name: "Rina Test", confirmed: 1, outcomes: { ...NO_OUTCOMES, delivered: 1 }, entered: 1 },
    ]);
  });

  it("defaults to the current month in Dhaka", async () => {
    const month = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Asia/Dhaka",
      year: "numeric",
      month: "2-digit",
    }).format(new Date());
    const answer = await figures();
    expect(answer.status).toBe(200);
    expect(answer.body.month).toBe(month);
    // The courier's confirmation was dated in March too; this month holds nobody's confirmation.
    expect(answer.body.staff.map((member: { confirmed: number }) => member.confirmed)).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it("is the owner's alone, and refuses a month not written yyyy-MM", async () => {
    const refused = await figures({ month: "2026-03" }, rina.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Access denied - the Order desk role does not have the "staff.manage" permission',
    );
    const bad = await figures({ month: "2026-13" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: "month", message: "The month must be written yyyy-MM, e.g. 2026-11" },
    ]);
  });
});
