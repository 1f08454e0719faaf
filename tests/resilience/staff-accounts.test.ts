import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { RateLimit } from "../../models/rate-limit.model";
import { createApp } from "../../server/app";
import { clearDatabase } from "../setup/db";
import { setEnv, withEnv } from "../setup/env";
import { shippingAddress } from "../factories/address";
import { shopper } from "../factories/cart";
import { createProduct } from "../factories/product";
import { bearer, createAdmin, createUser } from "../factories/user";
import { letAnyoneReview } from "../factories/review";

/**
 * The back office must not be held hostage: customers and guests never learn who the staff are
 * (an admin's email is the account an attacker would lock out or phish), and the sign-in lockout
 * cannot keep a known account out.
 */
// The sign-in tests play clients at several addresses behind a proxy on this machine.
setEnv({ TRUST_PROXY: "loopback" });
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

describe("staff who review a product", () => {
  it("show only their first name to shoppers, never their account id", async () => {
    const { user: admin, token: adminToken } = await createAdmin({
      firstName: "Farhan",
      email: "farhan.staff@tweest.example",
    });
    const product = await createProduct({ title: "Reviewed Tee" });
    const productId = String(product._id);
    await letAnyoneReview();
    const wrote = await request(app)
      .post("/api/reviews/create")
      .set(bearer(adminToken))
      .send({ productId, review: "Our best seller." });
    const rated = await request(app)
      .post("/api/ratings/create")
      .set(bearer(adminToken))
      .send({ productId, rating: 5 });
    const reviews = await request(app).get(`/api/reviews/product/${productId}`);
    const ratings = await request(app).get(`/api/ratings/product/${productId}`);
    for (const answer of [wrote, rated, reviews, ratings]) {
      expect(answer.status).toBeLessThan(300);
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(String(admin._id));
      expect(text).not.toContain(admin.email);
    }
    expect(reviews.body).toEqual([
      expect.objectContaining({ review: "Our best seller.", user: { firstName: "Farhan" } }),
    ]);
  });
});

describe("the sign-in lockout cannot keep a known account out", () => {
  const ATTACKER = "203.0.113.66";
  const OWNER = "198.51.100.20";

  function signIn(from: string, email: string, password: string) {
    return request(app).post("/auth/signin").set("X-Forwarded-For", from).send({ email, password });
  }

  it("an address that failed 12 times for the admin's email is refused; the admin elsewhere signs in at once", async () => {
    const { user: admin, password } = await createAdmin({ email: "owner@tweest.example" });
    const answers = [];
    for (let attempt = 0; attempt < 12; attempt += 1)
      answers.push((await signIn(ATTACKER, admin.email, `guess-${attempt}`)).status);
    // AUTH_RATE_LIMIT_ACCOUNT_PER_15_MIN (10) failures, then that address is refused.
    expect(answers).toEqual([...Array(10).fill(401), 429, 429]);

    const owner = await signIn(OWNER, admin.email, password);
    expect(owner.status).toBe(200);
    expect(owner.body.jwt).toEqual(expect.any(String));
    // Not held back either: the account's failures over every address (the owner's success is
    // taken back once answered) are under AUTH_SLOW_DOWN_ACCOUNT_AFTER_PER_15_MIN (20).
    await expect
      .poll(async () => (await RateLimit.findById(`signin-account:${admin.email}`).lean())!.hits)
      .toBe(10);

    // The attacker's address stays refused, even with the right password.
    const attacker = await signIn(ATTACKER, admin.email, password);
    expect(attacker.status).toBe(429);
    expect(attacker.body).toEqual({
      message: "Too many failed sign-in attempts for this account. Please try again in 15 minutes.",
      code: "RATE_LIMITED",
    });
  });

  it("failures spread over many addresses slow every sign-in for the account, the owner's too, but refuse none", async () => {
    const { user: admin, password } = await createAdmin({ email: "owner2@tweest.example" });
    await withEnv({ AUTH_SLOW_DOWN_ACCOUNT_AFTER_PER_15_MIN: "3" }, async () => {
      for (let address = 1; address <= 4; address += 1)
        expect((await signIn(`203.0.113.${address}`, admin.email, "guess")).status).toBe(401);
      // Four failures, one past the three allowed: the owner waits a second, then is in.
      const started = Date.now();
      const owner = await signIn(OWNER, admin.email, password);
      expect(owner.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    });
    // The owner's success is not a failure: the count is back to the four guesses.
    await expect
      .poll(async () => (await RateLimit.findById(`signin-account:${admin.email}`).lean())!.hits)
      .toBe(4);
  });
});
