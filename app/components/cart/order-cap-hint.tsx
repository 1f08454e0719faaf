import { useLingui } from "@lingui/react";
import { ORDER_CAP_CODES } from "#contract/order-caps";
import { LocalLink } from "~/lib/i18n/i18n";

/**
 * Under a refusal for the shop's order caps (too much of one item, too many items or pieces): the
 * way to order in quantity, the bulk t-shirt order page, and at the checkout the cart to trim.
 * Nothing for any other refusal.
 */
export function OrderCapHint({ code, withCart = false }: { code?: string; withCart?: boolean }) {
  const { i18n } = useLingui();
  if (!code || !ORDER_CAP_CODES.includes(code)) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1" data-testid="order-cap-hint">
      {withCart && (
        <LocalLink to="/cart" className="font-semibold underline">
          {i18n._("Edit your cart")}
        </LocalLink>
      )}
      <LocalLink to="/bulk-order" className="font-semibold underline">
        {i18n._("Bulk t-shirt orders")}
      </LocalLink>
    </span>
  );
}
