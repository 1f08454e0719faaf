/**
 * The optimistic cart: the confirmed cart with the changes still under way applied, read from the
 * cart fetchers' submissions (as Hydrogen's skeleton does). A line shows its new quantity, or is gone,
 * the moment the shopper asks; when the fetcher settles the store holds the server's answer, and on a
 * refusal the confirmed cart (unchanged) shows again: the rollback needs no code of its own.
 */
import type { Cart } from "~/lib/api-client";

/** The form field naming a cart change; its presence marks a cart submission. */
export const CART_INTENT_FIELD = "cartIntent";

export type CartIntent = "add" | "update" | "remove" | "apply-promo" | "remove-promo";

interface Submission {
  formData?: FormData;
}

export function isCartSubmission<T extends Submission>(fetcher: T): boolean {
  return typeof fetcher.formData?.get(CART_INTENT_FIELD) === "string";
}

export function applyPendingCartChanges(
  cart: Cart | null,
  submissions: readonly Submission[],
): { cart: Cart | null; count: number } {
  let items = cart?.cartItems ?? [];
  let added = 0;
  for (const { formData } of submissions) {
    if (!formData) continue;
    const intent = formData.get(CART_INTENT_FIELD);
    const lineId = String(formData.get("lineId") ?? "");
    if (intent === "remove") items = items.filter((item) => item._id !== lineId);
    else if (intent === "update") {
      const quantity = Number(formData.get("quantity"));
      if (Number.isInteger(quantity) && quantity > 0)
        items = items.map((item) => (item._id === lineId ? { ...item, quantity } : item));
    } else if (intent === "add") {
      const quantity = Number(formData.get("quantity"));
      if (Number.isInteger(quantity) && quantity > 0) added += quantity;
    }
  }
  const count = items.reduce((sum, item) => sum + item.quantity, 0) + added;
  if (!cart || items === cart.cartItems) return { cart, count };
  return { cart: { ...cart, cartItems: items }, count };
}
