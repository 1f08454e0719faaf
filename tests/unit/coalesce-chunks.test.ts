import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { coalesceChunks } from "../../app/lib/coalesce-chunks.server";

/** Collects what comes out of the stream, chunk by chunk, as text. */
function collect(stream: NodeJS.ReadableStream): Promise<string[]> {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  return new Promise((resolve, reject) => {
    stream.on("end", () => resolve(chunks));
    stream.on("error", reject);
  });
}

describe("coalesceChunks", () => {
  it("joins the chunks written in one turn into one, in order, bytes unchanged", async () => {
    const input = new PassThrough();
    const output = input.pipe(coalesceChunks());
    const chunks = collect(output);
    // As React writes a shell: many 2 KB pieces at once (multi-byte text split across two).
    const text = "<p>৳1,250 প্রিয়</p>".repeat(400);
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; at += 2048) input.write(bytes.subarray(at, at + 2048));
    await new Promise((resolve) => setImmediate(resolve));
    // Written a turn later (a Suspense boundary resolving): streamed on its own, not held back.
    input.write(Buffer.from("<template>late</template>"));
    await new Promise((resolve) => setTimeout(resolve, 5));
    input.end(Buffer.from("</html>"));
    const received = await chunks;
    expect(received).toEqual([text, "<template>late</template>", "</html>"]);
  });

  it("passes an empty stream through", async () => {
    const input = new PassThrough();
    const output = input.pipe(coalesceChunks());
    const chunks = collect(output);
    input.end();
    expect(await chunks).toEqual([]);
  });
});
