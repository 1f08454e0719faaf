/**
 * A cash-on-delivery order's two payment parts, rendered as the server renders them: their money
 * follows the language of their words, so a Bangla back office (whose address, /admin, is English)
 * prints Bangla digits on a Bangla invoice, and the storefront shows each page's own.
 */
import { I18nProvider } from "@lingui/react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "#contract/i18n";
import { PaymentParts } from "~/components/order/payment-parts";
import { catalogI18n } from "../setup/ui-i18n";

const i18n = { en: await catalogI18n("en"), bn: await catalogI18n("bn") };

const ORDER = {
  paymentMethod: "COD",
  orderStatus: "CONFIRMED",
  totalDiscountedPrice: 12600,
  advanceDeliveryCharge: { amount: 120, method: "BKASH" as const, status: "PAID" as const },
};

/** The parts' texts, rendered at `path` with the words in `language`. */
function parts(path: string, language: Locale): string[] {
  const html = renderToString(
    createElement(
      MemoryRouter,
      { initialEntries: [path] },
      createElement(
        I18nProvider,
        { i18n: i18n[language] },
        createElement(PaymentParts, { order: ORDER }),
      ),
    ),
  );
  return [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map(([, text]) =>
    text!.replace(/<!-- -->/g, ""),
  );
}

describe("an order's payment parts", () => {
  it("in a Bangla back office (an English address): Bangla words, Bangla digits", () => {
    expect(parts("/admin/orders", "bn")).toEqual([
      "ডেলিভারি চার্জ ৳১২০ অনলাইনে বিকাশ-এ দেওয়া হয়েছে",
      "ডেলিভারির সময় দিতে হবে ৳১২,৪৮০",
    ]);
  });

  it("on the storefront, in the page's language", () => {
    expect(parts("/bn/account", "bn")[1]).toBe("ডেলিভারির সময় দিতে হবে ৳১২,৪৮০");
    expect(parts("/account", "en")).toEqual([
      "Delivery charge paid online ৳120 via bKash",
      "Collect on delivery ৳12,480",
    ]);
  });
});
