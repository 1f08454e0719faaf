import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { PRELOAD_AFTER_PAINT_REL } from "../../app/lib/first-screen";
import {
  loadAfterFirstPaint,
  scriptsAfterFirstPaint,
} from "../../app/lib/scripts-after-first-paint.server";

async function rewrite(chunks: (string | Buffer)[]): Promise<string> {
  return text(
    Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(scriptsAfterFirstPaint()),
  );
}

// React Router's <Scripts> as it writes them: preloads in the head, one inline module script.
const routeScript =
  ';\nimport * as route0 from "/assets/root-A.js";\nimport * as route1 from "/assets/home-B.js";\n' +
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js"}};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n' +
  'import("/assets/entry.client-C.js");';
const html =
  '<head><style data-href="/a.css">p{color:red}</style>' +
  '<link rel="modulepreload" href="/assets/entry.client-C.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root-A.js" nonce="n"/><title>Tweest — ৳ প্রিয়</title></head>' +
  '<body><script nonce="n">window.__reactRouterContext={}</script>' +
  `<script nonce="n" type="module" async="">${routeScript}</script>` +
  '<script type="module">import "/assets/other.js";</script></body>';

describe("scriptsAfterFirstPaint", () => {
  it("holds React Router's preloads and rewrites its module script, and leaves everything else", async () => {
    const out = await rewrite([html]);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain(
      `<link rel="${PRELOAD_AFTER_PAINT_REL}" href="/assets/entry.client-C.js" nonce="n"/>`,
    );
    expect(out).toContain(
      `<script nonce="n" type="module" async="">${loadAfterFirstPaint(routeScript)}</script>`,
    );
    // Another module script, the context script and the text are as they were.
    expect(out).toContain('<script type="module">import "/assets/other.js";</script>');
    expect(out).toContain('<script nonce="n">window.__reactRouterContext={}</script>');
    expect(out).toContain("<title>Tweest — ৳ প্রিয়</title>");
  });

  it("rewrites tags split across chunks at every position, multi-byte text included", async () => {
    const expected = await rewrite([html]);
    const bytes = Buffer.from(html);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
  });

  it("passes through a stream that ends inside a tag or a script", async () => {
    expect(await rewrite(["<p>x</p>", '<link rel="modul'])).toBe('<p>x</p><link rel="modul');
    expect(await rewrite(["<p>x</p>", "<script>var a"])).toBe("<p>x</p><script>var a");
  });
});

describe("loadAfterFirstPaint", () => {
  it("waits for the first screen, starts the held preloads, then imports the route modules in parallel", () => {
    const script = loadAfterFirstPaint(routeScript);
    const wait = script.indexOf("await Promise.all([window.__tweestFirstScreen,");
    const preloads = script.indexOf(`link[rel="${PRELOAD_AFTER_PAINT_REL}"]`);
    const imports = script.indexOf(
      'const [route0,route1]=await Promise.all([import("/assets/root-A.js"),import("/assets/home-B.js")]);',
    );
    expect(wait).toBe(0);
    expect(preloads).toBeGreaterThan(wait);
    expect(imports).toBeGreaterThan(preloads);
    // No static import is left (the browser would fetch it at once); the rest is unchanged.
    expect(script).not.toMatch(/^\s*import\s/m);
    expect(
      script.endsWith(routeScript.slice(routeScript.indexOf("  window.__reactRouterManifest"))),
    ).toBe(true);
  });

  it("runs in a browser-like scope: the modules arrive, then the entry is imported", async () => {
    const script = loadAfterFirstPaint(routeScript);
    const imported: string[] = [];
    // The popup's chunk list and React Router's name the same module: it is preloaded once. The
    // page's messages are a file preload (their `as` and `crossorigin` kept).
    const heldLink = (attributes: Record<string, string>) => ({
      getAttribute: (name: string) => attributes[name] ?? null,
      hasAttribute: (name: string) => name in attributes,
    });
    const held = [
      heldLink({ href: "/assets/entry.client-C.js" }),
      heldLink({ href: "/assets/entry.client-C.js" }),
      heldLink({ href: "/i18n/bn.0123456789ab.json", as: "fetch", crossorigin: "anonymous" }),
    ];
    const appended: Record<string, string>[] = [];
    const scope = {
      __tweestFirstScreen: Promise.resolve(),
      document: {
        // A hidden tab: the wait for a painted frame is skipped (Node paints none).
        visibilityState: "hidden",
        querySelectorAll: () => held,
        createElement: () => ({}),
        head: { appendChild: (link: Record<string, string>) => appended.push(link) },
      },
    };
    const window = scope as Record<string, unknown>;
    const run = new Function(
      "window",
      "document",
      "load",
      `return (async () => {${script.replaceAll("import(", "load(")}})()`,
    ) as (
      window: unknown,
      document: unknown,
      load: (url: string) => Promise<unknown>,
    ) => Promise<void>;
    await run(window, scope.document, async (url) => {
      imported.push(url);
      return { url };
    });
    expect(appended).toEqual([
      { rel: "modulepreload", href: "/assets/entry.client-C.js", fetchPriority: "high" },
      {
        rel: "preload",
        as: "fetch",
        crossOrigin: "anonymous",
        href: "/i18n/bn.0123456789ab.json",
        fetchPriority: "high",
      },
    ]);
    expect(imported).toEqual([
      "/assets/root-A.js",
      "/assets/home-B.js",
      "/assets/entry.client-C.js",
    ]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-A.js" },
      "routes/home": { url: "/assets/home-B.js" },
    });
  });
});
