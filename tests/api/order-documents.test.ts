/**
 * The printed documents' answer (docs/printing.md), through the HTTP API against the real
 * database: who may read it, the amount to collect of cash-on-delivery, prepaid and advance
 * orders, the lines' SKUs and the note, the address in the shopper's language, the parcel, the
 * codes read back by a barcode reader, and the bound on one print.
 */
import { randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import {
  MAX_PRINTED_ORDERS,
  PRINT_TARGET_MISSING,
  TOO_MANY_TO_PRINT,
  tooManyInFilterToPrint,
  type OrderDocument,
  type OrderDocumentsAnswer,
} from "#contract/schemas/order-documents";
import { clearDatabase } from "../setup/db";
import { setEnv } from "../setup/env";
import { readCode128, readQrCode } from "../setup/read-codes";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { changeShopSettings } from "../factories/shop-settings";
import { createAdmin, createUser } from "../factories/user";

const SHOP = "http://shop.test";
let app: ReturnType<typeof createApp>;
let restoreEnv: () => void;
let adminToken: string;

beforeAll(() => {
  restoreEnv = setEnv({ PUBLIC_URL: SHOP });
  app = createApp();
});
afterAll(() => restoreEnv());
beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
});

const documents = (query: string, token: string | null = adminToken) => {
  const call = request(app).get(`/api/admin/orders/documents?${query}`);
  return token === null ? call : call.set("Authorization", `Bearer ${token}`);
};

/** The documents of these orders, in this order (a 200 expected). */
async function documentsOf(...orders: { _id: unknown }[]): Promise<OrderDocumentsAnswer> {
  const answer = await documents(`orders=${orders.map((order) => String(order._id)).join(",")}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as OrderDocumentsAnswer;
}

async function documentOf(order: { _id: unknown }): Promise<OrderDocument> {
  return (await documentsOf(order)).documents[0];
}

/** A cash-on-delivery order of ৳1,600 goods + ৳120 delivery whose charge was asked in advance. */
async function advanceOrder(status: "PAID" | "PENDING") {
  const order = await createOrder({
    orderStatus: "CONFIRMED",
    lines: [{ unitPrice: 800, quantity: 2 }],
    deliveryCharge: 120,
  });
  await Order.updateOne(
    { _id: order._id },
    {
      $set: {
        advanceDeliveryCharge: { amount: 120, method: "BKASH", reasons: ["riskyNumber"], status },
      },
    },
  );
  return order;
}

describe("who may read the documents", () => {
  it("refuses a visitor without a session (401) and a shopper (403)", async () => {
    const order = await createOrder();
    const anonymous = await documents(`orders=${String(order._id)}`, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: "Authentication required", code: "UNAUTHORIZED" });
    const shopper = await documents(`orders=${String(order._id)}`, (await createUser()).token);
    expect(shopper.status).toBe(403);
    expect(shopper.body).toEqual({
      message: "Access denied - admin privileges required",
      code: "FORBIDDEN",
    });
  });
});

describe("the amount to collect", () => {
  it("is the whole total for cash on delivery, 0 for a prepaid order", async () => {
    const cod = await createOrder({ lines: [{ unitPrice: 500 }], deliveryCharge: 60 });
    const prepaid = await createOrder({ paymentMethod: "BKASH", lines: [{ unitPrice: 500 }] });
    const [codDocument, prepaidDocument] = (await documentsOf(cod, prepaid)).documents;
    expect(codDocument.payment).toEqual({ method: "COD", advance: null, collect: 560 });
    expect(prepaidDocument.payment).toEqual({ method: "BKASH", advance: null, collect: 0 });
  });

  it("is what is left after a paid advance, and the whole total while the advance is unpaid", async () => {
    const paid = await documentOf(await advanceOrder("PAID"));
    // The advance carries no reasons: the invoice goes to the shopper (docs/cod.md).
    expect(paid.payment).toEqual({
      method: "COD",
      advance: { amount: 120, method: "BKASH", status: "PAID" },
      collect: 1600,
    });
    expect(paid.totals.total).toBe(1720);
    const unpaid = await documentOf(await advanceOrder("PENDING"));
    expect(unpaid.payment.collect).toBe(1720);
  });
});

describe("what each document says", () => {
  it("the lines with colour, size and the variant's SKU, and the shopper's note", async () => {
    const product = await createProduct({ title: "Print Tee", discountedPrice: 750 });
    const order = await createOrder({
      lines: [
        { product, quantity: 2, color: "Black", size: "L" },
        { unitPrice: 300, color: "Red", size: "S" },
      ],
    });
    await Order.updateOne({ _id: order._id }, { $set: { note: "Call before 5 pm, বিকেলে নয়" } });
    const document = await documentOf(order);
    const sku = product.variants.find((variant) => variant.size === "L")!.sku;
    expect(document.lines).toEqual([
      {
        title: "Print Tee",
        color: "Black",
        size: "L",
        sku,
        quantity: 2,
        unitPrice: 750,
        amount: 1500,
      },
      // A line whose product is gone (or whose variant has no SKU): no SKU to show.
      {
        title: "Shirts item 2",
        color: "Red",
        size: "S",
        sku: null,
        quantity: 1,
        unitPrice: 300,
        amount: 300,
      },
    ]);
    expect(document.note).toBe("Call before 5 pm, বিকেলে নয়");
  });

  it("the address in the shopper's language, with the tracking link of that language", async () => {
    const place = {
      "shippingAddress.streetAddress": "বাড়ি ১২, রোড ৫, শ্রীপুর",
      "shippingAddress.area": "ষোলশহর",
      "shippingAddress.city": "Chattogram",
      "shippingAddress.zone": "Panchlaish",
      "shippingAddress.districtId": "chattogram",
      "shippingAddress.thanaId": "chattogram/panchlaish",
    };
    const bangla = await createOrder({ firstName: "রহিম", lastName: "উদ্দিন" });
    await Order.updateOne({ _id: bangla._id }, { $set: { ...place, locale: "bn" } });
    const english = await createOrder();
    await Order.updateOne({ _id: english._id }, { $set: place });
    const [bn, en] = (await documentsOf(bangla, english)).documents;
    expect(bn.locale).toBe("bn");
    expect(bn.deliverTo).toEqual({
      name: "রহিম উদ্দিন",
      phone: "01712345678",
      lines: ["বাড়ি ১২, রোড ৫, শ্রীপুর", "ষোলশহর", "পাঁচলাইশ, চট্টগ্রাম"],
    });
    expect(bn.tracking.url).toBe(`${SHOP}/bn/order/guest/track/${bangla.orderNumber}`);
    expect(en.deliverTo.lines).toEqual([
      "বাড়ি ১২, রোড ৫, শ্রীপুর",
      "ষোলশহর",
      "Panchlaish, Chattogram",
    ]);
    expect(en.tracking.url).toBe(`${SHOP}/order/guest/track/${english.orderNumber}`);
  });

  it("the courier and its tracking number once booked; the shop's name, address and phone", async () => {
    await changeShopSettings((settings) => {
      settings.contact.address = "House 7, Road 3, Dhanmondi, Dhaka";
      settings.contact.phone = "01811000000";
    });
    const booked = await createOrder({ orderStatus: "CONFIRMED" });
    await Order.updateOne(
      { _id: booked._id },
      {
        $set: {
          shipment: { courier: "steadfast", courierName: "Steadfast", trackingNumber: "SF7788" },
        },
      },
    );
    const waiting = await createOrder();
    const answer = await documentsOf(booked, waiting);
    expect(answer.shop).toEqual({
      name: "Tweest",
      address: "House 7, Road 3, Dhanmondi, Dhaka",
      phone: "01811000000",
    });
    expect(answer.documents.map((document) => document.shipment)).toEqual([
      { courierName: "Steadfast", trackingNumber: "SF7788" },
      null,
    ]);
  });

  it("the order number as a Code 128 and the tracking link as a QR code, read back by a reader", async () => {
    const order = await createOrder({ orderNumber: "TW-261128-AB23" });
    const document = await documentOf(order);
    expect(await readCode128(document.barcode.svg)).toBe("TW-261128-AB23");
    // Start, 3 letters, code set C, 3 digit pairs, code set B, 5 letters, check: 15 symbols of 11
    // modules, and the stop's 13.
    expect(document.barcode.modules).toBe(178);
    expect(await readQrCode(document.tracking.qrSvg)).toBe(
      `${SHOP}/order/guest/track/TW-261128-AB23`,
    );
  });
});

describe("which orders", () => {
  it("the ids in the order given; an id that matches no order is reported, not a failure", async () => {
    const first = await createOrder();
    const second = await createOrder();
    const gone = "0123456789abcdef01234567";
    const answer = await documents(`orders=${String(second._id)},${gone},${String(first._id)}`);
    expect(answer.status).toBe(200);
    const body = answer.body as OrderDocumentsAnswer;
    expect(body.documents.map((document) => document.orderNumber)).toEqual([
      second.orderNumber,
      first.orderNumber,
    ]);
    expect(body.missing).toEqual([gone]);
  });

  it("a queue: its orders, newest first", async () => {
    const older = await createOrder({ createdAt: new Date(Date.now() - 60_000) });
    const newer = await createOrder();
    await createOrder({ orderStatus: "DELIVERED" });
    const answer = await documents("queue=to-confirm");
    expect(answer.status).toBe(200);
    expect(
      (answer.body as OrderDocumentsAnswer).documents.map((document) => document.orderNumber),
    ).toEqual([newer.orderNumber, older.orderNumber]);
  });

  it(`refuses more than ${MAX_PRINTED_ORDERS} orders, by ids or in a filter, and a request naming neither or both`, async () => {
    const ids = Array.from({ length: MAX_PRINTED_ORDERS + 1 }, (_, index) =>
      index.toString(16).padStart(24, "0"),
    );
    const tooManyIds = await documents(`orders=${ids.join(",")}`);
    expect(tooManyIds.status).toBe(400);
    expect(tooManyIds.body).toEqual({
      message: "Invalid input",
      code: "VALIDATION_ERROR",
      errors: [{ path: "orders", message: TOO_MANY_TO_PRINT }],
    });

    // The queue holds one order more than a print takes (written in one insert).
    const { _id: templateId, ...template } = (await createOrder()).toObject();
    await Order.collection.insertMany(
      Array.from({ length: MAX_PRINTED_ORDERS }, () => ({
        ...template,
        orderNumber: `TW-PRINT-${randomUUID().slice(0, 8).toUpperCase()}`,
      })),
    );
    const tooManyInQueue = await documents("queue=to-confirm");
    expect(tooManyInQueue.status).toBe(400);
    const message = tooManyInFilterToPrint(MAX_PRINTED_ORDERS + 1);
    expect(tooManyInQueue.body).toEqual({
      message,
      code: "BAD_REQUEST",
      errors: [{ path: "filter", message }],
    });

    for (const query of ["", `orders=${String(templateId)}&queue=to-ship`]) {
      const answer = await documents(query);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        message: "Invalid input",
        code: "VALIDATION_ERROR",
        errors: [{ path: "orders", message: PRINT_TARGET_MISSING }],
      });
    }
  });
});
