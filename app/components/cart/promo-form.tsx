import { useLingui } from "@lingui/react";
import { Tag, X } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import { useCartFetcher } from "./cart-actions";
import { useCart } from "./cart-context";

export function promoCodeOf(promoDetails: unknown): string | null {
  if (promoDetails && typeof promoDetails === "object" && "code" in promoDetails)
    return String((promoDetails as { code: unknown }).code);
  return null;
}

/**
 * Apply or remove a promo code through the cart fetcher; failures show the fixed texts from the API
 * client. An empty code is refused here, without a call.
 */
export function PromoForm() {
  const { i18n } = useLingui();
  const { cart } = useCart();
  const fetcher = useCartFetcher("promo-code");
  const [missingCode, setMissingCode] = useState(false);
  const applied = promoCodeOf(cart?.promoDetails);
  const pending = fetcher.state !== "idle";
  const outcome = missingCode
    ? { kind: "error" as const, message: i18n._("Enter a promo code") }
    : pending || !fetcher.data
      ? null
      : fetcher.data.ok
        ? { kind: "ok" as const, message: fetcher.data.message ?? "" }
        : { kind: "error" as const, message: fetcher.data.error };

  function apply(code: string) {
    const value = code.trim().toUpperCase();
    setMissingCode(!value);
    if (value) void fetcher.submit("apply-promo", { code: value });
  }

  function remove() {
    setMissingCode(false);
    void fetcher.submit("remove-promo");
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
            disabled={pending}
            aria-label={i18n._("Remove promo code {code}", { code: applied })}
          >
            <X className="h-4 w-4" aria-hidden="true" /> {i18n._("Remove")}
          </Button>
        </div>
      ) : (
        <PromoCodeField onApply={apply} pending={pending} invalid={outcome?.kind === "error"} />
      )}
      <p
        id="promo-status"
        aria-live="polite"
        className="min-h-5 text-sm"
        data-testid="promo-status"
      >
        {outcome?.kind === "ok" && (
          <span className="text-green-700">{shopperMessage(i18n, outcome.message)}</span>
        )}
        {outcome?.kind === "error" && (
          <span className="text-red-600">{shopperMessage(i18n, outcome.message)}</span>
        )}
      </p>
    </div>
  );
}

/** The code being typed: its own state, so it starts empty again once a code was applied and removed. */
function PromoCodeField({
  onApply,
  pending,
  invalid,
}: {
  onApply: (code: string) => void;
  pending: boolean;
  invalid: boolean;
}) {
  const { i18n } = useLingui();
  const [code, setCode] = useState("");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onApply(code);
      }}
      className="flex gap-2"
      aria-label={i18n._("Apply a promo code")}
    >
      <label htmlFor="promo-code" className="sr-only">
        {i18n._("Promo code")}
      </label>
      <Input
        id="promo-code"
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        placeholder={i18n._("Promo code")}
        autoCapitalize="characters"
        autoComplete="off"
        className="uppercase"
        aria-invalid={invalid || undefined}
        aria-describedby="promo-status"
      />
      <Button type="submit" variant="outline" disabled={pending}>
        {pending ? i18n._("Applying…") : i18n._("Apply")}
      </Button>
    </form>
  );
}
