/**
 * What one cart, and so one order, may hold (docs/cod.md, "Order caps"): the refusals the cart and
 * the checkout share, with the codes the storefront reads to point at the bulk order page.
 */

/** More of one item (a product in one colour and size) than a line may hold. */
export const TOO_MANY_OF_ONE_ITEM_CODE = "TOO_MANY_OF_ONE_ITEM";
/** More different items than the shop's `orderCaps.maxLines`. */
export const TOO_MANY_LINES_CODE = "TOO_MANY_LINES";
/** More pieces in all than the shop's `orderCaps.maxUnits`. */
export const TOO_MANY_UNITS_CODE = "TOO_MANY_UNITS";

export const ORDER_CAP_CODES: readonly string[] = [
  TOO_MANY_OF_ONE_ITEM_CODE,
  TOO_MANY_LINES_CODE,
  TOO_MANY_UNITS_CODE,
];

/** At most this many of one line; the add and update schemas say the same (contract/schemas/cart.ts). */
export const MAX_LINE_QUANTITY = 10;

export const tooManyOfOneItemMessage = (inCart: number) =>
  `At most ${MAX_LINE_QUANTITY} of one item per order (${inCart} already in your cart)`;

const BULK_HINT =
  "Remove some from your cart, or use our bulk t-shirt order page for larger orders.";

export const tooManyLinesMessage = (maxLines: number) =>
  `An order can hold at most ${maxLines} different items. ${BULK_HINT}`;

export const tooManyUnitsMessage = (maxUnits: number) =>
  `An order can hold at most ${maxUnits} pieces in all. ${BULK_HINT}`;
