import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { ContentVersion } from "../../models/content-version.model";
import { PAGES_CONTENT_ID, Page } from "../../models/page.model";
import { createApp } from "../../server/app";
import { STANDARD_PAGE_SLUGS } from "#contract/schemas/pages";
import { TERMS_NOT_ACCEPTED_MESSAGE } from "#contract/schemas/orders";
import { shopperWithCart } from "../factories/cart";
import { createAdmin, createUser } from "../factories/user";
import { changeShopSettings } from "../factories/shop-settings";
import { shippingAddress } from "../factories/address";
import { clearDatabase } from "../setup/db";
import { queriesDuring } from "../setup/queries";

const app = createApp();
let admin: { Authorization: string };

beforeEach(async () => {
  await clearDatabase();
  admin = { Authorization: `Bearer ${(await createAdmin()).token}` };
});

const edit = (slug: string, body: Record<string, unknown>) =>
  request(app).put(`/api/admin/pages/${slug}`).set(admin).send(body);

const ownPage = (slug = "size-exchange-week") => ({
  slug,
  title: { en: "Size exchange week", bn: "মাপ বদলের সপ্তাহ" },
  description: { en: "", bn: "" },
  body: { en: "Exchange any size **free** this week.", bn: "এই সপ্তাহে যেকোনো মাপ **ফ্রি** বদল।" },
  published: true,
});

describe("the standard pages", () => {
  it("are created on a new shop from its settings, published, at version 1", async () => {
    await changeShopSettings((settings) => {
      settings.contact.phone = "01711000000";
      settings.delivery.zones.find((zone) => zone.id === "inside-dhaka")!.charge = 70;
      settings.delivery.fallbackZone.charge = 130;
      settings.delivery.freeDeliveryThreshold = 3000;
      settings.business.returnDays = 10;
      settings.channels.whatsapp = "01811000000";
    });
    const list = await request(app).get("/api/pages");
    expect(list.status).toBe(200);
    expect(list.body.map((page: { slug: string }) => page.slug)).toEqual([...STANDARD_PAGE_SLUGS]);
    expect(list.body[1]).toEqual({
      slug: "terms",
      title: { en: "Terms and conditions", bn: "শর্তাবলি" },
    });

    const delivery = await request(app).get("/api/pages/delivery");
    expect(delivery.status).toBe(200);
    expect(delivery.body.version).toBe(1);
    expect(delivery.body.html.en).toContain("<li>Inside Dhaka: ৳70</li>");
    expect(delivery.body.html.en).toContain("<li>Dhaka suburbs: ৳90</li>");
    expect(delivery.body.html.en).toContain("<li>Outside Dhaka: ৳130</li>");
    expect(delivery.body.html.en).toContain(
      "<li>Free delivery on orders of ৳3,000 or more (after discounts)</li>",
    );
    expect(delivery.body.html.bn).toContain("<li>ঢাকার ভেতরে: ৳৭০</li>");
    expect(delivery.body.html.en).toContain("<li>Phone: 01711000000</li>");
    expect(delivery.body.html.en).toContain("<li>WhatsApp: 01811000000</li>");
    const returns = await request(app).get("/api/pages/returns");
    expect(returns.body.html.en).toContain(
      "Tell us within 10 days of receiving your parcel and we take it back or exchange it.",
    );
    expect(returns.body.html.bn).toContain("পণ্য হাতে পাওয়ার ১০ দিনের মধ্যে");
    // No description written: the start of the text, as plain words.
    expect(returns.body.description.en).toBe(
      "Tell us within 10 days of receiving your parcel and we take it back or exchange it. When we take an item back The size does not fit: we exchange it for an…",
    );
    expect(await Page.countDocuments()).toBe(STANDARD_PAGE_SLUGS.length);
  });

  it("leave out contact lines the settings do not have", async () => {
    const about = await request(app).get("/api/pages/about");
    expect(about.body.html.en).toContain(
      "<p>You find our contact details at the bottom of every page.</p>",
    );
    expect(about.body.html.en).not.toContain("Phone:");
  });

  it("cannot be deleted; the terms cannot be unpublished, the others can", async () => {
    const refused = await request(app).delete("/api/admin/pages/returns").set(admin);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: "The shop's standard pages cannot be deleted. Unpublish the page instead.",
      code: "STANDARD_PAGE",
    });
    const terms = await edit("terms", { published: false });
    expect(terms.status).toBe(400);
    expect(terms.body).toEqual({
      message: "The terms page stays published: the checkout asks every shopper to accept it.",
      code: "TERMS_STAY_PUBLISHED",
    });
    const faq = await edit("faq", { published: false });
    expect(faq.status).toBe(200);
    expect(faq.body).toMatchObject({ published: false, version: 1 });
    expect((await request(app).get("/api/pages/faq")).status).toBe(404);
    expect((await request(app).get("/api/pages/faq")).body).toEqual({
      message: "Page not found",
      code: "NOT_FOUND",
    });
    const slugs = (await request(app).get("/api/pages")).body.map((p: { slug: string }) => p.slug);
    expect(slugs).not.toContain("faq");
    expect(slugs).toHaveLength(STANDARD_PAGE_SLUGS.length - 1);
  });
});

describe("/api/admin/pages", () => {
  it("refuses a visitor and a customer", async () => {
    const customer = { Authorization: `Bearer ${(await createUser()).token}` };
    expect((await request(app).get("/api/admin/pages")).status).toBe(401);
    expect((await request(app).get("/api/admin/pages").set(customer)).status).toBe(403);
    expect((await request(app).post("/api/admin/pages").set(customer).send(ownPage())).status).toBe(
      403,
    );
    expect((await request(app).put("/api/admin/pages/terms").set(customer).send({})).status).toBe(
      403,
    );
    expect((await request(app).delete("/api/admin/pages/terms").set(customer)).status).toBe(403);
  });

  it("creates, reads, edits and deletes a page of the shop's own", async () => {
    const created = await request(app).post("/api/admin/pages").set(admin).send(ownPage());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: "size-exchange-week",
      version: 1,
      standard: false,
      body: ownPage().body,
      html: {
        en: "<p>Exchange any size <strong>free</strong> this week.</p>",
        bn: "<p>এই সপ্তাহে যেকোনো মাপ <strong>ফ্রি</strong> বদল।</p>",
      },
    });
    const again = await request(app).post("/api/admin/pages").set(admin).send(ownPage());
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("A page with this address already exists");

    const listed = await request(app).get("/api/admin/pages").set(admin);
    expect(listed.body.map((page: { slug: string }) => page.slug)).toEqual([
      ...STANDARD_PAGE_SLUGS,
      "size-exchange-week",
    ]);
    const bad = await request(app)
      .post("/api/admin/pages")
      .set(admin)
      .send({ ...ownPage("Not A Slug!"), title: { en: "", bn: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: "slug", message: "Lower-case letters, digits and single dashes only" },
      { path: "title.en", message: "Required" },
    ]);

    const edited = await edit("size-exchange-week", {
      body: { en: "Exchange any size this month.", bn: ownPage().body.bn },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      version: 2,
      html: { en: "<p>Exchange any size this month.</p>" },
    });
    expect((await request(app).get("/api/pages/size-exchange-week")).body.version).toBe(2);

    const deleted = await request(app).delete("/api/admin/pages/size-exchange-week").set(admin);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Page deleted" });
    expect((await request(app).get("/api/pages/size-exchange-week")).status).toBe(404);
    expect(
      (await request(app).delete("/api/admin/pages/size-exchange-week").set(admin)).status,
    ).toBe(404);
  });

  it("moves the version only when a title, description or text changes", async () => {
    await request(app).get("/api/pages");
    const same = await edit("terms", { title: { en: "Terms and conditions", bn: "শর্তাবলি" } });
    expect(same.body.version).toBe(1);
    const published = await edit("faq", { published: false });
    expect(published.body.version).toBe(1);
    const description = await edit("faq", {
      description: { en: "Answers to what shoppers ask", bn: "" },
    });
    expect(description.body.version).toBe(2);
    const bangla = await edit("terms", { title: { en: "Terms and conditions", bn: "শর্তসমূহ" } });
    expect(bangla.body.version).toBe(2);
    const updatedBy = (await Page.findOne({ slug: "terms" }).lean())!.updatedBy;
    expect(updatedBy?.email).toMatch(/@/);
  });

  it("sanitises every attack string: no script, handler, style or javascript: link survives", async () => {
    const attacks = [
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      '<a href="javascript:alert(1)">a</a>',
      "[b](javascript:alert(1))",
      "[c](JaVaScRiPt:alert(1))",
      "[d](&#106;avascript:alert(1))",
      '<a href="java&#x09;script:alert(1)">e</a>',
      "[f](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
      "[g](vbscript:msgbox(1))",
      '<p onclick="alert(1)" style="color:red">h</p>',
      "<svg onload=alert(1)><circle/></svg>",
      '<iframe src="https://evil.example"></iframe>',
      "<style>body{display:none}</style>",
      '<form action="https://evil.example"><input name=x></form>',
      '<a href="//evil.example">i</a>',
      "<details open ontoggle=alert(1)>j</details>",
      '<math><mi xlink:href="javascript:alert(1)">k</mi></math>',
      '<object data="javascript:alert(1)"></object>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    ];
    const body = attacks.join("\n\n");
    const saved = await edit("about", { body: { en: body, bn: body } });
    expect(saved.status).toBe(200);
    const page = await request(app).get("/api/pages/about");
    for (const html of [page.body.html.en, page.body.html.bn, saved.body.html.en]) {
      expect(html).not.toMatch(/<script|<style|<iframe|<svg|<img|<form|<object|<math|<input/i);
      expect(html).not.toMatch(/\son\w+\s*=/i);
      expect(html).not.toMatch(/javascript:|vbscript:|data:|style=/i);
      expect(html).not.toContain('href="//');
      // The link texts stay, as plain text or links without an address.
      expect(html).toContain("<a>b</a>");
    }
    // The Markdown is kept as the admin wrote it: the sanitising is on the way out.
    expect((await Page.findOne({ slug: "about" }).lean())!.body.en).toBe(body);
  });

  it("keeps the safe links: http(s), mailto, tel and the shop's own paths", async () => {
    const saved = await edit("about", {
      body: {
        en: "# Heading\n\n[Call](tel:01711000000) [Mail](mailto:hi@tweest.example) [Site](https://tweest.example/x) [Terms](/pages/terms)",
        bn: "লেখা",
      },
    });
    expect(saved.body.html.en).toBe(
      '<h2>Heading</h2>\n<p><a href="tel:01711000000">Call</a> <a href="mailto:hi@tweest.example">Mail</a> <a href="https://tweest.example/x">Site</a> <a href="/pages/terms">Terms</a></p>',
    );
  });
});

describe("the footer's copy of the published pages", () => {
  const footerSlugs = async (): Promise<string[]> =>
    (await request(app).get("/api/pages").expect(200)).body.map(
      (page: { slug: string }) => page.slug,
    );

  it("serves pages without a page query, and every write is in force on the next read", async () => {
    // The first read of a new shop writes its standard pages, which the next read loads.
    expect(await footerSlugs()).toEqual([...STANDARD_PAGE_SLUGS]);
    expect(await footerSlugs()).toEqual([...STANDARD_PAGE_SLUGS]);
    const queries = await queriesDuring(async () => {
      for (let page = 0; page < 5; page++)
        expect(await footerSlugs()).toEqual([...STANDARD_PAGE_SLUGS]);
    });
    expect(
      queries.filter((query) => query.startsWith(`${Page.collection.collectionName}.`)),
    ).toEqual([]);

    expect((await request(app).post("/api/admin/pages").set(admin).send(ownPage())).status).toBe(
      201,
    );
    expect(await footerSlugs()).toEqual([...STANDARD_PAGE_SLUGS, "size-exchange-week"]);
    expect((await edit("size-exchange-week", { published: false })).status).toBe(200);
    expect(await footerSlugs()).toEqual([...STANDARD_PAGE_SLUGS]);
    expect((await edit("size-exchange-week", { published: true })).status).toBe(200);
    expect(await footerSlugs()).toEqual([...STANDARD_PAGE_SLUGS, "size-exchange-week"]);
    expect(
      (await request(app).delete("/api/admin/pages/size-exchange-week").set(admin)).status,
    ).toBe(200);
    expect(await footerSlugs()).toEqual([...STANDARD_PAGE_SLUGS]);
    // A refused delete (no such page) changed nothing, its version included.
    const versionBefore = await ContentVersion.findById(PAGES_CONTENT_ID).lean();
    expect((await request(app).delete("/api/admin/pages/no-such-page").set(admin)).status).toBe(
      404,
    );
    expect(await ContentVersion.findById(PAGES_CONTENT_ID).lean()).toEqual(versionBefore);
    // Written straight through the model (a script): the same.
    await Page.updateOne({ slug: "about" }, { $set: { "title.en": "Our story" } });
    const about = (await request(app).get("/api/pages").expect(200)).body.find(
      (page: { slug: string }) => page.slug === "about",
    );
    expect(about.title.en).toBe("Our story");
  });
});

describe("the terms at checkout", () => {
  it("refuses an order without the terms accepted, in a clear 400, and places nothing", async () => {
    const { buyer } = await shopperWithCart(app, 1);
    for (const termsAccepted of [undefined, false, "true", 1]) {
      const refused = await buyer.order({ termsAccepted });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        message: TERMS_NOT_ACCEPTED_MESSAGE,
        code: "TERMS_NOT_ACCEPTED",
        errors: [{ path: "termsAccepted", message: TERMS_NOT_ACCEPTED_MESSAGE }],
      });
    }
    expect(TERMS_NOT_ACCEPTED_MESSAGE).toBe(
      "Please accept the terms and conditions to place your order.",
    );
    expect(await Order.countDocuments()).toBe(0);
  });

  it("records the version of the terms the shopper accepted, and the admin reads it", async () => {
    await request(app).get("/api/pages");
    await edit("terms", { body: { en: "New terms.", bn: "নতুন শর্ত।" } });
    await edit("terms", { body: { en: "Newer terms.", bn: "আরও নতুন শর্ত।" } });
    const { buyer } = await shopperWithCart(app, 1);
    const placed = await buyer.order({ shippingAddress: shippingAddress() });
    expect(placed.status).toBe(201);
    expect(placed.body.termsAcceptedVersion).toBe(3);
    expect((await Order.findById(placed.body._id).lean())!.termsAcceptedVersion).toBe(3);
    const asAdmin = await request(app).get(`/api/admin/orders/${placed.body._id}`).set(admin);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.termsAcceptedVersion).toBe(3);
  });
});
