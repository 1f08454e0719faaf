import { useLingui } from "@lingui/react";
import { useRouteLoaderData } from "react-router";
import { formatMoney } from "#contract/i18n";
import { freeDeliveryOffers } from "#contract/free-delivery";
import type { StorefrontSettings } from "#contract/answers/shop-settings";
import { useLocale } from "~/lib/i18n/i18n";

/**
 * How much more the cart needs for free delivery, and what counts (the goods after discounts and
 * the promo code). The address is not known yet: one line when every zone has the same threshold,
 * else a line per threshold naming its zones. Nothing when no zone offers free delivery.
 */
export function FreeDeliveryProgress({ goods }: { goods: number }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const root = useRouteLoaderData("root") as { storefront?: StorefrontSettings } | undefined;
  const offers = root?.storefront ? freeDeliveryOffers(root.storefront.delivery, goods) : [];
  if (!offers.length) return null;
  const single = offers.length === 1;
  return (
    <div className="space-y-2 rounded-md bg-brand-50 p-3 text-sm" data-testid="free-delivery">
      {offers.map(({ zones, threshold, missing }) => {
        const values = {
          zones: zones.map((zone) => (locale === "bn" ? zone.nameBn : zone.name)).join(", "),
          threshold: formatMoney(threshold, locale),
          amount: formatMoney(missing, locale),
        };
        const text =
          threshold === 0
            ? i18n._("{zones}: no free delivery.", values)
            : single
              ? missing > 0
                ? i18n._("Free delivery from {threshold}: add {amount} more.", values)
                : i18n._("Free delivery from {threshold}: this order qualifies.", values)
              : missing > 0
                ? i18n._("{zones}: free delivery from {threshold}, add {amount} more.", values)
                : i18n._("{zones}: free delivery from {threshold}, this order qualifies.", values);
        return (
          <div key={threshold}>
            <p className="font-medium">{text}</p>
            {threshold > 0 && (
              <div
                className="mt-1 h-1.5 overflow-hidden rounded-full bg-stone-200"
                aria-hidden="true"
              >
                <div
                  className="h-full bg-brand-600"
                  style={{ width: `${Math.min(100, (goods / threshold) * 100)}%` }}
                />
              </div>
            )}
          </div>
        );
      })}
      <p className="text-xs text-stone-600">
        {i18n._(
          "What counts: the goods after discounts and the promo code, not the delivery charge.",
        )}
      </p>
    </div>
  );
}
