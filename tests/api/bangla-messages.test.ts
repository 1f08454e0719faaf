import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { Otp } from "../../models/otp.model";
import type { createApp } from "../../server/app";
import { sendSms, SmsError } from "../../server/integrations/sms";
import { smsSize } from "../../server/lib/sms-encoding";
import {
  LINKED_SMS_PARTS,
  orderMessage,
  type OrderEvent,
} from "../../server/services/notifications.service";
import { otpSmsText } from "../../server/services/otp.service";
import { createAdmin } from "../factories/user";
import { shippingAddress } from "../factories/address";
import { shopperWithCart } from "../factories/cart";
import { clearDatabase } from "../setup/db";
import { withEnv } from "../setup/env";
import { placedSmsLink, useSmsGateway } from "../setup/sms";
import type { SmtpStub } from "../stubs/smtp";
import { useSmtpServer } from "../setup/smtp";
import { otpIn, type SmsGatewayStub } from "../stubs/sms-gateway";

let sms: SmsGatewayStub;
let app: ReturnType<typeof createApp>;
let smtp: SmtpStub;
let adminToken: string;

// The mail server must be configured before useSmsGateway's hook creates the app.
useSmtpServer((stub) => (smtp = stub));
useSmsGateway((context) => ({ sms, app } = context));

beforeEach(async () => {
  await clearDatabase();
  sms.messages.length = 0;
  adminToken = (await createAdmin()).token;
});

function move(id: string, target: string) {
  return request(app)
    .put(`/api/admin/orders/${id}/${target}`)
    .set("Authorization", `Bearer ${adminToken}`);
}

/** Two units at ৳800 plus ৳60 delivery inside Dhaka: ৳1,660. */
async function placeOrder(body: Record<string, unknown>) {
  const { buyer } = await shopperWithCart(app, 2);
  return buyer.order(body);
}

describe("an order placed in Bangla", () => {
  it("records its language and sends every order SMS in Bangla as Unicode", async () => {
    const placed = await placeOrder({
      locale: "bn",
      shippingAddress: shippingAddress({ firstName: "নুসরাত জাহান" }),
    });
    expect(placed.status).toBe(201);
    expect(placed.body.locale).toBe("bn");
    const id = placed.body._id as string;
    const number = placed.body.orderNumber as string;
    expect((await Order.findById(id).lean())!.locale).toBe("bn");

    await expect.poll(() => sms.messages).toHaveLength(1);
    expect(sms.messages[0]).toMatchObject({
      type: "unicode",
      number: "8801712345678",
      message: `Tweest: নুসরাত, আপনার অর্ডার ${number} গ্রহণ করা হয়েছে। মোট ৳১,৬৬০ (ক্যাশ অন ডেলিভারি)। ধন্যবাদ!${placedSmsLink("bn")}`,
    });

    expect((await move(id, "confirmed")).status).toBe(200);
    await expect.poll(() => sms.messages).toHaveLength(2);
    expect((await move(id, "shipped")).status).toBe(200);
    await expect.poll(() => sms.messages).toHaveLength(3);
    expect((await move(id, "delivered")).status).toBe(200);
    await expect.poll(() => sms.messages).toHaveLength(4);
    expect(sms.messages.slice(1).map((sent) => sent.message)).toEqual([
      `Tweest: আপনার অর্ডার ${number} নিশ্চিত করা হয়েছে।`,
      `Tweest: আপনার অর্ডার ${number} পাঠানো হয়েছে।`,
      `Tweest: আপনার অর্ডার ${number} পৌঁছে দেওয়া হয়েছে। ধন্যবাদ!`,
    ]);
    // Placed, shipped and delivered are emailed as well (confirmation is an SMS only).
    await expect.poll(() => smtp.messages).toHaveLength(3);
    // The placed text carries the tracking page's address: three parts; the others two at most.
    for (const [index, sent] of sms.messages.entries()) {
      expect(sent.type).toBe("unicode");
      expect(smsSize(sent.message)).toMatchObject({ encoding: "UCS-2" });
      expect(smsSize(sent.message).segments).toBeLessThanOrEqual(index === 0 ? 3 : 2);
    }
  });

  it("sends the cancellation in Bangla too, and emails in Bangla", async () => {
    const placed = await placeOrder({ locale: "bn" });
    expect(placed.status).toBe(201);
    const number = placed.body.orderNumber as string;
    await expect.poll(() => smtp.messages).toHaveLength(1);
    expect(smtp.messages[0].subject).toBe(`Tweest: অর্ডার ${number} গৃহীত`);
    expect(smtp.messages[0].text).toContain("প্রিয় Nusrat,");
    expect(smtp.messages[0].text).toContain("মোট: ৳১,৬৬০ (ক্যাশ অন ডেলিভারি)");
    expect(smtp.messages[0].text).toContain(`অর্ডার: ${number}`);

    expect((await move(placed.body._id, "cancelled")).status).toBe(200);
    await expect.poll(() => sms.messages).toHaveLength(2);
    expect(sms.messages[1]).toMatchObject({
      type: "unicode",
      message: `Tweest: আপনার অর্ডার ${number} বাতিল করা হয়েছে।`,
    });
    await expect.poll(() => smtp.messages).toHaveLength(2);
    expect(smtp.messages[1].subject).toBe(`Tweest: অর্ডার ${number} বাতিল`);
  });
});

describe("an order placed in English", () => {
  it("defaults to English; plain texts go as GSM-7, the ৳ sign makes a text Unicode", async () => {
    const placed = await placeOrder({});
    expect(placed.status).toBe(201);
    expect(placed.body.locale).toBe("en");
    const number = placed.body.orderNumber as string;
    await expect.poll(() => sms.messages).toHaveLength(1);
    expect(sms.messages[0]).toMatchObject({
      type: "unicode",
      message: `Tweest: Hi Nusrat, your order ${number} is placed. Total ৳1660 (cash on delivery). Thank you!${placedSmsLink("en")}`,
    });
    expect((await move(placed.body._id, "confirmed")).status).toBe(200);
    await expect.poll(() => sms.messages).toHaveLength(2);
    expect(sms.messages[1]).toMatchObject({
      type: "text",
      message: `Tweest: your order ${number} is confirmed.`,
    });
    // Confirmation is an SMS only: the placed email is the one email so far.
    await expect.poll(() => smtp.messages).toHaveLength(1);
    expect(smtp.messages[0].subject).toBe(`Tweest: order ${number} placed`);
  });

  it("refuses an unknown language with a 400 and places nothing", async () => {
    const placed = await placeOrder({ locale: "fr" });
    expect(placed.status).toBe(400);
    expect(placed.body.errors).toEqual([expect.objectContaining({ path: "locale" })]);
    expect(await Order.countDocuments()).toBe(0);
    expect(sms.messages).toHaveLength(0);
  });
});

describe("order SMS sizes", () => {
  it("keeps every order SMS within two parts (placed, with its link, three) with the longest name and a tracking code", () => {
    const order = {
      orderNumber: "TW-250101-ABCDEF",
      totalDiscountedPrice: 12_34_567,
      paymentMethod: "COD",
      shippingAddress: { mobile: "01712345678", firstName: "ক".repeat(40) },
      courier: { trackingCode: "DL121224ABCDEFGH" },
    };
    const events: OrderEvent[] = ["PLACED", "CONFIRMED", "SHIPPED", "DELIVERED", "CANCELLED"];
    for (const locale of ["en", "bn"])
      for (const event of events)
        expect(smsSize(orderMessage(event, { ...order, locale })).segments).toBeLessThanOrEqual(
          event === "PLACED" ? LINKED_SMS_PARTS : 2,
        );
  });

  it("leaves the tracking address out when even three parts cannot hold it", async () => {
    const order = {
      orderNumber: "TW-250101-ABCD",
      totalDiscountedPrice: 1660,
      paymentMethod: "COD",
      shippingAddress: { mobile: "01712345678", firstName: "নুসরাত" },
      locale: "bn",
    };
    const placed = `Tweest: নুসরাত, আপনার অর্ডার TW-250101-ABCD গ্রহণ করা হয়েছে। মোট ৳১,৬৬০ (ক্যাশ অন ডেলিভারি)। ধন্যবাদ!`;
    expect(orderMessage("PLACED", order)).toBe(`${placed}${placedSmsLink("bn")}`);
    await withEnv({ PUBLIC_URL: `https://${"a".repeat(90)}.example` }, async () =>
      expect(orderMessage("PLACED", order)).toBe(placed),
    );
  });

  it("refuses a text longer than the gateway's parts before calling it", async () => {
    await expect(sendSms("01712345678", "ক".repeat(67 * 4 + 1))).rejects.toThrow(SmsError);
    await expect(sendSms("01712345678", "ক".repeat(67 * 4 + 1))).rejects.toThrow(/5 parts/);
    expect(sms.messages).toHaveLength(0);
  });
});

describe("POST /auth/otp/send in Bangla", () => {
  it("sends the code in one Unicode SMS, and a code typed in Bangla digits verifies", async () => {
    const sent = await request(app)
      .post("/auth/otp/send")
      .send({ phone: "01812345678", locale: "bn" });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: "Verification code sent", expiresIn: 300 });
    expect(sms.messages).toHaveLength(1);
    const [message] = sms.messages;
    const code = otpIn(message.message);
    expect(message.type).toBe("unicode");
    expect(message.message).toBe(`Tweest যাচাই কোড ${code}। ৫ মিনিটের মধ্যে ব্যবহার করুন।`);
    expect(smsSize(message.message)).toMatchObject({ encoding: "UCS-2", segments: 1 });

    const banglaCode = code.replace(/\d/g, (digit) => "০১২৩৪৫৬৭৮৯"[Number(digit)]);
    const verified = await request(app)
      .post("/auth/otp/verify")
      .send({ phone: "01812345678", otp: banglaCode });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ verified: true });
    expect((await Otp.findOne({ phone: "01812345678" }).lean())!.verifiedAt).toBeInstanceOf(Date);
  });

  it("keeps both languages' OTP texts to one SMS part", () => {
    expect(smsSize(otpSmsText("123456", "en"))).toMatchObject({ encoding: "GSM-7", segments: 1 });
    expect(smsSize(otpSmsText("123456", "bn"))).toMatchObject({ encoding: "UCS-2", segments: 1 });
  });

  it("refuses an unknown language with a 400 and sends nothing", async () => {
    const sent = await request(app)
      .post("/auth/otp/send")
      .send({ phone: "01812345678", locale: "xx" });
    expect(sent.status).toBe(400);
    expect(sms.messages).toHaveLength(0);
  });
});
