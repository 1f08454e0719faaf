import { useLingui } from "@lingui/react";
import { formatMoney } from "#contract/i18n";
import { useLocale } from "~/lib/i18n/i18n";

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
  const { i18n } = useLingui();
  const locale = useLocale();
  const money = (amount: number) => formatMoney(amount, locale);
  return (
    <dl className="space-y-2 text-sm" data-testid="totals">
      <div className="flex justify-between">
        <dt>{i18n._("Subtotal")}</dt>
        <dd data-testid="total-price">{money(totals.totalPrice)}</dd>
      </div>
      {totals.discount > 0 && (
        <div className="flex justify-between text-green-700">
          <dt>{i18n._("Discount")}</dt>
          <dd data-testid="discount">−{money(totals.discount)}</dd>
        </div>
      )}
      {totals.promoCodeDiscount > 0 && (
        <div className="flex justify-between text-green-700">
          <dt>
            {totals.promoCode
              ? i18n._("Promo code ({code})", { code: totals.promoCode })
              : i18n._("Promo code")}
          </dt>
          <dd data-testid="promo-discount">−{money(totals.promoCodeDiscount)}</dd>
        </div>
      )}
      {totals.deliveryCharge !== undefined && (
        <div className="flex justify-between">
          <dt>{i18n._("Delivery")}</dt>
          <dd data-testid="delivery-charge">
            {deliveryPending || totals.deliveryCharge === null
              ? i18n._("Choose a city")
              : totals.deliveryCharge === 0
                ? i18n._("Free")
                : money(totals.deliveryCharge)}
          </dd>
        </div>
      )}
      {typeof totals.tax === "number" && totals.tax > 0 && (
        <div className="flex justify-between">
          <dt>{i18n._("VAT")}</dt>
          <dd>{money(totals.tax)}</dd>
        </div>
      )}
      <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
        <dt>{i18n._("Total")}</dt>
        <dd data-testid="grand-total">{money(totals.total)}</dd>
      </div>
    </dl>
  );
}
