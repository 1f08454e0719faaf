/**
 * The two parts of a cash-on-delivery order whose delivery charge was paid online first (docs/cod.md,
 * "Advance delivery charge"): shown on the customer's order pages, the back office's order view and
 * the printed invoice. Nothing for any other order.
 */
import {
  ADVANCE_METHOD_LABELS,
  paymentSplit,
  type AdvanceDeliveryChargeAnswer,
  type AdvanceMethod,
} from "#contract/advance-delivery-charge";
import { useLingui } from "@lingui/react";
import { formatMoney, toLocale } from "#contract/i18n";
import { cn } from "~/lib/utils";

interface SplitOrder {
  paymentMethod: string;
  orderStatus?: string;
  totalDiscountedPrice?: number;
  totalPrice?: number;
  /** What the parts read of the advance (a printed invoice carries no more). */
  advanceDeliveryCharge?: Pick<AdvanceDeliveryChargeAnswer, "amount" | "method" | "status"> | null;
}

export function PaymentParts({ order, className }: { order: SplitOrder; className?: string }) {
  const { i18n } = useLingui();
  // The language the words are in: the page's on the storefront, the staff member's in the back
  // office (a printed invoice in Bangla has its money in Bangla digits too).
  const locale = toLocale(i18n.locale);
  const advance = order.advanceDeliveryCharge;
  if (order.paymentMethod !== "COD" || !advance) return null;
  const split = paymentSplit({
    paymentMethod: order.paymentMethod,
    totalDiscountedPrice: order.totalDiscountedPrice ?? order.totalPrice ?? 0,
    advanceDeliveryCharge: advance,
  });
  // Every method by its name; bKash's and Nagad's are written in Bangla on Bangla pages.
  const methodNames: Record<AdvanceMethod, string> = {
    ...ADVANCE_METHOD_LABELS,
    BKASH: i18n._("bKash"),
    NAGAD: i18n._("Nagad"),
  };
  const method = methodNames[advance.method];
  const amount = formatMoney(split.advance, locale);
  // An unpaid advance can still be paid only while the order awaits it: the cash part is then
  // what is left after it. An order the shop moved on without it is collected in full.
  const awaitingAdvance = advance.status !== "PAID" && order.orderStatus === "PENDING";
  const collect = awaitingAdvance
    ? split.collectOnDelivery - split.advance
    : split.collectOnDelivery;
  return (
    <ul className={cn("space-y-0.5", className)} data-testid="payment-parts">
      <li data-testid="payment-part-online">
        {advance.status === "PAID"
          ? i18n._("Delivery charge paid online {amount} via {method}", { amount, method })
          : awaitingAdvance
            ? i18n._("Delivery charge to pay online {amount} via {method} (awaiting payment)", {
                amount,
                method,
              })
            : i18n._("Delivery charge {amount} not paid online: collected on delivery", {
                amount,
              })}
      </li>
      <li data-testid="payment-part-cod" className="font-semibold">
        {i18n._("Collect on delivery {amount}", { amount: formatMoney(collect, locale) })}
      </li>
    </ul>
  );
}
