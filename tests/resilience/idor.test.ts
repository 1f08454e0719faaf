import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Cart } from "../../models/cart.model";
import { Order } from "../../models/order.model";
import { Payment } from "../../models/payment.model";
import { Rating } from "../../models/rating.model";
import { Review } from "../../models/review.model";
import { User } from "../../models/user.model";
import { createApp } from "../../server/app";
import { clearDatabase } from "../setup/db";
import { shippingAddress } from "../factories/address";
import { shopper } from "../factories/cart";
import { createProduct } from "../factories/product";
import { bearer, createUser } from "../factories/user";
import { snapshotDatabase } from "./helpers";
import { letAnyoneReview } from "../factories/review";

const app = createApp();

beforeEach(async () => {
  await clearDatabase();
});

async function placedOrder(token?: string, mobile = "01712345678") {
  const product = await createProduct({ title: "Private Tee" });
  const client = shopper(app, token);
  expect((await client.add(product._id, "Black", "M", 1)).status).toBe(200);
  const answer = await client.order({ shippingAddress: shippingAddress({ mobile }) });
  expect(answer.status).toBe(201);
  return {
    client,
    order: answer.body as { _id: string; orderNumber: string; trackingToken?: string },
  };
}

describe("GET /api/orders/:id and friends: other people's orders", () => {
  it("a customer cannot read, pay or list another customer's order (404, nothing changed)", async () => {
    const alice = await createUser({ email: "alice@example.com" });
    const bob = await createUser({ email: "bob@example.com" });
    const { order } = await placedOrder(alice.token);
    const before = await snapshotDatabase();

    for (const id of [order._id, order.orderNumber, order.orderNumber.toLowerCase()]) {
      const read = await request(app).get(`/api/orders/${id}`).set(bearer(bob.token));
      expect(read.status).toBe(404);
      expect(read.body.message).toBe("Order not found");
      expect((await request(app).get(`/api/orders/${id}`)).status).toBe(404);
    }
    const list = await request(app).get("/api/orders/user").set(bearer(bob.token));
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    const pay = await request(app).post(`/api/payment/${order._id}`).set(bearer(bob.token));
    expect([403, 404]).toContain(pay.status);
    const adminMove = await request(app)
      .put(`/api/admin/orders/${order._id}/cancelled`)
      .set(bearer(bob.token));
    expect(adminMove.status).toBe(403);
    const adminDelete = await request(app)
      .delete(`/api/admin/orders/${order._id}`)
      .set(bearer(bob.token));
    expect(adminDelete.status).toBe(403);

    expect(await snapshotDatabase()).toEqual(before);
    expect(await Payment.countDocuments({})).toBe(0);
    // The owner still reads it.
    expect(
      (await request(app).get(`/api/orders/${order._id}`).set(bearer(alice.token))).status,
    ).toBe(200);
  });

  it("a guest cannot read another guest's order with a different cookie; tracking needs the right phone or token", async () => {
    const { client: first, order } = await placedOrder(undefined, "01711111111");
    const second = shopper(app);
    await second.get("/api/cart"); // a guest cookie of its own
    const before = await snapshotDatabase();

    expect((await second.get(`/api/orders/${order._id}`)).status).toBe(404);
    expect((await second.get(`/api/orders/${order.orderNumber}`)).status).toBe(404);
    expect((await second.get(`/api/orders/${order._id}?token=wrong-token`)).status).toBe(404);
    expect(
      (await request(app).get(`/api/orders/${order._id}`).set("X-Tracking-Token", "x".repeat(32)))
        .status,
    ).toBe(404);
    // A forged (unsigned) copy of some guest cookie is not a guest id.
    expect(
      (
        await request(app)
          .get(`/api/orders/${order._id}`)
          .set("Cookie", "tweest_guest=" + "0".repeat(36))
      ).status,
    ).toBe(404);
    for (const query of [
      "phone=01722222222",
      "token=nope",
      "phone=",
      "phone=01711111112&token=x",
    ]) {
      const track = await request(app).get(`/api/orders/guest/track/${order._id}?${query}`);
      expect([400, 404]).toContain(track.status);
    }
    const payAsOther = await second.post(`/api/payment/${order._id}`);
    expect([403, 404]).toContain(payAsOther.status);
    expect(await snapshotDatabase()).toEqual(before);

    // The rightful guest, the right phone and the right token all work.
    expect((await first.get(`/api/orders/${order._id}`)).status).toBe(200);
    expect(
      (await request(app).get(`/api/orders/guest/track/${order.orderNumber}?phone=01711111111`))
        .status,
    ).toBe(200);
    expect(
      (await request(app).get(`/api/orders/${order._id}?token=${order.trackingToken}`)).status,
    ).toBe(200);
  });
});

describe("PUT /api/cart/update/:cartItemId and DELETE /api/cart/remove/:cartItemId", () => {
  it("refuses another user's or another guest's cart line (404) and leaves that cart alone", async () => {
    const alice = await createUser({ email: "alice@example.com" });
    const bob = await createUser({ email: "bob@example.com" });
    const product = await createProduct({ title: "Cart Tee" });
    const aliceCart = shopper(app, alice.token);
    const added = await aliceCart.add(product._id, "Black", "M", 2);
    const guestCart = shopper(app);
    const guestAdded = await guestCart.add(product._id, "White", "M", 1);
    const aliceLine = added.body.cartItems[0]._id as string;
    const guestLine = guestAdded.body.cartItems[0]._id as string;
    const before = await snapshotDatabase();

    for (const line of [aliceLine, guestLine]) {
      const update = await request(app)
        .put(`/api/cart/update/${line}`)
        .set(bearer(bob.token))
        .send({ quantity: 9 });
      expect(update.status).toBe(404);
      expect(update.body.message).toBe("Cart item not found");
      const remove = await request(app).delete(`/api/cart/remove/${line}`).set(bearer(bob.token));
      expect(remove.status).toBe(404);
      // Without any cookie or token.
      expect(
        (await request(app).put(`/api/cart/update/${line}`).send({ quantity: 0 })).status,
      ).toBe(404);
    }
    // Another guest (own cookie) tries the signed-in user's and the first guest's lines.
    const otherGuest = shopper(app);
    await otherGuest.get("/api/cart");
    const afterCookie = await snapshotDatabase();
    for (const line of [aliceLine, guestLine]) {
      expect(
        (await otherGuest.agent.put(`/api/cart/update/${line}`).send({ quantity: 5 })).status,
      ).toBe(404);
      expect((await otherGuest.agent.delete(`/api/cart/remove/${line}`)).status).toBe(404);
    }
    expect(await snapshotDatabase()).toEqual(afterCookie);
    expect(afterCookie.orders).toEqual(before.orders);
    const aliceStored = await Cart.findOne({ user: alice.user._id }).lean();
    expect(aliceStored!.cartItems).toHaveLength(1);
    expect(aliceStored!.cartItems[0].quantity).toBe(2);
    expect(await Order.countDocuments({})).toBe(0);
  });
});

describe("POST /api/reviews/create, POST /api/ratings/create, PUT /api/users/profile", () => {
  it("writes only as the signed-in user: a forged user or _id changes nobody else's review, rating or role", async () => {
    const alice = await createUser({ email: "alice@example.com" });
    const bob = await createUser({ email: "bob@example.com" });
    const product = await createProduct({ title: "Reviewed Tee" });
    await letAnyoneReview();
    const mine = await request(app)
      .post("/api/reviews/create")
      .set(bearer(alice.token))
      .send({ productId: String(product._id), review: "Lovely fabric" });
    expect(mine.status).toBe(201);
    expect(
      (
        await request(app)
          .post("/api/ratings/create")
          .set(bearer(alice.token))
          .send({ productId: String(product._id), rating: 5 })
      ).status,
    ).toBe(201);

    const forged = await request(app)
      .post("/api/reviews/create")
      .set(bearer(bob.token))
      .send({
        productId: String(product._id),
        review: "Terrible",
        user: String(alice.user._id),
        _id: mine.body._id,
      });
    expect([200, 201]).toContain(forged.status);
    expect(forged.body._id).not.toBe(mine.body._id);
    await request(app)
      .post("/api/ratings/create")
      .set(bearer(bob.token))
      .send({ productId: String(product._id), rating: 1, user: String(alice.user._id) });

    const aliceReview = await Review.findOne({ user: alice.user._id }).lean();
    expect(aliceReview!.review).toBe("Lovely fabric");
    expect(String(aliceReview!._id)).toBe(mine.body._id);
    expect(await Review.countDocuments({})).toBe(2);
    expect((await Review.findOne({ user: bob.user._id }).lean())!.review).toBe("Terrible");
    expect((await Rating.findOne({ user: alice.user._id }).lean())!.rating).toBe(5);
    // Without a token nobody writes.
    expect(
      (
        await request(app)
          .post("/api/reviews/create")
          .send({ productId: String(product._id), review: "Anon", user: String(alice.user._id) })
      ).status,
    ).toBe(401);

    // Mass assignment on the profile: role, _id and another user's id are not taken.
    const profile = await request(app)
      .put("/api/users/profile")
      .set(bearer(bob.token))
      .send({
        firstName: "Bobby",
        role: "ADMIN",
        _id: String(alice.user._id),
        user: String(alice.user._id),
      });
    expect([200, 400]).toContain(profile.status);
    expect((await User.findById(bob.user._id).lean())!.role).toBe("CUSTOMER");
    expect((await User.findById(alice.user._id).lean())!.firstName).toBe("Karim");
  });
});
