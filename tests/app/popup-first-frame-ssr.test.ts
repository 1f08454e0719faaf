/**
 * The campaign popup's first frame as the server renders it (popup-first-frame.tsx): its images
 * name every saved width (srcset + sizes) and the head script preloads the same, so the browser
 * fetches one file of the right size; a popup stored before popups had widths keeps its one file.
 * The root loader reads the popups from the instance's copy, not the database, and a change is on
 * the next page. Needs `npm run build`.
 */
import request from "supertest";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PopupImage } from "../../models/popup-image.model";
import { createApp } from "../../server/app";
import { createPopupImage } from "../factories/popup-image";
import { clearDatabase } from "../setup/db";
import { queriesDuring } from "../setup/queries";

const app = createApp();
const POPUP_SIZES = "(min-width: 1024px) 85vw, (min-width: 640px) 90vw, 95vw";

/** The first frame's <img> tags, in order. */
function frameImages(html: string): string[] {
  const start = html.indexOf('data-testid="popup-first-frame"');
  expect(start).toBeGreaterThan(0);
  return html.slice(start).match(/<img [^>]*>/g) ?? [];
}

const attribute = (tag: string, name: string) =>
  // React writes some names in camel case (srcSet); HTML reads them in any case.
  new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1]?.replace(/&amp;/g, "&");

// The first page loads the server build and warms the catalogue: seconds on a loaded machine,
// and not what these tests are about.
beforeAll(async () => {
  await request(app).get("/").expect(200);
}, 120_000);

beforeEach(() => clearDatabase());

describe("the popup's first frame", () => {
  it("names every saved width of its images, and the head script preloads the same", async () => {
    await createPopupImage({ title: "Eid", imagePath: "uploads/popups/eid-800.webp" });
    await createPopupImage({ title: "Old", imagePath: "uploads/popups/before-widths.webp" });
    const page = await request(app).get("/").expect(200);
    const [eid, old] = frameImages(page.text);

    const origin = attribute(eid!, "src")!.replace(/\/uploads\/popups\/eid-800\.webp$/, "");
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(attribute(eid!, "srcset")).toBe(
      [400, 800, 1200, 1920]
        .map((width) => `${origin}/uploads/popups/eid-${width}.webp ${width}w`)
        .join(", "),
    );
    expect(attribute(eid!, "sizes")).toBe(POPUP_SIZES);
    // Stored before popups had widths: its one file, as before.
    expect(attribute(old!, "src")).toBe(`${origin}/uploads/popups/before-widths.webp`);
    expect(attribute(old!, "srcset")).toBeUndefined();
    expect(attribute(old!, "sizes")).toBeUndefined();

    // The head script's plan: the first image, the widths and the sizes its preload names.
    const script = /<script[^>]*>(\(function startPopupPrefetch[\s\S]*?)<\/script>/.exec(page.text);
    expect(script).not.toBeNull();
    expect(script![1]).toContain('"firstImage":"uploads/popups/eid-800.webp"');
    expect(script![1]).toContain('"imageWidths":[400,800,1200,1920]');
    expect(script![1]).toContain(`"imageSizes":"${POPUP_SIZES}"`);
    expect(script![1]).toContain("imagesrcset");
  });

  it("comes from the instance's copy of the popups, and a change is on the next page", async () => {
    await createPopupImage({ title: "Eid", imagePath: "uploads/popups/eid-800.webp" });
    expect(frameImages((await request(app).get("/").expect(200)).text)).toHaveLength(1);

    const queries = await queriesDuring(async () => {
      for (let page = 0; page < 3; page++) {
        const html = (await request(app).get("/products?category=men").expect(200)).text;
        expect(frameImages(html)).toHaveLength(1);
      }
    });
    expect(
      queries.filter((query) => query.startsWith(`${PopupImage.collection.collectionName}.`)),
    ).toEqual([]);

    await PopupImage.updateOne({ title: "Eid" }, { $set: { isActive: false } });
    const after = (await request(app).get("/").expect(200)).text;
    expect(after).not.toContain('data-testid="popup-first-frame"');
  });
});
