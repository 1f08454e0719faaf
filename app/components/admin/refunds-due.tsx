import { Link } from "react-router";
import { useLingui } from "@lingui/react";
import { formatCount, formatTaka } from "~/components/admin/admin-i18n";
import type { DashboardRefundsAnswer } from "#contract/refunds";
import { formatDate } from "~/components/admin/common";

/**
 * The dashboard's refunds (docs/payments.md, "Refunds"): this month's and those still at the
 * gateways, and the cancelled or returned prepaid orders whose 10-day refund date is near or past.
 */
export function RefundsDue({ refunds }: { refunds: DashboardRefundsAnswer | undefined }) {
  const { i18n } = useLingui();
  if (!refunds) return null;
  const now = Date.now();
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-4" data-testid="refunds-due">
      <h2 className="text-sm font-semibold text-stone-800">{i18n._("Refunds")}</h2>
      <p className="mt-1 text-sm text-stone-600">
        {i18n._("{amount} refunded this month ({count})", {
          amount: formatTaka(refunds.refundedThisMonth),
          count: formatCount(refunds.refundsThisMonth),
        })}
        {refunds.pending > 0 &&
          ` · ${i18n._("{amount} pending at the gateways", { amount: formatTaka(refunds.pending) })}`}
      </p>
      {refunds.due.length === 0 ? (
        <p className="mt-2 text-sm text-stone-500">{i18n._("No prepaid order is due a refund.")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100 text-sm">
          {refunds.due.map((order) => {
            const late = new Date(order.refundBy).getTime() < now;
            return (
              <li
                key={order._id}
                className="flex flex-wrap items-center justify-between gap-2 py-1.5"
              >
                <Link className="underline" to={`/admin/orders?open=${order.orderNumber}`}>
                  {order.orderNumber}
                </Link>
                <span className="tabular-nums">
                  {i18n._("{amount} to refund", {
                    amount: formatTaka(order.paid - order.refunded),
                  })}
                  {order.pending > 0 &&
                    ` (${i18n._("{amount} pending", { amount: formatTaka(order.pending) })})`}{" "}
                  ·{" "}
                  <span className={late ? "font-semibold text-red-700" : "text-amber-800"}>
                    {late
                      ? i18n._("late since {date}", { date: formatDate(order.refundBy) })
                      : i18n._("by {date}", { date: formatDate(order.refundBy) })}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
