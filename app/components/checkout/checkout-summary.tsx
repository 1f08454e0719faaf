import { useLingui } from "@lingui/react";
import { CartTotals } from "~/components/cart/cart-totals";
import { OrderCapHint } from "~/components/cart/order-cap-hint";
import { promoCodeOf } from "~/components/cart/promo-form";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import type { Cart, PaymentMethod } from "~/lib/api-client";
import { formatMoney, formatNumber, localized } from "#contract/i18n";
import { colorName } from "~/lib/i18n/color-names";
import { useLocale } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import type { QuoteState } from "./use-delivery-quote";
import type { PlacingState } from "./use-place-order";
import { TermsConsent } from "./terms-consent";
import { ReachTheShop } from "~/components/layout/reach-the-shop";
import { PHONE_BLOCKED_CODE } from "#contract/checkout-refusals";

/** The totals: the quote's once the delivery charge is known, the cart's (delivery to come) before. */
function CheckoutTotals({ cart, quote }: { cart: Cart; quote: QuoteState }) {
  const { i18n } = useLingui();
  const promoCode = promoCodeOf(cart.promoDetails);
  return (
    <div aria-live="polite" aria-busy={quote.status === "loading"}>
      <CartTotals
        deliveryPending={quote.status !== "ready"}
        totals={
          quote.status === "ready"
            ? {
                totalPrice: quote.quote.subtotal,
                discount: quote.quote.discount,
                promoCodeDiscount: quote.quote.promoCodeDiscount,
                promoCode,
                deliveryCharge: quote.quote.deliveryCharge,
                tax: quote.quote.tax,
                total: quote.quote.total,
              }
            : {
                totalPrice: cart.totalPrice,
                discount: cart.discount,
                promoCodeDiscount: cart.promoCodeDiscount,
                promoCode,
                deliveryCharge: null,
                total: cart.totalDiscountedPrice,
              }
        }
      />
      {quote.status === "loading" && (
        <p className="mt-2 flex items-center gap-2 text-xs text-stone-500">
          <Spinner size={16} thickness={4} label={i18n._("Calculating delivery")} />{" "}
          {i18n._("Calculating delivery…")}
        </p>
      )}
      {quote.status === "error" && (
        <p className="mt-2 text-xs text-red-600">{shopperMessage(i18n, quote.message)}</p>
      )}
    </div>
  );
}

/** "Place order" (cash on delivery) or "Pay" (online), and what went wrong placing it. */
function PlaceOrder({
  method,
  total,
  placing,
  fieldsInvalid,
  submitLabel,
}: {
  method: PaymentMethod;
  total: number;
  placing: PlacingState;
  fieldsInvalid: boolean;
  submitLabel?: string;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={placing.status === "placing" || placing.status === "redirecting"}
        data-testid="place-order"
      >
        {placing.status === "placing"
          ? i18n._("Placing your order…")
          : placing.status === "redirecting"
            ? i18n._("Opening the payment page…")
            : submitLabel
              ? submitLabel
              : method === "COD"
                ? i18n._("Place order · {total}", { total: formatMoney(total, locale) })
                : i18n._("Pay {total}", { total: formatMoney(total, locale) })}
      </Button>
      {placing.status === "error" && (
        <p role="alert" className="text-sm text-red-600" data-testid="place-order-error">
          {shopperMessage(i18n, placing.message)}
          <OrderCapHint code={placing.code} withCart />
        </p>
      )}
      {placing.status === "error" && placing.code === PHONE_BLOCKED_CODE && (
        <ReachTheShop message={i18n._("Hello! I would like to place an order.")} />
      )}
      {fieldsInvalid && (
        <p role="alert" className="text-sm text-red-600">
          {i18n._("Please check the highlighted fields.")}
        </p>
      )}
    </>
  );
}

/** The order summary beside the form: the lines, the totals with delivery, and the submit button. */
export function CheckoutSummary({
  cart,
  quote,
  total,
  method,
  placing,
  fieldsInvalid,
  submitLabel,
}: {
  cart: Cart;
  quote: QuoteState;
  total: number;
  method: PaymentMethod;
  placing: PlacingState;
  fieldsInvalid: boolean;
  /** Replaces the button's text (cash on delivery with the delivery charge paid first). */
  submitLabel?: string;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <aside
      aria-label={i18n._("Order summary")}
      className="h-fit space-y-4 rounded-lg border border-stone-200 bg-white p-4 lg:sticky lg:top-32"
    >
      <h2 className="text-lg font-bold">{i18n._("Your order")}</h2>
      <ul className="space-y-2 text-sm">
        {cart.cartItems.map((item) => (
          <li key={item._id} className="flex justify-between gap-2">
            <span className="min-w-0">
              <span className="line-clamp-1">
                {(item.product && localized(item.product, "title", locale)) || item.title}
              </span>
              <span className="text-xs text-stone-500">
                {[item.color && colorName(item.color, i18n), item.size].filter(Boolean).join(" · ")}{" "}
                × {formatNumber(item.quantity, locale)}
              </span>
            </span>
            <span className="shrink-0">
              {formatMoney((item.discountedPrice ?? item.price) * item.quantity, locale)}
            </span>
          </li>
        ))}
      </ul>
      <CheckoutTotals cart={cart} quote={quote} />
      <TermsConsent />
      <PlaceOrder
        method={method}
        total={total}
        placing={placing}
        fieldsInvalid={fieldsInvalid}
        submitLabel={submitLabel}
      />
    </aside>
  );
}
