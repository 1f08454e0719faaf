import { afterAll, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { Product } from "../../models/product.model";
import { StockReservation } from "../../models/stock-reservation.model";
import {
  RECONCILE_GRACE_MS,
  reconcileReservations,
} from "../../server/services/reservations.service";
import { clearDatabase } from "../setup/db";
import { shippingAddress } from "../factories/address";
import { createProduct } from "../factories/product";
import { freePort, Guest, startShopProcess, stopShopProcesses } from "./helpers";

const STOCK = 400;
afterAll(() => stopShopProcesses());

describe("the server killed with SIGKILL during a stream of orders", () => {
  it("loses no acknowledged order and, once reconciled, no unit: taken = ordered; a restart serves again", async () => {
    await clearDatabase();
    const product = await createProduct({
      title: "Crash Test Tee",
      variants: [{ color: "Black", size: "M", stock: STOCK }],
    });
    const port = await freePort();
    const server = await startShopProcess(port);
    const base = `http://127.0.0.1:${port}`;

    const acknowledged: { _id: string; quantity: number }[] = [];
    let killed = false;
    // Eight shoppers in a loop: add to a fresh guest cart, then check out.
    const shopperLoop = async (worker: number) => {
      for (let round = 0; !killed; round += 1) {
        const guest = new Guest(base);
        const quantity = 1 + ((worker + round) % 2);
        try {
          const added = await guest.call("PUT", "/api/cart/add", {
            productId: String(product._id),
            color: "Black",
            size: "M",
            quantity,
          });
          if (added.status !== 200) continue;
          const placed = await guest.call("POST", "/api/orders", {
            shippingAddress: shippingAddress({
              mobile: `018${String(10_000_000 + worker * 1000 + round)}`,
            }),
            paymentMethod: "COD",
            termsAccepted: true,
          });
          if (placed.status === 201) acknowledged.push({ _id: String(placed.body._id), quantity });
        } catch {
          // the connection died with the server: not acknowledged
        }
      }
    };
    const stream = Promise.all(Array.from({ length: 8 }, (_, worker) => shopperLoop(worker)));
    // Kill it in full flow: once some orders are acknowledged (requests are in flight).
    const waitUntil = Date.now() + 60_000;
    while (acknowledged.length < 12 && Date.now() < waitUntil)
      await new Promise((resolve) => setTimeout(resolve, 50));
    server.kill("SIGKILL");
    killed = true;
    await stream;
    if (server.exitCode === null && server.signalCode === null)
      await new Promise((resolve) => server.once("exit", resolve));
    expect(acknowledged.length).toBeGreaterThanOrEqual(12);

    // Every acknowledged order is in the database, with its units taken from the stock.
    const stored = await Order.find({}).lean();
    const storedIds = new Set(stored.map((order) => String(order._id)));
    for (const order of acknowledged) expect(storedIds.has(order._id)).toBe(true);
    for (const order of stored) {
      expect(order.orderStatus).toBe("PLACED");
      expect(order.stockReleased).toBe(false);
    }
    const ordered = stored.reduce(
      (sum, order) => sum + order.orderItems.reduce((lines, item) => lines + item.quantity, 0),
      0,
    );
    const after = await Product.findById(product._id).lean();
    const taken = STOCK - after!.variants[0].stock;
    // Every stored order's units are reserved; a request cut between reserving and saving its
    // order can at most hold its own units until the reservation job runs (never sell one twice).
    expect(taken).toBeGreaterThanOrEqual(ordered);
    expect(taken - ordered).toBeLessThanOrEqual(2 * 8);
    expect(after!.quantity).toBe(after!.variants[0].stock);

    // The reservation job (any instance, once the grace period is over) gives back exactly the
    // units of checkouts that never saved their order: nothing leaks, nothing comes back twice.
    await reconcileReservations(new Date(Date.now() + RECONCILE_GRACE_MS + 1_000));
    const reconciled = await Product.findById(product._id).lean();
    expect(STOCK - reconciled!.variants[0].stock).toBe(ordered);
    expect(reconciled!.soldCount).toBe(ordered);
    expect(reconciled!.quantity).toBe(reconciled!.variants[0].stock);
    expect(reconciled!.stockReservations ?? []).toEqual([]);
    expect(await StockReservation.countDocuments({ state: "OPEN" })).toBe(0);
    await reconcileReservations(new Date(Date.now() + RECONCILE_GRACE_MS + 1_000));
    expect((await Product.findById(product._id).lean())!.variants[0].stock).toBe(STOCK - ordered);

    // A restart on the same database serves and sells again.
    const restarted = await startShopProcess(port);
    const guest = new Guest(base);
    const products = await guest.call("GET", `/api/products/id/${String(product._id)}`);
    expect(products.status).toBe(200);
    expect(
      (
        await guest.call("PUT", "/api/cart/add", {
          productId: String(product._id),
          color: "Black",
          size: "M",
          quantity: 1,
        })
      ).status,
    ).toBe(200);
    const placed = await guest.call("POST", "/api/orders", {
      shippingAddress: shippingAddress(),
      paymentMethod: "COD",
      termsAccepted: true,
    });
    expect(placed.status).toBe(201);
    expect(await Order.countDocuments({ _id: placed.body._id })).toBe(1);
    restarted.kill("SIGKILL");
  }, 300_000);
});
