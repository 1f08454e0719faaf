import { useEffect, useState } from "react";
import { api, errorMessage, getToken, type Cart, type Quote } from "~/lib/api-client";

export type QuoteState =
  | { status: "idle" | "loading" }
  | { status: "ready"; quote: Quote }
  | { status: "error"; message: string };

/**
 * Delivery charge and totals for the chosen city/zone (POST /api/checkout/quote), asked a quarter
 * second after the last change and again when the cart changes. The quote is anonymous: it is
 * never sent the mobile number (docs/cod.md).
 */
export function useDeliveryQuote(city: string, zone: string, cart: Cart | null): QuoteState {
  const [quote, setQuote] = useState<QuoteState>({ status: "idle" });
  useEffect(() => {
    if (!city || !cart || cart.cartItems.length === 0) {
      setQuote({ status: "idle" });
      return;
    }
    let live = true;
    setQuote({ status: "loading" });
    const timer = setTimeout(() => {
      api.checkout
        .quote({ city, ...(zone ? { zone } : {}) }, { guest: !getToken() })
        .then((answer) => live && setQuote({ status: "ready", quote: answer }))
        .catch(
          (error: unknown) => live && setQuote({ status: "error", message: errorMessage(error) }),
        );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [city, zone, cart]);
  return quote;
}
