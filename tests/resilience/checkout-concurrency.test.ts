import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Cart } from "../../models/cart.model";
import { Order } from "../../models/order.model";
import { Product } from "../../models/product.model";
import { createApp } from "../../server/app";
import { clearDatabase } from "../setup/db";
import { shippingAddress } from "../factories/address";
import { createProduct } from "../factories/product";
import { Guest, listen } from "./helpers";

const GUESTS = 200;
const UNITS = 10;
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  await clearDatabase();
  server = await listen(createApp());
});

afterAll(async () => {
  await server.close();
});

describe("POST /api/orders: 200 concurrent checkouts for 10 units", () => {
  it("leaves exactly 10 orders and stock 0, with every derived field in step", async () => {
    const product = await createProduct({
      title: "Flash Sale Tee",
      variants: [
        { color: "Black", size: "M", stock: UNITS },
        { color: "White", size: "L", stock: 4 },
      ],
    });
    const guests = Array.from({ length: GUESTS }, () => new Guest(server.url));
    // Every guest gets a cart holding one unit (adding does not reserve), 20 at a time.
    for (let start = 0; start < GUESTS; start += 20) {
      const added = await Promise.all(
        guests.slice(start, start + 20).map((guest) =>
          guest.call("PUT", "/api/cart/add", {
            productId: String(product._id),
            color: "Black",
            size: "M",
            quantity: 1,
          }),
        ),
      );
      for (const answer of added) expect(answer.status).toBe(200);
    }
    expect(await Cart.countDocuments({})).toBe(GUESTS);

    const answers = await Promise.all(
      guests.map((guest, index) =>
        guest.call("POST", "/api/orders", {
          shippingAddress: shippingAddress({ mobile: `017${String(10_000_000 + index)}` }),
          paymentMethod: "COD",
          termsAccepted: true,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(UNITS);
    // Everybody else is told the variant ran out (never a 5xx, never a silent success).
    expect(statuses.filter((status) => status === 409)).toHaveLength(GUESTS - UNITS);
    for (const answer of answers.filter((entry) => entry.status === 409))
      expect(answer.body.message).toBe("Flash Sale Tee (Black, M) is out of stock");

    const orders = await Order.find({}).lean();
    expect(orders).toHaveLength(UNITS);
    expect(new Set(orders.map((order) => order.orderNumber)).size).toBe(UNITS);
    expect(orders.map((order) => String(order._id)).sort()).toEqual(
      created.map((answer) => String(answer.body._id)).sort(),
    );
    for (const order of orders) {
      expect(order.orderStatus).toBe("PLACED");
      expect(order.orderItems).toHaveLength(1);
      expect(order.orderItems[0].quantity).toBe(1);
    }

    const stored = await Product.findById(product._id).lean();
    const sold = stored!.variants.find((v) => v.color === "Black" && v.size === "M")!;
    const other = stored!.variants.find((v) => v.color === "White" && v.size === "L")!;
    expect(sold.stock).toBe(0);
    expect(other.stock).toBe(4);
    expect(stored!.quantity).toBe(4);
    expect(stored!.soldCount).toBe(UNITS);
    expect(stored!.sizes.find((s) => s.name === "M")!.quantity).toBe(0);
    expect(stored!.sizes.find((s) => s.name === "L")!.quantity).toBe(4);
    // The buyers' carts were emptied; the others still hold their line.
    const carts = await Cart.find({}).lean();
    expect(carts.filter((cart) => cart.cartItems.length === 0)).toHaveLength(UNITS);
    // No lease lock is left behind.
    const locks = await Order.db.collection("locks").countDocuments({});
    expect(locks).toBe(0);
  }, 300_000);
});
