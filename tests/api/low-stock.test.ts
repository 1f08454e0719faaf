import request from "supertest";
import type { Express } from "express";
import { beforeEach, describe, expect, it } from "vitest";
import { StockDigest } from "../../models/stock-ledger.model";
import { sendLowStockDigest } from "../../server/services/low-stock-digest";
import { getEnv } from "../../server/env";
import { clearDatabase } from "../setup/db";
import { useSmtpServer } from "../setup/smtp";
import { useSmsGateway } from "../setup/sms";
import type { SmtpStub } from "../stubs/smtp";
import type { SmsGatewayStub } from "../stubs/sms-gateway";
import { changeShopSettings } from "../factories/shop-settings";
import { createProduct } from "../factories/product";
import { bearer, createAdmin } from "../factories/user";

/**
 * Low stock (docs/stock-ledger.md): each variant's threshold (its own, else the shop's default),
 * the list, the dashboard's count, and the owner's digest sent once per shop day across instances.
 */
let smtp: SmtpStub;
let sms: SmsGatewayStub;
let app: Express;
let token: string;

useSmtpServer((stub) => (smtp = stub), { PUBLIC_URL: "https://shop.example" });
useSmsGateway((context) => {
  sms = context.sms;
  app = context.app;
});

beforeEach(async () => {
  await clearDatabase();
  token = (await createAdmin()).token;
});

const low = (query: Record<string, unknown> = {}) =>
  request(app).get("/api/admin/stock/low").set(bearer(token)).query(query);

const setThreshold = (body: Record<string, unknown>) =>
  request(app).put("/api/admin/stock/threshold").set(bearer(token)).send(body);

/** A tee with 3, 5 and 6 pieces of its variants; a hidden one sold out. */
async function shelf() {
  const tee = await createProduct({
    title: "Tee",
    variants: [
      { color: "Black", size: "M", stock: 6 },
      { color: "Black", size: "L", stock: 5 },
      { color: "White", size: "M", stock: 3 },
    ],
  });
  await createProduct({
    title: "Hidden",
    isActive: false,
    variants: [{ color: "Red", size: "S", stock: 0 }],
  });
  return tee;
}

const rows = (answer: request.Response) =>
  (answer.body.items as { color: string; size: string; stock: number; threshold: number }[]).map(
    (item) => `${item.color}/${item.size} ${item.stock}≤${item.threshold}`,
  );

describe("GET /api/admin/stock/low", () => {
  it("lists variants on sale at or below the shop's default of 5, lowest first", async () => {
    const tee = await shelf();
    const answer = await low();
    expect(answer.status).toBe(200);
    expect(rows(answer)).toEqual(["White/M 3≤5", "Black/L 5≤5"]);
    expect(answer.body).toMatchObject({ total: 2, page: 1, totalPages: 1, defaultThreshold: 5 });
    expect(answer.body.items[0]).toEqual({
      productId: String(tee._id),
      title: "Tee",
      color: "White",
      size: "M",
      sku: expect.stringMatching(/-WHITE-M$/),
      stock: 3,
      threshold: 5,
    });
    const paged = await low({ page: 2, limit: 1 });
    expect(rows(paged)).toEqual(["Black/L 5≤5"]);
    const dashboard = await request(app).get("/api/admin/dashboard").set(bearer(token));
    expect(dashboard.body.lowStockCount).toBe(2);
  });

  it("a variant's own threshold wins over the default; null goes back to it", async () => {
    const tee = await shelf();
    const ref = { productId: String(tee._id), color: "Black", size: "M" };
    const set = await setThreshold({ ...ref, lowStockThreshold: 6 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      message: "Threshold saved",
      variant: { color: "Black", size: "M", stock: 6, lowStockThreshold: 6, threshold: 6 },
    });
    expect(rows(await low())).toEqual(["White/M 3≤5", "Black/L 5≤5", "Black/M 6≤6"]);
    await setThreshold({ ...ref, size: "L", lowStockThreshold: 0 }).expect(200);
    expect(rows(await low())).toEqual(["White/M 3≤5", "Black/M 6≤6"]);
    await setThreshold({ ...ref, lowStockThreshold: null }).expect(200);
    await changeShopSettings((settings) => {
      settings.stock.lowStockThreshold = 3;
    });
    expect(rows(await low())).toEqual(["White/M 3≤3"]);
    const refused = await setThreshold({ ...ref, lowStockThreshold: -1 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: "lowStockThreshold", message: "A threshold cannot be negative" },
    ]);
    expect((await setThreshold({ ...ref, color: "Pink", lowStockThreshold: 2 })).status).toBe(404);
  });

  it("the product editor keeps a variant's own threshold", async () => {
    const tee = await shelf();
    await setThreshold({
      productId: String(tee._id),
      color: "Black",
      size: "M",
      lowStockThreshold: 8,
    }).expect(200);
    await request(app)
      .put(`/api/admin/products/${String(tee._id)}`)
      .set(bearer(token))
      .field(
        "variants",
        JSON.stringify([
          { color: "Black", size: "M", stock: 7 },
          { color: "White", size: "M", stock: 3 },
        ]),
      )
      .expect(200);
    expect(rows(await low())).toEqual(["White/M 3≤5", "Black/M 7≤8"]);
  });
});

describe("the owner's daily digest", () => {
  // 10:00 and 08:00 in Dhaka (UTC+6) on one shop day.
  const morning = new Date("2026-11-28T04:00:00Z");
  const early = new Date("2026-11-28T02:00:00Z");

  it("goes once a day by email and SMS, however many runs and instances", async () => {
    await shelf();
    await changeShopSettings((settings) => {
      settings.stock.digestMobile = "01711000111";
    });
    expect(await sendLowStockDigest(early)).toBe("early");
    expect(smtp.messages).toHaveLength(0);
    // Two instances at once, then a later run the same day.
    const runs = await Promise.all([sendLowStockDigest(morning), sendLowStockDigest(morning)]);
    expect(runs.sort()).toEqual(["already-sent", "sent"]);
    expect(await sendLowStockDigest(new Date(morning.getTime() + 3 * 3_600_000))).toBe(
      "already-sent",
    );
    expect(smtp.messages).toHaveLength(1);
    const [email] = smtp.messages;
    expect(email.subject).toBe("Low stock on 2026-11-28: 2 variants");
    const lines = email.text.split(/\r?\n/);
    expect(lines).toContain("- Tee (White, M): 3 left (low at 5)");
    // Lowest first.
    expect(lines.indexOf("- Tee (Black, L): 5 left (low at 5)")).toBe(
      lines.indexOf("- Tee (White, M): 3 left (low at 5)") + 1,
    );
    expect(email.text).toContain("https://shop.example/admin/stock?view=low");
    expect(email.to).toEqual([getEnv().ADMIN_EMAIL]);
    expect(sms.messages.map((sent) => [sent.number, sent.message])).toEqual([
      [
        "8801711000111",
        "Low stock: 2 variants. Lowest: Tee (White, M) 3 left. https://shop.example/admin/stock?view=low",
      ],
    ]);
    expect(await StockDigest.findById("2026-11-28").lean()).toMatchObject({
      state: "SENT",
      items: 2,
    });
    // The next day is a new digest.
    expect(await sendLowStockDigest(new Date(morning.getTime() + 24 * 3_600_000))).toBe("sent");
    expect(smtp.messages).toHaveLength(2);
  });

  it("sends nothing when nothing is low or the digest is off; email only without a number", async () => {
    await createProduct({ variants: [{ color: "Black", size: "M", stock: 50 }] });
    expect(await sendLowStockDigest(morning)).toBe("nothing-low");
    await shelf();
    await changeShopSettings((settings) => {
      settings.stock.dailyDigest = false;
    });
    expect(await sendLowStockDigest(morning)).toBe("off");
    await changeShopSettings((settings) => {
      settings.stock.dailyDigest = true;
    });
    expect(await sendLowStockDigest(morning)).toBe("sent");
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0].to).toEqual([getEnv().ADMIN_EMAIL]);
    expect(sms.messages).toHaveLength(0);
  });

  it("a sender that died after claiming the day is taken over once its claim is stale", async () => {
    await shelf();
    await StockDigest.create({ _id: "2026-11-28", state: "SENDING", claimedAt: morning });
    expect(await sendLowStockDigest(new Date(morning.getTime() + 60_000))).toBe("already-sent");
    expect(await sendLowStockDigest(new Date(morning.getTime() + 11 * 60_000))).toBe("sent");
    expect(smtp.messages).toHaveLength(1);
  });
});
