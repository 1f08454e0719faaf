/**
 * Every change to the cart, as the cart route's `clientAction` runs it: the cart lives in the browser
 * session, so the change runs in the browser too. Kept apart from cart-actions.ts so the pages that
 * only submit changes (the product page's "Add to cart") do not load it up front.
 */
import { api, ApiError, errorMessage, MESSAGES, type Cart } from "~/lib/api-client";
import { trackAddToCart, type TrackableProduct } from "~/lib/tracking";
import type { CartActionResult } from "./cart-actions";
import { guestOption, publishCart, rememberGuestCart, setLineError } from "./cart-context";
import { CART_INTENT_FIELD, type CartIntent } from "./optimistic-cart";

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
    const code = error instanceof ApiError ? error.code : undefined;
    return { ok: false, intent, error: message, ...(code ? { code } : {}) };
  }
}
