import { useLingui } from "@lingui/react";
import { Minus, Plus, ShoppingBag } from "lucide-react";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { formatNumber } from "#contract/i18n";
import { MAX_LINE_QUANTITY } from "#contract/order-caps";
import { useCartFetcher } from "~/components/cart/cart-actions";
import { OrderCapHint } from "~/components/cart/order-cap-hint";
import { hasGuestCart } from "~/components/cart/cart-context";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { getToken, isGuestMode } from "~/lib/api-client";
import { savePendingCartItem } from "~/lib/auth";
import { LocalLink, useLocale, useLocalizedPath } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import { trackableSnapshot, type TrackableProduct } from "~/lib/tracking";

export const MAX_QUANTITY = MAX_LINE_QUANTITY;

/**
 * Quantity stepper + "Add to cart". Signed in: adds to the shopper's cart. Not signed in: the
 * shopper chooses "Sign in" (the item is kept as pendingCartItem and added after login) or "Continue as
 * guest" (added to the guest cart kept by the server's cookie; merged into the account at sign-in).
 */
export function AddToCart({
  product,
  color,
  size,
  available,
}: {
  product: TrackableProduct & { _id: string };
  color: string | null;
  size: string | null;
  available: number;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const localizedPath = useLocalizedPath();
  const [quantity, setQuantity] = useState(1);
  // Set when "Add to cart" found a choice missing; the prompt names what is still missing
  // ("Choose a size"), so it goes once the shopper has chosen.
  const [askedToChoose, setAskedToChoose] = useState(false);
  const [askGuest, setAskGuest] = useState(false);
  const fetcher = useCartFetcher("add-to-cart");
  const missing = !color ? i18n._("Choose a colour") : !size ? i18n._("Choose a size") : null;
  // Until the next add, the prompt (or nothing once chosen), not an earlier add's answer.
  const feedback = askedToChoose
    ? missing
      ? { kind: "error" as const, message: missing }
      : { kind: "idle" as const }
    : fetcher.state !== "idle"
      ? { kind: "pending" as const }
      : !fetcher.data
        ? { kind: "idle" as const }
        : fetcher.data.ok
          ? { kind: "added" as const }
          : {
              kind: "error" as const,
              message: shopperMessage(i18n, fetcher.data.error),
              code: fetcher.data.code,
            };
  const navigate = useNavigate();
  const location = useLocation();
  const max = Math.max(1, Math.min(MAX_QUANTITY, available));

  /** Adds through the cart fetcher; the cart route's action sends add_to_cart once the server agreed. */
  function add(asGuest: boolean) {
    if (!color || !size) return;
    setAskedToChoose(false);
    void fetcher.submit("add", {
      productId: product._id,
      color,
      size,
      quantity,
      // Without a token the cart is the guest cart; "Continue as guest" says so before it is remembered.
      ...(asGuest ? { guest: true } : {}),
      product: JSON.stringify(trackableSnapshot(product)),
    });
  }

  function onAdd() {
    if (feedback.kind === "pending") return;
    if (missing) {
      setAskedToChoose(true);
      return;
    }
    if (getToken() || isGuestMode() || hasGuestCart()) add(!getToken());
    else setAskGuest(true);
  }

  function signInFirst() {
    if (!color || !size) return;
    // With what add_to_cart needs, so the event sent after sign-in is the one a direct add sends.
    savePendingCartItem({
      ...trackableSnapshot(product),
      productId: product._id,
      color,
      size,
      quantity,
    });
    setAskGuest(false);
    navigate(
      localizedPath(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`),
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <span id="quantity-label" className="text-sm font-semibold">
          {i18n._("Quantity")}
        </span>
        <div
          className="flex items-center rounded-md border border-stone-300 bg-white"
          role="group"
          aria-labelledby="quantity-label"
        >
          <button
            type="button"
            className="flex h-10 w-10 items-center justify-center disabled:opacity-40"
            onClick={() => setQuantity((value) => Math.max(1, value - 1))}
            disabled={quantity <= 1}
            aria-label={i18n._("Decrease quantity")}
          >
            <Minus className="h-4 w-4" aria-hidden="true" />
          </button>
          <output
            className="w-8 text-center font-semibold"
            aria-live="polite"
            data-testid="quantity"
          >
            {formatNumber(quantity, locale)}
          </output>
          <button
            type="button"
            className="flex h-10 w-10 items-center justify-center disabled:opacity-40"
            onClick={() => setQuantity((value) => Math.min(max, value + 1))}
            disabled={quantity >= max}
            aria-label={i18n._("Increase quantity")}
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      </div>
      <Button
        type="button"
        size="lg"
        className="w-full sm:w-auto sm:min-w-64"
        onClick={onAdd}
        disabled={available === 0}
        // Busy, not disabled: a disabled button drops keyboard focus (also the focus the guest
        // question gives back to it when "Continue as guest" starts adding).
        aria-disabled={feedback.kind === "pending" || undefined}
        data-testid="add-to-cart"
      >
        <ShoppingBag className="h-5 w-5" aria-hidden="true" />
        {available === 0
          ? i18n._("Sold out")
          : feedback.kind === "pending"
            ? i18n._("Adding…")
            : i18n._("Add to cart")}
      </Button>
      <div aria-live="polite" className="min-h-5 text-sm">
        {feedback.kind === "added" && (
          <p className="text-green-700" data-testid="added-to-cart">
            {i18n._("Added to your cart.")}{" "}
            <LocalLink to="/cart" className="font-semibold underline">
              {i18n._("View cart")}
            </LocalLink>
          </p>
        )}
        {feedback.kind === "error" && (
          <p className="text-red-600" role="alert">
            {feedback.message}
            {"code" in feedback && <OrderCapHint code={feedback.code} />}
          </p>
        )}
      </div>

      <Dialog open={askGuest} onOpenChange={setAskGuest}>
        <DialogContent className="max-w-md">
          <DialogTitle>{i18n._("Add to cart")}</DialogTitle>
          <DialogDescription className="mt-1">
            {i18n._(
              "Sign in to keep your cart on every device, or continue as a guest — you can still check out without an account.",
            )}
          </DialogDescription>
          {/* sm:flex-1 only: in the phone's column, flex-1 squeezed each button to its text's
              height (20 px). Both are 48 px tap targets. */}
          <div className="mt-5 flex flex-col gap-2 sm:flex-row">
            <Button type="button" size="lg" onClick={signInFirst} className="sm:flex-1">
              {i18n._("Sign in")}
            </Button>
            <Button
              type="button"
              size="lg"
              variant="outline"
              className="sm:flex-1"
              data-testid="continue-as-guest"
              onClick={() => {
                setAskGuest(false);
                add(true);
              }}
            >
              {i18n._("Continue as guest")}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
