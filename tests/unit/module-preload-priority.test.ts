import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "../../app/lib/module-preload-priority.server";

async function rewrite(chunks: (string | Buffer)[]): Promise<string> {
  return text(
    Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(lowerModulePreloadPriority()),
  );
}

const html =
  '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/entry.js"/>' +
  '<link rel="modulepreload" href="/assets/root.js"/><title>Tweest — ৳ প্রিয়</title></head>';
const expected = html.replaceAll('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"');

describe("lowerModulePreloadPriority", () => {
  it("marks every module preload low priority and leaves everything else alone", async () => {
    expect(await rewrite([html])).toBe(expected);
  });

  it("rewrites tags split across chunks at every position, multi-byte text included", async () => {
    const bytes = Buffer.from(html);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
  });

  it("passes through a stream that ends with a partial tag", async () => {
    expect(await rewrite(["<p>x</p>", '<link rel="modul'])).toBe('<p>x</p><link rel="modul');
  });
});
