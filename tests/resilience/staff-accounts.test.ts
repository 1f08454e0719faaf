import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { clearDatabase } from "../setup/db";
import { shippingAddress } from "../factories/address";
import { shopper } from "../factories/cart";
import { createProduct } from "../factories/product";
import { bearer, createAdmin, createUser } from "../factories/user";

/**
 * The back office must not be held hostage: customers and guests never learn who the staff are
 * (an admin's email is the account an attacker would lock out or phish), and the sign-in lockout
 * cannot keep a known account out.
 */
const app = createApp();

beforeEach(async () => {
  await clearDatabase();
});

const GUEST_PHONE = "01712345678";

/** A COD order of one tee, by a guest (tracking token in the answer) or a signed-in customer. */
async function placedOrder(token?: string) {
  const product = await createProduct({ title: "Staff Test Tee" });
  const client = shopper(app, token);
  await client.add(product._id, "Black", "M", 1).expect(200);
  const answer = await client.order({ shippingAddress: shippingAddress({ mobile: GUEST_PHONE }) });
  expect(answer.status).toBe(201);
  return answer.body as { _id: string; orderNumber: string; trackingToken?: string };
}

/** The admin takes the order to the door and records the cash the courier collected. */
async function deliverAndRecordCash(orderId: string, adminToken: string) {
  for (const status of ["confirmed", "shipped", "delivered"]) {
    const moved = await request(app)
      .put(`/api/admin/orders/${orderId}/${status}`)
      .set(bearer(adminToken));
    expect(moved.status, status).toBe(200);
  }
  const cash = await request(app)
    .put(`/api/admin/courier-cash/parcels/${orderId}`)
    .set(bearer(adminToken))
    .send({ collected: 800 });
  expect(cash.status).toBe(200);
}

describe("staff are the shop to customers", () => {
  it("no guest or customer answer names the admin who moved the order or recorded its cash", async () => {
    const { user: admin, token: adminToken } = await createAdmin({
      email: "owner.rahman@tweest.example",
    });
    const staffTraces = [admin.email, String(admin._id), "owner.rahman"];
    const guestOrder = await placedOrder();
    const customer = await createUser({ email: "buyer@example.com" });
    const customerOrder = await placedOrder(customer.token);
    for (const order of [guestOrder, customerOrder])
      await deliverAndRecordCash(order._id, adminToken);

    const customerReads = {
      tracking: await request(app)
        .get(`/api/orders/guest/track/${guestOrder.orderNumber}`)
        .query({ phone: GUEST_PHONE }),
      guestWithToken: await request(app)
        .get(`/api/orders/${guestOrder._id}`)
        .query({ token: guestOrder.trackingToken }),
      customerList: await request(app).get("/api/orders/user").set(bearer(customer.token)),
      customerOrder: await request(app)
        .get(`/api/orders/${customerOrder._id}`)
        .set(bearer(customer.token)),
    };
    for (const [reader, answer] of Object.entries(customerReads)) {
      expect(answer.status, reader).toBe(200);
      const text = JSON.stringify(answer.body);
      for (const trace of staffTraces) expect(text, `${reader}: ${trace}`).not.toContain(trace);
      expect(text, reader).not.toContain("admin");
    }
    // They still see what happened, and that the shop did it.
    expect(customerReads.tracking.body.statusHistory).toEqual([
      { status: "PLACED", at: expect.any(String), by: "guest" },
      { status: "CONFIRMED", at: expect.any(String), by: "shop" },
      { status: "SHIPPED", at: expect.any(String), by: "shop" },
      { status: "DELIVERED", at: expect.any(String), by: "shop" },
    ]);
    expect(customerReads.customerList.body[0].statusHistory[0]).toMatchObject({
      status: "PLACED",
      by: "customer",
    });
    // The courier's cash is the shop's bookkeeping: not in the customer's answer at all.
    expect(customerReads.guestWithToken.body).not.toHaveProperty("cashCollected");

    // The back office still sees who did what.
    const backOffice = await request(app)
      .get(`/api/admin/orders/${guestOrder._id}`)
      .set(bearer(adminToken));
    expect(backOffice.status).toBe(200);
    expect(backOffice.body.statusHistory.at(-1)).toMatchObject({
      status: "DELIVERED",
      by: `admin:${admin.email}`,
    });
    expect(backOffice.body.cashCollected).toMatchObject({ amount: 800, by: admin.email });
    const list = await request(app).get("/api/admin/orders").set(bearer(adminToken));
    expect(JSON.stringify(list.body)).toContain(`admin:${admin.email}`);
  });
});
