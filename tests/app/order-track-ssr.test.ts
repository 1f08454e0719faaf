/**
 * /order/track and /bn/order/track rendered by the server: the form for the order number and the
 * mobile in the page's language, linked from the header and footer of every page. The lookup
 * itself runs in the browser through the rate-limited API (tests/api/order-tracking.test.ts).
 * Against the production build (`npm run build`).
 */
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { seedDatabase } from "../../server/seed/seed";

const app = createApp({ buildDir: process.env.E2E_BUILD_DIR });

/** The tracking form's labelled fields: label text -> the input's attributes. */
function fields(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of html.matchAll(/<label for="(track-[^"]+)"[^>]*>([^<]+)<\/label>/g)) {
    const input = new RegExp(`<input[^>]*id="${match[1]}"[^>]*>`).exec(html)?.[0];
    if (input) found[match[2]] = input;
  }
  return found;
}

/** Links to the tracking page in the page's language (the language switch's aside). */
const trackLinks = (html: string) =>
  [...html.matchAll(/<a ([^>]*)href="([^"]*order\/track)"[^>]*>([^<]+)<\/a>/g)]
    .filter((match) => !/hrefLang=/i.test(match[0]))
    .map((match) => `${match[2]} ${match[3]}`);

describe("the tracking page", () => {
  beforeAll(async () => {
    await seedDatabase();
  });

  it("asks for the order number and the mobile at /order/track, in English", async () => {
    const answer = await request(app).get("/order/track");
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/<html[^>]*lang="en"/);
    expect(answer.text).toContain("<title>Track your order — Tweest</title>");
    expect(answer.text).toMatch(/data-testid="track-heading"[^>]*>.*Track your order<\/h1>/);
    const form = fields(answer.text);
    expect(Object.keys(form)).toEqual(["Order number", "Mobile number used at checkout"]);
    expect(form["Order number"]).toContain('name="number"');
    expect(form["Mobile number used at checkout"]).toContain('type="tel"');
    // Not a page for search engines, and nothing of an order before the shopper asks.
    expect(answer.text).toContain('<meta name="robots" content="noindex"/>');
    expect(answer.text).not.toContain('data-testid="tracked-order"');
    // The header and the footer both lead here.
    expect(trackLinks(answer.text)).toEqual([
      "/order/track Track order",
      "/order/track Track order",
    ]);
  });

  it("prefills the number from ?number= (the confirmation's link for a signed-in shopper)", async () => {
    const answer = await request(app).get("/order/track?number=TW-261127-K7QP");
    expect(fields(answer.text)["Order number"]).toContain('value="TW-261127-K7QP"');
  });

  it("speaks Bangla at /bn/order/track, and the Bangla header and footer link it", async () => {
    const answer = await request(app).get("/bn/order/track");
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/<html[^>]*lang="bn"/);
    expect(answer.text).toContain("আপনার অর্ডার ট্র্যাক করুন");
    expect(Object.keys(fields(answer.text))).toEqual(["অর্ডার নম্বর", "চেকআউটে দেওয়া মোবাইল নম্বর"]);
    expect(answer.text).toContain(
      "কনফার্মেশন পেজ বা এসএমএস-এ পাওয়া অর্ডার নম্বর এবং যে মোবাইল নম্বরে অর্ডার করেছিলেন সেটি দিন।",
    );
    expect(answer.text).not.toContain("Order number");
    expect(trackLinks(answer.text)).toEqual([
      "/bn/order/track অর্ডার ট্র্যাক করুন",
      "/bn/order/track অর্ডার ট্র্যাক করুন",
    ]);
  });

  it("is linked from every storefront page's header, e.g. the home page", async () => {
    const home = await request(app).get("/");
    expect(trackLinks(home.text)).toContain("/order/track Track order");
  });
});
