/**
 * Every change to the cart, as the cart route's `clientAction` runs it (the cart lives in the browser
 * session, so the change runs in the browser too). Components submit through a fetcher
 * (`useCartFetcher`); the answer replaces the confirmed cart, and the outcome comes back as the
 * fetcher's data with the same texts the screens showed before (spec §8).
 */
import { useFetcher } from "react-router";
import { api, errorMessage, MESSAGES, type Cart } from "~/lib/api-client";
import { trackAddToCart, type TrackableProduct } from "~/lib/tracking";
import { guestOption, publishCart, rememberGuestCart, setLineError } from "./cart-context";
import { CART_INTENT_FIELD, type CartIntent } from "./optimistic-cart";

/** The route whose clientAction runs cart changes. */
export const CART_ACTION_PATH = "/cart";

export type CartActionResult =
  | { ok: true; intent: CartIntent; message?: string }
  | { ok: false; intent: CartIntent; error: string };

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

/** Runs one submitted cart change; never throws (a refusal is a result with the message). */
export async function performCartAction(form: FormData): Promise<CartActionResult> {
  const intent = text(form, CART_INTENT_FIELD) as CartIntent;
  // "Continue as guest" adds as a guest even before the choice is remembered.
  const guest = form.get("guest") === "true" ? { guest: true } : guestOption();
  const lineId = text(form, "lineId");
  if (lineId) setLineError(lineId, null);
  try {
    let cart: Cart;
    let message: string | undefined;
    switch (intent) {
      case "add": {
        const quantity = Number(form.get("quantity"));
        const color = text(form, "color");
        const size = text(form, "size");
        cart = await api.cart.add(
          { productId: text(form, "productId"), color, size, quantity },
          guest,
        );
        if (form.get("guest") === "true") rememberGuestCart();
        const product = JSON.parse(text(form, "product") || "{}") as TrackableProduct;
        publishCart(cart);
        trackAddToCart({ ...product, color, size }, quantity);
        return { ok: true, intent };
      }
      case "update":
        cart = await api.cart.update(lineId, Number(form.get("quantity")), guest);
        break;
      case "remove":
        cart = await api.cart.remove(lineId, guest);
        break;
      case "apply-promo": {
        const code = text(form, "code");
        cart = await api.cart.applyPromo(code, guest);
        message = `Promo code ${code} applied.`;
        break;
      }
      case "remove-promo":
        cart = await api.cart.removePromo(guest);
        message = "Promo code removed.";
        break;
      default:
        return { ok: false, intent, error: MESSAGES.cartInvalid };
    }
    publishCart(cart);
    return { ok: true, intent, ...(message ? { message } : {}) };
  } catch (error) {
    const message = errorMessage(error);
    if (lineId) setLineError(lineId, message);
    return { ok: false, intent, error: message };
  }
}

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
