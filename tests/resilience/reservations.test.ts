// Online payment is "configured" so a checkout can leave an unpaid (PENDING) order for the expiry
// job; no payment is started here, so nothing talks to the gateway.
process.env.SSLCOMMERZ_STORE_ID = "reservations-test-store";
process.env.SSLCOMMERZ_STORE_PASSWD = "reservations-test-password";

import { spawn, type ChildProcess } from "node:child_process";
import mongoose from "mongoose";
import { afterAll, beforeEach, describe, expect, inject, it } from "vitest";
import { Order } from "../../models/order.model";
import { Product } from "../../models/product.model";
import { PromoCode } from "../../models/promo-code.model";
import { StockReservation } from "../../models/stock-reservation.model";
import { createApp } from "../../server/app";
import { resetEnvForTests } from "../../server/env";
import { HttpError } from "../../server/lib/http-error";
import { deleteOrder, expirePendingOrders, moveOrder } from "../../server/services/orders.service";
import { abandonReservation, reserveForCheckout } from "../../server/services/order-placement";
import {
  COMMIT_WINDOW_MS,
  RECONCILE_GRACE_MS,
  RELEASED_RETENTION_MS,
  assertCommitWindow,
  reconcileReservations,
} from "../../server/services/reservations.service";
import { clearDatabase } from "../setup/db";
import { shopper } from "../factories/cart";
import { createProduct } from "../factories/product";
import { createPromo } from "../factories/promo-code";

resetEnvForTests();
const app = createApp();
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

beforeEach(async () => {
  await clearDatabase();
});

/** A moment when every reservation opened so far is past the grace period. */
const afterGrace = () => new Date(Date.now() + RECONCILE_GRACE_MS + 1_000);

/** This test file's own database, on the run's database server, for a child process. */
function databaseUri(): string {
  const uri = new URL(inject("mongoBaseUri"));
  uri.pathname = `/${mongoose.connection.name}`;
  return uri.toString();
}

/** `tests/resilience/fixtures/reservation-child.ts` as another process on this database. */
function child(action: string, argument: string) {
  const process_ = spawn(
    process.execPath,
    ["--import", "tsx", "tests/resilience/fixtures/reservation-child.ts", action, argument],
    {
      cwd: process.cwd(),
      env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", MONGODB_URI: databaseUri() },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  children.push(process_);
  let output = "";
  const waiters: (() => void)[] = [];
  process_.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  });
  process_.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    process_.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    process: process_,
    exited,
    output: () => output,
    /** Resolves once stdout has a line equal to `line`. */
    async waitFor(line: string) {
      const deadline = Date.now() + 60_000;
      while (!output.split("\n").includes(line)) {
        if (process_.exitCode !== null || Date.now() > deadline)
          throw new Error(`child never printed ${line}: ${output}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
  };
}

async function stockOf(productId: unknown) {
  const product = await Product.findById(productId).lean();
  const variant = (color: string, size: string) =>
    product!.variants.find((entry) => entry.color === color && entry.size === size)!.stock;
  return {
    blackM: variant("Black", "M"),
    blackL: variant("Black", "L"),
    whiteM: variant("White", "M"),
    quantity: product!.quantity,
    soldCount: product!.soldCount,
    sizeM: product!.sizes.find((entry) => entry.name === "M")!.quantity,
    sizeL: product!.sizes.find((entry) => entry.name === "L")!.quantity,
    tokens: product!.stockReservations ?? [],
  };
}

/** The factory's product: Black M 10, Black L 10, White M 10. */
const UNTOUCHED = {
  blackM: 10,
  blackL: 10,
  whiteM: 10,
  quantity: 30,
  soldCount: 0,
  sizeM: 20,
  sizeL: 10,
  tokens: [],
};

async function promoOf(code: string) {
  const promo = await PromoCode.findOne({ code }).lean();
  return { usedCount: promo!.usedCount, reservations: promo!.reservations ?? [] };
}

/** A guest who puts `lines` in the cart (and a promo code) and checks out. */
async function checkout(
  lines: { productId: unknown; color: string; size: string; quantity: number }[],
  options: { promo?: string; paymentMethod?: string } = {},
) {
  const guest = shopper(app);
  for (const line of lines)
    expect((await guest.add(line.productId, line.color, line.size, line.quantity)).status).toBe(
      200,
    );
  if (options.promo) expect((await guest.applyPromo(options.promo)).status).toBe(200);
  const placed = await guest.order({ paymentMethod: options.paymentMethod ?? "COD" });
  expect(placed.status).toBe(201);
  return placed.body as { _id: string };
}

describe("stock reservations: a checkout process killed before its order is saved", () => {
  it("gives back its units and promo use exactly once, and only after the grace period", async () => {
    const product = await createProduct();
    const promo = await createPromo({ usageLimit: 3 });
    const lines = [
      { productId: String(product._id), color: "Black", size: "M", quantity: 2 },
      { productId: String(product._id), color: "Black", size: "L", quantity: 1 },
    ];
    // The real reservation path in another process, SIGKILLed where the order would be created.
    const dying = child("reserve-then-die", JSON.stringify({ lines, promoCode: promo.code }));
    const { signal } = await dying.exited;
    expect(signal).toBe("SIGKILL");
    const { reservation } = JSON.parse(dying.output().trim().split("\n").pop()!) as {
      reservation: string;
    };

    // What the dead process left: units and the promo use taken, no order, an OPEN journal entry.
    expect(await stockOf(product._id)).toEqual({
      ...UNTOUCHED,
      blackM: 8,
      blackL: 9,
      quantity: 27,
      soldCount: 3,
      sizeM: 18,
      sizeL: 9,
      tokens: [`${reservation}:0`, `${reservation}:1`],
    });
    expect(await promoOf(promo.code)).toEqual({ usedCount: 1, reservations: [reservation] });
    expect(await Order.countDocuments({})).toBe(0);
    const entry = await StockReservation.findById(reservation).lean();
    expect(entry).toMatchObject({ state: "OPEN", promoCode: promo.code });
    expect(entry!.lines.map((line) => [line.color, line.size, line.quantity])).toEqual([
      ["Black", "M", 2],
      ["Black", "L", 1],
    ]);

    // Within the grace period the job leaves it alone (its checkout could still be running).
    expect(await reconcileReservations(new Date())).toEqual({
      committed: 0,
      released: 0,
      purged: 0,
    });
    expect((await stockOf(product._id)).blackM).toBe(8);

    // After it: everything comes back, once.
    const later = afterGrace();
    expect(await reconcileReservations(later)).toEqual({ committed: 0, released: 1, purged: 0 });
    expect(await stockOf(product._id)).toEqual(UNTOUCHED);
    expect(await promoOf(promo.code)).toEqual({ usedCount: 0, reservations: [] });
    expect(await StockReservation.findById(reservation).lean()).toMatchObject({
      state: "RELEASED",
      settledAt: later,
    });
    expect(await reconcileReservations(later)).toEqual({ committed: 0, released: 0, purged: 0 });
    expect(await stockOf(product._id)).toEqual(UNTOUCHED);
    expect(await promoOf(promo.code)).toEqual({ usedCount: 0, reservations: [] });

    // The trace is deleted after its retention.
    const muchLater = new Date(later.getTime() + RELEASED_RETENTION_MS);
    expect(await reconcileReservations(muchLater)).toEqual({
      committed: 0,
      released: 0,
      purged: 1,
    });
    expect(await StockReservation.countDocuments({})).toBe(0);
    expect(await stockOf(product._id)).toEqual(UNTOUCHED);
  }, 120_000);

  it("keeps what a checkout that saved its order took; only the bookkeeping goes", async () => {
    const product = await createProduct();
    const promo = await createPromo({ usageLimit: 5 });
    const order = await checkout(
      [
        { productId: product._id, color: "Black", size: "M", quantity: 2 },
        { productId: product._id, color: "White", size: "M", quantity: 1 },
      ],
      { promo: promo.code },
    );
    const stored = await Order.findById(order._id).lean();
    const reservation = String(stored!.reservationId);
    expect(await StockReservation.findById(reservation).lean()).toMatchObject({ state: "OPEN" });
    const taken = {
      ...UNTOUCHED,
      blackM: 8,
      whiteM: 9,
      quantity: 27,
      soldCount: 3,
      sizeM: 17,
    };
    expect(await stockOf(product._id)).toEqual({
      ...taken,
      tokens: [`${reservation}:0`, `${reservation}:1`],
    });
    expect(await promoOf(promo.code)).toEqual({ usedCount: 1, reservations: [reservation] });

    // Even long after (as after a crash right after saving the order), the order keeps its units.
    expect(await reconcileReservations(afterGrace())).toEqual({
      committed: 1,
      released: 0,
      purged: 0,
    });
    expect(await stockOf(product._id)).toEqual(taken);
    expect(await promoOf(promo.code)).toEqual({ usedCount: 1, reservations: [] });
    expect(await StockReservation.countDocuments({})).toBe(0);

    // Cancelling the order still gives everything back, once.
    await moveOrder(order._id, "CANCELLED", "admin");
    expect(await stockOf(product._id)).toEqual(UNTOUCHED);
    expect(await promoOf(promo.code)).toEqual({ usedCount: 0, reservations: [] });
    expect(await reconcileReservations(afterGrace())).toEqual({
      committed: 0,
      released: 0,
      purged: 0,
    });
    expect(await stockOf(product._id)).toEqual(UNTOUCHED);
  });

  it("prunes the bookkeeping of saved orders on its next pass, before the grace period", async () => {
    const product = await createProduct();
    for (let index = 0; index < 3; index += 1)
      await checkout([{ productId: product._id, color: "Black", size: "L", quantity: 1 }]);
    expect((await stockOf(product._id)).tokens).toHaveLength(3);
    expect(await reconcileReservations(new Date())).toEqual({
      committed: 3,
      released: 0,
      purged: 0,
    });
    expect(await stockOf(product._id)).toEqual({
      ...UNTOUCHED,
      blackL: 7,
      quantity: 27,
      soldCount: 3,
      sizeL: 7,
    });
    expect(await StockReservation.countDocuments({})).toBe(0);
  });

  it("never gives back again what an order's expiry or deletion already gave back", async () => {
    const product = await createProduct();
    const promo = await createPromo();
    // An unpaid online order expires while its journal entry is still OPEN (job not yet run).
    const unpaid = await checkout(
      [{ productId: product._id, color: "Black", size: "M", quantity: 3 }],
      { promo: promo.code, paymentMethod: "SSLCOMMERZ" },
    );
    expect((await Order.findById(unpaid._id).lean())!.orderStatus).toBe("PENDING");
    expect(await expirePendingOrders(new Date(Date.now() + 24 * 60 * 60_000))).toBe(1);
    expect(await stockOf(product._id)).toEqual(UNTOUCHED);
    expect(await promoOf(promo.code)).toEqual({ usedCount: 0, reservations: [] });

    // A COD order deleted by an admin before the job ran: the order is gone, its units came back
    // and its journal entry was settled with the delete.
    const deleted = await checkout([
      { productId: product._id, color: "White", size: "M", quantity: 2 },
    ]);
    const { reservationId } = (await Order.findById(deleted._id).lean())!;
    expect(await StockReservation.countDocuments({ _id: reservationId, state: "OPEN" })).toBe(1);
    await deleteOrder(deleted._id);
    expect(await Order.countDocuments({ _id: deleted._id })).toBe(0);
    expect(await stockOf(product._id)).toEqual(UNTOUCHED);
    expect(await StockReservation.countDocuments({ _id: reservationId })).toBe(0);

    // The job only commits the first (its order exists); nothing is left of the second.
    expect(await reconcileReservations(afterGrace())).toEqual({
      committed: 1,
      released: 0,
      purged: 0,
    });
    expect(await stockOf(product._id)).toEqual(UNTOUCHED);
    expect(await promoOf(promo.code)).toEqual({ usedCount: 0, reservations: [] });
  });

  it("keeps the units of a shipped order deleted before the job ran", async () => {
    const product = await createProduct();
    const shipped = await checkout([
      { productId: product._id, color: "Black", size: "L", quantity: 2 },
    ]);
    await moveOrder(shipped._id, "CONFIRMED", "admin");
    await moveOrder(shipped._id, "SHIPPED", "admin");
    await deleteOrder(shipped._id);
    const sold = { ...UNTOUCHED, blackL: 8, quantity: 28, sizeL: 8, soldCount: 2 };
    // The entry was settled with the delete: nothing is left for the job to give back.
    expect(await stockOf(product._id)).toEqual(sold);
    expect(await StockReservation.countDocuments()).toBe(0);
    expect(await reconcileReservations(afterGrace())).toEqual({
      committed: 0,
      released: 0,
      purged: 0,
    });
    expect(await stockOf(product._id)).toEqual(sold);
  });

  it("gives back once when this process and another instance reconcile at the same moment", async () => {
    const product = await createProduct({
      variants: [
        { color: "Black", size: "M", stock: 100 },
        { color: "Black", size: "L", stock: 100 },
        { color: "White", size: "M", stock: 100 },
      ],
    });
    const promo = await createPromo();
    // 24 abandoned two-line checkouts, half with the promo code (reserved through the checkout's
    // own path, no order ever saved)...
    for (let index = 0; index < 24; index += 1)
      await reserveForCheckout(
        [
          { productId: product._id, color: "Black", size: "M", quantity: 1 + (index % 2) },
          {
            productId: product._id,
            color: index % 3 === 0 ? "White" : "Black",
            size: index % 3 === 0 ? "M" : "L",
            quantity: 1,
          },
        ],
        index % 2 === 0 ? promo.code : null,
      );
    // ...and one that saved its order.
    await checkout([{ productId: product._id, color: "White", size: "M", quantity: 2 }], {
      promo: promo.code,
    });
    expect(await promoOf(promo.code)).toMatchObject({ usedCount: 13 });
    expect((await stockOf(product._id)).tokens).toHaveLength(49);

    // The other instance and two passes here start together on the same 25 entries.
    const when = afterGrace();
    const other = child("reconcile", when.toISOString());
    await other.waitFor("ready");
    other.process.stdin!.write("go\n");
    const here = await Promise.all([reconcileReservations(when), reconcileReservations(when)]);
    const { code } = await other.exited;
    expect(code).toBe(0);
    const there = JSON.parse(other.output().trim().split("\n").pop()!) as (typeof here)[number];
    const all = [...here, there];
    expect(all.reduce((sum, result) => sum + result.released, 0)).toBe(24);
    expect(all.reduce((sum, result) => sum + result.committed, 0)).toBeGreaterThanOrEqual(1);

    // Only the saved order's units and promo use remain taken.
    const stored = await Product.findById(product._id).lean();
    expect(stored!.variants.map((variant) => variant.stock)).toEqual([100, 100, 98]);
    expect(stored!.quantity).toBe(298);
    expect(stored!.soldCount).toBe(2);
    expect(stored!.sizes).toEqual([
      { name: "M", quantity: 198 },
      { name: "L", quantity: 100 },
    ]);
    expect(stored!.stockReservations).toEqual([]);
    expect(await promoOf(promo.code)).toEqual({ usedCount: 1, reservations: [] });
    expect(await StockReservation.countDocuments({ state: "RELEASED" })).toBe(24);
    expect(await StockReservation.countDocuments({ state: "OPEN" })).toBe(0);
    expect(await Order.db.collection("locks").countDocuments({})).toBe(0);
  }, 120_000);
});

describe("stock reservations: a checkout that fails or runs out of time", () => {
  it("a line that cannot be had gives back the lines already taken and the promo use", async () => {
    const product = await createProduct({
      title: "Twin Tee",
      variants: [{ color: "Black", size: "M", stock: 5 }],
    });
    const promo = await createPromo();
    // Each line alone fits (so the quick pre-check passes); together they do not.
    const error = await reserveForCheckout(
      [
        { productId: product._id, color: "Black", size: "M", quantity: 3 },
        { productId: product._id, color: "Black", size: "M", quantity: 3 },
      ],
      promo.code,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    // (The shortage is described after the taken line came back: all 5 are there again.)
    expect(error).toMatchObject({
      status: 409,
      code: "OUT_OF_STOCK",
      message: "Only 5 left of Twin Tee (Black, M)",
    });
    const stored = await Product.findById(product._id).lean();
    expect(stored!.variants[0].stock).toBe(5);
    expect(stored!.quantity).toBe(5);
    expect(stored!.soldCount).toBe(0);
    expect(stored!.stockReservations ?? []).toEqual([]);
    expect(await promoOf(promo.code)).toEqual({ usedCount: 0, reservations: [] });
    expect(await StockReservation.countDocuments({})).toBe(0);
  });

  it("refuses to save an order past the commit window; abandoning gives everything back", async () => {
    const product = await createProduct();
    const promo = await createPromo();
    const reservation = await reserveForCheckout(
      [{ productId: product._id, color: "Black", size: "L", quantity: 4 }],
      promo.code,
    );
    expect(() =>
      assertCommitWindow(reservation, reservation.createdAt.getTime() + COMMIT_WINDOW_MS),
    ).not.toThrow();
    expect(() =>
      assertCommitWindow(reservation, reservation.createdAt.getTime() + COMMIT_WINDOW_MS + 1),
    ).toThrow(
      expect.objectContaining({
        status: 503,
        message: "The shop is busy right now. Please try again.",
      }),
    );
    expect((await stockOf(product._id)).blackL).toBe(6);
    // Twice at once (as a rollback racing the job would): given back once.
    await Promise.all([abandonReservation(reservation), abandonReservation(reservation)]);
    await abandonReservation(reservation);
    expect(await stockOf(product._id)).toEqual(UNTOUCHED);
    expect(await promoOf(promo.code)).toEqual({ usedCount: 0, reservations: [] });
    expect(await StockReservation.countDocuments({})).toBe(0);
  });
});
