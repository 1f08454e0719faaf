import { toAsciiDigits } from "./i18n/digits.js";

/**
 * Free of zod, so a page can normalise an order number without loading it (the zod field is
 * `OrderNumber` in schemas/orders.ts).
 *
 * The order number a shopper reads and types back: TW-YYMMDD-XXXX (the shop's date in Dhaka and 4
 * unambiguous letters or digits). It is what every screen and SMS shows, never the database id.
 */
export const ORDER_NUMBER_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const ORDER_NUMBER_PATTERN = new RegExp(`^TW-\\d{6}-[${ORDER_NUMBER_ALPHABET}]{4}$`);

export const ORDER_NUMBER_MESSAGE = "An order number looks like TW-250101-AB23";

/**
 * An order number as typed (any digit script, any case, with or without its dashes or the TW
 * prefix, spaces anywhere) in its stored form, or undefined when it cannot be one.
 */
export function normalizeOrderNumber(input: string): string | undefined {
  const plain = toAsciiDigits(input)
    .toUpperCase()
    .replace(/[\s\-_.]/g, "");
  const parts = /^(?:TW)?(\d{6})([A-Z0-9]{4})$/.exec(plain);
  if (!parts) return undefined;
  const number = `TW-${parts[1]}-${parts[2]}`;
  return ORDER_NUMBER_PATTERN.test(number) ? number : undefined;
}

const DATABASE_ID = /^[0-9a-f]{24}$/i;

/**
 * What a tracking path names, as the lookup reads it: an order number however it was typed, else
 * a database id (the confirmation's link), else the text in capitals (an order number from before
 * TW-YYMMDD-XXXX). The rate limit counts tries per this key, so one order is one count.
 */
export function orderLookupKey(id: string): { orderNumber: string } | { _id: string } {
  const number = normalizeOrderNumber(id);
  if (number) return { orderNumber: number };
  return DATABASE_ID.test(id) ? { _id: id } : { orderNumber: id.trim().toUpperCase() };
}
