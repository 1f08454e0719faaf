/**
 * The spinner as the server renders it (size 40, thickness 3.6 by default), on the Google
 * callback screen, which shows it while the sign-in finishes, in English and Bangla.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApp } from "../../server/app";

const app = createApp({ buildDir: process.env.E2E_BUILD_DIR });

describe("the spinner's defaults", () => {
  it.each([
    ["/auth/google/callback", "Loading"],
    ["/bn/auth/google/callback", "লোড হচ্ছে"],
  ])("%s: 40 px wide and high, stroke 3.6, circle inside the 44-unit box", async (path, label) => {
    const answer = await request(app).get(path);
    expect(answer.status).toBe(200);
    const spinners = answer.text.match(/<span role="status"[^>]*>.*?<\/span>/g) ?? [];
    expect(spinners).toEqual([
      `<span role="status" aria-label="${label}" class="inline-flex text-brand-500">` +
        '<svg width="40" height="40" viewBox="22 22 44 44" class="animate-spin" aria-hidden="true">' +
        '<circle cx="44" cy="44" r="20.2" fill="none" stroke="currentColor" stroke-width="3.6"' +
        ' stroke-dasharray="80 200" stroke-linecap="round"></circle></svg></span>',
    ]);
  });
});
