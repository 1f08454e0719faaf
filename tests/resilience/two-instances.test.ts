// Before any server module reads the config: a small per-account limit to reach quickly.
process.env.AUTH_RATE_LIMIT_ACCOUNT_PER_15_MIN = "4";
process.env.AUTH_RATE_LIMIT_IP_PER_15_MIN = "1000";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Cart } from "../../models/cart.model";
import { Order } from "../../models/order.model";
import { Product } from "../../models/product.model";
import { createApp } from "../../server/app";
import { resetEnvForTests } from "../../server/env";
import { expirePendingOrders } from "../../server/services/orders.service";
import { clearDatabase } from "../setup/db";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { createUser } from "../factories/user";
import { Guest, listen } from "./helpers";

resetEnvForTests();

// Two instances of the shop on one database, each on its own port (as behind a load balancer).
let a: Awaited<ReturnType<typeof listen>>;
let b: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  a = await listen(createApp());
  b = await listen(createApp());
});

afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

beforeEach(async () => {
  await clearDatabase();
});

describe("two app instances on one database", () => {
  it("PUT /api/cart/add: the guest cookie of instance A carries the same cart on B", async () => {
    const product = await createProduct({ title: "Shared Tee" });
    const guest = new Guest(a.url);
    const added = await guest.call("PUT", "/api/cart/add", {
      productId: String(product._id),
      color: "Black",
      size: "M",
      quantity: 2,
    });
    expect(added.status).toBe(200);
    const onB = new Guest(b.url);
    onB.cookie = guest.cookie;
    const seen = await onB.call("GET", "/api/cart");
    expect(seen.status).toBe(200);
    expect(seen.body._id).toBe(added.body._id);
    expect(seen.body.totalItem).toBe(1);
    // Change it on B, read it on A.
    const more = await onB.call("PUT", "/api/cart/add", {
      productId: String(product._id),
      color: "White",
      size: "M",
      quantity: 1,
    });
    expect(more.status).toBe(200);
    const back = await guest.call("GET", "/api/cart");
    expect((back.body.cartItems as unknown[]).length).toBe(2);
    expect(await Cart.countDocuments({})).toBe(1);
    // Simultaneous adds of the same line through both instances make one line, not two.
    await Promise.all([
      guest.call("PUT", "/api/cart/add", {
        productId: String(product._id),
        color: "Black",
        size: "L",
        quantity: 1,
      }),
      onB.call("PUT", "/api/cart/add", {
        productId: String(product._id),
        color: "Black",
        size: "L",
        quantity: 1,
      }),
    ]);
    const stored = await Cart.findOne({}).lean();
    const lines = stored!.cartItems.filter((item) => item.color === "Black" && item.size === "L");
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(2);
  });

  it("POST /auth/signin: failed attempts on A count on B (one shared counter)", async () => {
    const { user } = await createUser({ email: "shared@example.com" });
    const wrong = { email: user.email, password: "not-the-password" };
    const onA = new Guest(a.url);
    const onB = new Guest(b.url);
    expect((await onA.call("POST", "/auth/signin", wrong)).status).toBe(401);
    expect((await onB.call("POST", "/auth/signin", wrong)).status).toBe(401);
    expect((await onA.call("POST", "/auth/signin", wrong)).status).toBe(401);
    expect((await onB.call("POST", "/auth/signin", wrong)).status).toBe(401);
    // The limit is 4 per account: the 5th, on either instance, is refused.
    const fifth = await onA.call("POST", "/auth/signin", wrong);
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe(
      "Too many failed sign-in attempts for this account. Please try again in 15 minutes.",
    );
    const sixth = await onB.call("POST", "/auth/signin", wrong);
    expect(sixth.status).toBe(429);
    // Both instances are reached from this machine's address: one counter for the account there.
    const row = await Order.db
      .collection("rate_limits")
      .findOne({ _id: /^signin-account-ip:shared@example\.com / as never });
    expect(row?.hits).toBeGreaterThanOrEqual(5);
  });

  it("POST /auth/signin: ten simultaneous wrong attempts over A and B, four checked, six refused", async () => {
    const { user } = await createUser({ email: "raced@example.com" });
    const wrong = { email: user.email, password: "not-the-password" };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        new Guest(index % 2 === 0 ? a.url : b.url).call("POST", "/auth/signin", wrong),
      ),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(6);
  });

  it("expirePendingOrders run by both instances at once cancels each order once and releases stock once", async () => {
    const product = await createProduct({
      title: "Pending Tee",
      variants: [{ color: "Black", size: "M", stock: 4 }],
    });
    const now = new Date("2026-11-23T12:00:00Z");
    const old = new Date(now.getTime() - 2 * 60 * 60_000);
    // Six unpaid online orders holding 1 unit each (stock 4 + 6 reserved = 10 originally),
    // plus one fresh pending order and one paid order that must stay.
    const expired = [];
    for (let index = 0; index < 6; index += 1)
      expired.push(
        await createOrder({
          lines: [{ product }],
          orderStatus: "PENDING",
          paymentMethod: "BKASH",
          createdAt: old,
        }),
      );
    const fresh = await createOrder({
      lines: [{ product }],
      orderStatus: "PENDING",
      paymentMethod: "BKASH",
      createdAt: now,
    });
    const placed = await createOrder({
      lines: [{ product }],
      orderStatus: "PLACED",
      createdAt: old,
    });

    const [fromA, fromB] = await Promise.all([expirePendingOrders(now), expirePendingOrders(now)]);
    expect(fromA + fromB).toBe(6);
    for (const order of expired) {
      const stored = await Order.findById(order._id).lean();
      expect(stored!.orderStatus).toBe("CANCELLED");
      expect(stored!.stockReleased).toBe(true);
      expect(stored!.statusHistory.filter((entry) => entry.status === "CANCELLED")).toHaveLength(1);
    }
    expect((await Order.findById(fresh._id).lean())!.orderStatus).toBe("PENDING");
    expect((await Order.findById(placed._id).lean())!.orderStatus).toBe("PLACED");
    const stored = await Product.findById(product._id).lean();
    expect(stored!.variants[0].stock).toBe(10);
    expect(stored!.quantity).toBe(10);
    // A second round on both finds nothing more to do.
    const again = await Promise.all([expirePendingOrders(now), expirePendingOrders(now)]);
    expect(again).toEqual([0, 0]);
    expect((await Product.findById(product._id).lean())!.variants[0].stock).toBe(10);
  });
});
