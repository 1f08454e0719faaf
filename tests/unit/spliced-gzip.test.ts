import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipBody, joinBody, spliceBody } from "../../server/lib/spliced-gzip";

const nonce = () => randomBytes(16).toString("base64");

/** A page-like body: markup with the nonce in several places, Bangla text, some repetition. */
function page(value: string): Buffer {
  const rows = Array.from({ length: 300 }, (_, index) => `<li>পণ্য ${index} — ৳${index * 10}</li>`);
  return Buffer.from(
    `<!DOCTYPE html><html><head><script nonce="${value}">1</script></head><body><ul>${rows.join("")}</ul>` +
      `<script nonce="${value}">window.x=1</script><script nonce="${value}"></script></body></html>`,
  );
}

describe("spliced gzip", () => {
  it("answers the body with each new value, as identity and as gzip any inflater reads", () => {
    const rendered = nonce();
    const body = spliceBody(page(rendered), rendered);
    expect(body.segments).toHaveLength(4);
    for (let round = 0; round < 3; round += 1) {
      const fresh = nonce();
      expect(joinBody(body, fresh).equals(page(fresh))).toBe(true);
      const gzipped = gzipBody(body, fresh);
      expect(gunzipSync(gzipped).equals(page(fresh))).toBe(true);
      // Compressed about as well as gzip does the whole page in one go.
      expect(gzipped.length).toBeLessThan(gzipSync(page(fresh)).length * 1.2);
    }
  });

  it("handles a body without the value, one that starts or ends with it, and an empty one", () => {
    for (const text of ["plain text", "NONCE at the start", "at the end NONCE", "NONCENONCE", ""]) {
      const body = spliceBody(Buffer.from(text), "NONCE");
      expect(joinBody(body, "abc").toString()).toBe(text.replaceAll("NONCE", "abc"));
      expect(gunzipSync(gzipBody(body, "abc")).toString()).toBe(text.replaceAll("NONCE", "abc"));
    }
  });
});
