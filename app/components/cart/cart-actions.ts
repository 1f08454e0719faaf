/**
 * Submitting cart changes: components send one through a fetcher (`useCartFetcher`) to the cart
 * route, whose `clientAction` runs it (perform-cart-action.ts, loaded with the cart route only); the
 * answer replaces the confirmed cart, and the outcome comes back as the fetcher's data with the same
 * texts the screens showed before.
 */
import { useFetcher } from "react-router";
import { CART_INTENT_FIELD, type CartIntent } from "./optimistic-cart";

/** The route whose clientAction runs cart changes. */
export const CART_ACTION_PATH = "/cart";

export type CartActionResult =
  | { ok: true; intent: CartIntent; message?: string }
  | { ok: false; intent: CartIntent; error: string; code?: string };

type Fields = Record<string, string | number | boolean | undefined>;

/** The submission of one cart change (what the fetcher sends, and what the optimistic cart reads). */
export function cartSubmission(intent: CartIntent, fields: Fields = {}): FormData {
  const form = new FormData();
  form.set(CART_INTENT_FIELD, intent);
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) form.set(name, String(value));
  return form;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/**
 * A fetcher for cart changes: `submit(intent, fields)` sends one to the cart route without reloading
 * any page data (nothing a loader returns depends on the cart).
 */
export function useCartFetcher(key?: string) {
  const fetcher = useFetcher<CartActionResult>(key ? { key } : undefined);
  return {
    state: fetcher.state,
    data: fetcher.data,
    /** The change under way, if any. */
    pending: fetcher.formData ? (text(fetcher.formData, CART_INTENT_FIELD) as CartIntent) : null,
    submit: (intent: CartIntent, fields?: Fields) =>
      fetcher.submit(cartSubmission(intent, fields), {
        method: "post",
        action: CART_ACTION_PATH,
        defaultShouldRevalidate: false,
      }),
  };
}
