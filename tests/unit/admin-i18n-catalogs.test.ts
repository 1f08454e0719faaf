/**
 * The back office's catalogue (app/locales/admin/*.po, docs/i18n.md "The back office in Bangla"):
 * both languages hold the same messages, every Bangla message is translated, every message the
 * back office's code asks for is in them, and none of them went into the storefront's catalogue
 * (which every shopper's page loads). Which screens are translated yet is listed here, so a screen
 * still in English is visible rather than silently English.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BACK_OFFICE_DIRS,
  isBackOfficeFile,
  messageIdsIn,
  poCatalog,
  sourceFiles,
} from "../setup/ui-i18n";

/** Back-office files whose texts are all messages. */
const TRANSLATED = [
  "app/components/admin/admin-guard.tsx",
  "app/components/admin/admin-i18n.tsx",
  "app/components/admin/admin-shell.tsx",
  "app/components/admin/audit-entries.tsx",
  "app/components/admin/bulk-shipment.tsx",
  "app/components/admin/camera-scanner.tsx",
  "app/components/admin/cancel-order.tsx",
  "app/components/admin/common.tsx",
  "app/components/admin/courier-insights.tsx",
  "app/components/admin/courier-statement.tsx",
  "app/components/admin/csv-download.tsx",
  "app/components/admin/dashboard-parts.tsx",
  "app/components/admin/delivery-details-form.tsx",
  "app/components/admin/delivery-zones-panel.tsx",
  "app/components/admin/list.tsx",
  "app/components/admin/new-order-dialog.tsx",
  "app/components/admin/order-contact.tsx",
  "app/components/admin/order-list.tsx",
  "app/components/admin/order-queues.tsx",
  "app/components/admin/order-selection.tsx",
  "app/components/admin/paste-contact.tsx",
  "app/components/admin/phone-history.tsx",
  "app/components/admin/print-menu.tsx",
  "app/components/admin/provider-settings-form.tsx",
  "app/components/admin/recovered-checkouts.tsx",
  "app/components/admin/refunds-due.tsx",
  "app/components/admin/refunds-panel.tsx",
  "app/components/admin/sales-by-source.tsx",
  "app/components/admin/screen-gate.tsx",
  "app/components/admin/shipment-form.tsx",
  "app/components/admin/staff-access.tsx",
  "app/routes/admin/buyers.tsx",
  "app/routes/admin/call-list.tsx",
  "app/routes/admin/courier-cash.tsx",
  "app/routes/admin/couriers.tsx",
  "app/routes/admin/dashboard.tsx",
  "app/routes/admin/layout.tsx",
  "app/routes/admin/orders.tsx",
  "app/routes/admin/packing.tsx",
  "app/routes/admin/payment-gateways.tsx",
  "app/routes/admin/payments.tsx",
  "app/routes/admin/phone-blocks.tsx",
  "app/routes/admin/print.tsx",
  "app/routes/admin/settings.tsx",
  "app/routes/admin/staff.tsx",
  "app/routes/admin/tshirt-orders.tsx",
];

/** Back-office screens still in English in both languages (translate them in this order). */
const STILL_ENGLISH = [
  "app/components/admin/catalogue-csv.tsx",
  "app/components/admin/category-options.tsx",
  "app/components/admin/order-documents.tsx",
  "app/components/admin/page-editor.tsx",
  "app/components/admin/popup-image-editor.tsx",
  "app/components/admin/product-editor.tsx",
  "app/components/admin/search-synonyms-panel.tsx",
  "app/components/admin/size-guide-editor.tsx",
  "app/components/admin/variant-codes-fields.tsx",
  "app/routes/admin/audit.tsx",
  "app/routes/admin/categories.tsx",
  "app/routes/admin/customers.tsx",
  "app/routes/admin/pages.tsx",
  "app/routes/admin/popup-images.tsx",
  "app/routes/admin/products.tsx",
  "app/routes/admin/promo-codes.tsx",
  "app/routes/admin/reviews.tsx",
  "app/routes/admin/size-guides.tsx",
  "app/routes/admin/staff-figures.tsx",
  "app/routes/admin/stock.tsx",
];

const backOfficeFiles = BACK_OFFICE_DIRS.flatMap(sourceFiles);
const storefrontFiles = sourceFiles("app").filter((file) => !isBackOfficeFile(file));

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

/**
 * English a translated file still shows: a JSX text with a word in it, or a word in an attribute a
 * person reads (label, placeholder, title, aria-label, description).
 */
function englishLeftIn(file: string): string[] {
  const source = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const texts = [...source.matchAll(/(?<![=-])>\s*([^<>{}]*[A-Za-z]?[a-z]{2,}[^<>{}]*?)\s*</g)]
    .map((match) => match[1])
    .filter((text) => !/[=;()&|"]|=>|\bextends\b/.test(text));
  const attributes = [
    ...source.matchAll(
      /\b(?:label|placeholder|title|aria-label|description)="([^"]*[A-Za-z]?[a-z]{2,}[^"]*)"/g,
    ),
  ]
    .map((match) => match[1])
    .filter((value) => !/^https?:/.test(value));
  return [...texts, ...attributes];
}

describe("the back office's UI catalogue", async () => {
  const english = await poCatalog("app/locales/admin/en.po", "en");
  const bangla = await poCatalog("app/locales/admin/bn.po", "bn");
  const used = messageIdsIn(backOfficeFiles);

  it("holds the same message ids in English and Bangla, each Bangla one translated", () => {
    expect(Object.keys(english).length).toBeGreaterThan(30);
    expect(Object.keys(bangla).sort()).toEqual(Object.keys(english).sort());
    for (const [id, message] of Object.entries(bangla)) {
      expect(message.translation, id).toBeTruthy();
      expect(placeholders(message.translation ?? ""), id).toEqual(placeholders(id));
      if (/[A-Za-z]{3,}/.test(id.replace(/\{\w+\}|Tweest|COD|SKU|SMS|CSV|OTP/g, "")))
        expect(message.translation, id).toMatch(/[\u0980-\u09FF]/);
    }
  });

  it("contains every message the back office's code asks for", () => {
    expect(used.size).toBeGreaterThan(30);
    for (const [id, file] of used) {
      expect(english[id], `${id} (${file})`).toBeDefined();
      expect(bangla[id], `${id} (${file})`).toBeDefined();
    }
  });

  it("leaves the storefront's catalogue without the back office's texts", async () => {
    const storefrontIds = messageIdsIn(storefrontFiles);
    const knownToStorefront = new Set(Object.keys(await poCatalog("app/locales/en.po", "en")));
    const onlyBackOffice = [...used.keys()].filter((id) => !storefrontIds.has(id));
    expect(onlyBackOffice.length).toBeGreaterThan(30);
    // A text both use ("Cancel") is in both catalogues; one only the back office uses is not.
    expect(onlyBackOffice.filter((id) => knownToStorefront.has(id))).toEqual([]);
  });

  it("lists every back-office screen as translated or still English", () => {
    const screens = backOfficeFiles.filter((file) => file.endsWith(".tsx")).sort();
    expect([...TRANSLATED, ...STILL_ENGLISH].sort()).toEqual(screens);
  });

  it("shows no English text in the translated screens", () => {
    for (const file of TRANSLATED) expect(englishLeftIn(file), file).toEqual([]);
  });
});
