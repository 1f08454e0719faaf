/**
 * The checkout's refusals a shopper can meet when placing an order: their codes and texts, free of
 * zod so the checkout page reads them without loading the schemas (its form's schema loads when
 * the order is placed). The schemas and the server use the same constants.
 */

/** The terms box was not ticked. */
export const TERMS_NOT_ACCEPTED_CODE = "TERMS_NOT_ACCEPTED";
export const TERMS_NOT_ACCEPTED_MESSAGE =
  "Please accept the terms and conditions to place your order.";

/** A cash-on-delivery order waits for the one-time code sent to its phone. */
export const PHONE_CONFIRMATION_REQUIRED_CODE = "PHONE_CONFIRMATION_REQUIRED";
export const PHONE_CONFIRMATION_REQUIRED_MESSAGE =
  "Please confirm your phone number with the code we send by SMS to place a cash-on-delivery order.";

/**
 * The polite refusal a blocked number gets at a cash-on-delivery checkout. It names no number and
 * no history: the shopper learns what to do, not why (docs/cod.md, "What a number reveals").
 */
export const PHONE_BLOCKED_CODE = "PHONE_BLOCKED";
export const PHONE_BLOCKED_MESSAGE =
  "Cash on delivery is not available for this order. Please choose another payment method or contact us.";
