import request from "supertest";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Order } from "../../models/order.model";
import { createApp } from "../../server/app";
import { logger } from "../../server/lib/logger";
import { notifyOrder } from "../../server/services/notifications.service";
import { clearDatabase } from "../setup/db";
import { withEnv } from "../setup/env";
import { useSmtpServer } from "../setup/smtp";
import { startSmtpStub, type SmtpStub } from "../stubs/smtp";
import { createAdmin } from "../factories/user";
import { shippingAddress } from "../factories/address";
import { shopperWithCart } from "../factories/cart";

const PUBLIC_URL = "http://shop.test";

let smtp: SmtpStub;
let app: ReturnType<typeof createApp>;
let adminToken: string;

useSmtpServer((stub) => (smtp = stub), { EMAIL_FROM: "Tweest <orders@tweest.test>", PUBLIC_URL });
beforeAll(() => {
  app = createApp();
});

beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
});

afterEach(() => {
  vi.restoreAllMocks();
});

function move(id: string, target: string) {
  return request(app)
    .put(`/api/admin/orders/${id}/${target}`)
    .set("Authorization", `Bearer ${adminToken}`);
}

async function placeGuestOrder(address = shippingAddress()) {
  const { buyer } = await shopperWithCart(app, 2);
  return buyer.order({ shippingAddress: address });
}

describe("POST /api/orders (email notifications)", () => {
  it("emails the guest when the order is placed, with the number, total and tracking link", async () => {
    const answer = await placeGuestOrder();
    expect(answer.status).toBe(201);
    expect(answer.body.totalDiscountedPrice).toBe(1660);
    const stored = await Order.findById(answer.body._id).lean();
    expect(stored!.shippingAddress.email).toBe("nusrat@example.com");

    await expect.poll(() => smtp.messages).toHaveLength(1);
    const [email] = smtp.messages;
    expect(email.from).toBe("orders@tweest.test");
    expect(email.to).toEqual(["nusrat@example.com"]);
    expect(email.headers.from).toBe("Tweest <orders@tweest.test>");
    expect(email.subject).toBe(`Tweest: order ${answer.body.orderNumber} placed`);
    // One greeting, then the SMS's sentence without the name, then the facts, to the letter.
    expect(email.text.split("\n")).toEqual([
      "Hi Nusrat,",
      "",
      `Your order ${answer.body.orderNumber} is placed. Total ৳1660 (cash on delivery). Thank you!`,
      "",
      `Order: ${answer.body.orderNumber}`,
      "Status: placed",
      "Total: ৳1660 (cash on delivery)",
      `Track your order: ${PUBLIC_URL}/order/guest/track/${answer.body._id}`,
      "",
      "Tweest",
    ]);
  });

  it("sends no email when the order has no email address", async () => {
    const answer = await placeGuestOrder(shippingAddress({ email: undefined }));
    expect(answer.status).toBe(201);
    const stored = await Order.findById(answer.body._id);
    expect(stored!.shippingAddress.email).toBe("");
    expect(stored!.guest?.email).toBe("");
    // notifyOrder resolves once every channel is done: waiting on it proves nothing was sent.
    await notifyOrder("PLACED", stored!);
    expect((await move(answer.body._id, "confirmed")).status).toBe(200);
    expect((await move(answer.body._id, "shipped")).status).toBe(200);
    await notifyOrder("SHIPPED", (await Order.findById(answer.body._id))!);
    // A later order with an address is emailed: only its message arrives.
    const second = await placeGuestOrder();
    await expect.poll(() => smtp.messages).toHaveLength(1);
    expect(smtp.messages[0].subject).toBe(`Tweest: order ${second.body.orderNumber} placed`);
  });

  it("still places the order (201) when the mail server is down, and logs it", async () => {
    const down = await startSmtpStub();
    await down.close();
    const warn = vi.spyOn(logger, "warn");
    await withEnv({ SMTP_URL: down.url }, async () => {
      const answer = await placeGuestOrder();
      expect(answer.status).toBe(201);
      expect(answer.body.orderStatus).toBe("PLACED");
      expect(await Order.countDocuments({ _id: answer.body._id })).toBe(1);
      await expect
        .poll(() => warn)
        .toHaveBeenCalledWith(
          expect.objectContaining({
            orderId: answer.body._id,
            orderNumber: answer.body.orderNumber,
            event: "PLACED",
          }),
          "order email not sent",
        );
      expect(down.messages).toHaveLength(0);
    });
  });
});

describe("PUT /api/admin/orders/:id/:status (email notifications)", () => {
  it("emails the customer when the order is shipped and when it is delivered", async () => {
    const answer = await placeGuestOrder();
    expect(answer.status).toBe(201);
    await expect.poll(() => smtp.messages).toHaveLength(1);
    const id = answer.body._id as string;

    expect((await move(id, "confirmed")).status).toBe(200);
    const shipped = await move(id, "shipped");
    expect(shipped.status).toBe(200);
    expect(shipped.body.orderStatus).toBe("SHIPPED");
    await expect.poll(() => smtp.messages).toHaveLength(2);
    const delivered = await move(id, "delivered");
    expect(delivered.status).toBe(200);
    await expect.poll(() => smtp.messages).toHaveLength(3);

    const stored = await Order.findById(id).lean();
    expect(stored!.orderStatus).toBe("DELIVERED");
    const number = answer.body.orderNumber as string;
    expect(smtp.messages.map((email) => email.subject)).toEqual([
      `Tweest: order ${number} placed`,
      `Tweest: order ${number} shipped`,
      `Tweest: order ${number} delivered`,
    ]);
    expect(smtp.messages.every((email) => email.to[0] === "nusrat@example.com")).toBe(true);
    const facts = (status: string) => [
      `Order: ${number}`,
      `Status: ${status}`,
      "Total: ৳1660 (cash on delivery)",
      `Track your order: ${PUBLIC_URL}/order/guest/track/${id}`,
      "",
      "Tweest",
    ];
    // Each starts as a sentence (not the SMS's lower-case "your order" after its sender name).
    expect(smtp.messages[1].text.split("\n").slice(0, 4)).toEqual([
      "Hi Nusrat,",
      "",
      `Your order ${number} is on its way.`,
      "",
    ]);
    expect(smtp.messages[1].text.split("\n").slice(4)).toEqual(facts("shipped"));
    expect(smtp.messages[2].text.split("\n").slice(0, 4)).toEqual([
      "Hi Nusrat,",
      "",
      `Your order ${number} has been delivered. Enjoy!`,
      "",
    ]);
    expect(smtp.messages[2].text.split("\n").slice(4)).toEqual(facts("delivered"));
  });
});
