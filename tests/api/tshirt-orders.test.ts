import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TshirtOrder } from "../../models/tshirt-order.model";
import { createApp } from "../../server/app";
import { MOBILE_MESSAGES } from "#contract/phone";
import { createTshirtOrder } from "../factories/tshirt-order";
import { createAdmin, createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { setEnv } from "../setup/env";
import { smsEnv, startSmsGatewayStub, type SmsGatewayStub } from "../stubs/sms-gateway";

const app = createApp();
const uploads = () => path.resolve(process.env.UPLOADS_DIR as string);
const onDisk = (publicPath: string) => path.join(uploads(), publicPath.replace(/^uploads\//, ""));

let sms: SmsGatewayStub;
let png: Buffer;
let adminToken: string;
let customerToken: string;
let restoreEnv: () => void;

beforeAll(async () => {
  sms = await startSmsGatewayStub({ apiKey: "bulk-key", senderId: "8809617000001" });
  restoreEnv = setEnv(smsEnv(sms));
  png = await sharp({
    create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await sms.close();
  restoreEnv();
});

beforeEach(async () => {
  await clearDatabase();
  rmSync(path.join(uploads(), "tshirt-designs"), { recursive: true, force: true });
  sms.messages.length = 0;
  sms.balance = 100;
  adminToken = (await createAdmin()).token;
  customerToken = (await createUser()).token;
});

const VALID: Record<string, string> = {
  name: "Nusrat Jahan",
  mobile: "+880 1812-345678",
  email: "Nusrat@Example.com",
  organization: "BUET Photography Club",
  color: "Navy",
  printType: "SCREEN",
  sizes: JSON.stringify({ S: 5, M: 10, L: 10, XL: 3, XXL: 2 }),
  quantity: "30",
  deadline: "2026-12-15",
  notes: "Logo on the chest, club name on the back",
};

/** An image's decoded pixels (RGBA), to compare a re-encoded lossless file with what was sent. */
async function pixels(image: Buffer) {
  const { data, info } = await sharp(image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: data.toString("base64") };
}

function postOrder(fields: Record<string, string>, design?: Buffer, field = "design") {
  const call = request(app).post("/api/tshirt-orders");
  for (const [name, value] of Object.entries(fields)) void call.field(name, value);
  if (design) void call.attach(field, design, "design.png");
  return call;
}

async function seedOrders() {
  const base = { email: "a@example.com", sizes: { S: 10 }, quantity: 10 };
  await createTshirtOrder({ ...base, name: "Alpha Ltd", organization: "Alpha", status: "NEW" });
  await createTshirtOrder({
    ...base,
    name: "Beta School",
    organization: "Beta",
    status: "QUOTED",
    quotedPrice: 5000,
  });
  await createTshirtOrder({ ...base, name: "Gamma (Club)", organization: "Gamma", status: "NEW" });
}

describe("POST /api/tshirt-orders", () => {
  it("takes a multipart request from anyone, with sizes as JSON and a design re-encoded as sent (PNG stays PNG, pixel for pixel)", async () => {
    const answer = await postOrder(VALID, png);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      name: "Nusrat Jahan",
      mobile: "01812345678",
      email: "nusrat@example.com",
      organization: "BUET Photography Club",
      color: "Navy",
      printType: "SCREEN",
      sizes: { S: 5, M: 10, L: 10, XL: 3, XXL: 2 },
      quantity: 30,
      deadline: "2026-12-14T18:00:00.000Z",
      notes: "Logo on the chest, club name on the back",
      status: "NEW",
      quotedPrice: null,
      adminNote: "",
    });
    expect(answer.body.designImagePath).toMatch(/^uploads\/tshirt-designs\/[\w-]+\.png$/);
    const stored = readFileSync(onDisk(answer.body.designImagePath));
    expect(await pixels(stored)).toEqual(await pixels(png));
    const saved = await TshirtOrder.findById(answer.body._id).lean();
    expect(saved).toMatchObject({
      mobile: "01812345678",
      sizes: { S: 5, M: 10, L: 10, XL: 3, XXL: 2 },
      quantity: 30,
      status: "NEW",
      designImagePath: answer.body.designImagePath,
    });
    expect(sms.messages).toEqual([]);
  });

  it("accepts sizes as sizes[S]... fields, missing sizes counting 0, and no design", async () => {
    const { sizes: _sizes, ...rest } = VALID;
    const answer = await postOrder({
      ...rest,
      organization: "",
      "sizes[M]": "6",
      "sizes[XL]": "6",
      quantity: "12",
      printType: "NONE",
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      sizes: { S: 0, M: 6, L: 0, XL: 6, XXL: 0 },
      quantity: 12,
      printType: "NONE",
      designImagePath: null,
      organization: "",
    });
    expect(await TshirtOrder.countDocuments()).toBe(1);
  });

  const invalid: [string, Record<string, string>, { path: string; message: string }][] = [
    [
      "a quantity below 10",
      { sizes: JSON.stringify({ M: 9 }), quantity: "9" },
      { path: "quantity", message: "Minimum order quantity is 10" },
    ],
    [
      "a quantity that is not the sum of the sizes",
      { quantity: "31" },
      { path: "quantity", message: "Quantity must equal the sum of the size counts" },
    ],
    [
      "a mobile number that is not Bangladeshi",
      { mobile: "0123456789" },
      { path: "mobile", message: MOBILE_MESSAGES.unknownOperator },
    ],
    [
      "a bad email",
      { email: "nusrat@" },
      { path: "email", message: "Enter a valid email address" },
    ],
    ["an empty name", { name: "  " }, { path: "name", message: "Name is required" }],
    ["an empty color", { color: "" }, { path: "color", message: "Color is required" }],
    [
      "an unknown print type",
      { printType: "SUBLIMATION" },
      {
        path: "printType",
        message: 'Invalid option: expected one of "SCREEN"|"DTF"|"EMBROIDERY"|"NONE"',
      },
    ],
    [
      "sizes that are not JSON",
      { sizes: "S=10" },
      {
        path: "sizes",
        message:
          "sizes must be an object of counts {S, M, L, XL, XXL}, as JSON or as sizes[S]... fields",
      },
    ],
    [
      "a negative size count",
      { sizes: JSON.stringify({ S: -5, M: 35 }) },
      { path: "sizes.S", message: "Too small: expected number to be >=0" },
    ],
  ];
  for (const [what, change, error] of invalid) {
    it(`refuses ${what} (400)`, async () => {
      const answer = await postOrder({ ...VALID, ...change }, png);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe("Invalid input");
      expect(answer.body.errors).toEqual([error]);
      expect(await TshirtOrder.countDocuments()).toBe(0);
      expect(existsSync(path.join(uploads(), "tshirt-designs"))).toBe(false);
    });
  }

  it("drops a photo's EXIF (GPS, camera) and applies its orientation", async () => {
    // A phone photo of the artwork: taken at Dhaka's coordinates, camera turned (orientation 6).
    const photo = await sharp({
      create: { width: 64, height: 32, channels: 3, background: "#2980b9" },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: "PhoneCo", Model: "Pocket 5" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "23/1 48/1 3600/100",
          GPSLongitudeRef: "E",
          GPSLongitude: "90/1 24/1 3600/100",
          GPSMapDatum: "WGS-84",
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif!.includes("WGS-84")).toBe(true);

    const answer = await postOrder(VALID, photo);
    expect(answer.status).toBe(201);
    expect(answer.body.designImagePath).toMatch(/^uploads\/tshirt-designs\/[\w-]+\.jpg$/);
    const stored = readFileSync(onDisk(answer.body.designImagePath));
    const kept = await sharp(stored).metadata();
    expect(kept).toMatchObject({ format: "jpeg", width: 32, height: 64 });
    expect(kept.exif).toBeUndefined();
    expect(kept.xmp).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    for (const text of ["WGS-84", "PhoneCo", "Pocket 5"]) expect(stored.includes(text)).toBe(false);
  });

  it("refuses a design that is not an image (415) or is over 5 MB (413)", async () => {
    const text = await postOrder(VALID, Buffer.from("%PDF-1.7 not accepted here"));
    expect(text.status).toBe(415);
    expect(text.body.message).toBe("Only JPEG, PNG, WebP or GIF images are accepted");
    const big = await postOrder(VALID, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe("File too large");
    expect(await TshirtOrder.countDocuments()).toBe(0);
  });
});

describe("GET /api/tshirt-orders", () => {
  it("lists for admins, newest first, with status and search filters and pages", async () => {
    await seedOrders();
    const all = await request(app)
      .get("/api/tshirt-orders")
      .set("authorization", `Bearer ${adminToken}`);
    expect(all.status).toBe(200);
    expect(all.body.orders.map((order: { name: string }) => order.name)).toEqual([
      "Gamma (Club)",
      "Beta School",
      "Alpha Ltd",
    ]);
    expect(all.body).toMatchObject({ total: 3, page: 1, totalPages: 1 });

    const quoted = await request(app)
      .get("/api/tshirt-orders?status=QUOTED")
      .set("authorization", `Bearer ${adminToken}`);
    expect(quoted.body.orders.map((order: { name: string }) => order.name)).toEqual([
      "Beta School",
    ]);
    expect(quoted.body.orders[0].quotedPrice).toBe(5000);

    // Regex characters are searched literally.
    const search = await request(app)
      .get(`/api/tshirt-orders?search=${encodeURIComponent("(club)")}`)
      .set("authorization", `Bearer ${adminToken}`);
    expect(search.body.orders.map((order: { name: string }) => order.name)).toEqual([
      "Gamma (Club)",
    ]);
    expect(search.body.total).toBe(1);

    const page2 = await request(app)
      .get("/api/tshirt-orders?page=2&limit=2")
      .set("authorization", `Bearer ${adminToken}`);
    expect(page2.body).toMatchObject({ total: 3, page: 2, totalPages: 2 });
    expect(page2.body.orders.map((order: { name: string }) => order.name)).toEqual(["Alpha Ltd"]);

    const badStatus = await request(app)
      .get("/api/tshirt-orders?status=LOST")
      .set("authorization", `Bearer ${adminToken}`);
    expect(badStatus.status).toBe(400);
  });

  it("is refused without a token (401) and to customers (403)", async () => {
    const anonymous = await request(app).get("/api/tshirt-orders");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe("Authentication required");
    const customer = await request(app)
      .get("/api/tshirt-orders")
      .set("authorization", `Bearer ${customerToken}`);
    expect(customer.status).toBe(403);
    expect(customer.body.message).toBe("Access denied - admin privileges required");
  });
});

describe("PUT /api/tshirt-orders/:id", () => {
  it("texts the customer the quote through the SMS gateway, once per quote", async () => {
    const created = await postOrder(VALID);
    const id: string = created.body._id;
    const ref = id.slice(-6).toUpperCase();

    const noPrice = await request(app)
      .put(`/api/tshirt-orders/${id}`)
      .set("authorization", `Bearer ${adminToken}`)
      .send({ status: "QUOTED" });
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.message).toBe("A quoted price is required to mark the order QUOTED");
    expect(sms.messages).toEqual([]);

    const quoted = await request(app)
      .put(`/api/tshirt-orders/${id}`)
      .set("authorization", `Bearer ${adminToken}`)
      .send({ status: "QUOTED", quotedPrice: 125000, adminNote: "Screen print, 2 colours" });
    expect(quoted.status).toBe(200);
    expect(quoted.body).toMatchObject({
      status: "QUOTED",
      quotedPrice: 125000,
      adminNote: "Screen print, 2 colours",
      quoteSms: { price: 125000 },
    });
    expect(sms.messages).toEqual([
      {
        apiKey: "bulk-key",
        type: "text",
        number: "8801812345678",
        senderId: "8809617000001",
        message: `Tweest: your bulk order (30 t-shirts, ref ${ref}) is quoted at BDT 1,25,000. Call or reply to confirm.`,
      },
    ]);
    const stored = await TshirtOrder.findById(id).lean();
    expect(stored?.status).toBe("QUOTED");
    expect(stored?.quotedPrice).toBe(125000);
    expect(stored?.quoteSms?.sentAt).toBeInstanceOf(Date);

    // A note alone sends nothing.
    const noted = await request(app)
      .put(`/api/tshirt-orders/${id}`)
      .set("authorization", `Bearer ${adminToken}`)
      .send({ adminNote: "Called, waiting" });
    expect(noted.status).toBe(200);
    expect(sms.messages).toHaveLength(1);

    // A new price is a new quote.
    const requoted = await request(app)
      .put(`/api/tshirt-orders/${id}`)
      .set("authorization", `Bearer ${adminToken}`)
      .send({ quotedPrice: 9500 });
    expect(requoted.status).toBe(200);
    expect(sms.messages).toHaveLength(2);
    expect(sms.messages[1].message).toBe(
      `Tweest: your bulk order (30 t-shirts, ref ${ref}) is quoted at BDT 9,500. Call or reply to confirm.`,
    );

    const confirmed = await request(app)
      .put(`/api/tshirt-orders/${id}`)
      .set("authorization", `Bearer ${adminToken}`)
      .send({ status: "CONFIRMED" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe("CONFIRMED");
    expect(sms.messages).toHaveLength(2);
  });

  it("keeps the quote when the gateway refuses the SMS, and records why", async () => {
    const created = await postOrder(VALID);
    sms.balance = 0;
    const answer = await request(app)
      .put(`/api/tshirt-orders/${created.body._id}`)
      .set("authorization", `Bearer ${adminToken}`)
      .send({ status: "QUOTED", quotedPrice: 15000 });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe("QUOTED");
    expect(answer.body.quoteSms).toEqual({
      price: 15000,
      error: "SMS gateway refused the message (code 1007): Balance Insufficient",
    });
    expect(sms.messages).toEqual([]);
    const stored = await TshirtOrder.findById(created.body._id).lean();
    expect(stored?.quotedPrice).toBe(15000);
  });

  it("validates the status and is for admins only", async () => {
    const created = await postOrder(VALID);
    const badStatus = await request(app)
      .put(`/api/tshirt-orders/${created.body._id}`)
      .set("authorization", `Bearer ${adminToken}`)
      .send({ status: "SHIPPED" });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.errors[0].path).toBe("status");
    const negative = await request(app)
      .put(`/api/tshirt-orders/${created.body._id}`)
      .set("authorization", `Bearer ${adminToken}`)
      .send({ quotedPrice: -1 });
    expect(negative.status).toBe(400);
    const customer = await request(app)
      .put(`/api/tshirt-orders/${created.body._id}`)
      .set("authorization", `Bearer ${customerToken}`)
      .send({ status: "CANCELLED" });
    expect(customer.status).toBe(403);
    const unknown = await request(app)
      .put("/api/tshirt-orders/65f000000000000000000000")
      .set("authorization", `Bearer ${adminToken}`)
      .send({ status: "CANCELLED" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("T-shirt order not found");
    const stored = await TshirtOrder.findById(created.body._id).lean();
    expect(stored?.status).toBe("NEW");
  });
});

describe("DELETE /api/tshirt-orders/:id", () => {
  it("removes the order and its design file", async () => {
    const created = await postOrder(VALID, png, "image");
    const designPath: string = created.body.designImagePath;
    expect(existsSync(onDisk(designPath))).toBe(true);

    const customer = await request(app)
      .delete(`/api/tshirt-orders/${created.body._id}`)
      .set("authorization", `Bearer ${customerToken}`);
    expect(customer.status).toBe(403);
    expect(existsSync(onDisk(designPath))).toBe(true);

    const removed = await request(app)
      .delete(`/api/tshirt-orders/${created.body._id}`)
      .set("authorization", `Bearer ${adminToken}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: "T-shirt order deleted", _id: created.body._id });
    expect(existsSync(onDisk(designPath))).toBe(false);
    expect(await TshirtOrder.countDocuments()).toBe(0);
  });
});
