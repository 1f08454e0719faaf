/**
 * The online payment methods the shop can take money with, by id, with the name shoppers and staff
 * read. One list: the server's registry (server/payments/index.ts) is keyed by it, so a method named
 * here without a gateway adapter there fails the type check; the checkout, the advance delivery
 * charge, the back office's labels and the order and payment schemas all read it from here.
 */
export const ONLINE_PAYMENT_METHOD_NAMES = {
  BKASH: "bKash",
  SSLCOMMERZ: "SSLCommerz",
  NAGAD: "Nagad",
} as const;
export type OnlinePaymentMethod = keyof typeof ONLINE_PAYMENT_METHOD_NAMES;
/** Every online method, in the order the checkout offers them (bKash first). */
export const ONLINE_PAYMENT_METHODS = Object.keys(ONLINE_PAYMENT_METHOD_NAMES) as [
  OnlinePaymentMethod,
  ...OnlinePaymentMethod[],
];

export function isOnlinePaymentMethod(method: string): method is OnlinePaymentMethod {
  return Object.hasOwn(ONLINE_PAYMENT_METHOD_NAMES, method);
}
