import request from "supertest";
import mongoose from "mongoose";
import { beforeEach, describe, expect, it } from "vitest";
import { AuditEntry } from "../../models/audit-entry.model";
import { createApp } from "../../server/app";
import {
  copySettingsChangesToAudit,
  RETIRED_SETTINGS_LOG,
} from "../../server/services/audit.service";
import { expirePendingOrders } from "../../server/services/orders.service";
import { STALE_PROMO_MESSAGE } from "../../server/services/promo-codes.service";
import { clearDatabase } from "../setup/db";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { createPromo } from "../factories/promo-code";
import { bearer, createAdmin, createUser } from "../factories/user";

/**
 * The audit trail (docs/audit.md): each kind of change is one entry with who made it and exactly
 * the fields it changed, before and after; the trail is read by filters and pages; two staff
 * changing one order at once both land and are both recorded; customers never see a staff name.
 */
const app = createApp();
let rina: { token: string; id: string };
let sumon: { token: string; id: string };

beforeEach(async () => {
  await clearDatabase();
  const first = await createAdmin({
    firstName: "Rina",
    lastName: "Akter",
    email: "rina@tweest.local",
  });
  const second = await createAdmin({
    firstName: "Sumon",
    lastName: "Das",
    email: "sumon@tweest.local",
  });
  rina = { token: first.token, id: String(first.user._id) };
  sumon = { token: second.token, id: String(second.user._id) };
});

const RINA = { kind: "staff", name: "Rina Akter", email: "rina@tweest.local" };
const SUMON = { kind: "staff", name: "Sumon Das", email: "sumon@tweest.local" };

const trail = (query: Record<string, unknown>, token = rina.token) =>
  request(app).get("/api/admin/audit").set(bearer(token)).query(query);

/** One document's entries, oldest first, as {actor name, action, changes}. */
async function historyOf(entity: string, id: unknown) {
  const entries = await AuditEntry.find({ entity, entityId: String(id) })
    .sort({ at: 1, _id: 1 })
    .lean();
  return entries.map(({ actor, action, changes }) => ({ actor: actor.name, action, changes }));
}

describe("orders", () => {
  it("records a status move with who made it and the status it replaced", async () => {
    const order = await createOrder();
    const moved = await request(app)
      .put(`/api/admin/orders/${order._id}/cancelled`)
      .set(bearer(rina.token))
      .send({ cancelledBy: "customer" });
    expect(moved.status).toBe(200);
    const [entry] = (await trail({ entity: "order", id: String(order._id) })).body.entries;
    expect(entry).toMatchObject({
      actor: { ...RINA, id: rina.id },
      entity: "order",
      entityId: String(order._id),
      action: "status",
      label: order.orderNumber,
      changes: [
        { field: "orderStatus", before: "PLACED", after: "CANCELLED" },
        { field: "cancelledBy", before: null, after: "customer" },
      ],
    });
  });

  it("records the shop's own moves as the system, and a refused move records nothing", async () => {
    const pending = await createOrder({
      orderStatus: "PENDING",
      paymentMethod: "BKASH",
      createdAt: new Date(Date.now() - 24 * 60 * 60_000),
    });
    expect(await expirePendingOrders()).toBe(1);
    expect(await historyOf("order", pending._id)).toEqual([
      {
        actor: "system",
        action: "status",
        changes: [
          { field: "orderStatus", before: "PENDING", after: "CANCELLED" },
          { field: "cancelledBy", before: null, after: "system" },
        ],
      },
    ]);
    const refused = await request(app)
      .put(`/api/admin/orders/${pending._id}/shipped`)
      .set(bearer(rina.token))
      .send({});
    expect(refused.status).toBe(409);
    expect(await AuditEntry.countDocuments({ entityId: String(pending._id) })).toBe(1);
  });

  it("records an edit of the delivery details: only the fields that changed", async () => {
    const order = await createOrder();
    const edited = await request(app)
      .patch(`/api/admin/orders/${order._id}`)
      .set(bearer(rina.token))
      .send({ streetAddress: "House 9, Road 4, Gulshan", firstName: "Rahim", note: "Call first" });
    expect(edited.status).toBe(200);
    expect(edited.body.shippingAddress.streetAddress).toBe("House 9, Road 4, Gulshan");
    expect(await historyOf("order", order._id)).toEqual([
      {
        actor: "Rina Akter",
        action: "details",
        changes: [
          {
            field: "shippingAddress.streetAddress",
            before: "House 1, Road 2, Banani",
            after: "House 9, Road 4, Gulshan",
          },
          { field: "note", before: "", after: "Call first" },
        ],
      },
    ]);
    // Sending what it already holds changes nothing and records nothing.
    await request(app)
      .patch(`/api/admin/orders/${order._id}`)
      .set(bearer(sumon.token))
      .send({ note: "Call first" })
      .expect(200);
    expect(await AuditEntry.countDocuments({ entityId: String(order._id) })).toBe(1);
  });

  it("refuses to change a shipped order's address, and records nothing", async () => {
    const order = await createOrder({ orderStatus: "SHIPPED" });
    const refused = await request(app)
      .patch(`/api/admin/orders/${order._id}`)
      .set(bearer(rina.token))
      .send({ streetAddress: "Elsewhere" });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: "A SHIPPED order's delivery details can no longer be changed",
      code: "DETAILS_LOCKED",
    });
    expect(await AuditEntry.countDocuments()).toBe(0);
  });

  it("two staff editing one order at once: both edits land, both are recorded, nothing is lost", async () => {
    for (let round = 0; round < 4; round += 1) {
      const order = await createOrder();
      const [address, note] = await Promise.all([
        request(app)
          .patch(`/api/admin/orders/${order._id}`)
          .set(bearer(rina.token))
          .send({ streetAddress: `Road ${round}, Mirpur` }),
        request(app)
          .patch(`/api/admin/orders/${order._id}`)
          .set(bearer(sumon.token))
          .send({ note: `Leave at the gate ${round}` }),
      ]);
      expect([address.status, note.status]).toEqual([200, 200]);
      const saved = await mongoose.connection
        .collection("orders")
        .findOne({ _id: order._id }, { projection: { shippingAddress: 1, note: 1 } });
      expect(saved).toMatchObject({
        shippingAddress: { streetAddress: `Road ${round}, Mirpur` },
        note: `Leave at the gate ${round}`,
      });
      expect(
        (await historyOf("order", order._id)).sort((a, b) => a.actor.localeCompare(b.actor)),
      ).toEqual([
        {
          actor: "Rina Akter",
          action: "details",
          changes: [
            {
              field: "shippingAddress.streetAddress",
              before: "House 1, Road 2, Banani",
              after: `Road ${round}, Mirpur`,
            },
          ],
        },
        {
          actor: "Sumon Das",
          action: "details",
          changes: [{ field: "note", before: "", after: `Leave at the gate ${round}` }],
        },
      ]);
    }
  });

  it("two staff changing the same field at once: the later entry's before is the earlier's after", async () => {
    const order = await createOrder();
    const answers = await Promise.all(
      [rina, sumon].map((staff, index) =>
        request(app)
          .patch(`/api/admin/orders/${order._id}`)
          .set(bearer(staff.token))
          .send({ note: `note ${index}` }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const entries = await historyOf("order", order._id);
    expect(entries).toHaveLength(2);
    const [first, second] = entries.map((entry) => entry.changes[0]);
    expect(first.before).toBe("");
    expect(second.before).toBe(first.after);
    const saved = await mongoose.connection.collection("orders").findOne({ _id: order._id });
    expect(saved!.note).toBe(second.after);
  });

  it("two staff moving one order at once: each move that landed is recorded with what it replaced", async () => {
    const order = await createOrder();
    const answers = await Promise.all([
      request(app).put(`/api/admin/orders/${order._id}/confirmed`).set(bearer(rina.token)).send({}),
      request(app)
        .put(`/api/admin/orders/${order._id}/cancelled`)
        .set(bearer(sumon.token))
        .send({}),
    ]);
    const landed = answers.filter((answer) => answer.status === 200).length;
    const statuses = (await historyOf("order", order._id)).map((entry) =>
      entry.changes.find((change) => change.field === "orderStatus")!,
    );
    expect(statuses).toHaveLength(landed);
    expect(statuses[0].before).toBe("PLACED");
    if (statuses.length === 2) expect(statuses[1].before).toBe(statuses[0].after);
  });

  it("never shows a staff member to the customer: their order answer says the shop", async () => {
    const customer = await createUser();
    const order = await createOrder({ user: customer.user._id });
    await request(app)
      .put(`/api/admin/orders/${order._id}/confirmed`)
      .set(bearer(rina.token))
      .send({});
    await request(app)
      .patch(`/api/admin/orders/${order._id}`)
      .set(bearer(rina.token))
      .send({ note: "Fragile" });
    const mine = await request(app).get(`/api/orders/${order._id}`).set(bearer(customer.token));
    expect(mine.status).toBe(200);
    const text = JSON.stringify(mine.body);
    expect(text).not.toContain("Rina");
    expect(text).not.toContain("rina@tweest.local");
    expect(mine.body.statusHistory.at(-1)).toMatchObject({ status: "CONFIRMED", by: "shop" });
  });
});

describe("catalogue, promo codes and pages", () => {
  it("records a product's price change exactly, and its deletion", async () => {
    const product = await createProduct();
    const updated = await request(app)
      .put(`/api/admin/products/${product._id}`)
      .set(bearer(rina.token))
      .field("price", "1400")
      .field("discountedPrice", "1100");
    expect(updated.status).toBe(200);
    const [entry] = await historyOf("product", product._id);
    expect(entry).toEqual({
      actor: "Rina Akter",
      action: "update",
      changes: [
        { field: "price", before: product.price, after: 1400 },
        { field: "discountedPrice", before: product.discountedPrice, after: 1100 },
      ],
    });
    await request(app)
      .delete(`/api/admin/products/${product._id}`)
      .set(bearer(sumon.token))
      .expect(200);
    const deleted = (await historyOf("product", product._id))[1];
    expect(deleted).toMatchObject({ actor: "Sumon Das", action: "delete" });
    expect(deleted.changes).toContainEqual({ field: "price", before: 1400, after: null });
  });

  it("records promo code edits, refuses a stale one with 409, and records its deletion", async () => {
    const promo = await createPromo({ code: "EID10", value: 10 });
    await request(app)
      .put(`/api/admin/promo-codes/${promo._id}`)
      .set(bearer(rina.token))
      .send({ value: 15, usageLimit: 100 })
      .expect(200);
    expect(await historyOf("promo-code", promo._id)).toEqual([
      {
        actor: "Rina Akter",
        action: "update",
        changes: [
          { field: "value", before: 10, after: 15 },
          { field: "usageLimit", before: null, after: 100 },
        ],
      },
    ]);
    // Two staff saving one field at once: one lands; the other hears 409 and records nothing.
    const answers = await Promise.all(
      [20, 25].map((value, index) =>
        request(app)
          .put(`/api/admin/promo-codes/${promo._id}`)
          .set(bearer([rina, sumon][index].token))
          .send({ value }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    if (statuses[1] === 409)
      expect(answers.find((answer) => answer.status === 409)!.body).toEqual({
        message: STALE_PROMO_MESSAGE,
        code: "STALE_PROMO",
      });
    expect(await AuditEntry.countDocuments({ entity: "promo-code" })).toBe(
      1 + answers.filter((answer) => answer.status === 200).length,
    );
    await request(app)
      .delete(`/api/admin/promo-codes/${promo._id}`)
      .set(bearer(rina.token))
      .expect(200);
    expect((await historyOf("promo-code", promo._id)).at(-1)).toMatchObject({ action: "delete" });
  });

  it("records a page's edit with its texts before and after", async () => {
    await request(app).get("/api/admin/pages").set(bearer(rina.token)).expect(200);
    const before = await request(app).get("/api/pages/returns");
    const edited = await request(app)
      .put("/api/admin/pages/returns")
      .set(bearer(rina.token))
      .send({ published: false });
    expect(edited.status).toBe(200);
    expect(before.status).toBe(200);
    expect(await historyOf("page", "returns")).toEqual([
      {
        actor: "Rina Akter",
        action: "update",
        changes: [{ field: "published", before: true, after: false }],
      },
    ]);
  });
});

describe("GET /api/admin/audit", () => {
  async function threeChanges() {
    const [first, second] = [await createOrder(), await createOrder()];
    await request(app)
      .put(`/api/admin/orders/${first._id}/confirmed`)
      .set(bearer(rina.token))
      .send({});
    await request(app)
      .put(`/api/admin/orders/${second._id}/confirmed`)
      .set(bearer(sumon.token))
      .send({});
    await request(app)
      .put(`/api/admin/orders/${first._id}/cancelled`)
      .set(bearer(sumon.token))
      .send({});
    return { first, second };
  }

  it("filters by document, by staff member and by time, newest first, in bounded pages", async () => {
    const { first } = await threeChanges();
    const byOrder = await trail({ entity: "order", id: String(first._id) });
    expect(byOrder.status).toBe(200);
    expect(byOrder.body).toMatchObject({ total: 2, page: 1, totalPages: 1 });
    expect(
      byOrder.body.entries.map(
        (entry: { changes: { after: unknown }[] }) => entry.changes[0].after,
      ),
    ).toEqual(["CANCELLED", "CONFIRMED"]);
    const bySumon = await trail({ actor: sumon.id });
    expect(bySumon.body.total).toBe(2);
    expect(
      bySumon.body.entries.every(
        (entry: { actor: { name: string } }) => entry.actor.name === SUMON.name,
      ),
    ).toBe(true);

    const paged = await trail({ limit: 2, page: 2 });
    expect(paged.body).toMatchObject({ total: 3, page: 2, totalPages: 2 });
    expect(paged.body.entries).toHaveLength(1);

    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await trail({ from: future })).body.total).toBe(0);
    expect((await trail({ to: future })).body.total).toBe(3);
    expect((await trail({ limit: 101 })).status).toBe(400);
    expect((await trail({ actor: "nobody" })).status).toBe(400);
    const backwards = await trail({ from: future, to: "2020-01-01" });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([
      { path: "to", message: "`to` must not be before `from`" },
    ]);
  });

  it("is for staff only: 401 signed out, 403 for a customer", async () => {
    await threeChanges();
    expect((await request(app).get("/api/admin/audit")).status).toBe(401);
    const customer = await createUser();
    const refused = await trail({}, customer.token);
    expect(refused.status).toBe(403);
    expect(refused.body.entries).toBeUndefined();
  });
});

describe("the settings change log, now part of the trail", () => {
  it("copies the old log's entries once, under their own ids, and the settings screen reads them", async () => {
    const old = mongoose.connection.collection(RETIRED_SETTINGS_LOG);
    const changedBy = { id: rina.id, email: "rina@tweest.local", name: "Rina Akter" };
    await old.insertMany([
      {
        version: 2,
        changedAt: new Date("2026-11-01T10:00:00Z"),
        changedBy,
        fields: [{ path: "delivery.fallbackZone.charge", before: 120, after: 130 }],
      },
      {
        version: 3,
        changedAt: new Date("2026-11-02T10:00:00Z"),
        changedBy,
        fields: [{ path: "couriers.redx.pickupStoreId", before: null, after: 77 }],
      },
    ]);
    expect(await copySettingsChangesToAudit()).toBe(2);
    expect(await copySettingsChangesToAudit()).toBe(0);
    expect(
      (await AuditEntry.find().sort({ at: 1 }).lean()).map(({ entity, entityId, version }) => ({
        entity,
        entityId,
        version,
      })),
    ).toEqual([
      { entity: "shop-settings", entityId: "shop", version: 2 },
      { entity: "courier-settings", entityId: "redx", version: 3 },
    ]);
    const log = await request(app).get("/api/admin/settings/changes").set(bearer(rina.token));
    expect(log.body.changes.map((change: { fields: unknown }) => change.fields)).toEqual([
      [{ path: "couriers.redx.pickupStoreId", before: null, after: 77 }],
      [{ path: "delivery.fallbackZone.charge", before: 120, after: 130 }],
    ]);
    expect(log.body.changes[0].changedBy).toEqual(changedBy);
  });
});
