import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import mongoose from "mongoose";
import { afterAll, describe, expect, inject, it } from "vitest";
import { Order } from "../../models/order.model";
import { Product } from "../../models/product.model";
import { StockReservation } from "../../models/stock-reservation.model";
import {
  RECONCILE_GRACE_MS,
  reconcileReservations,
} from "../../server/services/reservations.service";
import { clearDatabase } from "../setup/db";
import { createProduct, shippingAddress } from "../factories/checkout";
import { Guest } from "./helpers";

const STOCK = 400;
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** This test file's own database, on the run's database server, for the child process. */
function databaseUri(): string {
  const uri = new URL(inject("mongoBaseUri"));
  uri.pathname = `/${mongoose.connection.name}`;
  return uri.toString();
}

/** The real server (`tsx server/index.ts`) as a child process; resolves once it answers. */
async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: "test",
      JWT_SECRET: "crash-test-jwt-secret-0123456789abcdef",
      COOKIE_SECRET: "crash-test-cookie-secret-0123456789abcdef",
      MONGODB_URI: databaseUri(),
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_ON_START: "false",
      LOG_LEVEL: "silent",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (answer.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not start: ${output}`);
}

describe("the server killed with SIGKILL during a stream of orders", () => {
  it("loses no acknowledged order and, once reconciled, no unit: taken = ordered; a restart serves again", async () => {
    await clearDatabase();
    const product = await createProduct({
      title: "Crash Test Tee",
      variants: [{ color: "Black", size: "M", stock: STOCK }],
    });
    const port = await freePort();
    const server = await startServer(port);
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
    // (It may wait out a lease lock the killed server held: 15 s at most.)
    await reconcileReservations(new Date(Date.now() + RECONCILE_GRACE_MS + 1_000));
    const reconciled = await Product.findById(product._id).lean();
    expect(STOCK - reconciled!.variants[0].stock).toBe(ordered);
    expect(reconciled!.soldCount).toBe(ordered);
    expect(reconciled!.quantity).toBe(reconciled!.variants[0].stock);
    expect(reconciled!.stockReservations ?? []).toEqual([]);
    expect(await StockReservation.countDocuments({ state: "OPEN" })).toBe(0);
    await reconcileReservations(new Date(Date.now() + RECONCILE_GRACE_MS + 1_000));
    expect((await Product.findById(product._id).lean())!.variants[0].stock).toBe(STOCK - ordered);

    // A restart on the same database serves and sells again (stale locks expire with their lease).
    const restarted = await startServer(port);
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
    });
    expect(placed.status).toBe(201);
    expect(await Order.countDocuments({ _id: placed.body._id })).toBe(1);
    restarted.kill("SIGKILL");
  }, 300_000);
});
