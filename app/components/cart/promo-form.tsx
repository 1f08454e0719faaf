import { Tag, X } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { api, errorMessage } from "~/lib/api-client";
import { guestOption, useCart } from "./cart-context";

export function promoCodeOf(promoDetails: unknown): string | null {
  if (promoDetails && typeof promoDetails === "object" && "code" in promoDetails)
    return String((promoDetails as { code: unknown }).code);
  return null;
}

/** Apply or remove a promo code; failures show the spec §8 texts from the API client. */
export function PromoForm() {
  const { cart, replace } = useCart();
  const [code, setCode] = useState("");
  const [state, setState] = useState<
    | { kind: "idle" }
    | { kind: "pending" }
    | { kind: "ok"; message: string }
    | { kind: "error"; message: string }
  >({ kind: "idle" });
  const applied = promoCodeOf(cart?.promoDetails);

  async function apply(event: React.FormEvent) {
    event.preventDefault();
    const value = code.trim().toUpperCase();
    if (!value) {
      setState({ kind: "error", message: "Enter a promo code" });
      return;
    }
    setState({ kind: "pending" });
    try {
      const next = await api.cart.applyPromo(value, guestOption());
      replace(next);
      setCode("");
      setState({ kind: "ok", message: `Promo code ${value} applied.` });
    } catch (error) {
      setState({ kind: "error", message: errorMessage(error) });
    }
  }

  async function remove() {
    setState({ kind: "pending" });
    try {
      replace(await api.cart.removePromo(guestOption()));
      setState({ kind: "ok", message: "Promo code removed." });
    } catch (error) {
      setState({ kind: "error", message: errorMessage(error) });
    }
  }

  return (
    <div className="space-y-2">
      {applied ? (
        <div className="flex items-center justify-between rounded-md bg-green-50 px-3 py-2 text-sm">
          <span className="flex items-center gap-2 font-medium text-green-800">
            <Tag className="h-4 w-4" aria-hidden="true" /> {applied}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => void remove()}
            disabled={state.kind === "pending"}
            aria-label={`Remove promo code ${applied}`}
          >
            <X className="h-4 w-4" aria-hidden="true" /> Remove
          </Button>
        </div>
      ) : (
        <form onSubmit={apply} className="flex gap-2" aria-label="Apply a promo code">
          <label htmlFor="promo-code" className="sr-only">
            Promo code
          </label>
          <Input
            id="promo-code"
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder="Promo code"
            autoCapitalize="characters"
            autoComplete="off"
            className="uppercase"
            aria-invalid={state.kind === "error" || undefined}
            aria-describedby="promo-status"
          />
          <Button type="submit" variant="outline" disabled={state.kind === "pending"}>
            {state.kind === "pending" ? "Applying…" : "Apply"}
          </Button>
        </form>
      )}
      <p
        id="promo-status"
        aria-live="polite"
        className="min-h-5 text-sm"
        data-testid="promo-status"
      >
        {state.kind === "ok" && <span className="text-green-700">{state.message}</span>}
        {state.kind === "error" && <span className="text-red-600">{state.message}</span>}
      </p>
    </div>
  );
}
