import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { getEnv } from "../../server/env";
import { Page } from "../../models/page.model";
import { changeShopSettings } from "../factories/shop-settings";
import { clearDatabase } from "../setup/db";

const app = createApp();
const base = () => getEnv().PUBLIC_URL.replace(/\/$/, "");

beforeEach(async () => {
  await clearDatabase();
});

/** The content of `<meta name|property=...>` in a page. */
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe("/pages/{slug} and /bn/pages/{slug} (server-rendered)", () => {
  it("renders the terms in English with title, description, canonical and hreflang", async () => {
    const answer = await request(app).get("/pages/terms");
    expect(answer.status).toBe(200);
    const html = answer.text;
    expect(html).toContain("<title>Terms and conditions — Tweest</title>");
    expect(metaContent(html, "description")).toBe(
      "By placing an order on this website you accept these terms. Orders An order is a request to buy; it is confirmed when we call or message you, or when it s…",
    );
    expect(html).toContain(`<link rel="canonical" href="${base()}/pages/terms"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="bn" href="${base()}/bn/pages/terms"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${base()}/pages/terms"/>`);
    expect(html).toContain(
      '<h1 class="text-2xl font-extrabold text-stone-900 sm:text-3xl">Terms and conditions</h1>',
    );
    expect(html).toContain("<h2>Orders</h2>");
    expect(html).toMatch(/Version 1, updated \d{1,2} \w{3} \d{4}/);
    // The footer lists the published pages.
    expect(html).toContain(
      'href="/pages/returns" data-discover="true">Return and exchange policy</a>',
    );
  });

  it("renders the Bangla page in Bangla, its canonical under /bn", async () => {
    const answer = await request(app).get("/bn/pages/delivery");
    expect(answer.status).toBe(200);
    const html = answer.text;
    expect(html).toContain("<title>ডেলিভারি তথ্য — Tweest</title>");
    expect(html).toContain(`<link rel="canonical" href="${base()}/bn/pages/delivery"/>`);
    expect(html).toContain("<h2>চার্জ</h2>");
    expect(html).toContain("<li>ঢাকার ভেতরে: ৳৬০</li>");
    expect(html).toContain('href="/bn/pages/terms" data-discover="true">শর্তাবলি</a>');
    expect(metaContent(html, "description")).toMatch(/^আমাদের কুরিয়ার পার্টনারের মাধ্যমে/);
  });

  it("answers 404 for an unknown page and for an unpublished one", async () => {
    expect((await request(app).get("/pages/no-such-page")).status).toBe(404);
    await request(app).get("/api/pages");
    await Page.updateOne({ slug: "faq" }, { $set: { published: false } });
    const hidden = await request(app).get("/bn/pages/faq");
    expect(hidden.status).toBe(404);
    expect(hidden.text).toContain('<meta name="robots" content="noindex"/>');
  });

  it("shows a sanitised page: the admin's script never reaches the HTML", async () => {
    await request(app).get("/api/pages");
    await Page.updateOne(
      { slug: "about" },
      { $set: { "body.en": 'Hello <script>alert("x")</script>[go](javascript:alert(1))' } },
    );
    const answer = await request(app).get("/pages/about");
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("<p>Hello <a>go</a></p>");
    expect(answer.text).not.toContain('alert("x")');
    expect(answer.text).not.toContain("javascript:alert(1)");
  });
});

describe("the footer on every storefront page", () => {
  it("names the payment methods the server offers, not ones it does not", async () => {
    const answer = await request(app).get("/products");
    // No gateway configured in the tests: cash on delivery only.
    expect(answer.text).toContain("We accept: Cash on delivery</p>");
    expect(answer.text).not.toContain("bKash and cards");
  });

  it("shows the trade licence, TIN, chat and social links from the settings", async () => {
    await changeShopSettings((settings) => {
      settings.business.tradeLicence = "TRAD/DNCC/012345/2024";
      settings.business.tin = "123456789012";
      settings.channels.whatsapp = "01811000000";
      settings.channels.messenger = "tweest.bd";
      settings.channels.facebook = "https://www.facebook.com/tweest.bd";
    });
    const html = (await request(app).get("/bn/products")).text;
    expect(html).toContain("ট্রেড লাইসেন্স TRAD/DNCC/012345/2024 · টিআইএন 123456789012");
    expect(html).toContain('href="https://wa.me/8801811000000"');
    expect(html).toContain('href="https://m.me/tweest.bd"');
    expect(html).toContain('href="https://www.facebook.com/tweest.bd"');
    // The floating chat button: plain links.
    expect(html).toContain('data-testid="chat-button"');
  });
});

describe("/sitemap.xml", () => {
  it("lists each published page in English and Bangla, not an unpublished one", async () => {
    await request(app).get("/api/pages");
    await Page.updateOne({ slug: "faq" }, { $set: { published: false } });
    const answer = await request(app).get("/sitemap.xml");
    expect(answer.status).toBe(200);
    for (const slug of ["about", "terms", "privacy", "returns", "delivery", "how-to-order"]) {
      expect(answer.text).toContain(`<loc>${base()}/pages/${slug}</loc>`);
      expect(answer.text).toContain(`<loc>${base()}/bn/pages/${slug}</loc>`);
    }
    expect(answer.text).not.toContain("/pages/faq");
  });
});
