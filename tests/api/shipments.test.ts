import request from "supertest";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import { COURIER_IDS } from "../../contract/couriers";
import { getCourier } from "../../server/couriers";
import { smsSize } from "../../server/lib/sms-encoding";
import { orderEmail, orderMessage } from "../../server/services/notifications.service";
import { pollOpenShipments } from "../../server/services/shipments.service";
import { clearDatabase } from "../setup/db";
import { withEnv } from "../setup/env";
import { useCourierStubs } from "../setup/couriers";
import { bearer, createAdmin } from "../factories/user";
import { createOrder } from "../factories/order";
import type { PathaoStub } from "../stubs/pathao";
import type { SteadfastStub } from "../stubs/steadfast";
import type { RedxStub } from "../stubs/redx";

/**
 * Booking parcels through the one courier interface (docs/couriers.md): POST
 * /api/admin/orders/{id}/shipment with Pathao, Steadfast or a manual courier, once per order; a
 * refusal changes nothing; what couriers report moves the order; the customer's and the guest's
 * answers say who is bringing the parcel and how to follow it.
 */
let app: ReturnType<typeof createApp>;
let adminToken: string;
let pathao: PathaoStub;
let steadfast: SteadfastStub;
let redx: RedxStub;
useCourierStubs((stubs) => ({ pathao, steadfast, redx } = stubs));

beforeAll(() => {
  app = createApp();
});

beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
});

const ship = (orderId: unknown, body: Record<string, unknown>) =>
  request(app)
    .post(`/api/admin/orders/${String(orderId)}/shipment`)
    .set(bearer(adminToken))
    .send(body);
const refresh = (orderId: unknown) =>
  request(app)
    .post(`/api/admin/orders/${String(orderId)}/shipment/refresh`)
    .set(bearer(adminToken));
const stored = async (orderId: unknown) => (await Order.findById(orderId).lean())!;

describe("the registry", () => {
  it("holds one adapter per courier of the contract's list, under its own id", () => {
    expect(COURIER_IDS).toEqual(["pathao", "steadfast", "redx", "manual"]);
    for (const id of COURIER_IDS) expect(getCourier(id).id).toBe(id);
  });

  it("GET /api/admin/couriers says which can book now (admins only)", async () => {
    const list = () => request(app).get("/api/admin/couriers").set(bearer(adminToken));
    const summary = (body: { couriers: Record<string, unknown>[] }) =>
      body.couriers.map(({ id, name, configured, enabled }) => ({ id, name, configured, enabled }));
    expect(summary((await list()).body)).toEqual([
      { id: "pathao", name: "Pathao", configured: true, enabled: true },
      { id: "steadfast", name: "Steadfast", configured: true, enabled: true },
      { id: "redx", name: "RedX", configured: true, enabled: true },
      { id: "manual", name: "Other courier", configured: true, enabled: true },
    ]);
    await withEnv({ STEADFAST_SECRET_KEY: "", REDX_API_TOKEN: "" }, async () => {
      const configured = (await list()).body.couriers.map(
        (courier: { configured: boolean }) => courier.configured,
      );
      expect(configured).toEqual([true, false, false, true]);
    });
    expect((await request(app).get("/api/admin/couriers")).status).toBe(401);
  });
});

describe("a manual shipment (any other courier, or the shop's rider)", () => {
  it("needs the courier's name and tracking number, naming each missing field; nothing changes", async () => {
    const order = await createOrder({ orderStatus: "CONFIRMED" });
    const answer = await ship(order._id, { courier: "manual" });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { path: "trackingNumber", message: "Enter the tracking number the courier gave you" },
      { path: "courierName", message: "Enter the courier's name" },
    ]);
    const link = await ship(order._id, {
      courier: "manual",
      courierName: "Sundarban",
      trackingNumber: "SB-1",
      trackingUrlTemplate: "http://example.com/track",
    });
    expect(link.status).toBe(400);
    expect(link.body.errors).toEqual([
      {
        path: "trackingUrlTemplate",
        message:
          "The tracking link must start with https:// and hold {tracking} where the number goes",
      },
    ]);
    const after = await stored(order._id);
    expect(after.shipment).toBeNull();
    expect(after.orderStatus).toBe("CONFIRMED");
  });

  it("records who carries the parcel, moves the order to SHIPPED, and tells the customer and the guest", async () => {
    const order = await createOrder({ orderStatus: "PLACED", mobile: "01812345678" });
    const answer = await ship(order._id, {
      courier: "manual",
      courierName: "Sundarban Courier",
      trackingNumber: "SCS 4471/2",
      trackingUrlTemplate: "https://tracking.example.bd/?id={tracking}",
    });
    expect(answer.status).toBe(200);
    const shipment = {
      courier: "manual",
      courierName: "Sundarban Courier",
      trackingNumber: "SCS 4471/2",
      trackingUrl: "https://tracking.example.bd/?id=SCS%204471%2F2",
      status: "handed-over",
    };
    expect(answer.body.shipment).toEqual(shipment);
    expect(answer.body.orderStatus).toBe("SHIPPED");
    expect(answer.body.statusHistory.map((entry: { status: string }) => entry.status)).toEqual([
      "PLACED",
      "CONFIRMED",
      "SHIPPED",
    ]);
    expect(answer.body.statusHistory.at(-1).by).toMatch(/^admin:/);
    // The Pathao record stays Pathao's.
    expect((await stored(order._id)).courier).toBeNull();

    const tracked = await request(app).get(
      `/api/orders/guest/track/${order.orderNumber}?phone=01812345678`,
    );
    expect(tracked.status).toBe(200);
    expect(tracked.body.shipment).toEqual(shipment);

    const again = await ship(order._id, {
      courier: "manual",
      courierName: "Another",
      trackingNumber: "X-2",
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: "ALREADY_BOOKED",
      message: "This order is already booked with the courier",
    });
    expect((await stored(order._id)).shipment?.trackingNumber).toBe("SCS 4471/2");
  });

  it("may be recorded after Mark shipped, never on a cancelled or delivered order", async () => {
    const shipped = await createOrder({ orderStatus: "SHIPPED" });
    const answer = await ship(shipped._id, {
      courier: "manual",
      courierName: "Own rider",
      trackingNumber: "R-17",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.shipment).toMatchObject({ courierName: "Own rider", trackingUrl: null });
    expect(answer.body.orderStatus).toBe("SHIPPED");
    const cancelled = await createOrder({ orderStatus: "CANCELLED" });
    const refused = await ship(cancelled._id, {
      courier: "manual",
      courierName: "Own rider",
      trackingNumber: "R-18",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("A CANCELLED order cannot be booked with the courier");
  });
});

describe("Steadfast", () => {
  it("books one order with both keys, the order number as invoice, the cash to collect; once", async () => {
    const order = await createOrder({ orderStatus: "CONFIRMED", deliveryCharge: 120 });
    const answer = await ship(order._id, { courier: "steadfast" });
    expect(answer.status).toBe(200);
    expect(steadfast.consignments).toHaveLength(1);
    const consignment = steadfast.consignments[0];
    expect(consignment).toMatchObject({
      invoice: order.orderNumber,
      recipient_name: "Rahim Uddin",
      recipient_phone: "01712345678",
      recipient_address: "House 1, Road 2, Banani, Dhaka",
      cod_amount: 620,
      total_lot: 1,
      delivery_type: 0,
    });
    const code = consignment.tracking_code as string;
    expect(answer.body.shipment).toEqual({
      courier: "steadfast",
      courierName: "Steadfast",
      trackingNumber: code,
      trackingUrl: `https://steadfast.com.bd/t/${code}`,
      status: "in_review",
    });
    // Booked, not yet picked up: the order waits for Steadfast's own status.
    expect(answer.body.orderStatus).toBe("CONFIRMED");
    expect((await stored(order._id)).shipment).toMatchObject({
      consignmentId: String(consignment.consignment_id),
    });

    const again = await ship(order._id, { courier: "steadfast" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This order is already booked with the courier");
    const pathaoToo = await ship(order._id, { courier: "pathao" });
    expect(pathaoToo.status).toBe(409);
    expect(steadfast.bookingCalls).toBe(1);
    expect(pathao.orders).toHaveLength(0);
  });

  it("a wrong key is a clear 4xx naming the courier's answer, and nothing changes", async () => {
    const order = await createOrder({ orderStatus: "CONFIRMED" });
    await withEnv({ STEADFAST_SECRET_KEY: "not-the-secret" }, async () => {
      const answer = await ship(order._id, { courier: "steadfast" });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        code: "COURIER_REFUSED",
        message:
          "Steadfast refused the parcel: Steadfast /create_order: Unauthorized. Invalid Api-Key or Secret-Key.",
        errors: [
          {
            path: "courier",
            message: "Steadfast refused the shop's credentials; check them",
          },
        ],
      });
    });
    const after = await stored(order._id);
    expect(after.shipment).toBeNull();
    expect(after.courier).toBeNull();
    expect(after.orderStatus).toBe("CONFIRMED");
    expect(steadfast.consignments).toHaveLength(0);
  });

  it("a field Steadfast refuses is named (an invoice it already holds); without keys it is not offered", async () => {
    const order = await createOrder({ orderStatus: "CONFIRMED" });
    // Booked by hand in Steadfast's panel, or an earlier answer lost on the way: Steadfast holds
    // this invoice already and never makes a second parcel for it.
    steadfast.consignments.push({
      invoice: order.orderNumber,
      consignment_id: 1,
      status: "pending",
    });
    const answer = await ship(order._id, { courier: "steadfast" });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual([
      { path: "invoice", message: "The invoice has already been taken." },
    ]);
    expect((await stored(order._id)).shipment).toBeNull();
    expect(steadfast.consignments).toHaveLength(1);

    await withEnv({ STEADFAST_API_KEY: "" }, async () => {
      const unset = await ship(order._id, { courier: "steadfast" });
      expect(unset.status).toBe(400);
      expect(unset.body.errors).toEqual([
        {
          path: "courier",
          message: "Steadfast is not configured (enter its API key and secret key under Couriers)",
        },
      ]);
    });
  });

  it("reads the parcel's status and moves the order as it maps", async () => {
    const order = await createOrder({ orderStatus: "PLACED" });
    await ship(order._id, { courier: "steadfast" }).expect(200);
    const consignmentId = String(steadfast.consignments[0].consignment_id);
    const statusAfter = async (deliveryStatus: string) => {
      steadfast.setStatus(consignmentId, deliveryStatus);
      const answer = await refresh(order._id);
      expect(answer.status).toBe(200);
      expect(answer.body.shipment.status).toBe(deliveryStatus);
      return answer.body.orderStatus as string;
    };
    expect(await statusAfter("in_review")).toBe("PLACED");
    expect(await statusAfter("hold")).toBe("PLACED");
    expect(await statusAfter("pending")).toBe("SHIPPED");
    expect(await statusAfter("delivered_approval_pending")).toBe("SHIPPED");
    expect(await statusAfter("partial_delivered")).toBe("DELIVERED");
    const history = (await stored(order._id)).statusHistory;
    expect(history.map((entry) => entry.status)).toEqual([
      "PLACED",
      "CONFIRMED",
      "SHIPPED",
      "DELIVERED",
    ]);
    expect(history.at(-1)!.by).toBe("courier:Steadfast");
    // The same status read again moves nothing twice.
    expect(await statusAfter("partial_delivered")).toBe("DELIVERED");
    expect((await stored(order._id)).statusHistory).toHaveLength(4);

    const refused = await createOrder({ orderStatus: "CONFIRMED" });
    await ship(refused._id, { courier: "steadfast" }).expect(200);
    const refusedParcel = String(steadfast.consignments[1].consignment_id);
    // On its way, then refused at the door: it comes back.
    steadfast.setStatus(refusedParcel, "pending");
    expect((await refresh(refused._id)).body.orderStatus).toBe("SHIPPED");
    steadfast.setStatus(refusedParcel, "cancelled");
    expect((await refresh(refused._id)).body.orderStatus).toBe("RETURNING");

    // Cancelled before it ever left: the booking is released and the order may ship otherwise.
    const dropped = await createOrder({ orderStatus: "CONFIRMED" });
    await ship(dropped._id, { courier: "steadfast" }).expect(200);
    steadfast.setStatus(String(steadfast.consignments[2].consignment_id), "cancelled");
    const released = await refresh(dropped._id);
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ orderStatus: "CONFIRMED", shipment: null });
    const other = await ship(dropped._id, {
      courier: "manual",
      courierName: "Own rider",
      trackingNumber: "R-2",
    });
    expect(other.status).toBe(200);
    expect(other.body.orderStatus).toBe("SHIPPED");

    const unbooked = await createOrder({ orderStatus: "CONFIRMED" });
    const none = await refresh(unbooked._id);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe("This order has no parcel booked with a courier");
  });
});

describe("polling open parcels (couriers without webhooks)", () => {
  it("reads Steadfast's open parcels and moves their orders; webhook couriers and manual shipments are not read; a parcel Steadfast cannot answer for does not stop the others", async () => {
    const [first, second, viaRedx] = await Promise.all(
      [0, 1, 2].map(() => createOrder({ orderStatus: "CONFIRMED" })),
    );
    await ship(first._id, { courier: "steadfast" }).expect(200);
    await ship(second._id, { courier: "steadfast" }).expect(200);
    await Order.updateOne({ _id: viaRedx._id }, { $set: { "shippingAddress.zone": "Banani" } });
    await ship(viaRedx._id, { courier: "redx" }).expect(200);
    const manual = await createOrder({ orderStatus: "SHIPPED" });
    await ship(manual._id, {
      courier: "manual",
      courierName: "Own rider",
      trackingNumber: "R1",
    }).expect(200);
    const [firstParcel, secondParcel] = steadfast.consignments.map((entry) =>
      String(entry.consignment_id),
    );
    steadfast.setStatus(firstParcel, "pending");
    steadfast.setStatus(secondParcel, "pending");
    redx.setStatus(redx.parcels[0].tracking_id as string, "delivered");

    expect(await pollOpenShipments()).toBe(2);
    expect((await stored(first._id)).orderStatus).toBe("SHIPPED");
    expect((await stored(second._id)).orderStatus).toBe("SHIPPED");
    // RedX tells by webhook: not read.
    expect((await stored(viaRedx._id)).orderStatus).toBe("CONFIRMED");

    // Steadfast no longer knows the first parcel (404): logged, the second is still read.
    steadfast.consignments.splice(0, 1);
    steadfast.setStatus(secondParcel, "delivered");
    expect(await pollOpenShipments()).toBe(1);
    expect((await stored(second._id)).orderStatus).toBe("DELIVERED");
    expect((await stored(first._id)).orderStatus).toBe("SHIPPED");
    // The delivered parcel is no longer open; the first still is, and still unknown: none read.
    expect(await pollOpenShipments()).toBe(0);
  });
});

describe("RedX", () => {
  it("books to the area RedX lists for the district and zone, with its bearer token; refuses an area it does not list", async () => {
    const order = await createOrder({ orderStatus: "CONFIRMED" });
    await Order.updateOne({ _id: order._id }, { $set: { "shippingAddress.zone": "Banani" } });
    const answer = await ship(order._id, { courier: "redx" });
    expect(answer.status).toBe(200);
    expect(redx.parcels).toHaveLength(1);
    expect(redx.parcels[0]).toMatchObject({
      customer_name: "Rahim Uddin",
      customer_phone: "01712345678",
      delivery_area: "Banani",
      delivery_area_id: 1,
      cash_collection_amount: "560",
      merchant_invoice_id: order.orderNumber,
    });
    const trackingId = redx.parcels[0].tracking_id as string;
    expect(answer.body.shipment).toEqual({
      courier: "redx",
      courierName: "RedX",
      trackingNumber: trackingId,
      trackingUrl: `https://redx.com.bd/track-parcel/?trackingId=${trackingId}`,
      status: "pickup-pending",
    });

    // The district however the address wrote it (Bangla here) is asked by the list's name.
    const chattogram = await createOrder({ orderStatus: "CONFIRMED" });
    await Order.updateOne(
      { _id: chattogram._id },
      { $set: { "shippingAddress.city": "চট্টগ্রাম", "shippingAddress.zone": "Agrabad" } },
    );
    await ship(chattogram._id, { courier: "redx" }).expect(200);
    expect(redx.parcels[1]).toMatchObject({ delivery_area: "Agrabad", delivery_area_id: 40 });

    const nowhere = await createOrder({ orderStatus: "CONFIRMED" });
    const refused = await ship(nowhere._id, { courier: "redx" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      { path: "delivery_area", message: 'RedX lists no area "Dhaka" in Dhaka' },
    ]);
    expect((await stored(nowhere._id)).shipment).toBeNull();
    expect(redx.parcels).toHaveLength(2);
  });

  it("takes webhooks carrying our ?token= only, and moves the order once per status", async () => {
    const order = await createOrder({ orderStatus: "CONFIRMED" });
    await Order.updateOne({ _id: order._id }, { $set: { "shippingAddress.zone": "Dhanmondi" } });
    await ship(order._id, { courier: "redx" }).expect(200);
    const trackingId = redx.parcels[0].tracking_id as string;
    const fire = (status: string, token?: string) => {
      const hook = redx.webhook(trackingId, status, token);
      return request(app).post(hook.path).send(hook.body);
    };
    const forged = await fire("delivered", "not-our-secret-at-all");
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe("Invalid signature");
    const bare = await request(app)
      .post("/api/couriers/redx/webhook")
      .send(redx.webhook(trackingId, "delivered").body);
    expect(bare.status).toBe(401);
    expect((await stored(order._id)).orderStatus).toBe("CONFIRMED");

    expect((await fire("ready-for-delivery")).status).toBe(202);
    expect((await stored(order._id)).orderStatus).toBe("SHIPPED");
    expect((await fire("agent-hold")).status).toBe(202);
    let after = await stored(order._id);
    expect(after.orderStatus).toBe("SHIPPED");
    expect(after.shipment?.status).toBe("agent-hold");
    await fire("delivered").expect(202);
    await fire("delivered").expect(202);
    after = await stored(order._id);
    expect(after.orderStatus).toBe("DELIVERED");
    expect(after.statusHistory.filter((entry) => entry.status === "DELIVERED")).toHaveLength(1);
    expect(after.statusHistory.at(-1)!.by).toBe("courier:RedX");

    // Couriers without webhooks have no webhook address.
    const none = await request(app).post("/api/couriers/steadfast/webhook").send({});
    expect(none.status).toBe(404);
  });

  it("reads a parcel's status: the agent bringing it back is RETURNING", async () => {
    const order = await createOrder({ orderStatus: "CONFIRMED" });
    await Order.updateOne({ _id: order._id }, { $set: { "shippingAddress.zone": "Banani" } });
    await ship(order._id, { courier: "redx" }).expect(200);
    const trackingId = redx.parcels[0].tracking_id as string;
    redx.setStatus(trackingId, "delivery-in-progress");
    expect((await refresh(order._id)).body.orderStatus).toBe("SHIPPED");
    redx.setStatus(trackingId, "agent-returning");
    expect((await refresh(order._id)).body.orderStatus).toBe("RETURNING");
  });
});

describe("POST /api/admin/shipments (many at once)", () => {
  it("books with Steadfast's bulk call, each order answered on its own; the refused ones change nothing", async () => {
    const first = await createOrder({ orderStatus: "CONFIRMED" });
    const second = await createOrder({ orderStatus: "PLACED" });
    const pending = await createOrder({ orderStatus: "PENDING" });
    const held = await createOrder({ orderStatus: "CONFIRMED" });
    // Steadfast already holds this invoice: its item of the bulk answer is an error.
    steadfast.consignments.push({
      invoice: held.orderNumber,
      consignment_id: 9,
      status: "pending",
    });
    const ids = [first, second, pending, held].map((order) => String(order._id));
    const answer = await request(app)
      .post("/api/admin/shipments")
      .set(bearer(adminToken))
      .send({ orderIds: ids, courier: "steadfast" });
    expect(answer.status).toBe(200);
    expect(steadfast.bookingCalls).toBe(1);
    const [one, two, three, four] = answer.body.results;
    expect(one).toMatchObject({ orderId: ids[0], ok: true, orderNumber: first.orderNumber });
    expect(one.shipment).toMatchObject({ courier: "steadfast", status: "in_review" });
    expect(two).toMatchObject({ orderId: ids[1], ok: true });
    expect(three).toEqual({
      orderId: ids[2],
      ok: false,
      status: 409,
      code: "INVALID_STATUS",
      message: "A PENDING order cannot be booked with the courier",
    });
    expect(four).toMatchObject({
      orderId: ids[3],
      ok: false,
      status: 422,
      code: "COURIER_REFUSED",
      message:
        "Steadfast refused the parcel: Steadfast /create_order/bulk-order: The invoice has already been taken.",
    });
    expect((await stored(held._id)).shipment).toBeNull();
    expect((await stored(first._id)).shipment?.courier).toBe("steadfast");

    // Again: every order is answered on its own, and nothing is booked twice.
    const again = await request(app)
      .post("/api/admin/shipments")
      .set(bearer(adminToken))
      .send({ orderIds: ids.slice(0, 2), courier: "steadfast" });
    expect(again.body.results.map((result: { status: number }) => result.status)).toEqual([
      409, 409,
    ]);
    expect(steadfast.bookingCalls).toBe(1);
  });
});

describe("Pathao through the shipment endpoint", () => {
  it("books as the courier endpoint does; its validation errors are a 422 naming the field", async () => {
    const order = await createOrder({ orderStatus: "CONFIRMED" });
    const answer = await ship(order._id, { courier: "pathao" });
    expect(answer.status).toBe(200);
    const consignment = pathao.orders[0].consignment_id as string;
    expect(answer.body.courier).toEqual({
      name: "Pathao",
      consignmentId: consignment,
      trackingCode: consignment,
      status: "Pending",
    });
    expect(answer.body.shipment).toEqual({
      courier: "pathao",
      courierName: "Pathao",
      trackingNumber: consignment,
      trackingUrl: null,
      status: "Pending",
    });
    // Its order info read again: Pending moves nothing.
    const read = await refresh(order._id);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ orderStatus: "CONFIRMED", shipment: { status: "Pending" } });

    const refused = await createOrder({ orderStatus: "CONFIRMED" });
    await withEnv({ PATHAO_STORE_ID: "1" }, async () => {
      const refusal = await ship(refused._id, { courier: "pathao" });
      expect(refusal.status).toBe(422);
      expect(refusal.body.code).toBe("COURIER_REFUSED");
      expect(refusal.body.errors).toEqual([
        { path: "store_id", message: "The selected store id is invalid." },
      ]);
    });
    const after = await stored(refused._id);
    expect(after.courier).toBeNull();
    expect(after.shipment).toBeNull();
  });

  it("an order booked before shipments existed answers its Pathao record as its shipment", async () => {
    const order = await createOrder({ orderStatus: "SHIPPED" });
    await Order.updateOne(
      { _id: order._id },
      {
        $set: {
          courier: {
            name: "Pathao",
            consignmentId: "OLD-1",
            trackingCode: "OLD-1",
            status: "picked",
          },
        },
      },
    );
    const answer = await request(app)
      .get(`/api/orders/guest/track/${order.orderNumber}?phone=01712345678`)
      .expect(200);
    expect(answer.body.shipment).toEqual({
      courier: "pathao",
      courierName: "Pathao",
      trackingNumber: "OLD-1",
      trackingUrl: null,
      status: "picked",
    });
    // It cannot be booked again with anyone.
    const again = await ship(order._id, {
      courier: "manual",
      courierName: "X",
      trackingNumber: "1",
    });
    expect(again.status).toBe(409);
  });
});

describe("the shipped SMS", () => {
  const order = {
    orderNumber: "TW-250101-ABCDEF",
    totalDiscountedPrice: 1660,
    paymentMethod: "COD",
    shippingAddress: { mobile: "01712345678", firstName: "Nusrat" },
  };

  it("names who carries the parcel and its number, in the order's language", () => {
    const shipment = { courierName: "Steadfast", trackingNumber: "SF12AB" };
    expect(orderMessage("SHIPPED", { ...order, shipment })).toBe(
      "Tweest: your order TW-250101-ABCDEF is on its way with Steadfast (tracking SF12AB).",
    );
    expect(orderMessage("SHIPPED", { ...order, shipment, locale: "bn" })).toBe(
      "Tweest: আপনার অর্ডার TW-250101-ABCDEF Steadfast-এর মাধ্যমে পাঠানো হয়েছে (ট্র্যাকিং SF12AB)।",
    );
  });

  it("the shipped email also links the courier's page for the parcel", () => {
    const shipment = {
      courierName: "Steadfast",
      trackingNumber: "SF12AB",
      trackingUrl: "https://steadfast.com.bd/t/SF12AB",
    };
    const { text } = orderEmail("SHIPPED", { ...order, shipment });
    expect(text).toContain(
      "Your order TW-250101-ABCDEF is on its way with Steadfast (tracking SF12AB).",
    );
    expect(text).toContain("\nCourier tracking: SF12AB https://steadfast.com.bd/t/SF12AB\n");
  });

  it("stays within two parts with the longest courier name and tracking number an owner can type", () => {
    const shipment = { courierName: "ক".repeat(60), trackingNumber: "X".repeat(30) };
    for (const locale of ["en", "bn"])
      expect(
        smsSize(orderMessage("SHIPPED", { ...order, shipment, locale })).segments,
      ).toBeLessThanOrEqual(2);
  });
});
