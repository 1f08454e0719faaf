/**
 * Scan-to-pack (docs/packing.md): POST /api/admin/orders/{id}/pack checks the scans against the
 * order's lines, refuses a code not in the order or a unit too many, and marks a confirmed order
 * packed once when every unit is in; "to pack" is the desk's queue between confirmed and shipped.
 */
import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Order, type OrderStatus } from "../../models/order.model";
import { Product } from "../../models/product.model";
import { createApp } from "../../server/app";
import { PACKED_NOTE } from "../../server/services/packing.service";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { createAdmin, createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";

const app = createApp();
let admin: { token: string; email: string };

beforeEach(async () => {
  await clearDatabase();
  const made = await createAdmin();
  admin = { token: made.token, email: made.user.email };
});

const pack = (order: string, scans: string[], token = admin.token) =>
  request(app)
    .post(`/api/admin/orders/${order}/pack`)
    .set("Authorization", `Bearer ${token}`)
    .send({ scans });

/**
 * A confirmed order of two Black/M tees and one White/M shirt; the shirt's barcode is not its SKU.
 */
async function orderToPack(orderStatus: OrderStatus = "CONFIRMED") {
  // One pair of products per test, however many orders it makes.
  const made = async (title: string, slug: string) =>
    (await Product.findOne({ slug })) ?? (await createProduct({ title, slug }));
  const tee = await made("Pack Tee", "pack-tee");
  const shirt = await made("Pack Shirt", "pack-shirt");
  await Product.updateOne({ _id: shirt._id }, { $set: { "variants.2.barcode": "8903333333333" } });
  const order = await createOrder({
    orderStatus,
    lines: [
      { product: tee, quantity: 2, color: "Black", size: "M" },
      { product: shirt, quantity: 1, color: "White", size: "M" },
    ],
  });
  return { order, id: String(order._id), number: order.orderNumber };
}

const progress = (answer: request.Response) =>
  (
    answer.body.lines as { sku: string; quantity: number; scanned: number; complete: boolean }[]
  ).map(({ sku, quantity, scanned, complete }) => ({ sku, quantity, scanned, complete }));

describe("POST /api/admin/orders/{id}/pack", () => {
  it("counts the right scans line by line and packs the order when every unit is in", async () => {
    const { id, number } = await orderToPack();
    const started = await pack(number, []);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      orderId: id,
      orderNumber: number,
      complete: false,
      packedAt: null,
      packedBy: null,
    });
    expect(progress(started)).toEqual([
      { sku: "PACK-TEE-BLACK-M", quantity: 2, scanned: 0, complete: false },
      { sku: "PACK-SHIRT-WHITE-M", quantity: 1, scanned: 0, complete: false },
    ]);
    expect(started.body.lines[1].barcode).toBe("8903333333333");

    const partly = await pack(id, ["pack-tee-black-m", "8903333333333"]);
    expect(partly.status).toBe(200);
    expect(progress(partly)).toEqual([
      { sku: "PACK-TEE-BLACK-M", quantity: 2, scanned: 1, complete: false },
      { sku: "PACK-SHIRT-WHITE-M", quantity: 1, scanned: 1, complete: true },
    ]);
    expect(partly.body.packedAt).toBeNull();
    expect((await Order.findById(id).lean())!.packedAt).toBeNull();

    const done = await pack(id, ["PACK-TEE-BLACK-M", "8903333333333", "PACK-TEE-BLACK-M"]);
    expect(done.status).toBe(200);
    expect(done.body.complete).toBe(true);
    expect(done.body.packedBy).toBe(`admin:${admin.email}`);
    const stored = (await Order.findById(id).lean())!;
    expect(stored.packedAt!.toISOString()).toBe(done.body.packedAt);
    expect(stored.packedBy).toBe(`admin:${admin.email}`);
    expect(stored.orderStatus).toBe("CONFIRMED");
    expect(stored.statusHistory.at(-1)).toMatchObject({
      status: "CONFIRMED",
      by: `admin:${admin.email}`,
      note: PACKED_NOTE,
    });
  });

  it("refuses a code that is not in the order and a unit more than ordered, naming them", async () => {
    const { id, number } = await orderToPack();
    const cases: [string[], string, string][] = [
      [["NOPE-1"], `NOPE-1 is not in order ${number}`, "CODE_NOT_IN_ORDER"],
      // The same tee in another size is another variant.
      [["PACK-TEE-BLACK-L"], `PACK-TEE-BLACK-L is not in order ${number}`, "CODE_NOT_IN_ORDER"],
      [
        ["PACK-SHIRT-WHITE-M", "8903333333333"],
        "8903333333333: all 1 ordered already scanned; this one is extra",
        "EXTRA_UNIT",
      ],
      [
        ["PACK-TEE-BLACK-M", "PACK-TEE-BLACK-M", "PACK-TEE-BLACK-M"],
        "PACK-TEE-BLACK-M: all 2 ordered already scanned; this one is extra",
        "EXTRA_UNIT",
      ],
    ];
    for (const [scans, message, code] of cases) {
      const answer = await pack(id, scans);
      expect(answer.status, message).toBe(409);
      expect(answer.body, message).toEqual({ message, code });
    }
    expect((await Order.findById(id).lean())!.packedAt).toBeNull();
  });

  it("packs once when two packers complete the order at the same moment", async () => {
    const { id, number } = await orderToPack();
    const all = ["PACK-TEE-BLACK-M", "PACK-TEE-BLACK-M", "PACK-SHIRT-WHITE-M"];
    const other = await createAdmin();
    const answers = await Promise.all([
      pack(id, all),
      pack(number, all, other.token),
      pack(id, all),
      pack(number, all, other.token),
    ]);
    const packed = answers.filter((answer) => answer.status === 200);
    expect(packed).toHaveLength(1);
    const stored = (await Order.findById(id).lean())!;
    expect(packed[0].body.packedBy).toBe(stored.packedBy);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        message: `Order ${number} is already packed (by ${stored.packedBy})`,
        code: "ALREADY_PACKED",
      });
    }
    expect(stored.statusHistory.filter((entry) => entry.note === PACKED_NOTE)).toHaveLength(1);
  });

  it("packs confirmed orders only, and an order once", async () => {
    for (const status of ["PLACED", "SHIPPED", "CANCELLED"] as OrderStatus[]) {
      const { id, number } = await orderToPack(status);
      const answer = await pack(id, []);
      expect(answer.status, status).toBe(409);
      expect(answer.body, status).toEqual({
        message: `Order ${number} is ${status}: only confirmed orders are packed`,
        code: "NOT_PACKABLE",
      });
    }
    const { id, number } = await orderToPack();
    expect(
      (await pack(id, ["PACK-TEE-BLACK-M", "PACK-TEE-BLACK-M", "PACK-SHIRT-WHITE-M"])).status,
    ).toBe(200);
    const again = await pack(number, []);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: `Order ${number} is already packed (by admin:${admin.email})`,
      code: "ALREADY_PACKED",
    });
    const unknown = await pack("TW-260101-ABCD", []);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "Order not found", code: "NOT_FOUND" });
  });

  it("is the back office's: a customer is refused, a visitor asked to sign in", async () => {
    const { id } = await orderToPack();
    expect((await pack(id, [], (await createUser()).token)).status).toBe(403);
    expect(
      (await request(app).post(`/api/admin/orders/${id}/pack`).send({ scans: [] })).status,
    ).toBe(401);
  });
});

describe("the to-pack queue", () => {
  const queue = async (id: string) =>
    (
      await request(app)
        .get(`/api/admin/orders?queue=${id}`)
        .set("Authorization", `Bearer ${admin.token}`)
    ).body.orders.map((order: { orderNumber: string }) => order.orderNumber);

  it("holds a confirmed order until it is packed, then to-ship has it", async () => {
    const { id, number } = await orderToPack();
    expect(await queue("to-pack")).toEqual([number]);
    expect(await queue("to-ship")).toEqual([]);
    await pack(id, ["PACK-TEE-BLACK-M", "PACK-TEE-BLACK-M", "PACK-SHIRT-WHITE-M"]);
    expect(await queue("to-pack")).toEqual([]);
    expect(await queue("to-ship")).toEqual([number]);
  });
});
