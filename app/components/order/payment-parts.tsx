/**
 * The two parts of a cash-on-delivery order whose delivery charge was paid online first (docs/cod.md,
 * "Advance delivery charge"): shown on the customer's order pages, the back office's order view and
 * the invoice. Nothing for any other order.
 */
import {
  ADVANCE_METHOD_LABELS,
  paymentSplit,
  type AdvanceDeliveryChargeAnswer,
} from "#contract/advance-delivery-charge";
import { formatBDT } from "#contract/money";
import { cn } from "~/lib/utils";

const TEXT = {
  paidOnline: (amount: string, method: string) =>
    `Delivery charge paid online ${amount} via ${method}`,
  toPayOnline: (amount: string, method: string) =>
    `Delivery charge to pay online ${amount} via ${method} (awaiting payment)`,
  collect: (amount: string) => `Collect on delivery ${amount}`,
};

interface SplitOrder {
  paymentMethod: string;
  totalDiscountedPrice?: number;
  totalPrice?: number;
  advanceDeliveryCharge?: AdvanceDeliveryChargeAnswer | null;
}

export function PaymentParts({ order, className }: { order: SplitOrder; className?: string }) {
  const advance = order.advanceDeliveryCharge;
  if (order.paymentMethod !== "COD" || !advance) return null;
  const split = paymentSplit({
    paymentMethod: order.paymentMethod,
    totalDiscountedPrice: order.totalDiscountedPrice ?? order.totalPrice ?? 0,
    advanceDeliveryCharge: advance,
  });
  const method = ADVANCE_METHOD_LABELS[advance.method];
  return (
    <ul className={cn("space-y-0.5", className)} data-testid="payment-parts">
      <li data-testid="payment-part-online">
        {advance.status === "PAID"
          ? TEXT.paidOnline(formatBDT(split.advance), method)
          : TEXT.toPayOnline(formatBDT(split.advance), method)}
      </li>
      <li data-testid="payment-part-cod" className="font-semibold">
        {TEXT.collect(formatBDT(split.collectOnDelivery))}
      </li>
    </ul>
  );
}
