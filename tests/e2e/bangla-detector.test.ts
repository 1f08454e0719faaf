/**
 * The Bangla walk's detector (./bangla-detector.ts) really catches English: on a Bangla page it
 * reports an English word wherever a shopper or a screen reader meets it, and lets through exactly
 * what docs/i18n.md allows — the shop's own Latin names, codes, sizes, e-mails, URLs and anything
 * marked translate="no".
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { englishUiText } from "./bangla-detector";
import { launchBrowser, type Browser } from "./harness";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
});

afterAll(async () => {
  await browser?.close();
});

async function englishOn(body: string, allowed: string[] = ["Tweest", "Aarong Classic"]) {
  await page.setContent(
    `<!doctype html><html lang="bn"><head><title>হোম · Tweest</title></head><body>${body}</body></html>`,
  );
  return englishUiText(page, allowed);
}

describe("englishUiText", () => {
  it("accepts a page in Bangla with the shop's names, codes, sizes and marked text", async () => {
    expect(
      await englishOn(`
        <header><a href="/bn">Tweest</a> <nav aria-label="ক্যাটাগরি"><a href="/bn/products">পাঞ্জাবি</a></nav></header>
        <p>ব্র্যান্ড: Aarong Classic</p>
        <p>অর্ডার নম্বর TW-20260105-0042, ট্র্যাকিং কোড SF12345678</p>
        <p>BKASH_BASE_URL থেকে</p>
        <div role="radiogroup" aria-label="সাইজ"><button>S</button><button>M</button><button>XL</button><button>2XL</button><button>XXL</button></div>
        <p>যোগাযোগ: help@tweest.com.bd, https://tweest.com.bd/bn</p>
        <p translate="no">Panjabi House</p>
        <span translate="no"><b>Dhaka Fashion</b></span>
        <p data-testid="language-switch"><a lang="en" hreflang="en" href="/">English</a> / <span lang="bn">বাংলা</span></p>
        <img alt="নীল পাঞ্জাবি" src="data:,">
        <select id="addr-zone"><option value="">এলাকা বেছে নিন</option><option translate="no">Gulshan</option></select>
        <p style="display:none">Add to cart</p>
        <p hidden>Loading</p>
      `),
    ).toEqual([]);
  });

  it("reports an English word in text, in attributes, in screen-reader text and in the title", async () => {
    expect(
      await englishOn(
        `<div lang="bn-BD"><button data-testid="add-to-cart">Add to cart</button></div>`,
      ),
    ).toEqual(['"Add to cart" in button[data-testid=add-to-cart]']);
    expect(await englishOn(`<p>মোট ৳১,২০০ · Free delivery</p>`)).toEqual(['"Free delivery" in p']);
    expect(await englishOn(`<input placeholder="Search products">`)).toEqual([
      '"Search products" in input placeholder',
    ]);
    expect(await englishOn(`<button aria-label="Close">✕</button>`)).toEqual([
      '"Close" in button aria-label',
    ]);
    expect(await englishOn(`<img alt="Product photo" src="data:,">`)).toEqual([
      '"Product photo" in img alt',
    ]);
    expect(
      await englishOn(
        `<span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)">Previous</span>`,
      ),
    ).toEqual(['"Previous" in span']);
    // Every option of a list counts, chosen or not (the value is not shown, only the text).
    expect(
      await englishOn(
        `<select id="addr-city"><option value="Dhaka">ঢাকা</option><option value="Sylhet">Sylhet</option></select>`,
      ),
    ).toEqual(['"Sylhet" in option of select#addr-city']);
    await page.setContent(`<html lang="bn"><head><title>Page not found</title></head></html>`);
    expect(await englishUiText(page, [])).toEqual(['"Page not found" in title']);
  });

  it("allows a brand only as passed in, whole, and does not let an upper-case word pass as a code", async () => {
    // Allowed names are matched whole: "Tweest" does not excuse "Tweest Sale" or "Aarong" alone.
    expect(await englishOn(`<p>Tweest Sale</p><p>Aarong ব্র্যান্ড</p>`)).toEqual([
      '"Sale" in p',
      '"Aarong" in p',
    ]);
    // Codes need digits or dashes: "NEW" or "COD" is an English word in capitals.
    expect(await englishOn(`<span>NEW</span><span>COD</span>`)).toEqual([
      '"NEW" in span',
      '"COD" in span',
    ]);
  });

  it("reads only the parts named by `within`, each in the language it declares itself", async () => {
    // The back office: an English page by its URL, whose shell and dialogs speak Bangla.
    await page.setContent(`<!doctype html><html lang="en"><head><title>Products — Tweest admin</title></head><body>
      <header><input placeholder="Search products"></header>
      <div class="admin-shell"><h1>পণ্য</h1><button aria-label="Edit">✎</button><span lang="en">English</span></div>
      <div role="dialog"><p>Save product</p></div>
    </body></html>`);
    // Read whole, the page is English by its html lang: only its title (always read) is reported.
    expect(await englishUiText(page, [])).toEqual(['"Products Tweest admin" in title']);
    expect(await englishUiText(page, [], ".admin-shell, [role=dialog]")).toEqual([
      '"Save product" in p',
      '"Edit" in button aria-label',
    ]);
    expect(await englishUiText(page, [], ".nothing")).toEqual(["nothing matches .nothing"]);
  });
});
