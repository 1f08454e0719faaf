import request from "supertest";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import { clearDatabase } from "../setup/db";
import { useCourierStubs } from "../setup/couriers";
import { bearer, createAdmin } from "../factories/user";
import { createOrder } from "../factories/order";
import type { PathaoStub } from "../stubs/pathao";
import type { SteadfastStub } from "../stubs/steadfast";
import type { RedxStub } from "../stubs/redx";

/**
 * Cancelling a shipment (DELETE /api/admin/orders/{id}/shipment, docs/couriers.md): a manual one
 * always, RedX through its cancellation, Pathao and Steadfast only before pickup per their status;
 * otherwise a 409 saying why. The booking is released and the order's history says so. Also RedX's
 * `cancelled` (the booking released) and its area chosen from the address's thana.
 */
let app: ReturnType<typeof createApp>;
let adminToken: string;
let adminEmail: string;
let pathao: PathaoStub;
let steadfast: SteadfastStub;
let redx: RedxStub;
useCourierStubs((stubs) => ({ pathao, steadfast, redx } = stubs));

beforeAll(() => {
  app = createApp();
});

beforeEach(async () => {
  await clearDatabase();
  const admin = await createAdmin();
  adminToken = admin.token;
  adminEmail = admin.user.email;
});

const ship = (orderId: unknown, body: Record<string, unknown>) =>
  request(app)
    .post(`/api/admin/orders/${String(orderId)}/shipment`)
    .set(bearer(adminToken))
    .send(body);
const cancel = (orderId: unknown) =>
  request(app)
    .delete(`/api/admin/orders/${String(orderId)}/shipment`)
    .set(bearer(adminToken));
const stored = async (orderId: unknown) => (await Order.findById(orderId).lean())!;
/** A confirmed order in Dhaka, Banani (an area RedX's stub lists). */
async function bananiOrder(status: "CONFIRMED" | "SHIPPED" = "CONFIRMED") {
  const order = await createOrder({ orderStatus: status });
  await Order.updateOne({ _id: order._id }, { $set: { "shippingAddress.zone": "Banani" } });
  return order;
}

describe("cancelling a shipment", () => {
  it("a manual one is let go at once, in the history; the order may be booked again", async () => {
    const order = await createOrder({ orderStatus: "CONFIRMED" });
    await ship(order._id, {
      courier: "manual",
      courierName: "Sundarban",
      trackingNumber: "SB-1",
    }).expect(200);
    const answer = await cancel(order._id);
    expect(answer.status).toBe(200);
    expect(answer.body.shipment).toBeNull();
    const after = await stored(order._id);
    expect(after.shipment).toBeNull();
    // A manual shipment is the hand-over: the order stays where it went.
    expect(after.orderStatus).toBe("SHIPPED");
    expect(after.statusHistory.at(-1)).toMatchObject({
      status: "SHIPPED",
      by: `admin:${adminEmail}`,
      note: "shipment with Sundarban cancelled (tracking SB-1)",
    });
    await ship(order._id, {
      courier: "manual",
      courierName: "Sundarban",
      trackingNumber: "SB-2",
    }).expect(200);
  });

  it("RedX: cancelled through its API before pickup; refused once its agent has the parcel", async () => {
    const order = await bananiOrder();
    await ship(order._id, { courier: "redx" }).expect(200);
    const trackingId = redx.parcels[0]!.tracking_id as string;
    const answer = await cancel(order._id);
    expect(answer.status).toBe(200);
    expect(redx.parcels[0]).toMatchObject({
      status: "cancelled",
      cancel_reason: "Cancelled by the shop",
    });
    const after = await stored(order._id);
    expect(after.shipment).toBeNull();
    expect(after.orderStatus).toBe("CONFIRMED");
    expect(after.statusHistory.at(-1)!.note).toBe(
      `shipment with RedX cancelled (tracking ${trackingId})`,
    );

    const picked = await bananiOrder();
    await ship(picked._id, { courier: "redx" }).expect(200);
    redx.setStatus(redx.parcels[1]!.tracking_id as string, "ready-for-delivery");
    const refused = await cancel(picked._id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "CANCEL_REFUSED",
      message:
        "RedX refused to cancel the parcel: RedX /parcels: Parcel cannot be cancelled after pickup",
    });
    expect((await stored(picked._id)).shipment).not.toBeNull();
  });

  it("Steadfast (no cancellation call): let go while in review, refused once it has the parcel", async () => {
    const order = await createOrder({ orderStatus: "CONFIRMED" });
    await ship(order._id, { courier: "steadfast" }).expect(200);
    const consignment = steadfast.consignments[0]!;
    const answer = await cancel(order._id);
    expect(answer.status).toBe(200);
    expect((await stored(order._id)).statusHistory.at(-1)!.note).toBe(
      `booking with Steadfast released (tracking ${String(consignment.tracking_code)}, not picked up); cancel the parcel in Steadfast's panel too`,
    );

    const picked = await createOrder({ orderStatus: "CONFIRMED" });
    await ship(picked._id, { courier: "steadfast" }).expect(200);
    steadfast.setStatus(String(steadfast.consignments[1]!.consignment_id), "pending");
    const refused = await cancel(picked._id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Steadfast has the parcel already (status "pending"); it can no longer be cancelled',
    );
    expect((await stored(picked._id)).shipment).not.toBeNull();
  });

  it("Pathao: let go while pending, its older courier record too", async () => {
    const order = await createOrder({ orderStatus: "CONFIRMED" });
    await ship(order._id, { courier: "pathao" }).expect(200);
    expect(pathao.orders).toHaveLength(1);
    await cancel(order._id).expect(200);
    const after = await stored(order._id);
    expect(after.shipment).toBeNull();
    expect(after.courier).toBeNull();
  });

  it("refuses a parcel that has left the shop, and an order without one", async () => {
    const order = await bananiOrder();
    await ship(order._id, { courier: "redx" }).expect(200);
    await Order.updateOne({ _id: order._id }, { $set: { orderStatus: "SHIPPED" } });
    const left = await cancel(order._id);
    expect(left.status).toBe(409);
    expect(left.body.message).toBe(
      "The parcel has left the shop with RedX (the order is SHIPPED); it can no longer be cancelled",
    );
    expect(redx.parcels[0]!.status).toBe("pickup-pending");

    const none = await cancel((await createOrder({ orderStatus: "CONFIRMED" }))._id);
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({
      code: "NOT_BOOKED",
      message: "This order has no parcel booked with a courier",
    });
    expect(
      (await request(app).delete(`/api/admin/orders/${String(order._id)}/shipment`)).status,
    ).toBe(401);
  });
});

describe("RedX", () => {
  it("a parcel RedX reports cancelled before pickup releases the booking", async () => {
    const order = await bananiOrder();
    await ship(order._id, { courier: "redx" }).expect(200);
    const hook = redx.webhook(redx.parcels[0]!.tracking_id as string, "cancelled");
    await request(app).post(hook.path).send(hook.body).expect(202);
    const after = await stored(order._id);
    expect(after.shipment).toBeNull();
    expect(after.orderStatus).toBe("CONFIRMED");
  });

  it("books to the area named like the address's thana, else its zone or district", async () => {
    const order = await bananiOrder();
    // The thana (Dhanmondi) wins over a zone typed otherwise; the district comes from its id.
    await Order.updateOne(
      { _id: order._id },
      {
        $set: {
          "shippingAddress.city": "ঢাকা",
          "shippingAddress.districtId": "dhaka",
          "shippingAddress.thanaId": "dhaka/dhanmondi",
        },
      },
    );
    await ship(order._id, { courier: "redx" }).expect(200);
    expect(redx.parcels[0]).toMatchObject({ delivery_area: "Dhanmondi", delivery_area_id: 2 });

    // A thana RedX does not list: the zone, as before.
    const gulshan = await bananiOrder();
    await Order.updateOne(
      { _id: gulshan._id },
      {
        $set: { "shippingAddress.districtId": "dhaka", "shippingAddress.thanaId": "dhaka/gulshan" },
      },
    );
    await ship(gulshan._id, { courier: "redx" }).expect(200);
    expect(redx.parcels[1]).toMatchObject({ delivery_area: "Banani", delivery_area_id: 1 });
  });
});
