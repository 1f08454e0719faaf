import type { I18n } from "@lingui/core";
import type { OrderStatus, PaymentMethod, PaymentStatus } from "#contract/order-status";
import {
  ORDER_STATUS_WORDS,
  PAYMENT_METHOD_WORDS,
  PAYMENT_STATUS_WORDS,
  statusWord,
} from "#contract/status-words";

/**
 * Status codes as the page's words, from the contract's one table (contract/status-words.ts):
 * each English word is its catalogue message (listed in known-messages.ts), so an English page
 * reads "Order placed" and a Bangla page "অর্ডার হয়েছে", never PLACED.
 */
function wordIn(i18n: I18n, table: Record<string, string>, code: string | undefined): string {
  if (!code) return "";
  const word = table[code];
  return word ? i18n._(word) : statusWord(code);
}

export const orderStatusWord = (status: OrderStatus | string, i18n: I18n) =>
  wordIn(i18n, ORDER_STATUS_WORDS, status);

export const paymentStatusWord = (status: PaymentStatus | string, i18n: I18n) =>
  wordIn(i18n, PAYMENT_STATUS_WORDS, status);

export const paymentMethodWord = (method: PaymentMethod | string | undefined, i18n: I18n) =>
  wordIn(i18n, PAYMENT_METHOD_WORDS, method);
