import { afterAll, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { clearDatabase } from "../setup/db";
import { createOrder } from "../factories/order";
import { freePort, startShopProcess, stopShopProcesses } from "./helpers";

afterAll(() => stopShopProcesses());

/*
 * Upgrading a live shop to the one payment lock (docs/cod.md, "Orders from before the one lock"):
 * the real server, started on a database the previous version wrote, carries an open SSLCommerz
 * page and a bKash execute over before it serves, and drops the old fields everywhere.
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

    await startShopProcess(await freePort());

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
  }, 120_000);
});
