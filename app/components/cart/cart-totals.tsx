import { formatBDT } from "#contract/money";

export interface Totals {
  totalPrice: number;
  discount: number;
  promoCodeDiscount: number;
  deliveryCharge?: number | null;
  tax?: number;
  total: number;
  promoCode?: string | null;
}

/** The price breakdown used by the cart, the checkout and the order screens. */
export function CartTotals({
  totals,
  deliveryPending,
}: {
  totals: Totals;
  deliveryPending?: boolean;
}) {
  return (
    <dl className="space-y-2 text-sm" data-testid="totals">
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd data-testid="total-price">{formatBDT(totals.totalPrice)}</dd>
      </div>
      {totals.discount > 0 && (
        <div className="flex justify-between text-green-700">
          <dt>Discount</dt>
          <dd data-testid="discount">−{formatBDT(totals.discount)}</dd>
        </div>
      )}
      {totals.promoCodeDiscount > 0 && (
        <div className="flex justify-between text-green-700">
          <dt>Promo code{totals.promoCode ? ` (${totals.promoCode})` : ""}</dt>
          <dd data-testid="promo-discount">−{formatBDT(totals.promoCodeDiscount)}</dd>
        </div>
      )}
      {totals.deliveryCharge !== undefined && (
        <div className="flex justify-between">
          <dt>Delivery</dt>
          <dd data-testid="delivery-charge">
            {deliveryPending || totals.deliveryCharge === null
              ? "Choose a city"
              : totals.deliveryCharge === 0
                ? "Free"
                : formatBDT(totals.deliveryCharge)}
          </dd>
        </div>
      )}
      {typeof totals.tax === "number" && totals.tax > 0 && (
        <div className="flex justify-between">
          <dt>VAT</dt>
          <dd>{formatBDT(totals.tax)}</dd>
        </div>
      )}
      <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
        <dt>Total</dt>
        <dd data-testid="grand-total">{formatBDT(totals.total)}</dd>
      </div>
    </dl>
  );
}
