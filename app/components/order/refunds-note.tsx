import { useLingui } from "@lingui/react";
import type { OrderView } from "~/lib/api-client";
import { formatDate, formatMoney } from "#contract/i18n";
import { useLocale } from "~/lib/i18n/i18n";

/**
 * Money the shop gave back on this order, and for a cancelled or returned prepaid order not yet
 * refunded in full, the date it will be back by (docs/payments.md, "Refunds"). Always "the shop":
 * never who in it.
 */
export function RefundsNote({ order }: { order: OrderView }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const refunds = order.refunds ?? [];
  const prepaid =
    order.paymentMethod === "COD"
      ? (order.advanceDeliveryCharge?.amount ?? 0)
      : order.totalDiscountedPrice;
  const refunded = refunds
    .filter((refund) => refund.status === "completed")
    .reduce((sum, refund) => sum + refund.amount, 0);
  const showBy = Boolean(order.refundBy) && refunded < prepaid;
  if (refunds.length === 0 && !showBy) return null;
  const date = (value: string) => formatDate(value, locale, "date");
  return (
    <div className="space-y-1 pt-2 text-sm" data-testid="order-refunds">
      <h3 className="font-semibold">{i18n._("Refunds from the shop")}</h3>
      {showBy && order.refundBy && (
        <p className="text-stone-700" data-testid="refund-by">
          {i18n._("The shop will return your payment by {date}", { date: date(order.refundBy) })}
        </p>
      )}
      <ul className="space-y-1">
        {refunds.map((refund) => {
          const amount = formatMoney(refund.amount, locale);
          return (
            <li key={refund.id} className="text-stone-700" data-testid="order-refund">
              {refund.status === "completed"
                ? i18n._("{amount} refunded on {date}", {
                    amount,
                    date: date(refund.completedAt ?? refund.at),
                  })
                : refund.status === "pending"
                  ? i18n._("{amount} being refunded (since {date})", {
                      amount,
                      date: date(refund.at),
                    })
                  : i18n._(
                      "{amount} refund did not go through ({date}); the shop will arrange it again",
                      {
                        amount,
                        date: date(refund.at),
                      },
                    )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
