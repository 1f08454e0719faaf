/**
 * The printed documents in Chromium (docs/printing.md): every document and paper printed to PDF
 * with the page's own @page size (A4, A5, 4x6 in: the PDF's page boxes and one page per order),
 * an English and a Bangla order, the Bangla address shaped (conjuncts and vowel signs narrower
 * than the same letters kept apart, the shop's Bangla web font embedded in the PDF), each sheet
 * photographed at its paper's printable width in print media (tests/artifacts/print-*.png); the desk's selection printed as labels in a new
 * tab at 375 px, the barcode it shows read back; a shopper refused.
 *
 * The shop serves a private copy of the build (tests/e2e/admin-shop.ts).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { readCode128 } from "../setup/read-codes";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { PRINT_CHOICES, printPath, type PrintChoice } from "~/components/admin/print-menu";
import { signIn, useAdminSession } from "./admin-shop";
import { allowBrowserProblems } from "./guard";
import { ARTIFACTS } from "./harness";
import { CUSTOMER } from "./pages/login-page";

const session = useAdminSession();

/** Page sizes in PDF points (1/72 in): A4 210x297 mm, A5 148x210 mm, 4x6 in. */
const PAGE_POINTS = {
  a4: { width: 595.28, height: 841.89 },
  a5: { width: 419.53, height: 595.28 },
  label: { width: 288, height: 432 },
};
/** The printable width of each paper in CSS pixels (96 an inch): the page less its @page margins. */
const CONTENT_PX = {
  a4: ((210 - 2 * 12) / 25.4) * 96,
  a5: ((148 - 2 * 8) / 25.4) * 96,
  label: (4 - (2 * 3) / 25.4) * 96,
};
const paperOf = (choice: PrintChoice) => (choice.kind === "label" ? "label" : choice.paper);

/** The page boxes of a PDF Chromium wrote (its page objects are plain, not in object streams). */
function pdfPageBoxes(pdf: Buffer): { width: number; height: number }[] {
  const text = pdf.toString("latin1");
  return text
    .split(/\bendobj\b/)
    .filter((object) => /\/Type\s*\/Page\b(?!s)/.test(object))
    .map((object) => {
      const box = /\/MediaBox\s*\[\s*([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s*\]/.exec(
        object,
      );
      if (!box) throw new Error("A page without a MediaBox");
      const [x0, y0, x1, y1] = box.slice(1).map(Number);
      return { width: x1 - x0, height: y1 - y0 };
    });
}

/** An English cash-on-delivery order booked with Steadfast, and a Bangla prepaid one. */
async function twoOrders() {
  const product = await createProduct({ title: "Print Tee", titleBn: "প্রিন্ট টি" });
  const english = await createOrder({
    orderStatus: "CONFIRMED",
    lines: [{ product, quantity: 2, color: "Black", size: "L" }],
  });
  await Order.updateOne(
    { _id: english._id },
    {
      $set: {
        note: "Leave it with the guard",
        shipment: { courier: "steadfast", courierName: "Steadfast", trackingNumber: "SF880011" },
      },
    },
  );
  const bangla = await createOrder({
    firstName: "রহিম",
    lastName: "উদ্দিন",
    paymentMethod: "BKASH",
    lines: [{ product, color: "White", size: "M" }],
  });
  await Order.updateOne(
    { _id: bangla._id },
    {
      $set: {
        locale: "bn",
        note: "সন্ধ্যার আগে ফোন করবেন",
        // The line's snapshot of the Bangla title, as a Bangla checkout stores it.
        "orderItems.0.product.titleBn": "প্রিন্ট টি",
        "shippingAddress.streetAddress": "বাড়ি ১২, রোড ৫, শ্রীপুর",
        "shippingAddress.districtId": "chattogram",
        "shippingAddress.thanaId": "chattogram/panchlaish",
      },
    },
  );
  return { product, english, bangla };
}

async function openPrint(page: Page, choice: PrintChoice, orderIds: unknown[]) {
  await page.goto(`${session.shop.baseUrl}${printPath(choice, { orders: orderIds.map(String) })}`);
  const sheets = page.locator("article.doc-sheet");
  await expect.poll(() => sheets.count()).toBe(orderIds.length);
  // Every image decoded and the Bangla font in, as before the print dialog opens.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].map((image) => image.decode()));
  });
  return sheets;
}

/** Five documents printed and photographed: 17 to 33 s here with other helpers testing. */
const FIVE_PRINTS_MS = 120_000;

describe("printed documents", () => {
  it(
    "prints each document at its paper's size, one page an order, English and Bangla",
    {
      timeout: FIVE_PRINTS_MS,
    },
    async () => {
      const { english, bangla } = await twoOrders();
      const page = await session.tab();
      mkdirSync(ARTIFACTS, { recursive: true });
      for (const choice of PRINT_CHOICES) {
        const sheets = await openPrint(page, choice, [english._id, bangla._id]);
        const paper = paperOf(choice);
        const pdf = await page.pdf({ preferCSSPageSize: true });
        const boxes = pdfPageBoxes(pdf);
        expect(boxes, choice.id).toHaveLength(2);
        // Within a point (a third of a millimetre): Chromium rounds the page to whole CSS pixels.
        for (const box of boxes) {
          expect(Math.abs(box.width - PAGE_POINTS[paper].width), choice.id).toBeLessThanOrEqual(1);
          expect(Math.abs(box.height - PAGE_POINTS[paper].height), choice.id).toBeLessThanOrEqual(
            1,
          );
        }
        // The Bangla address was drawn with the shop's web font, embedded in the printout.
        expect(pdf.includes("NotoSansBengali"), choice.id).toBe(true);

        // In print media at the paper's printable width: each sheet as the printer gets it, nothing
        // wider than the paper, and nothing of a label cut off at its one page.
        await page.emulateMedia({ media: "print" });
        await page.setViewportSize({ width: Math.floor(CONTENT_PX[paper]), height: 1200 });
        for (const [index, locale] of ["en", "bn"].entries()) {
          const sheet = sheets.nth(index);
          const fits = await sheet.evaluate((element) => ({
            across: element.scrollWidth <= element.clientWidth,
            down: element.scrollHeight <= element.clientHeight,
          }));
          expect(fits.across, `${choice.id} ${locale}`).toBe(true);
          if (choice.kind === "label") expect(fits.down, `${choice.id} ${locale}`).toBe(true);
          await sheet.screenshot({
            path: path.join(ARTIFACTS, `print-${choice.id}-${locale}.png`),
          });
        }
        await page.emulateMedia({ media: null });
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      await page.close();
    },
  );

  it("what the label says: courier, address, amount to collect, note, lines with SKU", async () => {
    const { english, bangla, product } = await twoOrders();
    const page = await session.tab();
    const label = PRINT_CHOICES.find((choice) => choice.kind === "label")!;
    const sheets = await openPrint(page, label, [english._id, bangla._id]);
    const [en, bn] = [sheets.nth(0), sheets.nth(1)];
    expect(await en.getAttribute("data-order-number")).toBe(english.orderNumber);
    expect(await en.getByTestId("doc-shipment").textContent()).toBe(
      "Steadfast · tracking SF880011",
    );
    expect(await en.getByTestId("doc-collect-amount").textContent()).toBe("৳1,660");
    expect(await bn.getByTestId("doc-collect-amount").textContent()).toBe("৳0");
    expect(await bn.getByTestId("doc-shipment").textContent()).toBe("Courier not booked yet");
    expect(await en.getByTestId("doc-note").textContent()).toBe("Note: Leave it with the guard");
    const sku = (size: string, color: string) =>
      product.variants.find((variant) => variant.size === size && variant.color === color)!.sku;
    expect(await en.getByTestId("doc-line").textContent()).toBe(
      `2 × Print Tee — Black / L — ${sku("L", "Black")}`,
    );
    expect(await bn.getByTestId("doc-line").textContent()).toBe(
      `1 × প্রিন্ট টি — White / M — ${sku("M", "White")}`,
    );
    expect(await bn.getByTestId("doc-address").getAttribute("lang")).toBe("bn");
    expect(await bn.getByTestId("doc-address").locator("p").allTextContents()).toEqual([
      "রহিম উদ্দিন",
      "বাড়ি ১২, রোড ৫, শ্রীপুর",
      "পাঁচলাইশ, চট্টগ্রাম",
      "01712345678",
    ]);

    // The barcode the page shows reads as the order number, and prints 0.375 mm a module.
    const barcode = en.getByTestId("doc-barcode");
    const source = (await barcode.getAttribute("src"))!;
    const svg = decodeURIComponent(source.slice(source.indexOf(",") + 1));
    expect(await readCode128(svg)).toBe(english.orderNumber);
    await page.emulateMedia({ media: "print" });
    const modules = Number(/viewBox="0 0 (\d+) /.exec(svg)![1]);
    expect((await barcode.boundingBox())!.width).toBeCloseTo(((modules * 0.375) / 25.4) * 96, 0);
    await page.emulateMedia({ media: null });

    // Shaped Bangla: in the address's own font, a conjunct is narrower than its letters kept
    // apart by a zero-width non-joiner, and a vowel sign joins its consonant (narrower than the
    // two drawn one by one).
    const widths = await bn.getByTestId("doc-address").evaluate((address) => {
      const measure = (text: string) => {
        const span = document.createElement("span");
        span.textContent = text;
        address.append(span);
        const width = span.getBoundingClientRect().width;
        span.remove();
        return width;
      };
      return {
        conjunct: measure("চট্টগ্রাম"),
        apart: measure("চট্\u200Cটগ্\u200Cরাম"),
        vowelSign: measure("কি"),
        // Alone, the vowel sign has no consonant to join: it is drawn on a dotted circle.
        vowelApart: measure("ক") + measure("ি"),
        webFont: [...document.fonts].some(
          (face) => face.family.replace(/"/g, "") === "Tweest Bangla" && face.status === "loaded",
        ),
      };
    });
    expect(widths.webFont).toBe(true);
    expect(widths.conjunct).toBeLessThan(widths.apart - 2);
    expect(widths.vowelSign).toBeLessThan(widths.vowelApart - 2);
    await page.close();
  });

  it("the desk's selection prints as labels in a new tab that fits a phone; a queue prints whole", async () => {
    const { english, bangla } = await twoOrders();
    const page = await session.tab();
    await page.setViewportSize({ width: 375, height: 812 });
    await session.screen(page).visit("/admin/orders");
    for (const order of [english, bangla]) {
      const row = page.getByTestId("order-row").filter({ hasText: order.orderNumber });
      await row.getByRole("checkbox").check();
    }
    const bar = page.getByTestId("selection-bar");
    await bar.getByLabel("Document to print").selectOption({ label: "Courier labels, 4x6 in" });
    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      bar.getByRole("link", { name: "Print 2 orders" }).click(),
    ]);
    await tab.setViewportSize({ width: 375, height: 812 });
    await tab.locator("article.doc-kind-label").nth(1).waitFor();
    const url = new URL(tab.url());
    expect(url.pathname).toBe("/admin/print");
    expect(url.searchParams.get("doc")).toBe("label");
    expect(url.searchParams.get("orders")!.split(",").sort()).toEqual(
      [String(english._id), String(bangla._id)].sort(),
    );
    expect(await tab.getByTestId("print-title").textContent()).toBe(
      "Courier labels, 4x6 in: 2 orders",
    );
    const overflow = await tab.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await tab.screenshot({ path: path.join(ARTIFACTS, "print-labels-375.png") });
    await tab.close();

    // The unfiltered history has no "print everything"; a queue prints whole.
    expect(await page.getByRole("link", { name: "Print the list" }).count()).toBe(0);
    await session.screen(page).visit("/admin/orders?queue=to-ship");
    const queue = page.getByRole("link", { name: "Print the queue" });
    await queue.waitFor();
    expect(await queue.getAttribute("href")).toBe(
      "/admin/print?doc=invoice&paper=a4&queue=to-ship",
    );
    await page.close();
  });

  it("refuses a signed-in shopper: no document is read", async () => {
    allowBrowserProblems("403 GET /api/users/verify-admin");
    const { english } = await twoOrders();
    const page = await session.tab(await signIn(session.shop, CUSTOMER));
    const documentRequests: string[] = [];
    page.on("request", (sent) => {
      if (sent.url().includes("/api/admin/orders/documents")) documentRequests.push(sent.url());
    });
    await page.goto(
      `${session.shop.baseUrl}${printPath(PRINT_CHOICES[0], { orders: [String(english._id)] })}`,
    );
    const denied = page.getByTestId("admin-access-denied");
    await denied.waitFor();
    expect(await denied.getByRole("alert").textContent()).toBe(
      "Access denied - admin privileges required",
    );
    expect(await page.locator("article.doc-sheet").count()).toBe(0);
    expect(documentRequests).toEqual([]);
    await page.close();
  });
});
