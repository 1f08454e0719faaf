import { afterAll, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { MIGRATION_NAMES, runMigrations } from "../../server/db/migrations";
import { clearDatabase } from "../setup/db";
import { createOrder } from "../factories/order";
import { freePort, killShopProcess, startShopProcess, stopShopProcesses } from "./helpers";

afterAll(() => stopShopProcesses());

/*
 * Upgrading a live shop to the one payment lock (docs/cod.md, "Orders from before the one lock"):
 * the real server, started on a database the previous version wrote, carries an open SSLCommerz
 * page and a bKash execute over before it serves, and drops the old fields everywhere; once.
 */
describe("starting on orders the previous version wrote", () => {
  it("an unpaid order's open payment still holds it; the old fields are gone from every order", async () => {
    await clearDatabase();
    const open = await createOrder({ orderStatus: "PENDING", paymentMethod: "SSLCOMMERZ" });
    const paid = await createOrder({ orderStatus: "PLACED", paymentMethod: "SSLCOMMERZ" });
    const until = new Date(Date.now() + 5 * 60_000);
    await Order.collection.updateOne(
      { _id: open._id },
      {
        $set: { paymentClaim: null, paymentWindow: { transactionId: "TWSOLDPAGE", until } },
        $unset: { paymentLock: "" },
      },
    );
    await Order.collection.updateOne(
      { _id: paid._id },
      { $set: { paymentClaim: null, paymentWindow: null }, $unset: { paymentLock: "" } },
    );

    const first = await startShopProcess(await freePort());

    const carried = await Order.findById(open._id).select("+paymentLock").lean();
    expect(carried!.paymentLock).toEqual({ transactionId: "TWSOLDPAGE", until });
    // The drop runs in the background just after start-up.
    await expect
      .poll(() =>
        Order.collection.countDocuments({
          $or: [{ paymentClaim: { $exists: true } }, { paymentWindow: { $exists: true } }],
        }),
      )
      .toBe(0);

    // Each migration is recorded once it ran, so a later start-up does not scan the orders again:
    // a field written behind its back after the first start stays where it is.
    await expect
      .poll(async () =>
        (await Order.db.collection("migrations").find().toArray())
          .map((row) => row.migrationName as string)
          .sort(),
      )
      .toEqual([...MIGRATION_NAMES].sort());
    await killShopProcess(first);
    await Order.collection.updateOne({ _id: paid._id }, { $set: { paymentWindow: null } });
    const logged: string[] = [];
    expect(await runMigrations("beforeServing", (line) => logged.push(line))).toEqual([]);
    expect(await runMigrations("inBackground", (line) => logged.push(line))).toEqual([]);
    expect(logged).toEqual([]);
    expect(await Order.collection.countDocuments({ paymentWindow: { $exists: true } })).toBe(1);
    expect(await Order.db.collection("migrations").countDocuments()).toBe(MIGRATION_NAMES.length);
  }, 120_000);
});
