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
import { useSmsGateway } from "../setup/sms";
import type { SmsGatewayStub } from "../stubs/sms-gateway";

let sms: SmsGatewayStub;
let app: ReturnType<typeof createApp>;
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

describe("the order SMS's greeting", () => {
  it("keeps two parts with a name of letters outside the BMP (was three: 𝐀 takes two units)", async () => {
    // Mathematical bold capitals are letters (\p{L}) of two UTF-16 units each.
    const number = await placeOrder("𝐀".repeat(30), "bn");
    await vi.waitFor(() => expect(sms.messages).toHaveLength(1));
    const [sent] = sms.messages;
    expect(sent.message).toBe(
      `Tweest: ${"𝐀".repeat(10)}, আপনার অর্ডার ${number} গ্রহণ করা হয়েছে। মোট ৳১,৬৬০ (ক্যাশ অন ডেলিভারি)। ধন্যবাদ!`,
    );
    expect(smsSize(sent.message)).toEqual({ encoding: "UCS-2", length: 116, segments: 2 });

    sms.messages.length = 0;
    const english = await placeOrder("𒀀".repeat(25), "en");
    await vi.waitFor(() => expect(sms.messages).toHaveLength(1));
    expect(sms.messages[0].message).toBe(
      `Tweest: Hi ${"𒀀".repeat(10)}, your order ${english} is placed. Total ৳1660 (cash on delivery). Thank you!`,
    );
    expect(smsSize(sms.messages[0].message).segments).toBe(2);
  });
});
