/**
 * Status codes are words wherever a shopper or an admin reads them: one table in the contract,
 * shown in English as it is and in Bangla through the catalogue.
 */
import { readFileSync } from "node:fs";
import { setupI18n } from "@lingui/core";
import { formatter } from "@lingui/format-po";
import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "#contract/order-status";
import {
  ORDER_STATUS_WORDS,
  PAYMENT_METHOD_WORDS,
  PAYMENT_STATUS_WORDS,
  PRINT_TYPE_WORDS,
  statusWord,
  TSHIRT_ORDER_STATUS_WORDS,
} from "#contract/status-words";
import { PRINT_TYPES, TSHIRT_ORDER_STATUSES } from "#contract/tshirt-order-status";
import { orderStatusWord, paymentStatusWord } from "../../app/lib/i18n/status-words";

const bnCatalog = (await formatter().parse(readFileSync("app/locales/bn.po", "utf8"), {
  locale: "bn",
  sourceLocale: "en",
  filename: "bn.po",
})) as Record<string, { translation?: string }>;
const messages = Object.fromEntries(
  Object.entries(bnCatalog).map(([id, message]) => [id, message.translation ?? id]),
);
const bangla = setupI18n({ locale: "bn", messages: { bn: messages } });
// English pages carry no plain-text messages: the id is the text.
const english = setupI18n({ locale: "en", messages: { en: {} } });

describe("status words", () => {
  it("give every code a word, never the code itself", () => {
    const tables = [
      [ORDER_STATUSES, ORDER_STATUS_WORDS],
      [PAYMENT_STATUSES, PAYMENT_STATUS_WORDS],
      [PRINT_TYPES, PRINT_TYPE_WORDS],
      [TSHIRT_ORDER_STATUSES, TSHIRT_ORDER_STATUS_WORDS],
    ] as const;
    for (const [codes, words] of tables)
      for (const code of codes) {
        const word = (words as Record<string, string>)[code];
        expect(word, code).toBeTruthy();
        expect(word, code).not.toBe(code);
        expect(statusWord(code)).not.toMatch(/^[A-Z_]+$/);
      }
  });

  it("agree where two lists share a code", () => {
    for (const code of ["PENDING", "CANCELLED"] as const)
      expect(PAYMENT_STATUS_WORDS[code]).toBe(ORDER_STATUS_WORDS[code]);
    for (const code of ["CONFIRMED", "DELIVERED", "CANCELLED"] as const)
      expect(TSHIRT_ORDER_STATUS_WORDS[code]).toBe(ORDER_STATUS_WORDS[code]);
    expect(statusWord("placed")).toBe("Order placed");
    expect(statusWord("IN_TRANSIT")).toBe("In transit");
  });

  it("read as words on English pages and in Bangla on Bangla pages", () => {
    expect(orderStatusWord("PLACED", english)).toBe("Order placed");
    expect(paymentStatusWord("PENDING", english)).toBe("Awaiting payment");
    expect(orderStatusWord("PLACED", bangla)).toBe("অর্ডার হয়েছে");
    expect(paymentStatusWord("COMPLETED", bangla)).toBe("পরিশোধিত");
    // Every word a shopper reads has its Bangla (the back office's bulk-request words are English).
    const shopperWords = [
      ...Object.values(ORDER_STATUS_WORDS),
      ...Object.values(PAYMENT_STATUS_WORDS),
      ...Object.values(PRINT_TYPE_WORDS),
      PAYMENT_METHOD_WORDS.COD,
      PAYMENT_METHOD_WORDS.BKASH,
    ];
    for (const word of shopperWords)
      expect(bnCatalog[word]?.translation, word).toMatch(/[\u0980-\u09FF]/);
  });
});
