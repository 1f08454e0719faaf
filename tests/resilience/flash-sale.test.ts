import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { Product } from "../../models/product.model";
import {
  checkOutAtOnce,
  describeFlashSale,
  fillCarts,
  runFlashSale,
} from "../../scripts/lib/flash-sale";
import { clearDatabase } from "../setup/db";
import { shippingAddress } from "../factories/address";
import { createProduct } from "../factories/product";
import { freePort, Guest, killShopProcess, startShopProcess, stopShopProcesses } from "./helpers";

/**
 * Flash sales against real shop processes (`tsx server/index.ts`, as an operator runs them) on
 * one database: stock is taken by single guarded writes, with no lock to wait for, so the sale is
 * exact and quick on one instance or two, and a killed process leaves nothing behind to wait out.
 * The figures are printed; `npm run bench` measures the same sale (docs/database.md).
 */
const figures: string[] = [];
let ports: [number, number];
let instances: [ChildProcess, ChildProcess];

const urls = () => ports.map((port) => `http://127.0.0.1:${port}`);

beforeAll(async () => {
  ports = [await freePort(), await freePort()];
  instances = [await startShopProcess(ports[0]), await startShopProcess(ports[1])];
}, 180_000);

afterAll(() => {
  stopShopProcesses();
  console.log(`[flash sale]\n  ${figures.join("\n  ")}`);
});

beforeEach(async () => {
  await clearDatabase();
});

async function saleProduct(units: number) {
  return createProduct({
    title: "Flash Sale Panjabi",
    variants: [
      { color: "White", size: "L", stock: units },
      { color: "Black", size: "M", stock: 3 },
    ],
  });
}

async function expectExactSale(productId: unknown, units: number) {
  expect(await Order.countDocuments({})).toBe(units);
  const stored = (await Product.findById(productId).lean())!;
  expect(stored.variants.find((variant) => variant.color === "White")!.stock).toBe(0);
  expect(stored.variants.find((variant) => variant.color === "Black")!.stock).toBe(3);
  expect(stored.quantity).toBe(3);
  expect(stored.soldCount).toBe(units);
  expect(stored.sizes.find((size) => size.name === "L")!.quantity).toBe(0);
}

describe("a flash sale: 200 simultaneous checkouts for one variant with 20 units", () => {
  for (const count of [1, 2] as const) {
    it(`on ${count} instance(s) gives exactly 20 orders; everyone else hears it sold out`, async () => {
      const product = await saleProduct(20);
      const result = await runFlashSale({
        baseUrls: urls().slice(0, count),
        productId: String(product._id),
        color: "White",
        size: "L",
        buyers: 200,
      });
      figures.push(describeFlashSale(`200 for 20 units`, result));
      expect(result.statuses).toEqual({ 201: 20, 409: 180 });
      await expectExactSale(product._id, 20);
    }, 120_000);
  }
});

describe("100 simultaneous checkouts over two instances for 10 units", () => {
  it("give exactly 10 orders; everyone else hears it sold out", async () => {
    // How fast the sale answers is measured by `npm run bench` (its flash sale on two instances),
    // not here: the wall time is printed with the figures, and only exactness is asserted.
    const product = await saleProduct(10);
    const guests = await fillCarts({
      baseUrls: urls(),
      productId: String(product._id),
      color: "White",
      size: "L",
      buyers: 100,
    });
    const result = await checkOutAtOnce(guests, 2);
    figures.push(describeFlashSale("100 for 10 units", result));
    expect(result.statuses).toEqual({ 201: 10, 409: 90 });
    await expectExactSale(product._id, 10);
  }, 180_000);
});

describe("an instance killed with SIGKILL in the middle of checkouts", () => {
  it("leaves nothing to wait out: the restarted instance's first sale comes within 2 s", async () => {
    const product = await saleProduct(500);
    const guests = await fillCarts({
      baseUrls: [urls()[0]],
      productId: String(product._id),
      color: "White",
      size: "L",
      buyers: 40,
    });
    // Checkouts in flight on instance A when it dies (their answers are lost with it).
    const inFlight = checkOutAtOnce(guests, 1).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await killShopProcess(instances[0]);
    await inFlight;
    instances[0] = await startShopProcess(ports[0]);

    const started = performance.now();
    const buyer = new Guest(urls()[0]);
    const added = await buyer.call("PUT", "/api/cart/add", {
      productId: String(product._id),
      color: "White",
      size: "L",
      quantity: 1,
    });
    expect(added.status).toBe(200);
    const placed = await buyer.call("POST", "/api/orders", {
      shippingAddress: shippingAddress(),
      paymentMethod: "COD",
      termsAccepted: true,
    });
    const elapsed = Math.round(performance.now() - started);
    figures.push(`first sale after SIGKILL and restart: ${elapsed} ms (was 15.1 s, p99 16.7 s)`);
    expect(placed.status).toBe(201);
    // Was 15.1 s: the dead process's lease lock on the product had to expire first. The bound is
    // that wait (a loaded machine answers in 0.1-0.3 s), not a speed target.
    expect(elapsed).toBeLessThan(2_000);
  }, 180_000);
});
