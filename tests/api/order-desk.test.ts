import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Order, type OrderStatus } from "../../models/order.model";
import { PhoneBlockModel } from "../../models/phone-block.model";
import type { createApp } from "../../server/app";
import { clearDatabase } from "../setup/db";
import { useSmsGateway } from "../setup/sms";
import { createAdmin, createUser } from "../factories/user";
import { createOrder } from "../factories/order";
import { MAX_BULK_ORDERS, type BulkOrderResult } from "#contract/schemas/order-desk";

let app: ReturnType<typeof createApp>;
let adminToken: string;

useSmsGateway((gateway) => ({ app } = gateway));

beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
});

const asAdmin = (test: request.Test, token = adminToken) =>
  test.set("Authorization", `Bearer ${token}`);
const get = (path: string, token?: string) => asAdmin(request(app).get(path), token);
const bulk = (body: object, token?: string) =>
  asAdmin(request(app).post("/api/admin/orders/bulk"), token).send(body);

/** A parcel booked with a courier (the booking has not moved the order). */
const booked = (orderId: unknown) =>
  Order.updateOne(
    { _id: orderId },
    {
      $set: {
        shipment: { courier: "steadfast", courierName: "Steadfast", trackingNumber: "SF1" },
      },
    },
  );

/** One order in each queue's cases, and some in none. */
async function deskOfOrders() {
  const placed = await createOrder({ orderStatus: "PLACED", mobile: "01711000001" });
  const placedBooked = await createOrder({ orderStatus: "PLACED", mobile: "01711000002" });
  await booked(placedBooked._id);
  const confirmed = await createOrder({ orderStatus: "CONFIRMED", mobile: "01711000003" });
  const packed = await createOrder({ orderStatus: "CONFIRMED", mobile: "01711000006" });
  await Order.updateOne(
    { _id: packed._id },
    { $set: { packedAt: new Date(), packedBy: "admin:a" } },
  );
  const shipped = await createOrder({ orderStatus: "SHIPPED", mobile: "01711000004" });
  const returning = await createOrder({ orderStatus: "RETURNING", mobile: "01711000005" });
  for (const status of ["PENDING", "DELIVERED", "CANCELLED", "RETURNED"] as OrderStatus[])
    await createOrder({ orderStatus: status, mobile: "01711000009" });
  return { placed, placedBooked, confirmed, packed, shipped, returning };
}

const numbersOf = (answer: request.Response) =>
  (answer.body.orders as { orderNumber: string }[]).map((order) => order.orderNumber).sort();

describe("the queues", () => {
  it("counts each queue by its rule (no saved checkout: the incomplete queue is 0)", async () => {
    await deskOfOrders();
    const answer = await get("/api/admin/orders/queues");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      queues: [
        { id: "to-confirm", count: 1 },
        { id: "to-pack", count: 1 },
        { id: "to-ship", count: 2 },
        { id: "in-transit", count: 1 },
        { id: "returning", count: 1 },
        { id: "incomplete", count: 0 },
      ],
    });
  });

  it("filters the orders list by queue: the same orders the count counted", async () => {
    const orders = await deskOfOrders();
    const cases: [string, { orderNumber: string }[]][] = [
      ["to-confirm", [orders.placed]],
      ["to-pack", [orders.confirmed]],
      ["to-ship", [orders.placedBooked, orders.packed]],
      ["in-transit", [orders.shipped]],
      ["returning", [orders.returning]],
    ];
    for (const [queue, expected] of cases) {
      const answer = await get(`/api/admin/orders?queue=${queue}`);
      expect(answer.status, queue).toBe(200);
      expect(numbersOf(answer), queue).toEqual(expected.map((order) => order.orderNumber).sort());
      expect(answer.body.total, queue).toBe(expected.length);
    }
  });

  it("combines a queue with the search and the status filters", async () => {
    const orders = await deskOfOrders();
    const bySearch = await get(`/api/admin/orders?queue=to-ship&search=01711000006`);
    expect(numbersOf(bySearch)).toEqual([orders.packed.orderNumber]);
    const byStatus = await get(`/api/admin/orders?queue=to-ship&status=placed`);
    expect(numbersOf(byStatus)).toEqual([orders.placedBooked.orderNumber]);
  });

  it("refuses a queue that is not a filter of orders, naming the field", async () => {
    for (const queue of ["incomplete", "everything"]) {
      const answer = await get(`/api/admin/orders?queue=${queue}`);
      expect(answer.status, queue).toBe(400);
      expect(answer.body.errors[0].path, queue).toBe("queue");
    }
  });

  it("shows each row's risk level from the phone's other orders, never the order itself", async () => {
    const phone = "01812345678";
    const first = await createOrder({ orderStatus: "RETURNED", mobile: phone });
    const second = await createOrder({ orderStatus: "PLACED", mobile: phone });
    const loyal = await createOrder({ orderStatus: "PLACED", mobile: "01912345678" });
    await createOrder({ orderStatus: "DELIVERED", mobile: "01912345678" });
    const blocked = await createOrder({ orderStatus: "PLACED", mobile: "01612345678" });
    await PhoneBlockModel.create({
      phone: "01612345678",
      reason: "fake orders",
      blockedAt: new Date(),
    });
    const answer = await get("/api/admin/orders?limit=50");
    const level = (id: unknown) =>
      (answer.body.orders as { _id: string; riskLevel: string }[]).find(
        (order) => order._id === String(id),
      )?.riskLevel;
    // The returned parcel is the only failure: the order after it is risky, the return itself new.
    expect(level(second._id)).toBe("risky");
    expect(level(first._id)).toBe("new");
    expect(level(loyal._id)).toBe("good");
    expect(level(blocked._id)).toBe("blocked");
  });
});

describe("POST /api/admin/orders/bulk", () => {
  it("answers each order on its own: a refusal does not stop the rest", async () => {
    const placed = await createOrder({ orderStatus: "PLACED" });
    const delivered = await createOrder({ orderStatus: "DELIVERED" });
    const alsoPlaced = await createOrder({ orderStatus: "PLACED" });
    const missing = "5f0000000000000000000000";
    const ids = [placed, delivered, alsoPlaced].map((order) => String(order._id));
    const answer = await bulk({ action: "confirm", orderIds: [...ids, missing, ids[0]] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      results: [
        {
          orderId: ids[0],
          ok: true,
          orderNumber: placed.orderNumber,
          orderStatus: "CONFIRMED",
        },
        {
          orderId: ids[1],
          ok: false,
          status: 409,
          message: "Cannot change order status from DELIVERED to CONFIRMED",
          code: "INVALID_STATUS",
        },
        {
          orderId: ids[2],
          ok: true,
          orderNumber: alsoPlaced.orderNumber,
          orderStatus: "CONFIRMED",
        },
        {
          orderId: missing,
          ok: false,
          status: 404,
          message: "Order not found",
          code: "NOT_FOUND",
        },
      ],
      done: 2,
      refused: 2,
    });
    const stored = await Order.findById(placed._id).lean();
    expect(stored!.statusHistory.at(-1)).toMatchObject({
      status: "CONFIRMED",
      by: expect.stringMatching(/^admin:/),
    });
    expect((await Order.findById(delivered._id).lean())!.orderStatus).toBe("DELIVERED");
  });

  it("cancels with who caused it, giving each order's stock back as the one-order button does", async () => {
    const confirmed = await createOrder({ orderStatus: "CONFIRMED" });
    const shipped = await createOrder({ orderStatus: "SHIPPED" });
    const answer = await bulk({
      action: "cancel",
      cancelledBy: "customer",
      orderIds: [String(confirmed._id), String(shipped._id)],
    });
    expect(answer.body.done).toBe(1);
    expect(answer.body.results[1]).toMatchObject({
      ok: false,
      status: 409,
      message: "Cannot change order status from SHIPPED to CANCELLED",
    });
    const stored = await Order.findById(confirmed._id).lean();
    expect(stored).toMatchObject({
      orderStatus: "CANCELLED",
      cancelledBy: "customer",
      stockReleased: true,
    });
  });

  it("applies each move once when two confirmations of the same orders run at once", async () => {
    const orders = await Promise.all(
      Array.from({ length: 8 }, () => createOrder({ orderStatus: "PLACED" })),
    );
    const orderIds = orders.map((order) => String(order._id));
    const [first, second] = await Promise.all([
      bulk({ action: "confirm", orderIds }),
      bulk({ action: "confirm", orderIds: [...orderIds].reverse() }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.done + second.body.done).toBe(orders.length);
    const refusals = [...first.body.results, ...second.body.results].filter(
      (result: BulkOrderResult) => !result.ok,
    );
    expect(refusals).toHaveLength(orders.length);
    for (const refusal of refusals)
      expect(refusal).toMatchObject({
        status: 409,
        message: "Cannot change order status from CONFIRMED to CONFIRMED",
      });
    for (const stored of await Order.find({ _id: { $in: orderIds } }).lean()) {
      expect(stored.orderStatus).toBe("CONFIRMED");
      expect(stored.statusHistory.filter((entry) => entry.status === "CONFIRMED")).toHaveLength(1);
    }
  });

  it("changes everything in a filter, read when the request arrives", async () => {
    const orders = await deskOfOrders();
    const answer = await bulk({ action: "confirm", filter: { queue: "to-confirm" } });
    expect(answer.body).toMatchObject({ done: 1, refused: 0 });
    expect(answer.body.results[0].orderId).toBe(String(orders.placed._id));
    expect((await Order.findById(orders.placedBooked._id).lean())!.orderStatus).toBe("PLACED");
  });

  it("refuses a filter matching more than the bound, changing nothing", async () => {
    const template = (await createOrder({ orderStatus: "PLACED" })).toObject();
    const { _id: _first, ...fields } = template;
    await Order.collection.insertMany(
      Array.from({ length: MAX_BULK_ORDERS }, (_, index) => ({
        ...fields,
        orderNumber: `TW-BULK-${index}`,
      })),
    );
    const answer = await bulk({ action: "cancel", filter: { status: "PLACED" } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      `The filter matches ${MAX_BULK_ORDERS + 1} orders; at most ${MAX_BULK_ORDERS} are changed at once: narrow the filter`,
    );
    expect(await Order.countDocuments({ orderStatus: "CANCELLED" })).toBe(0);
  });

  it("refuses a request that is not one clear change, with the field", async () => {
    const id = String((await createOrder())._id);
    const cases: [object, string, string][] = [
      [
        { action: "confirm" },
        "orderIds",
        "Send the orders' ids (orderIds) or a filter, one of the two",
      ],
      [
        { action: "confirm", orderIds: [id], filter: {} },
        "orderIds",
        "Send the orders' ids (orderIds) or a filter, one of the two",
      ],
      [{ action: "confirm", orderIds: [] }, "orderIds", "Choose at least one order"],
      [
        { action: "confirm", orderIds: Array.from({ length: MAX_BULK_ORDERS + 1 }, () => id) },
        "orderIds",
        `At most ${MAX_BULK_ORDERS} orders at once`,
      ],
      [
        { action: "confirm", orderIds: [id], cancelledBy: "customer" },
        "cancelledBy",
        "Only a cancellation says who cancelled",
      ],
      [{ action: "confirm", orderIds: ["not-an-id"] }, "orderIds.0", "Invalid id"],
    ];
    for (const [body, path, message] of cases) {
      const answer = await bulk(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.errors, path).toContainEqual({ path, message });
    }
    const unknown = await bulk({ action: "delete", orderIds: [id] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe("action");
    expect((await Order.findById(id).lean())!.orderStatus).toBe("PLACED");
  });
});

describe("GET /api/admin/orders/export.csv", () => {
  const csv = (query = "") =>
    get(`/api/admin/orders/export.csv${query}`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => done(null, Buffer.concat(chunks)));
      });

  it("exports the filtered list as UTF-8 with BOM, Bangla kept, formulas neutralised", async () => {
    const order = await createOrder({
      orderStatus: "PLACED",
      firstName: '=HYPERLINK("http://evil")',
      lastName: "রহিম",
      mobile: "01711223344",
    });
    await Order.updateOne(
      { _id: order._id },
      {
        $set: {
          note: "@SUM(1,2) বিকেলে ফোন দিন",
          "shippingAddress.streetAddress": '+8801 বাড়ি ৫, "রোড" ২',
          "shippingAddress.districtId": "chattogram",
        },
      },
    );
    await createOrder({ orderStatus: "DELIVERED" });
    const answer = await csv("?queue=to-confirm");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(answer.headers["content-disposition"]).toBe('attachment; filename="orders.csv"');
    const bytes = answer.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "Order,Placed (Dhaka time),Status,Name,Mobile,District,Thana,Address,Items,Total (taka),Payment,Payment status,Courier,Tracking,Note",
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("");
    const cells = lines[1].split(",");
    expect(cells[0]).toBe(order.orderNumber);
    expect(cells[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cells[2]).toBe("Order placed");
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"") রহিম"`);
    expect(lines[1]).toContain(",01711223344,Chattogram,");
    expect(lines[1]).toContain(`"'+8801 বাড়ি ৫, ""রোড"" ২"`);
    expect(lines[1]).toContain(`,"'@SUM(1,2) বিকেলে ফোন দিন"`);
    expect(lines[1]).toContain(",1,560,Cash on delivery,PENDING,,,");
  });

  it("neutralises every formula start: = + - @ tab and carriage return", async () => {
    const starts = ["=1+1", "+1", "-1", "@A1", "\tX", "\rX"];
    for (const note of starts)
      await Order.updateOne({ _id: (await createOrder())._id }, { $set: { note } });
    const text = (await csv()).body.toString("utf8") as string;
    for (const note of starts) {
      const quoted = /[\r]/.test(note) ? `"'${note}"` : `'${note}`;
      expect(text, JSON.stringify(note)).toContain(quoted);
    }
  });
});

describe("who may use the desk", () => {
  const endpoints = () => [
    request(app).get("/api/admin/orders/queues"),
    request(app).get("/api/admin/orders/export.csv"),
    request(app).post("/api/admin/orders/bulk").send({ action: "confirm", filter: {} }),
  ];

  it("answers 401 without a token and 403 to a customer, changing nothing", async () => {
    const order = await createOrder({ orderStatus: "PLACED" });
    const customer = (await createUser()).token;
    for (const call of endpoints()) {
      const answer = await call;
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: "Authentication required", code: "UNAUTHORIZED" });
    }
    for (const call of endpoints()) {
      const answer = await call.set("Authorization", `Bearer ${customer}`);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({
        message: "Access denied - admin privileges required",
        code: "FORBIDDEN",
      });
    }
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PLACED");
  });
});
