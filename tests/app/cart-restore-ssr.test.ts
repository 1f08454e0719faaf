/**
 * The cart page as the server renders it after a recovery SMS's link restored nothing
 * (docs/call-list.md, "The restore link"): the link lands on `/cart?restore=failed`, and the page
 * says why in the shopper's language before any script runs; no other visit to the cart says it.
 * Against the production build (`npm run build`).
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApp } from "../../server/app";

const app = createApp({ buildDir: process.env.E2E_BUILD_DIR });

const ENGLISH = "This link has expired or is not valid. Your cart is as you left it.";
const BANGLA = "এই লিংকের মেয়াদ শেষ হয়ে গেছে অথবা লিংকটি সঠিক নয়। আপনার কার্ট যেমন ছিল তেমনই আছে।";
/** The note as rendered: its own element, announced politely. */
const note = (text: string) =>
  new RegExp(`<p role="status" data-testid="restore-failed"[^>]*>${text}</p>`);

describe("the cart page after a restore link", () => {
  it("explains a link that restored nothing, in English and in Bangla", async () => {
    const landed = await request(app).get("/cart/restore").query({ t: "tampered-or-expired" });
    expect(landed.status).toBe(303);
    expect(landed.headers.location).toBe("/cart?restore=failed");

    const english = await request(app).get(landed.headers.location as string);
    expect(english.status).toBe(200);
    expect(english.text).toMatch(note(ENGLISH));
    expect(english.text).not.toContain(BANGLA);

    // A shopper who prefers Bangla is sent to the Bangla cart, the query kept.
    const preferred = await request(app).get("/cart?restore=failed").set("Cookie", "lang=bn");
    expect(preferred.headers.location).toBe("/bn/cart?restore=failed");
    const bangla = await request(app).get("/bn/cart?restore=failed");
    expect(bangla.status).toBe(200);
    expect(bangla.text).toMatch(note(BANGLA));
    expect(bangla.text).not.toContain(ENGLISH);
  });

  it("says nothing of links on any other visit", async () => {
    for (const path of ["/cart", "/bn/cart", "/cart?restore=other"]) {
      const answer = await request(app).get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.text, path).not.toContain('data-testid="restore-failed"');
    }
  });
});
