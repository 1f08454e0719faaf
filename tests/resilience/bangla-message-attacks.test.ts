/**
 * What a shopper types into an order, against the order's SMS and email in both languages
 * (docs/security.md, "The bilingual storefront under attack"): the greeting is the only text of
 * theirs the shop sends, and it must neither cost more SMS parts than promised nor forge lines.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { createApp } from "../../server/app";
import { smsSize } from "../../server/lib/sms-encoding";
import { shippingAddress } from "../factories/address";
import { shopperWithCart } from "../factories/cart";
import { clearDatabase } from "../setup/db";
import { placedSmsLink, useSmsGateway } from "../setup/sms";
import type { SmsGatewayStub } from "../stubs/sms-gateway";
import type { SmtpStub } from "../stubs/smtp";
import { useSmtpServer } from "../setup/smtp";

let sms: SmsGatewayStub;
let app: ReturnType<typeof createApp>;
let smtp: SmtpStub;

// The mail server must be configured before useSmsGateway's hook creates the app.
useSmtpServer((stub) => (smtp = stub));
useSmsGateway((context) => ({ sms, app } = context));

beforeEach(async () => {
  await clearDatabase();
});

/** Two units at ৳800 plus ৳60 delivery inside Dhaka: ৳1,660, cash on delivery. */
async function placeOrder(firstName: string, locale: "en" | "bn") {
  const { buyer } = await shopperWithCart(app, 2);
  const placed = await buyer.order({ locale, shippingAddress: shippingAddress({ firstName }) });
  expect(placed.status).toBe(201);
  return placed.body.orderNumber as string;
}

/** The text of the email about order `number` (emails of an earlier test may still arrive). */
async function emailText(number: string): Promise<string> {
  const email = await vi.waitFor(() => {
    const found = smtp.messages.find((message) => message.subject.includes(number));
    expect(found).toBeDefined();
    return found!;
  });
  return email.text;
}

describe("the order SMS's greeting", () => {
  it("keeps its parts with a name of letters outside the BMP (was one more: 𝐀 takes two units)", async () => {
    // Mathematical bold capitals are letters (\p{L}) of two UTF-16 units each.
    const number = await placeOrder("𝐀".repeat(30), "bn");
    await vi.waitFor(() => expect(sms.messages).toHaveLength(1));
    const [sent] = sms.messages;
    expect(sent.message).toBe(
      `Tweest: ${"𝐀".repeat(10)}, আপনার অর্ডার ${number} গ্রহণ করা হয়েছে। মোট ৳১,৬৬০ (ক্যাশ অন ডেলিভারি)। ধন্যবাদ!${placedSmsLink("bn")}`,
    );
    // Two parts of text and the tracking page's address: three, as with a name of plain letters.
    expect(smsSize(sent.message)).toMatchObject({ encoding: "UCS-2", segments: 3 });

    sms.messages.length = 0;
    const english = await placeOrder("𒀀".repeat(25), "en");
    await vi.waitFor(() => expect(sms.messages).toHaveLength(1));
    expect(sms.messages[0].message).toBe(
      `Tweest: Hi ${"𒀀".repeat(10)}, your order ${english} is placed. Total ৳1660 (cash on delivery). Thank you!${placedSmsLink("en")}`,
    );
    expect(smsSize(sms.messages[0].message).segments).toBe(3);
  });
});

describe("the order email's greeting", () => {
  // Whoever places an order chooses both the email address and the name: the shop's email, from
  // the shop's address, must not carry their lines or links.
  const forged = "Ali\n\nYour order was cancelled. Refund: www.evil.example\n";

  it("greets with the first word of the name, letters only, as the SMS does (was the whole name)", async () => {
    const number = await placeOrder(forged, "en");
    const text = await emailText(number);
    expect(text.split("\n").slice(0, 3)).toEqual([
      "Hi Ali,",
      "",
      `Your order ${number} is placed. Total ৳1660 (cash on delivery). Thank you!`,
    ]);
    expect(text).not.toContain("evil.example");
  });

  it("greets a name with no letters without it, in both languages", async () => {
    const bangla = await placeOrder("০১৮০০-০০০০০০", "bn");
    expect((await emailText(bangla)).split("\n")[0]).toBe("প্রিয় গ্রাহক,");
    const english = await placeOrder("0180-000-0000", "en");
    expect((await emailText(english)).split("\n")[0]).toBe("Hello,");
  });
});
