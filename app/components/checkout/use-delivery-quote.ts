import { useEffect, useState } from "react";
import { api, errorMessage, getToken, type Cart, type Quote } from "~/lib/api-client";

export type QuoteState =
  | { status: "idle" | "loading" }
  | { status: "ready"; quote: Quote }
  | { status: "error"; message: string };

/** Where the parcel goes, as the pickers hold it ("" for what is not chosen yet). */
export interface QuotedPlace {
  city: string;
  zone: string;
  districtId: string;
  thanaId: string;
}

/**
 * Delivery charge and totals for the chosen district and thana (POST /api/checkout/quote: their
 * names and ids), asked a quarter second after the last change and again when the cart changes.
 * The quote is anonymous: it is never sent the mobile number (docs/cod.md).
 */
export function useDeliveryQuote(
  { city, zone, districtId, thanaId }: QuotedPlace,
  cart: Cart | null,
): QuoteState {
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
        .quote(
          {
            city,
            ...(zone ? { zone } : {}),
            ...(districtId ? { districtId } : {}),
            ...(thanaId ? { thanaId } : {}),
          },
          { guest: !getToken() },
        )
        .then((answer) => live && setQuote({ status: "ready", quote: answer }))
        .catch(
          (error: unknown) => live && setQuote({ status: "error", message: errorMessage(error) }),
        );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [city, zone, districtId, thanaId, cart]);
  return quote;
}
